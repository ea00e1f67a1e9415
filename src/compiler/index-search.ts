// Stage 'search-index': every rendered page goes into a static search index written with the site,
// so search works with no service at all. The index is Pagefind's: split into many small files
// (word index chunks, one fragment per page), so a query downloads only the chunks for its words
// and the fragments of the results it shows. Also makes the /search page, the route the modal's
// 'See all results' link goes to.
import childProcess from 'node:child_process';
import { createHash } from 'node:crypto';
import type * as Pagefind from 'pagefind';
import { SEARCH_INDEX_DIR, SHARDS_FILE } from '../shared/types.ts';
import { DocsgenError, error } from './errors.ts';
import type { SourcePage } from './collect-docs.ts';
import type { ResolvedConfig } from './load-config.ts';
import { rel } from './load-config.ts';
import type { GraphPage, SiteGraph } from './site-graph.ts';
import { docTitle } from './doc-title.ts';
import { escapeHtml } from './escape-html.ts';
import type { TransformedPage } from './transform-markdown.ts';
import { SEARCH_PAGE_ROUTE } from './shell-config.ts';
import type { IncrementalWriter, OutputSink } from './write-output.ts';
import { readCached, readCachedSync, writeCached } from './persistent-cache.ts';

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
  /** The index this build started while transforming (see startSearchFeed); it gets the pages it has not had. */
  feed?: SearchFeed;
  state: SearchIndexState;
  /** The writer keeps the files a build does not write (an update of serve --watch): the last index's are not written again. */
  partial?: boolean;
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
/** A document as `later` compares it: what was indexed is not kept, only its hash. */
type DocumentDigest = { url: string; hash: string };
/** What a search document is made of: a page of the graph, or what the graph makes of a markdown page. */
export type SearchablePage = Pick<GraphPage, 'route' | 'kind' | 'title' | 'description' | 'cards' | 'html' | 'keywords'>;

/**
 * What the index keeps from one build to the next. A build makes its own; `serve --watch` keeps one
 * for its life, with the folder it serves, and then brings the index up to date after each build
 * (see `later`) instead of during it.
 */
export class SearchIndexState {
  /** The last index made, by a hash of what went into it: reused while no page changed. */
  last: { key: string; files: IndexFiles } | undefined;
  /** Counts builds, so that an index of an older build is dropped, even halfway, once a newer build exists. */
  generation = 0;

  /**
   * `live`: the served folder, written into between builds. `cacheDir`: where the last index and
   * the documents it was made from are kept between runs (see SearchFeed).
   */
  constructor(
    readonly live?: IncrementalWriter,
    readonly cacheDir?: string,
  ) {}
}

/**
 * Pages per Pagefind index. Pagefind holds what it builds in memory, about 0.2 MB a page while it
 * writes an index out (1 GB at 5,000 pages), so a large site is indexed as a series of indexes of
 * this many pages, one after the other; the client searches them together (Pagefind's mergeIndex).
 */
export const SHARD_PAGES = 1000;
/** Pages a build may have handed Pagefind that it has not taken yet (see SearchFeed.add). */
const MAX_WAITING = 250;

/** The config's pages per index, else SHARD_PAGES. */
function pagesPerIndex(config: ResolvedConfig): number {
  const search = config.user.search;
  return (search && search.provider === 'local' && search.pagesPerIndex) || SHARD_PAGES;
}
/** Where index `k` goes in the index folder: the first one at its top, so a small site's index is where it always was. */
const shardPrefix = (k: number) => (k === 0 ? '' : `s${k}/`);

/** Cache entries, per index: the documents it was made from, in the order they were fed, and its files by their key. */
const cachedOrder = (k: number) => ({ name: k === 0 ? 'search-documents' : `search-documents-${k}`, key: 'fed' });
const cachedFiles = (k: number) => (k === 0 ? 'search-index' : `search-index-${k}`);
type CachedFiles = { path: string; base64: string }[];

/** An index file as the cache holds it: a path of plain names below the index folder (a cache entry is a file like any other). */
function keptFileIsSound(f: CachedFiles[number]): boolean {
  return typeof f?.base64 === 'string' && typeof f.path === 'string' && f.path.split('/').every((part) => /^[\w][\w.-]*$/.test(part) && !part.includes('..'));
}

/**
 * The chain that keeps Pagefind runs apart. Process-wide, as Pagefind's service is: one child
 * process per process, which closing any run stops.
 */
let pagefindRuns: Promise<void> = Promise.resolve();

/** Whether this build makes a local index, and all of it now (rather than after the build, see `later`). */
function indexesNow(config: ResolvedConfig, state: SearchIndexState): boolean {
  return makesLocalIndex(config) && !(state.last && state.live);
}

function makesLocalIndex(config: ResolvedConfig): boolean {
  const search = config.user.search;
  // The hosted service has its own crawler; a site without search needs no index.
  return !(search === false || (search && search.provider !== 'local'));
}

/** Where a feed's index files go as each index is done: paths below the index folder. */
export type IndexSink = (path: string, content: Uint8Array) => Promise<void>;

/**
 * A build's index, started before its pages are transformed and given each page as soon as it
 * is: Pagefind parses them in its own process meanwhile, and each index of SHARD_PAGES pages is
 * written out through `sink` as soon as it is full. Undefined when this build makes no index now.
 * `keep`: also hand back every file at the end (serve --watch writes them again at each build).
 */
export function startSearchFeed(config: ResolvedConfig, state: SearchIndexState, sink: IndexSink, keep = false): SearchFeed | undefined {
  return indexesNow(config, state) ? new SearchFeed(config, state.cacheDir, sink, keep) : undefined;
}

/**
 * Takes a build's pages for the index as they come, and shares them out between indexes of
 * pagesPerIndex pages (see ShardFeed): a large site's index is never all in Pagefind's memory, and
 * an index whose pages did not change is taken from the cache.
 */
export class SearchFeed {
  /** Routes fed so far: the graph's pages are offered at the end, and only those not fed go in. */
  private readonly routes = new Set<string>();
  /** What was fed: the key `later` compares with. */
  readonly digests: DocumentDigest[] = [];
  private shard: ShardFeed;
  private readonly written: Promise<void>[] = [];
  private readonly kept: IndexFiles = [];

  constructor(
    private readonly config: ResolvedConfig,
    private readonly cacheDir: string | undefined,
    private readonly sink: IndexSink,
    private readonly keep: boolean,
  ) {
    this.shard = new ShardFeed(config, cacheDir, 0);
  }

  /** A markdown or generated source page, as the site graph will make it (see add). */
  addSource(source: SourcePage, t: TransformedPage): Promise<void> | undefined {
    return source.frontmatter.unlisted === true ? undefined : this.add(sourceSearchPage(source, t));
  }

  /**
   * A page for the index. When Pagefind has fallen behind (it gets what CPU the transform leaves)
   * by more than MAX_WAITING pages, the promise returned waits for it to catch up: the pages
   * waiting for it are held in memory (at 10,000 pages Pagefind stays behind by the most it may,
   * and 1,000 pages waiting held 27 MB: each page twice, as text and as its request).
   */
  add(page: SearchablePage): Promise<void> | undefined {
    // A route given twice fails the build (duplicate routes), so only its first page counts here.
    if (this.routes.has(page.route)) return undefined;
    this.routes.add(page.route);
    const doc = { url: this.config.baseUrl + page.route.slice(1), content: searchDocument(page) };
    const made = digest(doc);
    this.digests.push(made);
    const run = this.shard.add(doc, made);
    if (this.shard.size === pagesPerIndex(this.config)) this.finishShard();
    return run && run.waiting > MAX_WAITING ? run.roomFor(MAX_WAITING / 2) : undefined;
  }

  /** Writes the last index, and the list of them; every file when the feed keeps them. */
  async files(): Promise<IndexFiles> {
    // A site with no page still gets an (empty) index: the client loads it like any other.
    if (this.shard.size > 0 || this.shard.index === 0) this.finishShard();
    await Promise.all(this.written);
    const shards = Array.from({ length: this.shard.index }, (_, k) => shardPrefix(k)).slice(1);
    await this.emit(SHARDS_FILE, Buffer.from(JSON.stringify({ indexes: shards })));
    return this.kept;
  }

  /** Stops Pagefind, once the indexes being written are (a failed build must find nothing still writing). */
  async close(): Promise<void> {
    await Promise.allSettled(this.written);
    await this.shard.close();
  }

  private finishShard(): void {
    const shard = this.shard;
    const prefix = shardPrefix(shard.index);
    const done = shard
      .files()
      .then(async (files) => {
        for (const f of files) await this.emit(prefix + f.path, f.content);
      })
      .finally(() => shard.close());
    done.catch(() => {}); // reported by files()
    this.written.push(done);
    this.shard = new ShardFeed(this.config, this.cacheDir, shard.index + 1);
  }

  private emit(path: string, content: Uint8Array): Promise<void> {
    if (this.keep) this.kept.push({ path, content });
    return this.sink(path, content);
  }
}

/**
 * One index of a feed. With a cache folder, it compares each document with the one the last index
 * at its place was made from: while they are all the same, Pagefind is not started (it took half
 * of a rebuild of an unchanged site), and if they all are, the last index's files are the index.
 * The first difference starts Pagefind, with every page so far.
 */
class ShardFeed {
  private run: PagefindRun | undefined;
  private readonly digests: DocumentDigest[] = [];
  /** The documents of the last index made at this place, in the order they were fed. */
  private readonly previous: DocumentDigest[] | undefined;
  /** Documents fed while they were the same as the last index's: Pagefind gets them if one is not. */
  private held: SearchDocument[] = [];

  constructor(
    private readonly config: ResolvedConfig,
    private readonly cacheDir: string | undefined,
    readonly index: number,
  ) {
    const order = cachedOrder(index);
    this.previous = cacheDir ? readCachedSync<DocumentDigest[]>(cacheDir, order.name, order.key) : undefined;
  }

  get size(): number {
    return this.digests.length;
  }

  /** The run the document went to; none while it is held. */
  add(doc: SearchDocument, made: DocumentDigest): PagefindRun | undefined {
    const before = this.previous?.[this.digests.length];
    this.digests.push(made);
    if (!this.run) {
      if (before?.url === made.url && before.hash === made.hash) {
        this.held.push(doc);
        return undefined;
      }
      this.start();
    }
    this.run!.add(doc);
    return this.run;
  }

  async files(): Promise<IndexFiles> {
    const order = cachedOrder(this.index);
    const name = cachedFiles(this.index);
    if (!this.run && this.cacheDir && this.previous?.length === this.digests.length) {
      const cached = await readCached<CachedFiles>(this.cacheDir, name, documentsKey(this.digests));
      if (cached?.every(keptFileIsSound)) return cached.map((f) => ({ path: f.path, content: Buffer.from(f.base64, 'base64') }));
    }
    const files = await (this.run ?? this.start()).files();
    if (this.cacheDir) {
      const value: CachedFiles = files.map((f) => ({ path: f.path, base64: Buffer.from(f.content).toString('base64') }));
      await writeCached(this.cacheDir, name, documentsKey(this.digests), value);
      await writeCached(this.cacheDir, order.name, order.key, this.digests);
    }
    return files;
  }

  /** Stops Pagefind; safe to call more than once, and after files(). */
  close(): Promise<void> {
    return this.run?.close() ?? Promise.resolve();
  }

  private start(): PagefindRun {
    const run = new PagefindRun(this.config, pagefindRuns);
    pagefindRuns = run.closed;
    this.run = run;
    for (const doc of this.held) run.add(doc);
    this.held = [];
    return run;
  }
}

export async function indexSearch({ config, graph, writer, feed, state, partial = false }: SearchIndexInput): Promise<SearchIndexResult> {
  if (!makesLocalIndex(config)) return { pages: 0, files: 0, bytes: 0 };
  const pages = [...graph.pages.values()].filter((p) => !p.unlisted).sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  const documentOf = (p: SearchablePage & { unlisted?: boolean }): SearchDocument => ({ url: config.baseUrl + p.route.slice(1), content: searchDocument(p) });
  // Made one at a time as they are read (see indexLater).
  const documentsOf = function* () {
    for (const p of pages) yield documentOf(p);
  };
  const sink: IndexSink = (path, content) => writer.write(SEARCH_INDEX_DIR + path, content);
  let files: IndexFiles;
  let later: (() => Promise<void>) | undefined;
  const { last, live } = state;
  if (!feed && last && live) {
    // The writers' loop: even hashing the documents costs more than the rest of a rebuild, so all of it waits.
    files = last.files;
    const gen = ++state.generation;
    later = () => indexLater(gen, documentsOf, config, state, live);
    // All at once: nearly every file is the one written last time, which the writer sees at once;
    // hundreds of awaits in a row used to hold up the render beside this. At 10,000 pages that is
    // still 15 ms, which an update need not spend.
    if (!partial) await Promise.all(files.map((f) => sink(f.path, f.content)));
  } else {
    const run = feed ?? new SearchFeed(config, state.cacheDir, sink, live !== undefined);
    // The pages the transform did not give it: all of them without a feed, else those the graph made (category index pages).
    for (const page of pages) run.add(page);
    try {
      files = await run.files();
    } finally {
      await run.close();
    }
    if (live) state.last = { key: documentsKey(run.digests), files };
  }
  const bytes = files.reduce((sum, f) => sum + f.content.byteLength, 0);
  return { pages: pages.length, files: files.length, bytes, ...(later ? { later } : {}) };
}

/** The same for the same pages in any order: a build feeds them in source order, `later` in route order. */
export function documentsKey(digests: DocumentDigest[]): string {
  const sorted = [...digests].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

export function digest(doc: SearchDocument): DocumentDigest {
  return { url: doc.url, hash: createHash('sha256').update(doc.content).digest('base64') };
}

/** Documents made and hashed between two pauses of `indexLater`. */
const LATER_SLICE = 64;

/**
 * Makes the index after the build and writes it straight into the served folder (outside a build
 * the sink takes no writes), removing the files of the index it replaces. The next build writes
 * these same files through the sink, which then knows them. A newer build's request replaces an
 * older one that has not started.
 */
function indexLater(gen: number, documentsOf: () => Iterable<SearchDocument>, config: ResolvedConfig, state: SearchIndexState, writer: IncrementalWriter): Promise<void> {
  const stale = () => gen !== state.generation;
  pagefindRuns = pagefindRuns
    .then(async () => {
      if (stale()) return;
      // A few pages at a time: at 10,000 pages, making and hashing the documents held the thread
      // for seconds, and a save or a page asked for meanwhile waited. A newer build stops it.
      const documents: SearchDocument[] = [];
      const digests: DocumentDigest[] = [];
      for (const doc of documentsOf()) {
        documents.push(doc);
        digests.push(digest(doc));
        if (digests.length % LATER_SLICE === 0) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          if (stale()) return;
        }
      }
      const key = documentsKey(digests);
      if (key === state.last?.key) return;
      const files = await runPagefind(documents, config, stale);
      if (!files || stale()) return;
      const before = state.last?.files ?? [];
      state.last = { key, files };
      for (const f of files) await writer.adopt(SEARCH_INDEX_DIR + f.path, f.content);
      const kept = new Set(files.map((f) => f.path));
      for (const f of before) if (!kept.has(f.path)) await writer.disown(SEARCH_INDEX_DIR + f.path);
    })
    .catch((e: unknown) => {
      console.warn(`docsgen: the search index was not updated: ${(e as Error).message}`);
    });
  return pagefindRuns;
}

/**
 * Every document's index, SHARD_PAGES documents to an index, one after the other, with the list
 * of them. Undefined when `stale` says, between batches, that the index is no longer wanted.
 */
async function runPagefind(documents: SearchDocument[], config: ResolvedConfig, stale?: () => boolean): Promise<IndexFiles | undefined> {
  const out: IndexFiles = [];
  const size = pagesPerIndex(config);
  const shards = Math.max(1, Math.ceil(documents.length / size));
  for (let k = 0; k < shards; k++) {
    const files = await runPagefindOnce(documents.slice(k * size, (k + 1) * size), config, stale);
    if (!files) return undefined;
    for (const f of files) out.push({ path: shardPrefix(k) + f.path, content: f.content });
  }
  const indexes = Array.from({ length: shards }, (_, k) => shardPrefix(k)).slice(1);
  out.push({ path: SHARDS_FILE, content: Buffer.from(JSON.stringify({ indexes })) });
  return out;
}

async function runPagefindOnce(documents: SearchDocument[], config: ResolvedConfig, stale?: () => boolean): Promise<IndexFiles | undefined> {
  const run = new PagefindRun(config);
  try {
    // A window of requests in flight lets Node encode the next pages while Pagefind parses, and
    // `stale` be asked between windows.
    for (let i = 0; i < documents.length; i += ADD_WINDOW) {
      if (stale?.()) return undefined;
      for (const doc of documents.slice(i, i + ADD_WINDOW)) run.add(doc);
      await run.added();
    }
    return await run.files();
  } finally {
    await run.close();
  }
}

/**
 * One index made by Pagefind's service (a child process, one for the process): pages are sent as
 * they are added, in that order, which is the order Pagefind numbers them in (two builds must be
 * byte-identical). Runs wait for the one before to close, as closing stops the service.
 */
class PagefindRun {
  private readonly index: Promise<Pagefind.PagefindIndex>;
  private sent: Promise<void>[] = [];
  private readonly errors: string[] = [];
  private closing?: Promise<void>;
  /** The service's state as this run sees it: it may die on its own (crash, kill) before the run closes it. */
  private service: 'running' | 'died' | 'closed' = 'running';
  private markClosed!: () => void;
  /** Settles once the run is closed and the service stopped. */
  readonly closed = new Promise<void>((resolve) => (this.markClosed = resolve));

  /** `after`: a run this one must wait for, since closing a run stops the service. */
  constructor(
    private readonly config: ResolvedConfig,
    after: Promise<void> = Promise.resolve(),
  ) {
    this.index = after.then(() => openIndex(config, () => this.serviceExited()));
    this.index.catch(() => {}); // reported by added() or files(); a run closed early must not leave it unhandled
  }

  add(doc: SearchDocument): void {
    this.waiting++;
    const { url } = doc;
    // The page is held once while Pagefind is behind: by its request, encoded as it is sent. The
    // package keeps the object it is given until Pagefind answers, so that one is emptied then.
    let unsent: SearchDocument | undefined = doc;
    const sent = this.index
      .then(async (index) => {
        this.mustBeRunning();
        const page = { ...unsent! };
        unsent = undefined;
        const sending = index.addHTMLFile(page);
        page.content = '';
        const added = await sending;
        if (added.errors.length) this.errors.push(`${url}: ${added.errors.join('; ')}`);
      })
      .finally(() => {
        this.waiting--;
        const now = this.rooms.filter((r) => this.waiting <= r.at);
        this.rooms = this.rooms.filter((r) => this.waiting > r.at);
        for (const r of now) r.resolve();
      });
    // Reported when added() or files() awaits it: Pagefind failing to start while pages are still
    // being transformed must not crash the process before the build can say why.
    sent.catch(() => {});
    this.sent.push(sent);
  }

  /** Pages added that Pagefind has not taken yet. */
  waiting = 0;
  private rooms: { at: number; resolve: () => void }[] = [];

  /** Resolves once at most `n` pages are waiting for Pagefind. */
  roomFor(n: number): Promise<void> {
    if (this.waiting <= n) return Promise.resolve();
    return new Promise((resolve) => this.rooms.push({ at: n, resolve }));
  }

  /** Waits for Pagefind to have taken every page added so far. */
  async added(): Promise<void> {
    const sent = this.sent;
    this.sent = [];
    await Promise.all(sent).catch((e: unknown) => this.stopped(e));
    if (this.errors.length) this.fail(this.errors.join('; '));
  }

  async files(): Promise<IndexFiles> {
    await this.added();
    const out = await this.index
      .then((index) => {
        this.mustBeRunning();
        return index.getFiles();
      })
      .catch((e: unknown) => this.stopped(e));
    if (out.errors.length) this.fail(out.errors.join('; '));
    return out.files
      .map((f) => ({ path: f.path.split('\\').join('/'), content: f.content }))
      .filter((f) => WANTED.test(f.path))
      .sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      // Every request sent must be answered (or failed) before the service goes.
      await Promise.allSettled(this.sent);
      const index = await this.index.catch(() => undefined);
      if (this.service === 'running') await index?.deleteIndex().catch(() => null);
      this.service = 'closed';
      // The service is a child process: without this, the CLI would not exit. Closed even when it
      // never started, since Pagefind keeps a failed service and would refuse every later index
      // (`serve --watch` would need a restart once the binary is back).
      await (await import('pagefind')).close().catch(() => null);
    })().finally(this.markClosed);
    return this.closing;
  }

  private fail(message: string): never {
    return pagefindFailure(this.config, message);
  }

  /**
   * The package notices a service that died only when writing to it fails: requests already
   * written would never be answered, and the build would wait forever. Closing it answers them all
   * with an error. Once this run has closed the service, a later run may have started a new one.
   */
  private serviceExited(): void {
    if (this.service !== 'running') return;
    this.service = 'died';
    void import('pagefind').then((pagefind) => pagefind.close());
  }

  /** A request to a service that died would start a new one, which knows nothing of this index. */
  private mustBeRunning(): void {
    if (this.service === 'died') throw new Error('Pagefind backend closed');
  }

  /** Pagefind's service ended while it had pages (it crashed, or was killed). */
  private stopped(e: unknown): never {
    if (e instanceof DocsgenError) throw e; // it never started: openIndex said why
    return this.fail(`Pagefind stopped while indexing: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function pagefindFailure(config: ResolvedConfig, message: string): never {
  throw new DocsgenError(
    error(
      'search-index',
      { file: rel(config.configFile) },
      `search index: ${message}`,
      'reinstall the dependencies (Pagefind ships its binary in a platform package), or set search: false in the config',
    ),
  );
}

async function openIndex(config: ResolvedConfig, onServiceExit: () => void): Promise<Pagefind.PagefindIndex> {
  // Loaded on first use: `serve --watch` serves its first page before any index is made.
  const pagefind = await import('pagefind');
  let created: Pagefind.NewIndexResponse;
  try {
    created = await whenServiceExits(() => pagefind.createIndex({ forceLanguage: 'en', excludeSelectors: EXCLUDE }), onServiceExit);
  } catch (e) {
    return pagefindFailure(config, `could not start Pagefind: ${(e as Error).message}`);
  }
  if (!created.index || created.errors.length) return pagefindFailure(config, created.errors.join('; ') || 'Pagefind did not create an index');
  return created.index;
}

/**
 * Calls `start`, which may start Pagefind's service (a child process the package does not expose),
 * and calls `onExit` when that process ends.
 */
function whenServiceExits<T>(start: () => T, onExit: () => void): T {
  const spawn = childProcess.spawn;
  childProcess.spawn = ((...args: Parameters<typeof spawn>) => {
    const child = spawn(...args);
    child.once('exit', onExit);
    return child;
  }) as typeof spawn;
  try {
    return start();
  } finally {
    childProcess.spawn = spawn;
  }
}

/** A markdown page as the graph will make it, for its search document, before the graph exists. */
export function sourceSearchPage(source: SourcePage, t: TransformedPage): SearchablePage {
  return { route: source.route, kind: 'doc', title: docTitle(source), description: '', html: t.html, keywords: source.frontmatter.keywords ?? [] };
}

const cellsOf = (row: string, tag: 'th' | 'td'): string[] =>
  [...row.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1].replace(/<\/?p(?:\s[^>]*)?>/g, ' ').trim());

/**
 * Pagefind joins a table's header cells into one word ("PropertyRequiredMeaning") and its cells
 * into "name. yes.", which makes poor excerpts. Each row becomes a sentence instead, every cell
 * after its column's name: "Property: name; Required: yes; Meaning: …".
 */
function tablesAsSentences(html: string): string {
  return html.replace(/<table[\s>][\s\S]*?<\/table>/g, (table) => {
    const rows = [...table.matchAll(/<tr(?:\s[^>]*)?>([\s\S]*?)<\/tr>/g)].map((m) => m[1]);
    const head = rows.length > 0 && /<th[\s>]/.test(rows[0]) ? cellsOf(rows.shift()!, 'th').map((h) => h.replace(/<[^>]*>/g, '')) : [];
    return rows
      .map((row) => {
        const parts = cellsOf(row, 'td').flatMap((cell, i) => {
          const text = cell.replace(/\.$/, '');
          return text ? [head[i] ? `${head[i]}: ${text}` : text] : [];
        });
        return parts.length ? `<p>${parts.join('; ')}.</p>` : '';
      })
      .join('\n');
  });
}

/**
 * The schema trees of API pages show a property as name, type and flags, then its description;
 * Pagefind reads them as one run ("loginAttempts integer How many failed…"). Each becomes
 * "loginAttempts (integer, required): How many failed…" instead.
 */
function schemaLinesAsSentences(html: string): string {
  return html.replace(
    /(?:<code class="schema-name">([^<]*)<\/code> )?<span class="schema-type">([^<]*)<\/span>((?:\s*<span class="schema-(?:required|flag)">[^<]*<\/span>)*)((?:<\/summary>)?<div class="schema-)?/g,
    (_, name: string | undefined, type: string, flags: string, more: string | undefined) => {
      const facts = [type, ...[...flags.matchAll(/>([^<]*)<\/span>/g)].map((m) => m[1])].join(', ');
      return `${name ? `<code>${name}</code> (${facts})` : facts}${more ? `: ${more}` : ''}`;
    },
  );
}

/**
 * The HTML Pagefind reads for one page: only the page's own content (no navbar, sidebar or
 * footer, which every page repeats), its title as metadata and weighted heading, its keywords as metadata.
 * Headings keep their ids, so results can link to the section that matched.
 */
export function searchDocument(page: SearchablePage): string {
  const body =
    page.kind === 'generated-index'
      ? `<h1>${escapeHtml(page.title)}</h1>\n<p>${escapeHtml(page.description)}</p>\n${(page.cards ?? []).map((c) => `<h2>${escapeHtml(c.title)}</h2><p>${escapeHtml(c.description)}</p>`).join('\n')}`
      : // Code blocks are left out (see EXCLUDE): cut here, they are half the HTML Pagefind would parse.
        schemaLinesAsSentences(tablesAsSentences(page.html.replace(/<pre[\s>][\s\S]*?<\/pre>/g, '')));
  const titled = /<h1[\s>]/.test(body)
    ? body.replace(/<h1(?=[\s>])/, `<h1 data-pagefind-weight="${TITLE_WEIGHT}"`)
    : `<h1 data-pagefind-weight="${TITLE_WEIGHT}">${escapeHtml(page.title)}</h1>\n${body}`;
  const keywords = page.keywords.length ? `<meta data-pagefind-meta="keywords[content]" content="${escapeHtml(page.keywords.join(', '))}">` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title><meta data-pagefind-meta="title[content]" content="${escapeHtml(page.title)}">${keywords}</head><body><main data-pagefind-body>\n${titled}\n</main></body></html>`;
}
