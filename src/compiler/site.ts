// The site core: the site's sources, read and validated, and what is made of them, remembered
// until a source changes. `build` asks it for every route and writes them; `serve --watch` asks it
// for the route a browser requests and tells it of every save (`invalidate`). Stages are pure
// functions of what they are given; this is the one place that remembers their results.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { loadConfig, importSiteModule, rel, type ResolvedConfig } from './load-config.ts';
import { firstH1Of } from './doc-title.ts';
import { collectDocs, type CategoryMeta, type ChangeHint, type CollectCache, type Frontmatter, type SourcePage } from './collect-docs.ts';
import { frontmatterSchema } from './page-model.ts';
import { HighlightCache, siteLanguages, transformPages, type TransformContext, type TransformedPage } from './transform-markdown.ts';
import { buildSiteGraph, pageContent, pageWithContent, type GraphInput, type PageContent, type SiteGraph } from './site-graph.ts';
import { resolveShellConfig } from './shell-config.ts';
import { bundleClient, type BundleMemo, type ClientBundle } from './bundle-client.ts';
import { renderNotFound, renderRoute, writeSidebarFiles, type RenderedPage } from './render-pages.ts';
import { cacheDirOf, readCached, TransformStore, writeCached } from './persistent-cache.ts';
import type { OutputSink } from './write-output.ts';
import { resolveRedirects } from './write-redirects.ts';
import { DocsgenError, error, sortDiagnostics, type Diagnostic } from './errors.ts';
import type { OpenApiSourceConfig, RedirectConfig, SidebarItemConfig, SidebarsConfig } from './define-config.ts';
import { isOpenApiFailure, parseOpenApi, readOpenApiText } from './collect-openapi.ts';
import { collectRemote, type CollectedRemote } from './collect-remote.ts';
import { boundHeapGrowth } from './heap-growth.ts';
import { API_CODE_LANGUAGES, buildApiPages, type ApiPages } from './openapi-pages.ts';
import { createCodeHighlighter, warmHighlighter } from './markdown/highlight.ts';
import { searchPages } from './index-search.ts';
import { AssetRegistry } from './image-assets.ts';
import { linkOutsideError, listFiles, sourceRoots, type ListedFile, type SourceRoots } from './source-files.ts';
import { normaliseRoute, routeOfDataChunk } from '../shared/routes.ts';
import { readSidebars } from './sidebar-items.ts';
import { islandFiles } from './mdx/render-mdx.ts';

export interface SiteOptions {
  config: string;
  cwd?: string;
  /** Folder for transformed pages kept between runs; false turns it off. Default `<root>/.docsgen-cache`. */
  cacheDir?: string | false;
  /** Build the pages marked `draft: true` too: the writers' loop does, a site to publish does not. */
  drafts?: boolean;
  /** Worker threads for transforming many pages at once; default: DOCSGEN_WORKERS, else one per core but the main thread. */
  workers?: number;
  /**
   * Where remote content comes from: `fetch` (the default) downloads it; `local` requests nothing
   * and takes each document as the last build downloaded it, else its snapshot (`serve`, which
   * rebuilds on every save and must not wait for the network each time).
   */
  remote?: 'fetch' | 'local';
  /**
   * The config, and the remote documents, as a one-off build read them already to tell whether
   * its output is up to date (see up-to-date.ts): taken as they are, not read or requested again.
   */
  loaded?: { config: ResolvedConfig; remote?: Promise<CollectedRemote> };
}

/** The site as its sources are now: everything made from them without transforming a page. */
export interface SiteState {
  site: LoadedSite;
  /** Routes, titles, sidebars, breadcrumbs, previous/next: from the sources alone. */
  graph: SiteGraph;
  shell: ReturnType<typeof siteShell>;
  /** The images pages use, registered as their transforms name them. */
  assets: AssetRegistry;
  /** What any page's transform needs to know about the rest (the site's grammars included). */
  context: TransformContext;
  /** Redirects, without checking their anchors (that needs every page's headings). */
  redirects: Map<string, string>;
  timings: Record<string, number>;
}

/** What `serve --watch` answers for a path from the site itself rather than from the output folder. */
export interface SiteResponse {
  /** A file name with the extension of what it is, for the content type. */
  name: string;
  body: string | Uint8Array;
  status: number;
}

/**
 * The memo tables: the sources (re-read only where the watcher says a file changed), transformed
 * pages by content hash, what the build last wrote for each route (its inputs and hashes), and the
 * client bundle by its shell.
 * `build` and `respond` share the transforms and render with the same functions, so a route served
 * on demand is the route the build writes.
 */
export class Site {
  readonly options: SiteOptions;
  /** What a one-off build read before making this site (SiteOptions.loaded): for the first load only. */
  private loaded?: SiteOptions['loaded'];
  /** Transformed pages by cache key (see transform-markdown.ts). */
  readonly transformed = new Map<string, TransformedPage>();
  /** Route → its last render and what it was made from. */
  readonly rendered = new Map<string, RenderedPage>();
  readonly bundles: BundleMemo = {};
  /** Code blocks highlighted in this thread: an edit to prose leaves them as they were. */
  readonly highlights = new HighlightCache();
  /** Whether the disk cache was pruned (see pruneStore). */
  private pruned = false;
  private store?: { dir: string; store: TransformStore };
  private readonly collect: CollectCache = { files: new Map() };
  /** The config, sidebars and API pages of the last load: reused while only markdown files change. */
  private reusable?: { config: ResolvedConfig; sidebars: SidebarsConfig; apis: CollectedApis };
  /** What changed since the state was last made; undefined: everything must be read again. */
  private changes: ChangeHint | undefined;
  private current?: Promise<SiteState>;
  private loads: Promise<unknown> = Promise.resolve();
  private served?: { state: SiteState; files: Promise<Map<string, string | Uint8Array>>; sidebarFiles: Promise<Map<string, string>> };

  constructor(options: SiteOptions) {
    this.options = options;
    this.loaded = options.loaded;
  }

  /** Counts the calls to invalidate: a build that read the sources before the last one is out of date. */
  get generation(): number {
    return this.invalidations;
  }
  private invalidations = 0;

  /** Files changed on disk (undefined: anything may have): the next state reads them again. */
  invalidate(changed?: ChangeHint): void {
    this.invalidations++;
    this.current = undefined;
    if (!changed) this.everything = true;
    if (this.everything) return;
    this.changes ??= { files: new Set(), structural: false };
    for (const f of changed!.files) this.changes.files.add(f);
    if (changed!.structural) this.changes.structural = true;
  }

  /** Whether the next state must read every source (first load, after a failed load, or when told so). */
  private everything = true;

  /** The site as its sources are now: made once after each change, shared by whoever asks. */
  state(time?: StageTimer): Promise<SiteState> {
    if (this.current) return this.current;
    const hint = this.everything ? undefined : this.changes;
    this.everything = false;
    this.changes = undefined;
    // One load at a time: they share the collect cache.
    const made = this.loads.then(() => this.load(hint, time));
    this.loads = made.catch(() => {});
    this.current = made;
    made.catch(() => {
      // A failed load may not have read what it was told of: read everything next time.
      if (this.current === made) this.current = undefined;
      this.everything = true;
    });
    return made;
  }

  private async load(changed: ChangeHint | undefined, time: StageTimer = stageTimer({})): Promise<SiteState> {
    const timings: Record<string, number> = {};
    const timed: StageTimer = (stage, f) => stageTimer(timings)(stage, () => time(stage, f));
    const reusable = this.reusable && changed && onlyMarkdownChanged(changed, this.reusable.config) ? this.reusable : undefined;
    this.reusable = undefined;
    const loaded = this.loaded;
    this.loaded = undefined;
    const site = await loadSite({ ...this.options, loaded, collect: this.collect, reusable, changed: reusable ? changed : undefined }, timed);
    this.reusable = { config: site.config, sidebars: site.userSidebars, apis: site.apis };
    const { config } = site;
    const assets = new AssetRegistry(config.baseUrl, config.roots);
    // An edit to pages' text alone leaves the graph as it was: at 10,000 pages, making it again
    // was most of the time from a save to the page served.
    const last = this.last;
    const saved = reusable && changed && last ? pagesOfFiles(site, changed.files) : undefined;
    const same = saved && last && sameGraphInputs(last.site, saved, changed!.files) ? last : undefined;
    const graph = same?.graph ?? (await timed('graph', () => buildSiteGraph(graphInput(site))));
    // Before any page is transformed: the transforms' heaps are most of what a build or check holds.
    boundHeapGrowth(graph.pages.size);
    const context: TransformContext = {
      ...transformContext(site, assets, this.transformed),
      // The same list while the graph is the same: the transform makes a lookup of it once per list
      // (10,000 routes on each save).
      ...(same ? { routes: same.context.routes } : {}),
      store: this.storeOf(config),
      // The languages before and the saved pages' (one left out still has its grammar loaded):
      // walking every page for them was a few milliseconds of each save at 10,000 pages.
      langs: same && saved ? [...new Set([...(same.context.langs ?? []), ...siteLanguages([...saved.values()].flatMap((p) => p ?? []))])].sort() : siteLanguages(site.pages),
      highlights: this.highlights,
      ...(this.options.workers !== undefined ? { workers: this.options.workers } : {}),
    };
    const state: SiteState = { site, graph, shell: same?.shell ?? siteShell(site), assets, context, redirects: same?.redirects ?? siteRedirects(site, graph, false).map, timings };
    if (same && saved) {
      // The lookups of the state before, with the saved pages in place: making them again walked
      // every page of the site on each save.
      byFile.set(site, pagesByFile(same.site).with(saved));
      const before = pagesByFile(same.site);
      const byIdBefore = pagesById(same);
      byId.set(state, byIdBefore.with(new Map([...saved.values()].flatMap((p): [string, SourcePage][] => (p && byIdBefore.get(p.id) === before.get(p.file) ? [[p.id, p]] : [])))));
    }
    this.last = state;
    return state;
  }

  /** The state the last load made: a load after an edit of pages' text alone takes its graph. */
  private last?: SiteState;

  /** The page a file gave the last state made (undefined for a file that is no page). */
  pageOf(file: string): SourcePage | undefined {
    return this.last && pagesByFile(this.last.site).get(file);
  }

  /**
   * What saves change, given what each saved file's page was before (see pageOf): `pages` when
   * only pages changed (the site makes them again when asked, so open pages may reload at once);
   * `files` when a file that is no page was among them (a static file, the config: the output
   * holds what they make, so open pages reload once it is written); `nothing` for pages saved with
   * the same text and frontmatter (an editor's save of an unchanged file). Undefined when the site
   * cannot be loaded as it is now.
   */
  async savesChange(before: Map<string, SourcePage | undefined>): Promise<'pages' | 'files' | 'nothing' | undefined> {
    const now = await this.state().catch(() => undefined);
    if (!now) return undefined;
    const pages = pagesByFile(now.site);
    const saved = [...before].map(([file, a]) => [a, pages.get(file)] as const);
    if (saved.some(([a, b]) => !a && !b)) return 'files';
    return saved.some(([a, b]) => !a || !b || a.body !== b.body || JSON.stringify(a.frontmatter) !== JSON.stringify(b.frontmatter)) ? 'pages' : 'nothing';
  }

  /**
   * Readies this thread for the pages saves make again (see warmHighlighter): `serve --watch` calls
   * it once its first build, whose pages worker threads transformed, is done.
   */
  async warmUp(): Promise<void> {
    const state = await this.state();
    await warmHighlighter(state.context.langs ?? [], pageBodies(state.site.pages));
  }

  /** The transforms kept on disk between runs, in the site's cache folder (none without one). */
  private storeOf(config: ResolvedConfig): TransformStore | undefined {
    const dir = cacheDirOf(this.options, config);
    if (!dir) return undefined;
    if (this.store?.dir !== dir) this.store = { dir, store: new TransformStore(dir, config.rootDir) };
    return this.store.store;
  }

  /**
   * Removes from the disk cache what the site no longer has: once per site, after its first full
   * transform (`serve --watch` would otherwise list the cache at every save).
   */
  async pruneStore(state: SiteState): Promise<void> {
    if (this.pruned) return;
    this.pruned = true;
    await state.context.store?.prune();
  }

  bundle(state: SiteState): Promise<ClientBundle> {
    return bundleClient(state.shell.shell, state.site.config.baseUrl, this.bundles, cacheDirOf(this.options, state.site.config));
  }

  /** A doc's content by id, from the transforms given (see pageWithContent). */
  static contentOf(state: SiteState, transformed: Map<string, TransformedPage>): (id: string) => PageContent | undefined {
    return (id) => {
      const source = pagesById(state).get(id);
      const t = transformed.get(id);
      return source && t ? pageContent(source, t) : undefined;
    };
  }

  /**
   * What the site has at a URL path, made when asked: a page or its data chunk (transforming that
   * page and the docs its cards describe, nothing else), the client bundle, a sidebar file, a
   * static file or an image a page uses; the 404 page for any other page path; undefined for
   * anything else (the search index, which only a build makes).
   */
  async respond(urlPath: string): Promise<SiteResponse | undefined> {
    const state = await this.state();
    const served = this.servedFiles(state);
    const file = (await served.files).get(urlPath);
    if (file !== undefined) return { name: urlPath, body: file, status: 200 };
    const island = urlPath.startsWith(`${state.site.config.baseUrl}assets/islands/`) ? islandFiles(this.transformed.values()).get(urlPath.slice(state.site.config.baseUrl.length)) : undefined;
    if (island !== undefined) return { name: urlPath, body: island, status: 200 };
    const chunkOf = routeOfDataChunk(urlPath);
    const chunk = chunkOf !== undefined;
    const route = chunkOf ?? normaliseRoute(urlPath);
    const page = state.graph.pages.get(route);
    const { config } = state.site;
    const render = { graph: state.graph, shell: state.shell.shell, bundle: await this.bundle(state), siteUrl: config.user.url, favicon: config.user.favicon, image: config.user.image };
    if (page) {
      const ids = [page.id, ...(page.cards ?? []).flatMap((c) => (c.descriptionOf === undefined ? [] : [c.descriptionOf]))];
      const needed = ids.flatMap((id) => pagesById(state).get(id) ?? []);
      const transformed = await transformPages(needed, state.context);
      const made = renderRoute(render, pageWithContent(page, Site.contentOf(state, transformed)), await served.sidebarFiles);
      return chunk ? { name: 'data.json', body: made.json, status: 200 } : { name: 'index.html', body: made.html, status: 200 };
    }
    const found = await staticFile(state, urlPath);
    if (found) return found;
    return chunk || !path.extname(urlPath) ? { name: '404.html', body: renderNotFound(render), status: 404 } : undefined;
  }

  /** The bundle's files and the sidebar files, by URL path, made once per state. */
  private servedFiles(state: SiteState) {
    if (this.served?.state !== state) {
      const files = new Map<string, string | Uint8Array>();
      const memory: OutputSink = {
        begin: async () => {},
        write: async (relPath, contents) => void files.set(`/${relPath}`, contents),
        copy: async () => {},
        commit: async () => {},
        abort: async () => {},
      };
      const sidebarFiles = writeSidebarFiles({ graph: state.graph, shell: state.shell.shell, writer: memory });
      const bundled = this.bundle(state).then(async (bundle) => {
        for (const f of bundle.files) files.set(`/${f.path}`, f.contents);
        await sidebarFiles;
        return files;
      });
      this.served = { state, files: bundled, sidebarFiles };
    }
    return this.served;
  }
}

/**
 * Whether the pages of these files give the site graph what they gave it before: the same id,
 * route, place, kind, frontmatter and first heading (the graph reads nothing else of a page).
 */
function sameGraphInputs(before: LoadedSite, now: Map<string, SourcePage | undefined>, files: Set<string>): boolean {
  const old = pagesByFile(before);
  return [...files].every((file) => {
    const a = old.get(file);
    const b = now.get(file);
    return (
      a !== undefined &&
      b !== undefined &&
      a.id === b.id &&
      a.route === b.route &&
      a.relPath === b.relPath &&
      a.isMdx === b.isMdx &&
      JSON.stringify(a.frontmatter) === JSON.stringify(b.frontmatter) &&
      firstH1Of(a) === firstH1Of(b)
    );
  });
}

/** The pages these files give a site (undefined for a file that gives none), found in one walk. */
function pagesOfFiles(site: LoadedSite, files: Set<string>): Map<string, SourcePage | undefined> {
  const found = new Map<string, SourcePage | undefined>([...files].map((f) => [f, undefined]));
  for (const list of [site.pages, site.drafts]) for (const p of list) if (!p.prebuilt && files.has(p.file)) found.set(p.file, p);
  return found;
}

/**
 * Pages by a key: a map made once, and the changes made since on top of it. A state made after
 * a save of a few pages takes the lookup of the state before with those pages (see load), so no
 * save walks every page; once the changes are many, the map is made again.
 */
class PageLookup {
  constructor(
    private readonly base: Map<string, SourcePage>,
    private readonly changes: Map<string, SourcePage | undefined> = new Map(),
  ) {}

  get(key: string): SourcePage | undefined {
    return this.changes.has(key) ? this.changes.get(key) : this.base.get(key);
  }

  /** This lookup with these keys given other pages (undefined: none). */
  with(changes: Map<string, SourcePage | undefined>): PageLookup {
    const all = new Map([...this.changes, ...changes]);
    if (all.size <= MAX_LOOKUP_CHANGES) return new PageLookup(this.base, all);
    const flat = new Map(this.base);
    for (const [key, page] of all) {
      if (page) flat.set(key, page);
      else flat.delete(key);
    }
    return new PageLookup(flat);
  }
}
const MAX_LOOKUP_CHANGES = 256;

function* pageBodies(pages: SourcePage[]): Generator<string> {
  for (const p of pages) if (!p.prebuilt) yield p.body;
}

const byFile = new WeakMap<LoadedSite, PageLookup>();
/** The pages written as files, by file: not those made from another source (API operations, the search page). */
function pagesByFile(site: LoadedSite): PageLookup {
  let lookup = byFile.get(site);
  // Drafts too: `serve --watch` builds them, and a page that becomes a draft changes its frontmatter.
  if (!lookup) byFile.set(site, (lookup = new PageLookup(new Map([...site.pages, ...site.drafts].filter((p) => !p.prebuilt).map((p) => [p.file, p])))));
  return lookup;
}

const byId = new WeakMap<SiteState, PageLookup>();

/** The page of a state with this doc id (of two files with one id, the later, as a build shows). */
export function pageById(state: SiteState, id: string): SourcePage | undefined {
  return pagesById(state).get(id);
}

/** A state's pages by doc id, made once per state (a request would otherwise walk every page). */
function pagesById(state: SiteState): PageLookup {
  let lookup = byId.get(state);
  if (!lookup) byId.set(state, (lookup = new PageLookup(new Map(state.site.pages.map((p) => [p.id, p])))));
  return lookup;
}

/** A file of the static folder, or an image a page of this state uses: read when asked for. */
async function staticFile(state: SiteState, urlPath: string): Promise<SiteResponse | undefined> {
  const { assets, site } = state;
  const image = [...assets.urls].find(([, url]) => url === urlPath)?.[0];
  // Only files the build checks: an image a page uses, or a listed file of the static folder.
  const file = image ? assets.files.get(image) : site.staticFiles.find((f) => f.rel === urlPath.slice(1))?.real;
  if (!file) return undefined;
  const body = await readFile(file).catch(() => undefined);
  return body && { name: file, body, status: 200 };
}

/** Times a stage into a record of stage → milliseconds. */
export type StageTimer = <T>(stage: string, f: () => Promise<T> | T) => Promise<T>;

export function stageTimer(timings: Record<string, number>): StageTimer {
  return async (stage, f) => {
    const t0 = performance.now();
    try {
      return await f();
    } finally {
      timings[stage] = Math.round(performance.now() - t0);
    }
  };
}

/** The site's sources, read and validated: where a build and the on-demand renderer start. */
export interface LoadedSite {
  config: ResolvedConfig;
  /** Markdown pages, then the generated ones (API operations, the search page). */
  pages: SourcePage[];
  /** Draft pages this build leaves out: sidebars skip them, and a link to one says why it is broken. */
  drafts: SourcePage[];
  categories: Map<string, CategoryMeta>;
  /** The static folder's files, copied to the output as they are. */
  staticFiles: ListedFile[];
  apis: CollectedApis;
  /** The sidebars file's sidebars, with the API sidebars placed. */
  sidebars: SidebarsConfig;
  /** The sidebars file's sidebars as it exports them. */
  userSidebars: SidebarsConfig;
  /** Warnings found while loading (remote pages built from snapshots), reported with the checks' findings. */
  warnings: Diagnostic[];
  /** The remote documents as this load fetched them (or took them from the cache or snapshots). */
  remote: CollectedRemote;
}

interface LoadOptions extends SiteOptions {
  /** Pages read before, by file: files the watcher did not report are not read again. */
  collect?: CollectCache;
  /** The config, sidebars and API pages of the load before, when only markdown files changed since. */
  reusable?: { config: ResolvedConfig; sidebars: SidebarsConfig; apis: CollectedApis };
  /** From the file watcher: what changed since the load before (trusted only with `reusable`). */
  changed?: ChangeHint;
}

/** Reads and validates every source: the config, the pages, the remote documents, the OpenAPI documents, the static folder and the sidebars. */
export async function loadSite(options: LoadOptions, time: StageTimer): Promise<LoadedSite> {
  const { reusable } = options;
  const config = reusable?.config ?? options.loaded?.config ?? (await time('config', () => loadConfig(options.config, options.cwd)));
  // What does not need the pages starts now and reads its files (and esbuild bundles the sidebars)
  // while the pages are read: in turn, they were half of the first page of serve --watch. They are
  // awaited, and their errors reported, in the order they always were.
  const started = <T>(p: Promise<T>) => (p.catch(() => {}), p);
  const apisRead = started(reusable ? Promise.resolve(reusable.apis) : time('openapi', () => collectApis(config, cacheDirOf(options, config))));
  const staticsRead = started(time('static', () => collectStaticFiles(config)));
  const sidebarsRead = started(reusable ? Promise.resolve(reusable.sidebars) : time('sidebars', () => loadSidebars(config)));
  const frontmatter = options.collect && (await frontmatterMemo(options.collect, cacheDirOf(options, config)));
  const docs = await time('collect', () => collectDocs(config.docsDir, config.routeBasePath, config.pageRoots, options.collect, reusable ? options.changed : undefined));
  await frontmatter?.keep(docs.pages);
  const apis = await apisRead;
  const remote = await time('remote', () =>
    collectRemote(config, { cacheDir: cacheDirOf(options, config), offline: options.remote === 'local', docs: docs.pages, ...(options.loaded?.remote ? { fetched: options.loaded.remote } : {}) }),
  );
  const statics = await staticsRead;
  failOnErrors([...docs.diagnostics, ...apis.diagnostics, ...remote.diagnostics, ...statics.diagnostics]);
  const userSidebars = await sidebarsRead;
  const isLeftOut = (p: SourcePage) => !options.drafts && p.frontmatter.draft === true;
  return {
    config,
    pages: [...docs.pages.filter((p) => !isLeftOut(p)), ...remote.pages, ...apis.pages, ...searchPages(config)],
    drafts: docs.pages.filter(isLeftOut),
    categories: docs.categories,
    staticFiles: statics.files,
    apis,
    sidebars: withApiSidebars(userSidebars, config, apis.sidebars, apis.indexIds),
    userSidebars,
    warnings: remote.diagnostics,
    remote,
  };
}

/**
 * The site's frontmatter memo (see FrontmatterMemo), read from the cache folder on first use; `keep`
 * then drops the entries no page has any more and saves it when it changed.
 */
async function frontmatterMemo(collect: CollectCache, cacheDir: string | undefined) {
  if (!collect.frontmatter) {
    const saved = cacheDir ? await readCached<[string, unknown][]>(cacheDir, FRONTMATTER_CACHE.name, FRONTMATTER_CACHE.key) : undefined;
    // Each value passes the frontmatter's schema again: the cache folder is a file like any other,
    // and a page's frontmatter of the wrong shape would crash the stages after.
    const valid = (saved ?? []).flatMap(([text, data]): [string, Frontmatter][] => {
      const parsed = typeof text === 'string' ? frontmatterSchema.safeParse(data) : undefined;
      return parsed?.success ? [[text, parsed.data]] : [];
    });
    collect.frontmatter = new Map(valid);
  }
  const memo = collect.frontmatter;
  // Saved once per site: `serve --watch` would otherwise write it at every save of a page's frontmatter.
  const saving = cacheDir !== undefined && !savedMemos.has(memo);
  const before = saving ? new Set(memo.values()) : undefined;
  return {
    keep: async (pages: SourcePage[]) => {
      // The entries no page has any more go when they may be many: walking every page on each
      // save of `serve --watch` was 10-15 ms of it at 10,000 pages, and a save adds one at most.
      if (saving || memo.size > pages.length + FRONTMATTER_SLACK) {
        const live = new Set(pages.map((p) => p.frontmatter));
        for (const [text, data] of memo) if (!live.has(data)) memo.delete(text);
      }
      if (!cacheDir || !before || savedMemos.has(memo)) return;
      savedMemos.add(memo);
      const changed = memo.size !== before.size || [...memo.values()].some((d) => !before.has(d));
      // Only what JSON gives back as it was (YAML's .inf or .nan would not be).
      if (changed)
        await writeCached(
          cacheDir,
          FRONTMATTER_CACHE.name,
          FRONTMATTER_CACHE.key,
          [...memo].filter(([, data]) => plainJson(data)),
        );
    },
  };
}

const FRONTMATTER_CACHE = { name: 'frontmatter', key: 'all' };
/** How many more frontmatter entries than pages the memo may hold before the unused ones go. */
const FRONTMATTER_SLACK = 256;
const savedMemos = new WeakSet<Map<string, Frontmatter>>();

function plainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(plainJson);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value as object).every(plainJson);
  return false;
}

/**
 * An OpenAPI document's pages. Validating the document and making its pages takes a second or two
 * for the Unleash API, which `serve --watch` used to pay before serving its first page, so they are
 * kept on disk for as long as the document's text, its source settings and the compiler are the same.
 */
async function apiPages(
  source: OpenApiSourceConfig,
  text: string,
  file: string,
  routeBase: string,
  roots: SourceRoots,
  cacheDir: string | undefined,
): Promise<ApiPages & { diagnostics: Diagnostic[] }> {
  // The id's hash keeps apart ids that read the same once made safe for a file name (`a.b`, `a_b`).
  const name = `openapi-${source.id.replace(/[^\w-]/g, '_')}-${createHash('sha256').update(source.id).digest('hex').slice(0, 8)}`;
  const key = createHash('sha256')
    .update(JSON.stringify([source, file, routeBase]))
    .update('\0')
    .update(text)
    .digest('hex');
  const cached = cacheDir ? await readCached<ApiPages & { diagnostics: Diagnostic[] }>(cacheDir, name, key, 'v8') : undefined;
  if (cached) return cached;
  const api = await parseOpenApi(source, text, file, roots);
  const code = await createCodeHighlighter(API_CODE_LANGUAGES);
  let built: ApiPages & { diagnostics: Diagnostic[] };
  try {
    built = { ...buildApiPages(api, routeBase, code.highlight), diagnostics: api.diagnostics };
  } finally {
    code.dispose();
  }
  if (cacheDir) await writeCached(cacheDir, name, key, built, 'v8');
  return built;
}

/** What the transform of any of the site's pages needs to know about the others. */
export function transformContext(site: LoadedSite, assets: AssetRegistry, cache: Map<string, TransformedPage>): TransformContext {
  return {
    toc: site.config.toc,
    routes: site.pages.map((p) => [p.file, p.route]),
    docsDir: site.config.docsDir,
    plugins: site.config.markdownPlugins,
    mdx: {
      format: site.config.user.markdown?.format ?? 'md',
      siteDir: site.config.siteDir,
      siteConfig: {
        title: site.config.user.title,
        ...(site.config.user.tagline ? { tagline: site.config.user.tagline } : {}),
        url: site.config.user.url,
        baseUrl: site.config.baseUrl,
        customFields: {},
      },
    },
    rootDir: site.config.rootDir,
    assets,
    cache,
  };
}

export function graphInput(site: LoadedSite): GraphInput {
  const { config, apis } = site;
  return {
    sources: site.pages,
    categories: site.categories,
    sidebars: site.sidebars,
    sidebarFile: config.sidebarFile,
    routeBase: config.routeBasePath,
    apiSidebars: apis.sidebars,
    leftOut: new Set(site.drafts.map((p) => p.id)),
    drafts: site.drafts,
    editUrl: editUrlOf(config),
  };
}

/** The config's docs.editUrl as a function of a markdown page; generated pages have no file to edit. */
function editUrlOf(config: ResolvedConfig): GraphInput['editUrl'] {
  const editUrl = config.user.docs?.editUrl;
  if (!editUrl) return undefined;
  return (source) => {
    if (source.prebuilt || !source.file.startsWith(config.docsDir + path.sep)) return undefined;
    const docPath = path.relative(config.docsDir, source.file).split(path.sep).join('/');
    if (typeof editUrl === 'function') return editUrl({ docPath, docId: source.id, route: source.route });
    const fromRoot = path.relative(config.rootDir, source.file).split(path.sep).join('/');
    return editUrl.replace(/\/?$/, '/') + fromRoot;
  };
}

/** `checkAnchors`: the graph's pages have their headings (not the outlines of on-demand pages). */
export function siteRedirects(site: LoadedSite, graph: SiteGraph, checkAnchors = true) {
  const headingIds = checkAnchors ? (route: string) => graph.pages.get(route)?.headingIds : undefined;
  return resolveRedirects(allRedirects(site.config, [...graph.pages.keys()]), new Set(graph.pages.keys()), rel(site.config.configFile), headingIds);
}

export function siteShell(site: LoadedSite) {
  const docRoutes = new Map(site.pages.map((p) => [p.id, p.route]));
  return resolveShellConfig(site.config, (id) => docRoutes.get(id));
}

export interface CollectedApis {
  pages: SourcePage[];
  sidebars: Map<string, SidebarItemConfig[]>;
  indexIds: Map<string, string>;
  diagnostics: Diagnostic[];
}

async function collectApis(config: ResolvedConfig, cacheDir: string | undefined): Promise<CollectedApis> {
  const out: CollectedApis = { pages: [], sidebars: new Map(), indexIds: new Map(), diagnostics: [] };
  for (const source of config.user.openapi ?? []) {
    try {
      const { text, file } = await readOpenApiText(source, config.siteDir, config.roots, out.diagnostics);
      const built = await apiPages(source, text, file, config.routeBasePath, config.roots, cacheDir);
      out.pages.push(...built.pages);
      out.sidebars.set(source.id, built.sidebar);
      out.indexIds.set(source.id, built.indexId);
      out.diagnostics.push(...built.diagnostics);
    } catch (e) {
      if (isOpenApiFailure(e)) out.diagnostics.push(...e.diagnostics);
      else throw e;
    }
  }
  return out;
}

/**
 * The static folder's files. Everything in it is published, so a link in it may only lead to
 * another place in it: one into the site folder would publish the config or a `.env` beside it.
 */
async function collectStaticFiles(config: ResolvedConfig): Promise<{ files: ListedFile[]; diagnostics: Diagnostic[] }> {
  if (!config.staticDir) return { files: [], diagnostics: [] };
  const staticDir = config.staticDir;
  const listing = await listFiles(staticDir, sourceRoots([staticDir]), { dir: () => true, file: () => true });
  return { files: listing.files, diagnostics: listing.escapes.map((f) => linkOutsideError(staticDir, f, 'the static folder')) };
}

/** Appends an API category to a source's sidebar unless the sidebar places it itself. */
function withApiSidebars(sidebars: SidebarsConfig, config: ResolvedConfig, apiSidebars: Map<string, SidebarItemConfig[]>, indexIds: Map<string, string>): SidebarsConfig {
  const placed = (items: SidebarItemConfig[], id: string): boolean =>
    items.some((i) => typeof i === 'object' && ((i.type === 'openapi' && i.id === id) || (i.type === 'category' && placed(i.items, id))));
  const result = { ...sidebars };
  for (const source of config.user.openapi ?? []) {
    const target = source.sidebar;
    if (!target || !apiSidebars.has(source.id)) continue;
    const items = result[target] ?? [];
    if (!placed(items, source.id)) {
      const index = indexIds.get(source.id);
      result[target] = [...items, { type: 'category', label: 'API reference', ...(index ? { link: { type: 'doc' as const, id: index } } : {}), items: [{ type: 'openapi', id: source.id }] }];
    }
  }
  return result;
}

function allRedirects(config: ResolvedConfig, routes: string[]): RedirectConfig[] {
  const list = [...(config.user.redirects ?? [])];
  const create = config.user.createRedirects;
  if (create) {
    for (const route of routes.sort()) {
      const from = create(route);
      if (from && from.length) list.push({ from, to: route });
    }
  }
  return list;
}

/** Markdown files are never imported by the config or the sidebars, so editing one cannot change them. */
function onlyMarkdownChanged(changed: ChangeHint, config: ResolvedConfig): boolean {
  const docsDir = config.docsDir + path.sep;
  return !changed.structural && [...changed.files].every((f) => f.startsWith(docsDir) && /\.mdx?$/.test(f));
}

export function failOnErrors(diagnostics: Diagnostic[]): void {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (!errors.length) return;
  const failure = new DocsgenError(sortDiagnostics(errors));
  failure.warnings = sortDiagnostics(diagnostics.filter((d) => d.severity === 'warning'));
  throw failure;
}

async function loadSidebars(config: ResolvedConfig): Promise<SidebarsConfig> {
  if (!config.sidebarFile || !existsSync(config.sidebarFile)) {
    // Without a sidebars file every doc goes in one autogenerated sidebar, as in Docusaurus.
    return { docs: [{ type: 'autogenerated', dirName: '.' }] };
  }
  const value = await importSiteModule(config.sidebarFile);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new DocsgenError(error('invalid-sidebar', { file: rel(config.sidebarFile) }, 'sidebars file must export an object of sidebars', 'export default { documentation: [ ... ] }'));
  }
  const source = await readFile(config.sidebarFile, 'utf8').catch(() => '');
  const { sidebars, diagnostics } = readSidebars(value as Record<string, unknown>, source, rel(config.sidebarFile));
  failOnErrors(diagnostics);
  return sidebars;
}
