// Stage 'search-index': every rendered page goes into a static search index written with the site,
// so search works with no service at all. The index is Pagefind's: split into many small files
// (word index chunks, one fragment per page), so a query downloads only the chunks for its words
// and the fragments of the results it shows. Also makes the /search page, the route the modal's
// 'See all results' link goes to.
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as Pagefind from 'pagefind';
import { SEARCH_INDEX_DIR } from '../shared/types.ts';
import { DocsgenError, error } from './errors.ts';
import type { SourcePage } from './collect-docs.ts';
import type { ResolvedConfig } from './load-config.ts';
import { rel } from './load-config.ts';
import type { GraphPage, SiteGraph } from './site-graph.ts';
import { escapeHtml } from './site-graph.ts';
import { SEARCH_PAGE_ROUTE } from './shell-config.ts';
import { IncrementalWriter, type OutputSink } from './write-output.ts';

/** Doc id of the generated search page: no markdown file can have it (ids never start with `_`). */
export const SEARCH_PAGE_ID = '__docsgen/search';
export const SEARCH_PAGE_TITLE = 'Search the documentation';
/** The element of the search page the client mounts the search UI into. */
export const SEARCH_PAGE_MOUNT = 'data-search-page';
export const SEARCH_NOSCRIPT = 'Search needs JavaScript. Use the sidebar or the navigation bar to find a page.';

/**
 * Words in these count for more than body text. Pagefind weighs h1 7, h2 6, h3 5 by default (and
 * body text 1); the title is what a reader searches for most, so it gets the highest weight there is.
 */
const TITLE_WEIGHT = 10;

/**
 * Not indexed: code blocks (long, full of tokens that drown the prose, and DocSearch leaves them
 * out too), copy buttons and tab labels. Inline code stays searchable.
 */
const EXCLUDE = ['pre', 'button', '[role="tablist"]', 'svg', 'script', 'style'];

/** Pages sent to Pagefind before waiting for its answers. */
const ADD_WINDOW = 32;

/** Files of Pagefind's output the site needs: pages are all English, the client runs Pagefind without its worker, and Pagefind's own UIs are not used. */
const WANTED = /^(pagefind\.js|pagefind-entry\.json|pagefind\.[^/]+\.pf_meta|wasm\.en\.pagefind|(index|fragment|filter)\/[^/]+)$/;

const searchPageOf = new WeakMap<ResolvedConfig, SourcePage[]>();

/** The /search page as a generated source page (none when search is turned off); the same object while the config is. */
export function searchPages(config: ResolvedConfig): SourcePage[] {
  let pages = searchPageOf.get(config);
  if (!pages) searchPageOf.set(config, (pages = makeSearchPages(config)));
  return pages;
}

function makeSearchPages(config: ResolvedConfig): SourcePage[] {
  if (config.user.search === false) return [];
  const html = [
    `<h1>${escapeHtml(SEARCH_PAGE_TITLE)}</h1>`,
    `<div class="search-page" ${SEARCH_PAGE_MOUNT}="">`,
    `<form class="search-page-form" action="${escapeHtml(config.baseUrl + SEARCH_PAGE_ROUTE.slice(1))}" method="get" role="search">`,
    `<input class="search-page-input" type="search" name="q" aria-label="${escapeHtml(SEARCH_PAGE_TITLE)}" placeholder="${escapeHtml(SEARCH_PAGE_TITLE)}">`,
    `</form>`,
    `<noscript><p class="search-page-noscript">${escapeHtml(SEARCH_NOSCRIPT)}</p></noscript>`,
    `</div>`,
  ].join('\n');
  return [
    {
      id: SEARCH_PAGE_ID,
      route: SEARCH_PAGE_ROUTE,
      file: config.configFile,
      relPath: `${SEARCH_PAGE_ID}.page`,
      frontmatter: { title: SEARCH_PAGE_TITLE, description: '', hide_table_of_contents: true, unlisted: true, displayed_sidebar: null },
      body: '',
      lineOffset: 0,
      isMdx: false,
      prebuilt: { html, headings: [], toc: [], links: [], images: [], firstH1: SEARCH_PAGE_TITLE, diagnostics: [] },
    },
  ];
}

export interface SearchIndexInput {
  config: ResolvedConfig;
  graph: SiteGraph;
  writer: OutputSink;
}

export interface SearchIndexResult {
  pages: number;
  files: number;
  bytes: number;
  /**
   * `serve --watch`: brings the index up to date. Run it after the reload is sent: the reader sees
   * the edit at once with the previous index, and the new one lands a second or two later.
   */
  later?: () => Promise<void>;
}

type IndexFiles = { path: string; content: Uint8Array }[];
type SearchDocument = { url: string; content: string };

/** The last index made, by a hash of what went into it: `serve --watch` reuses it while no page changed. */
let lastIndex: { key: string; files: IndexFiles } | undefined;
/**
 * `serve --watch`: counts builds, so that an index of an older build is dropped, even halfway, as
 * soon as a newer build exists (its own index follows); and the chain that keeps Pagefind runs apart.
 */
let generation = 0;
let queue: Promise<void> = Promise.resolve();

export async function indexSearch({ config, graph, writer }: SearchIndexInput): Promise<SearchIndexResult> {
  const search = config.user.search;
  // The hosted service has its own crawler; a site without search needs no index.
  if (search === false || (search && search.provider !== 'local')) return { pages: 0, files: 0, bytes: 0 };
  const pages = [...graph.pages.values()].filter((p) => p.id !== SEARCH_PAGE_ID).sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  const documentsOf = (): SearchDocument[] => pages.map((p) => ({ url: config.baseUrl + p.route.slice(1), content: searchDocument(p) }));
  let files: IndexFiles;
  let later: (() => Promise<void>) | undefined;
  if (lastIndex && writer instanceof IncrementalWriter) {
    // The writers' loop: even hashing the documents costs more than the rest of a rebuild, so all of it waits.
    files = lastIndex.files;
    const gen = ++generation;
    later = () => indexLater(gen, documentsOf, config, writer);
  } else {
    const documents = documentsOf();
    const key = documentsKey(documents);
    if (lastIndex?.key === key) files = lastIndex.files;
    else {
      await queue;
      files = (await runPagefind(documents, config))!; // never undefined without `stale`
      lastIndex = { key, files };
    }
  }
  // All at once: in watch mode nearly every file is the one written last time, which the writer
  // sees at once; hundreds of awaits in a row used to hold up the render beside this.
  await Promise.all(files.map((f) => writer.write(SEARCH_INDEX_DIR + f.path, f.content)));
  const bytes = files.reduce((sum, f) => sum + f.content.byteLength, 0);
  return { pages: pages.length, files: files.length, bytes, ...(later ? { later } : {}) };
}

function documentsKey(documents: SearchDocument[]): string {
  return createHash('sha256').update(JSON.stringify(documents)).digest('hex');
}

/**
 * Makes the index after the build and writes it straight into the served folder (outside a build
 * the sink takes no writes), removing the files of the index it replaces. The next build writes
 * these same files through the sink, which then knows them. A newer build's request replaces an
 * older one that has not started.
 */
function indexLater(gen: number, documentsOf: () => SearchDocument[], config: ResolvedConfig, writer: IncrementalWriter): Promise<void> {
  const stale = () => gen !== generation;
  queue = queue
    .then(async () => {
      if (stale()) return;
      const documents = documentsOf();
      const key = documentsKey(documents);
      if (key === lastIndex?.key) return;
      const files = await runPagefind(documents, config, stale);
      if (!files || stale()) return;
      const before = lastIndex?.files ?? [];
      lastIndex = { key, files };
      const at = (p: string) => path.join(writer.outDir, SEARCH_INDEX_DIR, p);
      for (const f of files) {
        await mkdir(path.dirname(at(f.path)), { recursive: true });
        await writeFile(at(f.path), f.content);
      }
      const kept = new Set(files.map((f) => f.path));
      for (const f of before) if (!kept.has(f.path)) await rm(at(f.path), { force: true });
    })
    .catch((e: unknown) => {
      console.warn(`docsgen: the search index was not updated: ${(e as Error).message}`);
    });
  return queue;
}

/** Undefined when `stale` says, between batches, that the index is no longer wanted. */
async function runPagefind(documents: SearchDocument[], config: ResolvedConfig, stale?: () => boolean): Promise<IndexFiles | undefined> {
  const fail = (message: string): never => {
    throw new DocsgenError(
      error({ file: rel(config.configFile) }, `search index: ${message}`, "reinstall the dependencies (Pagefind ships its binary in a platform package), or set search: false in the config"),
    );
  };
  // Loaded on first use: `serve --watch` serves its first page before any index is made.
  const pagefind = await import('pagefind');
  let created: Pagefind.NewIndexResponse;
  try {
    created = await pagefind.createIndex({ forceLanguage: 'en', excludeSelectors: EXCLUDE });
  } catch (e) {
    return fail(`could not start Pagefind: ${(e as Error).message}`);
  }
  const index = created.index;
  if (!index || created.errors.length) return fail(created.errors.join('; ') || 'Pagefind did not create an index');
  try {
    // In route order: Pagefind numbers pages in the order they arrive, and two builds must be
    // byte-identical. Its service handles one message at a time, in the order sent, so a window of
    // requests in flight keeps that order while Node encodes the next pages as Pagefind parses.
    for (let i = 0; i < documents.length; i += ADD_WINDOW) {
      if (stale?.()) return undefined;
      const batch = documents.slice(i, i + ADD_WINDOW);
      const added = await Promise.all(batch.map((doc) => index.addHTMLFile(doc)));
      added.forEach((a, j) => a.errors.length && fail(`${batch[j].url}: ${a.errors.join('; ')}`));
    }
    const out = await index.getFiles();
    if (out.errors.length) fail(out.errors.join('; '));
    return out.files
      .map((f) => ({ path: f.path.split('\\').join('/'), content: f.content }))
      .filter((f) => WANTED.test(f.path))
      .sort((a, b) => (a.path < b.path ? -1 : 1));
  } finally {
    await index.deleteIndex().catch(() => null);
    // The service is a child process: without this, the CLI would not exit.
    await pagefind.close().catch(() => null);
  }
}

/**
 * The HTML Pagefind reads for one page: only the page's own content (no navbar, sidebar or
 * footer, which every page repeats), its title as metadata and weighted heading, its keywords as metadata.
 * Headings keep their ids, so results can link to the section that matched.
 */
export function searchDocument(page: GraphPage): string {
  const body =
    page.kind === 'generated-index'
      ? `<h1>${escapeHtml(page.title)}</h1>\n<p>${escapeHtml(page.description)}</p>\n${(page.cards ?? []).map((c) => `<h2>${escapeHtml(c.title)}</h2><p>${escapeHtml(c.description)}</p>`).join('\n')}`
      : // Code blocks are left out (see EXCLUDE): cut here, they are half the HTML Pagefind would parse.
        page.html.replace(/<pre[\s>][\s\S]*?<\/pre>/g, '');
  const titled = /<h1[\s>]/.test(body) ? body.replace(/<h1(?=[\s>])/, `<h1 data-pagefind-weight="${TITLE_WEIGHT}"`) : `<h1 data-pagefind-weight="${TITLE_WEIGHT}">${escapeHtml(page.title)}</h1>\n${body}`;
  const keywords = page.keywords.length ? `<meta data-pagefind-meta="keywords[content]" content="${escapeHtml(page.keywords.join(', '))}">` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title><meta data-pagefind-meta="title[content]" content="${escapeHtml(page.title)}">${keywords}</head><body><main data-pagefind-body>\n${titled}\n</main></body></html>`;
}
