import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { transformPages, type TransformedPage } from '../../src/compiler/transform-markdown.ts';
import { firstHeadingOf } from '../../src/compiler/markdown/first-heading.ts';
import { AssetRegistry } from '../../src/compiler/image-assets.ts';
import type { SourcePage } from '../../src/compiler/collect-docs.ts';
import { tempDir } from '../helpers/run.ts';
import { workersWanted } from '../../src/compiler/transform-workers.ts';
import { realpathSync, writeFileSync } from 'node:fs';

const dir = tempDir();
writeFileSync(path.join(dir, 'pic.png'), Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
const roots = [realpathSync(dir)];

async function transform(body: string, extra: Partial<SourcePage> = {}, format?: 'detect'): Promise<TransformedPage> {
  const page: SourcePage = {
    id: 'page',
    route: '/guides/page',
    file: path.join(dir, 'page.md'),
    relPath: 'page.md',
    frontmatter: {},
    body,
    lineOffset: 0,
    isMdx: false,
    ...extra,
  };
  const other = path.join(dir, 'other.md');
  const result = await transformPages([page], {
    toc: { min: 2, max: 3 },
    routes: [
      [other, '/other'],
      [page.file, page.route],
    ],
    assets: new AssetRegistry('/', roots),
    rootDir: dir,
    ...(format ? { mdx: { format, siteDir: dir, siteConfig: { title: 'T', url: 'https://t.example', baseUrl: '/', customFields: {} } } } : {}),
  });
  return result.get('page')!;
}

describe('markdown transform', () => {
  it('puts each table in a focusable region named after its heading, numbered when a heading has several', async () => {
    const table = '| a | b |\n| --- | --- |\n| 1 | 2 |\n';
    const t = await transform(`${table}\n## Tokens\n\n${table}\nText.\n\n${table}\n## Other\n\n${table}`);
    const labels = [...t.html.matchAll(/<div class="table-scroll" role="region" aria-label="([^"]*)" tabindex="0"><table>/g)].map((m) => m[1]);
    expect(labels).toEqual(['Table', 'Table: Tokens', 'Table: Tokens (2)', 'Table: Other']);
  });

  it('renders admonitions with either title form and a default title', async () => {
    const t = await transform(':::tip Be quick\nText\n:::\n\n:::danger[Careful **now**]\nMore\n:::\n\n:::note\nPlain\n:::');
    expect(t.html).toContain('class="admonition admonition-tip"');
    expect(t.html).toMatch(/admonition-heading">Be quick</);
    expect(t.html).toMatch(/admonition-heading">Careful <strong>now<\/strong></);
    expect(t.html).toMatch(/admonition-heading">note</);
    expect(t.diagnostics).toEqual([]);
  });

  it('leaves colons in prose alone', async () => {
    const t = await transform('A ratio of 1:2, key:value and see:this stay as written.');
    expect(t.html).toContain('<p>A ratio of 1:2, key:value and see:this stay as written.</p>');
  });

  it('turns tabs into a tab list with panels, carrying the group', async () => {
    const t = await transform('::::tabs{group="sdk"}\n:::tab[Node.js]\nnode\n:::\n:::tab[Python]\npython\n:::\n::::');
    expect(t.html).toContain('data-group="sdk"');
    expect(t.html.match(/role="tab"/g)).toHaveLength(2);
    expect(t.html).toMatch(/aria-selected="true"[^>]*>Node\.js</);
    expect(t.html).toMatch(/role="tabpanel"[^>]*hidden/);
  });

  it('gives tabs nested in a tab ids of their own', async () => {
    const t = await transform('::::::tabs\n:::::tab[A]\n::::tabs\n:::tab[X]\nx\n:::\n::::\n:::::\n:::::tab[B]\nb\n:::::\n::::::\n\n::::tabs\n:::tab[C]\nc\n:::\n::::');
    const ids = [...t.html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBe(8);
    expect(new Set(ids).size).toBe(ids.length);
    for (const m of t.html.matchAll(/aria-controls="([^"]+)"/g)) expect(ids).toContain(m[1]);
  });

  it('reports an unknown directive and a stray tab', async () => {
    const t = await transform('Line one\n\n:::sparkle\nx\n:::\n\n:::tab[Lonely]\ny\n:::', { lineOffset: 3 });
    expect(t.diagnostics.map((d) => [d.line, d.message])).toEqual([
      [6, 'unknown directive :::sparkle'],
      [10, ':::tab outside a ::::tabs block'],
    ]);
  });

  it('highlights code at build time with title, line highlights and line numbers', async () => {
    const t = await transform('```ts title="src/a.ts" {2} showLineNumbers\nconst a = 1;\nconst b = 2;\n```');
    expect(t.html).toContain('<div class="code-title">src/a.ts</div>');
    expect(t.html).toMatch(/<pre class="shiki docsgen line-numbers"/);
    const lines = t.html.match(/<span class="line[^"]*"/g)!;
    expect(lines).toEqual(['<span class="line"', '<span class="line highlighted"']);
    expect(t.html).toContain('var(--code-token-keyword)');
    expect(t.html).toContain('class="copy-button"');
  });

  it("highlights lines marked with Docusaurus's magic comments, and takes the comments out", async () => {
    const highlighted = (html: string) =>
      [...html.matchAll(/<span class="line( highlighted)?">([\s\S]*?)<\/span>(?=\n|<\/code>)/g)].map(
        (m) => `${m[1] ? '*' : ' '}${m[2].replace(/<[^>]+>/g, '').replace(/&#x([\da-f]+);/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))}`,
      );
    const js = await transform('```js\nconst a = 1;\n// highlight-next-line\nconst b = 2;\n/* highlight-start */\nconst c = 3;\nconst d = 4;\n// highlight-end\nconst e = 5;\n```');
    expect(highlighted(js.html)).toEqual([' const a = 1;', '*const b = 2;', '*const c = 3;', '*const d = 4;', ' const e = 5;']);
    const py = await transform('```python\n# highlight-next-line\nimport os\nprint(os.name)\n```');
    expect(highlighted(py.html)).toEqual(['*import os', ' print(os.name)']);
    const html = await transform('```html\n<!-- highlight-next-line -->\n<p>Hi</p>\n```');
    expect(highlighted(html.html)).toEqual(['*<p>Hi</p>']);
    // A {…} range in the meta wins, and the comments stay, as in Docusaurus.
    const ranged = await transform('```js {1}\nconst a = 1;\n// highlight-next-line\nconst b = 2;\n```');
    expect(highlighted(ranged.html)).toEqual(['*const a = 1;', ' // highlight-next-line', ' const b = 2;']);
    // Mentioned inside a line, or in prose, it is just text.
    const prose = await transform('Write `// highlight-next-line` above a line.\n\n```js\nconst s = "// highlight-next-line";\n```');
    expect(highlighted(prose.html)).toEqual([' const s = "// highlight-next-line";']);
  });

  it('puts the title first as an h1 when the markdown has none, and only then', async () => {
    const own = await transform('# Own title\n\nText.');
    expect(own.html.match(/<h1/g)).toHaveLength(1);
    expect(own.html).toMatch(/^<h1 id="own-title">Own title<\/h1>/);
    expect((await transform('Text.', { frontmatter: { title: 'Fish & <chips>' } })).html).toMatch(/^<h1>Fish &amp; &lt;chips&gt;<\/h1>\n<p>Text.<\/p>/);
    expect((await transform('Text.')).html).toMatch(/^<h1>page<\/h1>\n/);
  });

  it('transforms a cached page again when its title changes, since its h1 shows it', async () => {
    const cache = new Map<string, TransformedPage>();
    const page = (title: string): SourcePage => ({ id: 'p', route: '/p', file: path.join(dir, 'p.md'), relPath: 'p.md', frontmatter: { title }, body: 'Same body.', lineOffset: 0, isMdx: false });
    const run = async (title: string) => (await transformPages([page(title)], { toc: { min: 2, max: 3 }, routes: [], assets: new AssetRegistry('/', roots), rootDir: '/', cache })).get('p')!.html;
    expect(await run('Before')).toMatch(/^<h1>Before<\/h1>/);
    expect(await run('After')).toMatch(/^<h1>After<\/h1>/);
  });

  it('leaves the title heading out with hide_title, and transforms a cached page again when it changes', async () => {
    const cache = new Map<string, TransformedPage>();
    const page = (hide_title: boolean): SourcePage => ({
      id: 'p',
      route: '/p',
      file: path.join(dir, 'p.md'),
      relPath: 'p.md',
      frontmatter: { title: 'T', hide_title },
      body: 'Same body.',
      lineOffset: 0,
      isMdx: false,
    });
    const run = async (hide: boolean) => (await transformPages([page(hide)], { toc: { min: 2, max: 3 }, routes: [], assets: new AssetRegistry('/', roots), rootDir: '/', cache })).get('p')!.html;
    expect(await run(true)).toBe('<p>Same body.</p>');
    expect(await run(false)).toMatch(/^<h1>T<\/h1>/);
    // Only the generated heading is hidden: a page's own h1 stays.
    expect((await transform('# Own\n\nText.', { frontmatter: { hide_title: true } })).html).toMatch(/^<h1 id="own">Own<\/h1>/);
  });

  it("lists the page's own TOC levels, widening the site's when one level is given alone", async () => {
    const body = '## Two\n\n### Three\n\n#### Four\n\n##### Five';
    const levels = async (frontmatter: SourcePage['frontmatter']) => (await transform(body, { frontmatter })).toc.map((e) => e.level);
    expect(await levels({})).toEqual([2, 3]);
    expect(await levels({ toc_max_heading_level: 4 })).toEqual([2, 3, 4]);
    expect(await levels({ toc_min_heading_level: 3, toc_max_heading_level: 5 })).toEqual([3, 4, 5]);
    // The site stops at 3; a page that starts at 4 still gets h4.
    expect(await levels({ toc_min_heading_level: 4 })).toEqual([4]);
    expect(await levels({ toc_max_heading_level: 2 })).toEqual([2]);
  });

  it('transforms a cached page again when its TOC levels change', async () => {
    const cache = new Map<string, TransformedPage>();
    const page = (max: number): SourcePage => ({
      id: 'p',
      route: '/p',
      file: path.join(dir, 'p.md'),
      relPath: 'p.md',
      frontmatter: { toc_max_heading_level: max },
      body: '## A\n\n### B\n\n#### C',
      lineOffset: 0,
      isMdx: false,
    });
    const run = async (max: number) => (await transformPages([page(max)], { toc: { min: 2, max: 3 }, routes: [], assets: new AssetRegistry('/', roots), rootDir: '/', cache })).get('p')!.toc.length;
    expect(await run(4)).toBe(3);
    expect(await run(2)).toBe(1);
  });

  it('gives headings GitHub-style unique ids, custom ids, and a TOC of h2-h3', async () => {
    const t = await transform('# Title\n\n## Set up the SDK\n\n### Step one\n\n#### Deep\n\n## Set up the SDK\n\n## Custom {#my-id}');
    expect(t.firstH1).toBe('Title');
    expect(t.headings.map((h) => h.id)).toEqual(['title', 'set-up-the-sdk', 'step-one', 'deep', 'set-up-the-sdk-1', 'my-id']);
    expect(t.toc.map((h) => `${h.level}:${h.id}`)).toEqual(['2:set-up-the-sdk', '3:step-one', '2:set-up-the-sdk-1', '2:my-id']);
    expect(t.html).toContain('<h2 id="my-id">Custom</h2>');
  });

  it('resolves .md links to routes and records every link with its position', async () => {
    const t = await transform('See [other](./other.md#part), [gone](./gone.md), [route](/x/y#z), [rel](sibling) and [ext](https://e.com).');
    expect(t.html).toContain('href="/other#part"');
    expect(t.html).toContain('href="https://e.com" target="_blank" rel="noopener noreferrer"');
    expect(t.links.map((l) => ({ route: l.route, anchor: l.anchor, missing: l.missingFile, column: l.column }))).toEqual([
      { route: '/other', anchor: 'part', missing: undefined, column: 5 },
      { route: undefined, anchor: undefined, missing: './gone.md', column: 31 },
      { route: '/x/y', anchor: 'z', missing: undefined, column: 50 },
      { route: '/guides/sibling', anchor: undefined, missing: undefined, column: 67 },
    ]);
  });

  it('checks the definition a reference renders with: the first of two with one label, as CommonMark says', async () => {
    const t = await transform('[go][x] and [page][y]\n\n[x]: javascript:alert(1)\n[x]: /ok\n[y]: ./other.md\n[y]: /elsewhere\n');
    expect(t.html).not.toContain('javascript:');
    expect(t.html).toContain('<a href="/other">page</a>');
    expect(t.diagnostics.map((d) => [d.rule, d.line])).toEqual([['unsafe-link', 1]]);
  });

  it('drops an image reference to a script URL with a warning, as an image', async () => {
    const t = await transform('![bad][x] ![dot][y]\n\n[x]: javascript:alert(1)\n[y]: data:image/gif;base64,R0lGODlhAQABAAAAACw=\n');
    expect(t.html).not.toContain('javascript:');
    expect(t.html).toContain('<span>bad</span>');
    expect(t.html).toContain('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="dot">');
    expect(t.diagnostics.map((d) => [d.rule, d.line, d.column])).toEqual([['unsafe-link', 1, 1]]);
  });

  it('copies local images under a content-hashed name and lazy-loads them', async () => {
    const t = await transform('![A picture](./pic.png)\n\n![Missing](./nope.png)');
    expect(t.html).toMatch(/<img src="\/assets\/images\/pic-[0-9a-f]{10}\.png" alt="A picture" loading="lazy"/);
    expect(t.images.map((i) => path.basename(i.file!))).toEqual(['pic.png', 'nope.png']);
  });

  it('supports GFM: tables, task lists, strikethrough, footnotes, autolinks', async () => {
    const t = await transform('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n~~old~~ www.example.com and a note[^1]\n\n[^1]: Foot.');
    expect(t.html).toContain('<table>');
    expect(t.html).toContain('type="checkbox" checked');
    expect(t.html).toContain('<del>old</del>');
    expect(t.html).toContain('href="http://www.example.com"');
    expect(t.html).toContain('data-footnotes');
  });

  it('in .mdx of a site that has not turned MDX on (the default), drops import lines with a warning and rejects JSX components', async () => {
    const t = await transform("import Tabs from '@theme/Tabs';\n\n<Tabs>\nx\n</Tabs>", { isMdx: true, file: path.join(dir, 'page.mdx') });
    expect(t.diagnostics.map((d) => [d.severity, d.line, d.message])).toEqual([
      ['warning', 1, 'MDX import/export line ignored'],
      ['error', 3, 'JSX component Tabs is not supported'],
    ]);
  });

  it('compiles .mdx with the components it imports, as the markup markdown gives; an unknown component is an error at its place', async () => {
    const mdx = (body: string) => transform(body, { isMdx: true, file: path.join(dir, 'page.mdx') }, 'detect');
    const t = await mdx(
      'import Tabs from \'@theme/Tabs\';\nimport TabItem from \'@theme/TabItem\';\n\n## Setup\n\n<Tabs groupId="os">\n  <TabItem value="mac" label="macOS">Brew.</TabItem>\n  <TabItem value="win" label="Windows" default>Winget.</TabItem>\n</Tabs>\n\nSee [other](./other.md).\n',
    );
    expect(t.diagnostics).toEqual([]);
    expect(t.html).toMatch(
      /<div class="tabs" data-group="os"><div role="tablist" class="tabs-list"><button [^>]*aria-selected="false"[^>]*data-value="mac" class="tabs-tab">macOS<\/button><button [^>]*aria-selected="true"[^>]*>Windows<\/button><\/div>/,
    );
    expect(t.html).toMatch(/<div role="tabpanel" [^>]*data-value="mac" class="tabs-panel" hidden="">Brew.<\/div>/);
    // Headings and links as in markdown: ids, TOC, links resolved to routes.
    expect(t.toc).toEqual([{ id: 'setup', text: 'Setup', level: 2 }]);
    expect(t.html).toContain('<a href="/other">other</a>');
    const unknown = await mdx('# T\n\n<Tabs>\nx\n</Tabs>\n');
    expect(unknown.diagnostics.map((d) => [d.severity, d.line, d.column, d.message])).toEqual([['error', 3, 1, 'JSX component Tabs is not defined on this page']]);
  });
});

describe('which pages are MDX', () => {
  const run = async (file: string, body: string, format: 'detect' | 'mdx' | 'md', frontmatter: SourcePage['frontmatter'] = {}) => {
    const page: SourcePage = { id: 'p', route: '/p', file: path.join(dir, file), relPath: file, frontmatter, body, lineOffset: 0, isMdx: file.endsWith('.mdx') };
    const mdx = { format, siteDir: dir, siteConfig: { title: 'T', url: 'https://t.example', baseUrl: '/', customFields: {} } };
    return (await transformPages([page], { toc: { min: 2, max: 3 }, routes: [], mdx, assets: new AssetRegistry('/', roots), rootDir: dir })).get('p')!;
  };
  const jsx = 'export const n = 2;\n\nTwo is {n}.\n';

  it("as Docusaurus's markdown.format says: .mdx with detect, every page with mdx, none with md", async () => {
    expect((await run('a.mdx', jsx, 'detect')).html).toContain('<p>Two is 2.</p>');
    expect((await run('a.md', jsx, 'detect')).html).toContain('<p>Two is {n}.</p>');
    expect((await run('a.md', jsx, 'mdx')).html).toContain('<p>Two is 2.</p>');
    const asMarkdown = await run('a.mdx', jsx, 'md');
    expect(asMarkdown.html).toContain('<p>Two is {n}.</p>');
    expect(asMarkdown.diagnostics.map((d) => d.message)).toEqual(['MDX import/export line ignored']);
  });

  it('lets a page read itself as markdown, never as MDX (which is code)', async () => {
    expect((await run('a.mdx', jsx, 'detect', { format: 'md' } as SourcePage['frontmatter'])).html).toContain('<p>Two is {n}.</p>');
    expect((await run('a.md', jsx, 'detect', { format: 'mdx' } as SourcePage['frontmatter'])).html).toContain('<p>Two is {n}.</p>');
  });
});

describe('firstHeadingOf (titles for pages serve --watch has not transformed yet)', () => {
  it('finds the first # heading outside code fences, as plain text', () => {
    expect(firstHeadingOf('Intro text\n\n# The **bold** `code` title {#custom}\n\n# Second')).toBe('The bold code title');
    expect(firstHeadingOf('```md\n# not a title\n```\n\n## Sub\n\n# [Linked](./x.md) title #\n')).toBe('Linked title');
    expect(firstHeadingOf('~~~~\n```\n# still code\n~~~~\n# After')).toBe('After');
    expect(firstHeadingOf('## Only second level\n#hashtag')).toBeUndefined();
  });

  it('agrees with the transform on the titles pages have', async () => {
    const bodies = [
      'Some text.\n\n# Getting _started_ with `docsgen`\n\nMore.\n',
      '# The feature_flag_name option\n',
      '# Segments &amp; constraints &#8212; a &lt;guide&gt;\n',
      '**_Strongly_** put\n===\n\nText.\n',
      '<!--\n# Not this one\n-->\n\n# This one\n',
      '<div>\n# Inside raw HTML\n</div>\n\n# After the HTML block\n',
      'Intro.\n<div>\n\n# A title after an HTML line inside a paragraph\n',
      '```\n# code\n```\n\n# After the code {#custom}\n',
      'Intro\n\n## Only a second-level heading\n',
    ];
    for (const body of bodies) expect(firstHeadingOf(body), body).toBe((await transform(body)).firstH1);
  });
});

describe('the transform cache', () => {
  const at = (root: string, id: string, body: string): SourcePage => ({
    id,
    route: `/${id}`,
    file: path.join(root, `${id}.md`),
    relPath: `${id}.md`,
    frontmatter: {},
    body,
    lineOffset: 0,
    isMdx: false,
  });
  const run = (root: string, pages: SourcePage[], routes: SourcePage[], cache: Map<string, TransformedPage>) =>
    transformPages(pages, { toc: { min: 2, max: 3 }, routes: routes.map((p) => [p.file, p.route]), assets: new AssetRegistry('/', roots), rootDir: root, cache });

  it('keeps a page when another is added, and makes again only the page whose link now leads somewhere', async () => {
    const cache = new Map<string, TransformedPage>();
    const plain = at(dir, 'plain', 'No links here.');
    const linker = at(dir, 'linker', 'See [the new page](./fresh.md).');
    const fresh = at(dir, 'fresh', 'New.');
    const first = await run(dir, [plain, linker], [plain, linker], cache);
    expect(first.get('linker')!.links[0].missingFile).toBeDefined();
    const second = await run(dir, [plain, linker, fresh], [plain, linker, fresh], cache);
    // The same object: taken from the cache, not transformed again.
    expect(second.get('plain')).toBe(first.get('plain'));
    expect(second.get('linker')).not.toBe(first.get('linker'));
    expect(second.get('linker')!.links[0].route).toBe('/fresh');
    // And back: once the page is gone, the link is broken again.
    expect((await run(dir, [plain, linker], [plain, linker], cache)).get('linker')!.links[0].route).toBeUndefined();
  });

  it('finds a page transformed in a checkout at another path (a cache restored in CI)', async () => {
    const cache = new Map<string, TransformedPage>();
    const a = tempDir();
    const b = tempDir();
    const made = await run(a, [at(a, 'one', 'Links to [two](./two.md).'), at(a, 'two', 'Two.')], [at(a, 'one', ''), at(a, 'two', '')], cache);
    const again = await run(b, [at(b, 'one', 'Links to [two](./two.md).'), at(b, 'two', 'Two.')], [at(b, 'one', ''), at(b, 'two', '')], cache);
    expect(again.get('one')).toBe(made.get('one'));
    expect(again.get('two')).toBe(made.get('two'));
  });
});

describe('links to markdown files, as Docusaurus resolves them', () => {
  const docs = path.join(dir, 'docs');
  const at = (id: string, body: string, ext = 'md'): SourcePage => ({
    id,
    route: `/${id}`,
    file: path.join(docs, `${id}.${ext}`),
    relPath: `${id}.${ext}`,
    frontmatter: {},
    body,
    lineOffset: 0,
    isMdx: ext === 'mdx',
  });
  const run = (pages: SourcePage[], routes: SourcePage[], cache?: Map<string, TransformedPage>) =>
    transformPages(pages, { toc: { min: 2, max: 3 }, routes: routes.map((p) => [p.file, p.route]), docsDir: docs, assets: new AssetRegistry('/', roots), rootDir: dir, cache });
  const segments = at('reference/segments', '## Segment limits', 'mdx');
  const install = at('how-to/install', 'Install.');

  it("reads /x/y.md and /x/y.mdx#anchor from the docs folder, and ../x.mdx from the page, as the pages' routes", async () => {
    const page = at('guides/start', '[a](/how-to/install.md) [b](/reference/segments.mdx#segment-limits) [c](../reference/segments.mdx) [d](reference/segments.mdx#x) [e](/nowhere.md)');
    const t = (await run([page], [page, segments, install])).get('guides/start')!;
    expect(t.html).toContain('<a href="/how-to/install">a</a> <a href="/reference/segments#segment-limits">b</a> <a href="/reference/segments">c</a> <a href="/reference/segments#x">d</a>');
    expect(t.links.map((l) => [l.raw, l.route, l.anchor, l.missingFile])).toEqual([
      ['/how-to/install.md', '/how-to/install', undefined, undefined],
      ['/reference/segments.mdx#segment-limits', '/reference/segments', 'segment-limits', undefined],
      ['../reference/segments.mdx', '/reference/segments', undefined, undefined],
      // Not beside the page: tried from the docs folder next, as Docusaurus does.
      ['reference/segments.mdx#x', '/reference/segments', 'x', undefined],
      ['/nowhere.md', undefined, undefined, '/nowhere.md'],
    ]);
  });

  it('makes a cached page again when the file its /x.md link names appears, or moves', async () => {
    const cache = new Map<string, TransformedPage>();
    const linker = at('linker', 'See [install](/how-to/install.md).');
    expect((await run([linker], [linker], cache)).get('linker')!.links[0].missingFile).toBe('/how-to/install.md');
    const found = (await run([linker], [linker, install], cache)).get('linker')!;
    expect(found.links[0].route).toBe('/how-to/install');
    // Unchanged: from the cache.
    expect((await run([linker], [linker, install], cache)).get('linker')).toBe(found);
    // The target's route changes (a slug): the link follows it.
    const moved = { ...install, route: '/setup' };
    expect((await run([linker], [linker, moved], cache)).get('linker')!.links[0].route).toBe('/setup');
  });
});

describe('DOCSGEN_WORKERS', () => {
  it('is a count of workers when it is a whole number, and means the default when unset, empty or anything else', () => {
    expect(workersWanted('0')).toBe(0);
    expect(workersWanted(' 3 ')).toBe(3);
    for (const value of [undefined, '', ' ', 'two', '1.5', '-1']) expect(workersWanted(value), JSON.stringify(value)).toBeUndefined();
  });
});
