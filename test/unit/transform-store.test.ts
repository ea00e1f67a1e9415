import path from 'node:path';
import { mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { transformPages, type TransformContext } from '../../src/compiler/transform-markdown.ts';
import { bundleHash, TransformStore } from '../../src/compiler/persistent-cache.ts';
import { AssetRegistry } from '../../src/compiler/image-assets.ts';
import type { SourcePage } from '../../src/compiler/collect-docs.ts';
import { tempDir } from '../helpers/run.ts';

function pages(dir: string, n: number): SourcePage[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    route: `/p${i}`,
    file: path.join(dir, `p${i}.md`),
    relPath: `p${i}.md`,
    frontmatter: {},
    body: `# Page ${i}\n\nThe lead of page ${i}, with **bold** text.\n\n\`\`\`js\nconst n = ${i};\n\`\`\`\n`,
    lineOffset: 0,
    isMdx: false,
  }));
}

function context(dir: string, extra: Partial<TransformContext>): TransformContext {
  return { toc: { min: 2, max: 3 }, routes: [], assets: new AssetRegistry('/', [realpathSync(dir)]), rootDir: dir, workers: 0, ...extra };
}

describe('a build that keeps outlines', () => {
  it('hands each page on whole, in order, and keeps only its outline and lead', async () => {
    const dir = tempDir();
    const given: [string, string][] = [];
    const out = await transformPages(
      pages(dir, 5),
      context(dir, {
        outlines: true,
        onPage: async (page, result) => {
          // A call that takes a while does not let the next one start before it ends.
          await new Promise((r) => setTimeout(r, 5));
          given.push([page.id, result.html]);
        },
      }),
    );
    expect(given.map(([id]) => id)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
    for (const [, html] of given) expect(html).toMatch(/<h1[^>]*>Page \d<\/h1>[\s\S]*<pre/);
    for (const result of out.values()) {
      expect(result.html).toBe('');
      expect(result.lead).toMatch(/^The lead of page \d, with bold text\.$/);
      // What the checks need stays: the page's headings.
      expect(result.headings.map((h) => h.id)).toEqual([`page-${result.lead!.match(/\d/)![0]}`]);
    }
  });
});

describe('TransformStore', () => {
  it('gives back a stored page from disk, its outline and its HTML apart, to a store opened later', async () => {
    const dir = tempDir();
    const cache = path.join(dir, 'cache');
    const first = new TransformStore(cache, dir);
    const made = await transformPages(pages(dir, 3), context(dir, { store: first }));
    const whole = [...made.values()];

    // A later run: every page comes from disk, HTML included, and nothing is transformed.
    const later = new TransformStore(cache, dir);
    const handed: string[] = [];
    const again = await transformPages(pages(dir, 3), context(dir, { store: later, outlines: true, onPage: (_, r) => void handed.push(r.html) }));
    expect(handed).toEqual(whole.map((w) => w.html));
    expect([...again.values()].map((r) => r.lead)).toEqual(whole.map((w) => w.lead));
    expect([...again.values()].every((r) => r.html === '')).toBe(true);
  });

  it('transforms a page again whose entry is damaged, and prunes the entries of pages no longer given', async () => {
    const dir = tempDir();
    const cache = path.join(dir, 'cache');
    const first = new TransformStore(cache, dir);
    await transformPages(pages(dir, 3), context(dir, { store: first }));
    const folder = path.join(
      cache,
      readdirSync(cache).find((f) => f.startsWith('transforms-'))!,
    );
    const files = () =>
      readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name));
    expect(files()).toHaveLength(3);
    for (const f of files()) writeFileSync(f, readFileSync(f, 'utf8').slice(0, 20));

    const later = new TransformStore(cache, dir);
    const handed: string[] = [];
    await transformPages(pages(dir, 2), context(dir, { store: later, outlines: true, onPage: (_, r) => void handed.push(r.html) }));
    expect(handed.every((html) => html.includes('<pre'))).toBe(true);
    await later.prune();
    // The two pages given are stored whole again; the third page's entry is gone.
    expect(files()).toHaveLength(2);
    for (const f of files()) expect(readFileSync(f, 'utf8').split('\n')).toHaveLength(2);
  });
});

describe('the hash of a compiled compiler', () => {
  it('changes when any chunk changes, not only the entry or the chunk that computes it', () => {
    const dist = tempDir();
    mkdirSync(path.join(dist, 'chunks'));
    writeFileSync(path.join(dist, 'cli.js'), "import './chunks/chunk-AAAA.js';");
    writeFileSync(path.join(dist, 'chunks/chunk-AAAA.js'), 'export const cache = 1;');
    writeFileSync(path.join(dist, 'chunks/render-BBBB.js'), 'export const render = 1;');
    const before = bundleHash(dist);
    expect(bundleHash(dist)).toBe(before);
    // esbuild names a chunk by its contents: a render change renames its chunk, nothing else.
    renameSync(path.join(dist, 'chunks/render-BBBB.js'), path.join(dist, 'chunks/render-CCCC.js'));
    const renamed = bundleHash(dist);
    expect(renamed).not.toBe(before);
    writeFileSync(path.join(dist, 'cli.js'), "import './chunks/chunk-AAAA.js'; // 2");
    expect(bundleHash(dist)).not.toBe(renamed);
  });
});
