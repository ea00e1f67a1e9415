// The whole build, one line per stage. Each stage is a function of the previous stages' data.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { loadConfig, importSiteModule, rel, type ResolvedConfig } from './load-config.ts';
import { collectDocs, type CategoryMeta, type ChangeHint, type CollectCache } from './collect-docs.ts';
import { transformPages, warmInlineTransform, type TransformContext, type TransformedPage } from './transform-markdown.ts';
import { buildSiteGraph, type GraphInput, type SiteGraph } from './site-graph.ts';
import { checkLinks } from './check-links.ts';
import { resolveShellConfig } from './shell-config.ts';
import { bundleClient, type BundleMemo } from './bundle-client.ts';
import { renderPages, type RenderedPage } from './render-pages.ts';
import { loadTransformCache, readCached, saveTransformCache, writeCached } from './persistent-cache.ts';
import { OutputWriter, type OutputSink } from './write-output.ts';
import { redirectFiles, redirectStub, redirectsFile, resolveRedirects, type RedirectMap } from './write-redirects.ts';
import { applySeverity, DocsgenError, error, sortDiagnostics, type Diagnostic } from './errors.ts';
import type { OpenApiSourceConfig, RedirectConfig, SidebarItemConfig, SidebarsConfig } from './define-config.ts';
import { isOpenApiFailure, parseOpenApi, readOpenApiText } from './collect-openapi.ts';
import { API_CODE_LANGUAGES, buildApiPages, type ApiPages } from './openapi-pages.ts';
import { createCodeHighlighter } from './markdown/highlight.ts';
import { indexSearch, SearchIndexState, searchPages, startSearchFeed, type SearchFeed } from './index-search.ts';
import type { SourcePage } from './collect-docs.ts';
import { AssetRegistry } from './image-assets.ts';
import { checkOutputPlan } from './plan-output.ts';
import { escapeHtml } from './escape-html.ts';
import { linkOutsideError, listFiles, sourceRoots, type ListedFile, type SourceRoots } from './source-files.ts';

export interface BuildOptions {
  config: string;
  outDir: string;
  cwd?: string;
  /** Kept between builds by `serve --watch`: unchanged pages are neither transformed nor rendered again. */
  cache?: BuildCache;
  /** Where files go; by default a temporary folder swapped in at the end. */
  sink?: OutputSink;
  /** Folder for transformed pages kept between runs; false turns it off. Default `<root>/.docsgen-cache`. */
  cacheDir?: string | false;
  log?: (line: string) => void;
  /** From the file watcher: what changed since the previous build with the same cache. */
  changed?: ChangeHint;
  /** `serve --watch` answers requests during the build: keep the main thread out of the transform. */
  keepThreadFree?: boolean;
  /** Build the pages marked `draft: true` too: the writers' loop does, a site to publish does not. */
  drafts?: boolean;
  /** What the search index keeps between builds: `serve --watch` passes one it keeps; a build makes its own. */
  search?: SearchIndexState;
}

export interface BuildCache extends BundleMemo {
  transformed: Map<string, TransformedPage>;
  /** Whether this thread has loaded the grammars for a transform of its own (see warmInlineTransform). */
  warmed?: boolean;
  /** Whether the transform cache was loaded from and saved to disk already (watch mode does it once). */
  persisted?: boolean;
  /** Route → the hash of its render inputs and the HTML they gave. */
  rendered: Map<string, RenderedPage>;
  /** Source files, their stat and the pages read from them. */
  collect: CollectCache;
  /** The configuration and sidebars of the last build: reused while only markdown files change. */
  site?: { config: ResolvedConfig; sidebars: SidebarsConfig; apis: CollectedApis };
}

export function createBuildCache(): BuildCache {
  return { transformed: new Map(), rendered: new Map(), collect: { files: new Map() } };
}

export interface BuildResult {
  config: ResolvedConfig;
  graph: SiteGraph;
  redirects: Map<string, string>;
  warnings: Diagnostic[];
  pageCount: number;
  /** The local image files the pages use, wherever they are (`serve --watch` watches their folders). */
  images: string[];
  timings: Record<string, number>;
  followUp: FollowUp;
}

/** Work `serve --watch` does after a build, off the path from a save to the reload. */
export interface FollowUp {
  /** Load this thread's grammars (the first build may have transformed nothing here), before the first save needs them. */
  warm?: () => Promise<void>;
  /** Bring the search index up to date: best when the writer pauses, as it keeps the main thread busy. */
  search?: () => Promise<void>;
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
}

export function cacheDirOf(options: Pick<BuildOptions, 'cacheDir'>, config: ResolvedConfig): string | undefined {
  return options.cacheDir === false ? undefined : (options.cacheDir ?? path.join(config.rootDir, '.docsgen-cache'));
}

export async function loadSite(options: Omit<BuildOptions, 'outDir'>, time: StageTimer): Promise<LoadedSite> {
  const reusable = options.cache?.site && options.changed && onlyMarkdownChanged(options.changed, options.cache.site.config) ? options.cache.site : undefined;
  // Forgotten until this build has loaded them: a failed load must not leave an older copy to reuse.
  if (options.cache) options.cache.site = undefined;
  const config = reusable?.config ?? (await time('config', () => loadConfig(options.config, options.cwd)));
  // The watcher's hint is trusted only while the config is the same one (it names the docs folder).
  const docs = await time('collect', () => collectDocs(config.docsDir, config.routeBasePath, config.pageRoots, options.cache?.collect, reusable ? options.changed : undefined));
  const apis = reusable?.apis ?? (await time('openapi', () => collectApis(config, cacheDirOf(options, config))));
  const statics = await time('static', () => collectStaticFiles(config));
  failOnErrors([...docs.diagnostics, ...apis.diagnostics, ...statics.diagnostics]);
  const userSidebars = reusable?.sidebars ?? (await time('sidebars', () => loadSidebars(config)));
  if (options.cache) options.cache.site = { config, sidebars: userSidebars, apis };
  const isLeftOut = (p: SourcePage) => !options.drafts && p.frontmatter.draft === true;
  return {
    config,
    pages: [...docs.pages.filter((p) => !isLeftOut(p)), ...apis.pages, ...searchPages(config)],
    drafts: docs.pages.filter(isLeftOut),
    categories: docs.categories,
    staticFiles: statics.files,
    apis,
    sidebars: withApiSidebars(userSidebars, config, apis.sidebars, apis.indexIds),
  };
}

/**
 * An OpenAPI document's pages. Validating the document and making its pages takes a second or two
 * for the Unleash API, which `serve --watch` used to pay before serving its first page, so they are
 * kept on disk for as long as the document's text, its source settings and the compiler are the same.
 */
async function apiPages(source: OpenApiSourceConfig, text: string, file: string, routeBase: string, roots: SourceRoots, cacheDir: string | undefined): Promise<ApiPages & { diagnostics: Diagnostic[] }> {
  // The id's hash keeps apart ids that read the same once made safe for a file name (`a.b`, `a_b`).
  const name = `openapi-${source.id.replace(/[^\w-]/g, '_')}-${createHash('sha256').update(source.id).digest('hex').slice(0, 8)}`;
  const key = createHash('sha256').update(JSON.stringify([source, file, routeBase])).update('\0').update(text).digest('hex');
  const cached = cacheDir ? await readCached<ApiPages & { diagnostics: Diagnostic[] }>(cacheDir, name, key) : undefined;
  if (cached) return cached;
  const api = await parseOpenApi(source, text, file, roots);
  const code = await createCodeHighlighter(API_CODE_LANGUAGES);
  let built: ApiPages & { diagnostics: Diagnostic[] };
  try {
    built = { ...buildApiPages(api, routeBase, code.highlight), diagnostics: api.diagnostics };
  } finally {
    code.dispose();
  }
  if (cacheDir) await writeCached(cacheDir, name, key, built);
  return built;
}

/** What the transform of any of the site's pages needs to know about the others. */
export function transformContext(site: LoadedSite, assets: AssetRegistry, cache: Map<string, TransformedPage>): TransformContext {
  return {
    toc: site.config.toc,
    routes: site.pages.map((p) => [p.file, p.route]),
    assets,
    cache,
    routesSignature: routesSignature(site.pages),
  };
}

export function graphInput(site: LoadedSite, transformed: Map<string, TransformedPage>): GraphInput {
  const { config, apis } = site;
  return {
    sources: site.pages,
    transformed,
    categories: site.categories,
    sidebars: site.sidebars,
    sidebarFile: config.sidebarFile,
    routeBase: config.routeBasePath,
    apiSidebars: apis.sidebars,
    leftOut: new Set(site.drafts.map((p) => p.id)),
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

export async function build(options: BuildOptions): Promise<BuildResult> {
  const timings: Record<string, number> = {};
  const time = stageTimer(timings);
  const site = await loadSite(options, time);
  // Pagefind indexes each page in its own process as soon as the page is transformed.
  const searchState = options.search ?? new SearchIndexState(undefined, cacheDirOf(options, site.config));
  const search = startSearchFeed(site.config, searchState);
  try {
    return await buildSite(options, site, time, timings, { feed: search, state: searchState });
  } finally {
    await search?.close();
  }
}

async function buildSite(options: BuildOptions, site: LoadedSite, time: StageTimer, timings: Record<string, number>, searchIndex: { feed: SearchFeed | undefined; state: SearchIndexState }): Promise<BuildResult> {
  const searchFeed = searchIndex.feed;
  const { config } = site;
  const assets = new AssetRegistry(config.baseUrl, config.roots);
  const cacheDir = cacheDirOf(options, config);
  const cache = options.cache ?? createBuildCache();
  if (cacheDir && !cache.persisted && cache.transformed.size === 0) cache.transformed = await loadTransformCache(cacheDir);
  const keysBefore = new Set(cache.transformed.keys());
  const shell = siteShell(site);
  // esbuild bundles the client in its own process while the pages are transformed.
  const bundling = time('bundle', () => bundleClient(shell.shell, config.baseUrl, cache));
  bundling.catch(() => {}); // awaited below; a build that fails before must not leave it unhandled
  const transformed = await time('transform', () =>
    transformPages(site.pages, {
      ...transformContext(site, assets, cache.transformed),
      keepThreadFree: options.keepThreadFree,
      ...(searchFeed ? { onPage: (page: SourcePage, result: TransformedPage) => searchFeed.addSource(page, result) } : {}),
    }),
  );
  // The output plan's check needs the bundle's file names.
  const bundle = await bundling;
  // Two copies of one image share a content-hashed name: one file.
  const generated = [...new Set([...bundle.files.map((f) => f.path), ...[...assets.urls.values()].map((url) => url.slice(config.baseUrl.length))])];
  const { graph, redirects, diagnostics: all } = await checkTransformed(site, transformed, shell.diagnostics, time, { generated });
  failOnErrors(all);

  const followUp: FollowUp = {};
  const writer = options.sink ?? new OutputWriter(path.resolve(options.cwd ?? process.cwd(), options.outDir));
  await writer.begin();
  try {
    // Pagefind finishes the index in its own process while this thread renders.
    const [, search] = await allSettled([
      time('render', () =>
        renderPages({
          graph,
          shell: shell.shell,
          bundle,
          siteUrl: config.user.url,
          favicon: config.user.favicon,
          image: config.user.image,
          writer,
          cache: options.cache?.rendered,
        }),
      ),
      time('search-index', () => indexSearch({ config, graph, writer, feed: searchFeed, state: searchIndex.state })),
    ]);
    followUp.search = search.later;
    if (options.cache && !cache.warmed) {
      followUp.warm = () => warmInlineTransform(site.pages, { toc: config.toc, routes: [], baseUrl: config.baseUrl, roots: config.roots });
      cache.warmed = true;
    }
    await time('write', async () => {
      for (const f of site.staticFiles) await writer.copy(f.real, f.rel);
      for (const f of bundle.files) await writer.write(f.path, f.contents);
      for (const [abs, url] of assets.urls) await writer.copy(assets.files.get(abs)!, url.slice(config.baseUrl.length));
      for (const [from, to] of redirects.map) for (const file of redirectFiles(from)) await writer.write(file, redirectStub(to));
      await writer.write('_redirects', redirectsFile(redirects.map));
      await writer.write('sitemap.xml', sitemap(config, graph));
      await writer.commit();
    });
    if (cacheDir && !cache.persisted) await persistTransformCache(cacheDir, cache.transformed, keysBefore, time);
    if (options.cache) cache.persisted = true;
  } catch (e) {
    await writer.abort();
    throw e;
  }
  return {
    config,
    graph,
    redirects: redirects.map,
    warnings: all.filter((d) => d.severity === 'warning'),
    pageCount: graph.pages.size,
    images: [...assets.urls.keys()],
    timings,
    followUp,
  };
}

/** What a build checks once the pages are transformed, before it renders anything. */
export interface CheckedSite {
  graph: SiteGraph;
  redirects: RedirectMap;
  /** Every problem found, with the severities the config's `checks` sets. */
  diagnostics: Diagnostic[];
}

/**
 * The site graph, redirects and every check of `sources` (by default every page): shared by the
 * build and `docsgen check`, so the two can never disagree about what is a problem.
 */
export async function checkTransformed(
  site: LoadedSite,
  transformed: Map<string, TransformedPage>,
  shellDiagnostics: Diagnostic[],
  time: StageTimer,
  { sources = site.pages, generated = [] }: { sources?: SourcePage[]; generated?: string[] } = {},
): Promise<CheckedSite> {
  const { config } = site;
  const graph = await time('graph', () => buildSiteGraph(graphInput(site, transformed)));
  const redirects = siteRedirects(site, graph);
  const checked = await time('check', () =>
    checkLinks({ graph, sources, transformed, staticDir: config.staticDir, staticFiles: site.staticFiles.map((f) => f.rel), redirectSources: new Set(redirects.map.keys()), drafts: site.drafts }),
  );
  const plan = checkOutputPlan(
    {
      pages: graph.pages.values(),
      redirects: redirects.map.keys(),
      redirectsFile: rel(config.configFile),
      staticFiles: site.staticFiles.map((f) => f.rel),
      staticDir: config.staticDir,
      generated,
    },
    rel,
  );
  // A Set: two files can give one doc id (`a.md`, `a.mdx`), and their page's problems count once.
  const pages = new Set(sources.map((p) => transformed.get(p.id)));
  const found = [...site.apis.diagnostics, ...[...pages].flatMap((t) => t?.diagnostics ?? []), ...graph.diagnostics, ...redirects.diagnostics, ...shellDiagnostics, ...checked, ...plan];
  return { graph, redirects, diagnostics: applySeverity(found, config.user.checks) };
}

/** Saves the transform cache when this run added to it: an unchanged site writes nothing. */
export async function persistTransformCache(cacheDir: string, transformed: Map<string, TransformedPage>, keysBefore: Set<string>, time: StageTimer): Promise<void> {
  const changed = transformed.size !== keysBefore.size || [...transformed.keys()].some((k) => !keysBefore.has(k));
  if (changed) await time('cache', () => saveTransformCache(cacheDir, transformed));
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
      result[target] = [
        ...items,
        { type: 'category', label: 'API reference', ...(index ? { link: { type: 'doc' as const, id: index } } : {}), items: [{ type: 'openapi', id: source.id }] },
      ];
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

/**
 * Promise.all that waits for every stage to end before it throws the first failure: a failed
 * stage must not leave another still writing into the output folder the failure removes.
 */
async function allSettled<T extends readonly unknown[]>(stages: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(stages);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

function failOnErrors(diagnostics: Diagnostic[]): void {
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
  return value as SidebarsConfig;
}

function routesSignature(pages: { file: string; route: string }[]): string {
  const h = createHash('sha256');
  for (const p of pages) h.update(`${p.file}\0${p.route}\n`);
  return h.digest('hex');
}

function sitemap(config: ResolvedConfig, graph: SiteGraph): string {
  const origin = config.user.url.replace(/\/$/, '') + config.baseUrl.replace(/\/$/, '');
  const urls = [...graph.pages.values()]
    .filter((p) => !p.unlisted)
    .map((p) => p.route)
    .sort()
    .map((r) => `<url><loc>${escapeHtml(encodeURI(origin + r))}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
