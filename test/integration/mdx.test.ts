// MDX pages' CSS modules: class names of their own per module, the same in a page and in the
// island chunk that hydrates it, and the same wherever the project sits.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, runCli, snapshotTree, tempDir } from '../helpers/run.ts';

/** The fixture copied to a fresh folder (or `site`) and built there. */
function buildCopy(name: string, site = tempDir('docsgen-mdx-')): string {
  cpSync(fixture(name), site, { recursive: true });
  return build(site);
}

function build(site: string): string {
  const r = runCli(['build', '--out', 'out'], site);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return path.join(site, 'out');
}

describe('CSS modules of MDX pages', () => {
  let out: string;
  beforeAll(() => {
    out = buildCopy('mdx-css-modules');
  });

  it('gives two modules with one file name, in different folders, classes of their own, which the island chunk sets as the page does', () => {
    const html = readFileSync(path.join(out, 'index.html'), 'utf8');
    const panel = /<section class="([^"]+)">A panel\.<\/section>/.exec(html)?.[1];
    const toggle = /<docsgen-island [^>]*><button type="button" class="([^"]+)"/.exec(html)?.[1];
    expect(panel).toMatch(/^styles_[0-9a-f]{8}_box$/);
    expect(toggle).toMatch(/^styles_[0-9a-f]{8}_box$/);
    expect(toggle).not.toBe(panel);
    expect(html).toContain(`.${panel}{border:2px solid teal}`);
    expect(html).toContain(`.${toggle}{border:2px dashed orange}`);
    // What the island renders once hydrated carries the class the page's CSS styles.
    const [chunk] = readdirSync(path.join(out, 'assets/islands'));
    expect(readFileSync(path.join(out, 'assets/islands', chunk), 'utf8')).toContain(`"${toggle}"`);
  });

  it('names the classes by the modules’ paths within the project: a checkout elsewhere builds byte-identical output', () => {
    const a = snapshotTree(out);
    const b = snapshotTree(buildCopy('mdx-css-modules'));
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [file, bytes] of a) expect(b.get(file), file).toBe(bytes);
  });

  it('makes a cached page again when a CSS module it imports changes', () => {
    const site = tempDir('docsgen-mdx-');
    buildCopy('mdx-css-modules', site);
    const css = path.join(site, 'site/src/components/panel/styles.module.css');
    writeFileSync(css, readFileSync(css, 'utf8').replace('teal', 'purple'));
    expect(readFileSync(path.join(build(site), 'index.html'), 'utf8')).toMatch(/\.styles_[0-9a-f]{8}_box\{border:2px solid purple\}/);
  });
});
