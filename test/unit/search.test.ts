// The search pieces that need no browser: what the index stage feeds Pagefind, the /search page
// source, the search config (validation and what the runtime receives), and the splitting of
// highlighted text into plain and marked runs.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, type ResolvedConfig } from '../../src/compiler/load-config.ts';
import { DocsgenError } from '../../src/compiler/errors.ts';
import { resolveShellConfig } from '../../src/compiler/shell-config.ts';
import { digest, documentsKey, searchDocument, searchPages, sourceSearchPage } from '../../src/compiler/index-search.ts';
import { buildSiteGraph, pageContent, withContent, type GraphPage } from '../../src/compiler/site-graph.ts';
import type { SourcePage } from '../../src/compiler/collect-docs.ts';
import { transformPages } from '../../src/compiler/transform-markdown.ts';
import { AssetRegistry } from '../../src/compiler/image-assets.ts';
import { toSegments } from '../../src/runtime/features/search/engine.ts';
import { tempDir } from '../helpers/run.ts';

async function config(search: string | undefined): Promise<ResolvedConfig> {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'site'));
  const file = path.join(dir, 'site/docsgen.config.ts');
  writeFileSync(file, `export default { title: 'T', url: 'https://x.io', baseUrl: '/docs/'${search === undefined ? '' : `, search: ${search}`} };\n`);
  return loadConfig(file);
}

async function rejected(search: string): Promise<string> {
  try {
    await config(search);
  } catch (e) {
    if (e instanceof DocsgenError) return e.message;
    throw e;
  }
  throw new Error('expected the config to be rejected');
}

const page = (over: Partial<GraphPage>): GraphPage => ({
  id: 'p',
  route: '/p',
  title: 'Page',
  label: 'Page',
  description: '',
  kind: 'doc',
  html: '<h1 id="page">Page</h1>\n<p>Body.</p>',
  toc: [],
  headingIds: new Set(),
  hideToc: false,
  breadcrumbs: [],
  file: 'p.md',
  keywords: [],
  ...over,
});

describe('the document Pagefind indexes for a page', () => {
  it('is the page content only, with the title heading weighted highest and the title as metadata', () => {
    const doc = searchDocument(page({ title: 'Tokens & "keys"', html: '<h1 id="tokens">Tokens &amp; keys</h1>\n<h2 id="create">Create</h2><p>Text.</p>' }));
    expect(doc).toMatch(/<h1 data-pagefind-weight="10" id="tokens">Tokens &amp; keys<\/h1>/);
    expect(doc).toContain('<h2 id="create">Create</h2>');
    expect(doc).toContain('<meta data-pagefind-meta="title[content]" content="Tokens &amp; &quot;keys&quot;">');
    expect(doc).toMatch(/<html lang="en">/);
    expect(doc.match(/data-pagefind-body/g)).toHaveLength(1);
  });

  it('gives a page without an h1 its title as one', () => {
    const doc = searchDocument(page({ title: 'Untitled <b>', html: '<p>Only text.</p>' }));
    expect(doc).toContain('<h1 data-pagefind-weight="10">Untitled &lt;b&gt;</h1>');
  });

  it('indexes a generated index page by its title, description and cards', () => {
    const doc = searchDocument(
      page({ kind: 'generated-index', html: '', title: 'Guides', description: 'All the guides.', cards: [{ title: 'Install', route: '/install', description: 'Set it up.' }] }),
    );
    expect(doc).toContain('Guides</h1>');
    expect(doc).toContain('All the guides.');
    expect(doc).toContain('<h2>Install</h2><p>Set it up.</p>');
  });

  it('carries frontmatter keywords as metadata', () => {
    expect(searchDocument(page({ keywords: ['canary', 'percentage'] }))).toContain('<meta data-pagefind-meta="keywords[content]" content="canary, percentage">');
  });

  // The transform feeds each markdown page to Pagefind before the graph exists; what it feeds must
  // be what the graph's page would give, or watch mode would see a change where there is none.
  it('is the same whether made from the transformed markdown or from the graph page', async () => {
    const dir = tempDir();
    const source = (id: string, body: string, frontmatter: SourcePage['frontmatter'] = {}): SourcePage => ({
      id,
      route: `/${id}`,
      file: path.join(dir, `${id}.md`),
      relPath: `${id}.md`,
      frontmatter,
      body,
      lineOffset: 0,
      isMdx: false,
    });
    const sources = [
      source('own-h1', '# Own & title\n\nBody.\n'),
      source('titled', 'No heading.\n\n```js\nlet x;\n```\n', { title: 'From <frontmatter>', keywords: ['k'] }),
      // Raw HTML headings are not the page's h1: the title still goes above them.
      source('raw-h1', '<div><h1>Raw heading</h1></div>\n\nText.\n', { title: 'Real title' }),
      source('no-title', 'Named after its id.\n'),
    ];
    const transformed = await transformPages(sources, { toc: { min: 2, max: 3 }, routes: sources.map((s) => [s.file, s.route]), assets: new AssetRegistry('/', []), rootDir: '/' });
    const structure = await buildSiteGraph({ sources, categories: new Map(), sidebars: {}, routeBase: '' });
    const graph = withContent(structure, (id) =>
      pageContent(
        sources.find((s) => s.id === id)!,
        transformed.get(id),
      ),
    );
    for (const s of sources) {
      const fed = searchDocument(sourceSearchPage(s, transformed.get(s.id)!));
      expect(fed, s.id).toBe(searchDocument(graph.pages.get(s.route)!));
    }
    const weighted = (id: string) =>
      /<h1 data-pagefind-weight="10"[^>]*>([^<]*)<\/h1>/.exec(
        searchDocument(
          sourceSearchPage(
            sources.find((s) => s.id === id)!,
            transformed.get(id)!,
          ),
        ),
      )?.[1];
    expect(['own-h1', 'titled', 'raw-h1', 'no-title'].map(weighted)).toEqual(['Own &#x26; title', 'From &lt;frontmatter&gt;', 'Real title', 'no-title']);
  });
});

describe('the key watch mode compares before it indexes again', () => {
  const docs = [
    { url: '/a', content: '<h1>A</h1>' },
    { url: '/b', content: '<h1>B</h1>' },
    { url: '/c', content: '<h1>C</h1>' },
  ];
  const key = (d: typeof docs) => documentsKey(d.map(digest));

  it('is the same for the same pages in another order (a build feeds source order, a rebuild route order)', () => {
    expect(key([docs[2], docs[0], docs[1]])).toBe(key(docs));
  });

  it('changes when a page changes, comes or goes', () => {
    expect(key([docs[0], { url: '/b', content: '<h1>B!</h1>' }, docs[2]])).not.toBe(key(docs));
    expect(key(docs.slice(0, 2))).not.toBe(key(docs));
    expect(key([docs[0], { url: '/moved', content: docs[1].content }, docs[2]])).not.toBe(key(docs));
  });
});

describe('the /search page source', () => {
  it('is a generated page at /search under the base URL, kept out of sidebars, with a mount point and a noscript note', async () => {
    const [p] = searchPages(await config(undefined));
    expect(p.route).toBe('/search');
    expect(p.frontmatter.unlisted).toBe(true);
    expect(p.frontmatter.displayed_sidebar).toBeNull();
    const html = p.prebuilt!.html;
    expect(html).toContain('data-search-page=""');
    expect(html).toContain('action="/docs/search"');
    expect(html).toMatch(/<noscript>.*Search needs JavaScript/);
  });

  it('is not made when search is turned off', async () => {
    expect(searchPages(await config('false'))).toEqual([]);
  });
});

describe('search config', () => {
  it('defaults to the static index, found under the base URL', async () => {
    const { shell } = resolveShellConfig(await config(undefined), () => undefined);
    expect(shell.search).toMatchObject({ provider: 'local', indexUrl: '/docs/_search/', pagePath: '/search', suggestions: [] });
  });

  it('passes suggestions and the report address of the no-results state', async () => {
    const { shell } = resolveShellConfig(await config("{ provider: 'local', suggestions: ['a b'], missingResultsUrl: 'https://r.io/?q={query}' }"), () => undefined);
    expect(shell.search).toMatchObject({ suggestions: ['a b'], missingResultsUrl: 'https://r.io/?q={query}' });
  });

  it('gives the runtime no search when it is turned off', async () => {
    expect(resolveShellConfig(await config('false'), () => undefined).shell.search).toBeUndefined();
  });

  it("queries Algolia's host for the app with the language and docs version filters by default", async () => {
    const { shell } = resolveShellConfig(await config("{ provider: 'algolia', appId: 'APP1', apiKey: 'k', indexName: 'i' }"), () => undefined);
    expect(shell.search).toMatchObject({ provider: 'algolia', origin: 'https://APP1-dsn.algolia.net', appId: 'APP1', apiKey: 'k', indexName: 'i' });
    const filters = (shell.search as { facetFilters: (string | string[])[] }).facetFilters;
    expect(filters).toContain('language:en');
    expect(filters.flat()).toContain('docusaurus_tag:docs-default-current');
  });

  it('takes another host, with or without a scheme, and drops the filters when contextual search is off', async () => {
    const plain = resolveShellConfig(await config("{ provider: 'algolia', appId: 'A', apiKey: 'k', indexName: 'i', host: 'search.example.com', contextualSearch: false }"), () => undefined);
    expect(plain.shell.search).toMatchObject({ origin: 'https://search.example.com', facetFilters: [] });
    const local = resolveShellConfig(await config("{ provider: 'algolia', appId: 'A', apiKey: 'k', indexName: 'i', host: 'http://127.0.0.1:8080/' }"), () => undefined);
    expect(local.shell.search).toMatchObject({ origin: 'http://127.0.0.1:8080' });
  });

  it('rejects an externalUrlRegex that is not a regular expression, and unknown keys, naming the key', async () => {
    expect(await rejected("{ provider: 'algolia', appId: 'A', apiKey: 'k', indexName: 'i', externalUrlRegex: '([' }")).toContain('config.search.externalUrlRegex: must be a valid regular expression');
    expect(await rejected("{ provider: 'local', sugestions: [] }")).toMatch(/config\.search/);
  });
});

describe('highlighted text', () => {
  it('splits marked text into plain and highlighted runs', () => {
    expect(toSegments('a <mark>rollout</mark> of <mark>five</mark>', false)).toEqual([
      { text: 'a ', mark: false },
      { text: 'rollout', mark: true },
      { text: ' of ', mark: false },
      { text: 'five', mark: true },
    ]);
  });

  it('keeps any other markup as text, decoding only the angle brackets Pagefind escapes', () => {
    expect(toSegments('&lt;img src=x onerror=alert(1)&gt; <mark>x</mark>', true)).toEqual([
      { text: '<img src=x onerror=alert(1)> ', mark: false },
      { text: 'x', mark: true },
    ]);
    expect(toSegments('<img src=x onerror=alert(1)><mark>y</mark>', false)).toEqual([
      { text: '<img src=x onerror=alert(1)>', mark: false },
      { text: 'y', mark: true },
    ]);
  });

  it('highlights a word without the punctuation after it', () => {
    expect(toSegments('the <mark>segment.</mark> Next', true)).toEqual([
      { text: 'the ', mark: false },
      { text: 'segment', mark: true },
      { text: '. Next', mark: false },
    ]);
  });

  it('survives an unclosed mark', () => {
    expect(toSegments('<mark>open', false)).toEqual([{ text: 'open', mark: true }]);
  });
});
