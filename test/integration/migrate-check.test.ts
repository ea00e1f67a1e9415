// `docsgen migrate-check` on a Docusaurus site of our own: it reports by class what does not move
// over, every problem at its place, and leaves the site as it found it.
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, runCli, snapshotTree, tempDir } from '../helpers/run.ts';

describe('docsgen migrate-check', () => {
  it('reports by class what of a Docusaurus docs folder does not move over, and changes nothing', () => {
    const site = tempDir('docsgen-migrate-');
    cpSync(fixture('docusaurus-site'), site, { recursive: true });
    const before = snapshotTree(site);
    const r = runCli(['migrate-check', '.'], site);
    expect(r.status).toBe(1);
    const summary = r.stdout
      .split('\nEvery problem:\n')[0]
      .split('\n')
      .filter((l) => /^\s{2}\S|^\s{6}\d/.test(l));
    expect(summary).toEqual([
      '  1 of 4 pages move over unchanged; what does not, by class:',
      '  MDX: Docusaurus imports docsgen does not provide: 1 error in 1 file',
      '      1 × @theme/DocCardList',
      '  MDX: components used without an import: 1 error in 1 file',
      '      1 × Highlight',
      '  MDX: syntax: 1 error in 1 file',
      '  Links, anchors and images: 1 error in 1 file',
      '      1 × /docs/api/widgets',
    ]);
    // Every problem at its place; the link to a file from the docs root and the Tabs page pass.
    expect(
      r.stdout
        .split('\n')
        .filter((l) => /^docs\/\S+:\d+:\d+ {2}/.test(l))
        .map((l) => l.split('  ')[0]),
    ).toEqual(['docs/guides/overview.mdx:1:1', 'docs/guides/overview.mdx:7:1', 'docs/guides/limits.mdx:3:18', 'docs/intro.md:3:54']);
    expect(snapshotTree(site)).toEqual(before);
  });

  it('classes code that throws while the page loads with the throws, and links written in JSX with the links', () => {
    const site = tempDir('docsgen-migrate-code-');
    cpSync(fixture('docusaurus-site'), site, { recursive: true });
    writeFileSync(path.join(site, 'docs/guides/settings.mdx'), '# Settings\n\nexport const settings = JSON.parse(\'{\');\n\nSee the <a href="/docs/guides/nowhere">defaults</a>.\n');
    const r = runCli(['migrate-check', '.'], site);
    const summary = r.stdout.split('\nEvery problem:\n')[0];
    expect(summary).toContain('  MDX: components and code that throw at build time: 1 error in 1 file\n');
    expect(summary).toMatch(/ {2}Links, anchors and images: 2 errors in 2 files\n(?: {6}1 × \S+\n)*? {6}1 × \/docs\/guides\/nowhere\n/);
    expect(r.stdout).toContain("docs/guides/settings.mdx:3:30  this page's code threw while loading");
  });

  it('says so, and exits 0, when every page moves over', () => {
    const site = tempDir('docsgen-migrate-clean-');
    cpSync(fixture('docusaurus-site'), site, { recursive: true });
    for (const f of ['docs/guides/overview.mdx', 'docs/guides/limits.mdx']) rmSync(path.join(site, f));
    writeFileSync(path.join(site, 'sidebars.js'), "module.exports = { docs: ['intro', { Guides: ['guides/install'] }] };\n");
    writeFileSync(path.join(site, 'docs/intro.md'), '# Acme Widgets\n\nRead the [install guide](/guides/install.md).\n');
    // Run from elsewhere: the site is named by its path.
    const r = runCli(['migrate-check', site], tempDir());
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/: 2 pages, 1 of them MDX\n {2}every page moves over unchanged\n?$/);
  });
});
