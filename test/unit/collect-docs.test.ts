import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectDocs, stripNumberPrefix } from '../../src/compiler/collect-docs.ts';
import { normaliseRoute } from '../../src/shared/routes.ts';
import { tempDir } from '../helpers/run.ts';

function docsTree(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

describe('collectDocs', () => {
  it('gives ids and routes the Docusaurus way', async () => {
    const dir = docsTree({
      'intro.md': '# Intro',
      '01-guides/02-install.md': '# Install',
      '01-guides/index.md': '# Guides',
      'reference/README.md': '# Reference',
      'reference/custom.md': '---\nid: renamed\n---\n# Custom',
      'reference/slugged.md': '---\nslug: /elsewhere\n---\n# Slugged',
      'reference/relative.md': '---\nslug: nearby\n---\n# Relative',
      '_partials/skip.md': '# not a page',
      'reference/_skip.md': '# not a page',
      'page.mdx': '# MDX page',
    });
    const { pages, diagnostics } = await collectDocs(dir, '', [realpathSync(dir)]);
    expect(diagnostics).toEqual([]);
    const byId = Object.fromEntries(pages.map((p) => [p.id, p.route]));
    expect(byId).toEqual({
      intro: '/intro',
      'guides/install': '/guides/install',
      'guides/index': '/guides',
      'reference/README': '/reference',
      'reference/renamed': '/reference/renamed',
      'reference/slugged': '/elsewhere',
      'reference/relative': '/reference/nearby',
      page: '/page',
    });
    expect(pages.find((p) => p.id === 'page')?.isMdx).toBe(true);
  });

  it('reads _category_ files in JSON and YAML', async () => {
    const dir = docsTree({
      'a/_category_.json': '{ "label": "Alpha", "position": 2 }',
      'a/x.md': '# X',
      'b/_category_.yml': 'label: Beta\nposition: 1\n',
      'b/y.md': '# Y',
    });
    const { categories } = await collectDocs(dir, '', [realpathSync(dir)]);
    expect(categories.get('a')).toEqual({ label: 'Alpha', position: 2 });
    expect(categories.get('b')).toEqual({ label: 'Beta', position: 1 });
  });

  it('reports invalid frontmatter at its line in the .md file', async () => {
    const dir = docsTree({
      'ok.md': '---\ntitle: Fine\n---\nBody',
      'bad.md': '---\ntitle: Fine\nkeywords: [a, b\n---\nBody',
      'unclosed.md': '---\ntitle: Fine\nBody without a closing fence',
      'wrongtype.md': '---\ntitle: T\nhide_table_of_contents: maybe\n---\n',
    });
    const { pages, diagnostics } = await collectDocs(dir, '', [realpathSync(dir)]);
    expect(pages.map((p) => p.id)).toEqual(['ok']);
    const byFile = Object.fromEntries(diagnostics.map((d) => [path.basename(d.file), d]));
    expect(byFile['bad.md'].line).toBe(3);
    expect(byFile['bad.md'].message).toMatch(/^invalid frontmatter/);
    expect(byFile['unclosed.md']).toMatchObject({ line: 1, message: 'frontmatter is not closed' });
    expect(byFile['wrongtype.md']).toMatchObject({ line: 3, message: 'invalid frontmatter: "hide_table_of_contents" must be true or false' });
  });

  it('keeps body line numbers mappable to the file', async () => {
    const dir = docsTree({ 'a.md': '---\ntitle: A\ndescription: B\n---\n\n# Heading' });
    const { pages } = await collectDocs(dir, '', [realpathSync(dir)]);
    // Line 2 of the body is line 6 of the file.
    expect(pages[0].lineOffset).toBe(4);
    expect(pages[0].body.split('\n')[1]).toBe('# Heading');
  });
});

describe('collectDocs between watch rebuilds', () => {
  it('re-reads what the watcher reported, and lists the folder again when files come or go', async () => {
    const dir = docsTree({ 'a.md': '# A', 'b.md': '# B', 'guides/_category_.json': '{"label":"Guides"}', 'guides/c.md': '# C' });
    const cache = { files: new Map() };
    const first = await collectDocs(dir, '', [realpathSync(dir)], cache);
    const b = first.pages.find((p) => p.id === 'b');

    writeFileSync(path.join(dir, 'a.md'), '# A edited');
    // Written, but not reported: a file the watcher did not report is taken as read before.
    writeFileSync(path.join(dir, 'guides/c.md'), '# C unreported');
    const edited = await collectDocs(dir, '', [realpathSync(dir)], cache, { files: new Set([path.join(dir, 'a.md')]), structural: false });
    expect(edited.pages.find((p) => p.id === 'a')?.body).toBe('# A edited');
    expect(edited.pages.find((p) => p.id === 'guides/c')?.body).toBe('# C');
    expect(edited.pages.map((p) => p.id)).toEqual(first.pages.map((p) => p.id));
    // Unchanged pages are the same objects, so what is derived from them can be kept.
    expect(edited.pages.find((p) => p.id === 'b')).toBe(b);

    writeFileSync(path.join(dir, 'guides/d.md'), '# D');
    const added = await collectDocs(dir, '', [realpathSync(dir)], cache, { files: new Set([path.join(dir, 'guides/d.md')]), structural: true });
    expect(added.pages.map((p) => p.id)).toContain('guides/d');

    writeFileSync(path.join(dir, 'guides/_category_.json'), '{"label":"Renamed"}');
    const relabelled = await collectDocs(dir, '', [realpathSync(dir)], cache, { files: new Set([path.join(dir, 'guides/_category_.json')]), structural: false });
    expect(relabelled.categories.get('guides')?.label).toBe('Renamed');
  });
});

describe('routes', () => {
  it('normalises .html, /index and trailing slashes to the bare path', () => {
    expect(normaliseRoute('/a/b.html')).toBe('/a/b');
    expect(normaliseRoute('/a/b/index')).toBe('/a/b');
    expect(normaliseRoute('/a/b/index.html')).toBe('/a/b');
    expect(normaliseRoute('/a/b/')).toBe('/a/b');
    expect(normaliseRoute('/index.html')).toBe('/');
    expect(normaliseRoute('/')).toBe('/');
  });

  it('strips number prefixes only when followed by a separator', () => {
    expect(stripNumberPrefix('01-intro')).toBe('intro');
    expect(stripNumberPrefix('2_setup')).toBe('setup');
    expect(stripNumberPrefix('2024')).toBe('2024');
    expect(stripNumberPrefix('3d-models')).toBe('3d-models');
    expect(stripNumberPrefix('003 - intro')).toBe('intro');
    expect(stripNumberPrefix('1--intro')).toBe('intro');
    expect(stripNumberPrefix('1-')).toBe('1-');
  });

  it('leaves version- and date-like names whole, as Docusaurus does (two such files are two pages)', () => {
    for (const name of ['1.0-notes', '2.0-notes', '2023-01-release', '2024-01-15-launch', '8.0', '1_2-x']) expect(stripNumberPrefix(name)).toBe(name);
  });
});
