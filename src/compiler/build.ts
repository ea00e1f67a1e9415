// `docsgen build`: every route of the site, checked, rendered and written. One line per stage; the
// site core (site.ts) remembers what each stage made, so a build after a change redoes only that.
import path from 'node:path';
import { rel, type ResolvedConfig } from './load-config.ts';
import type { SourcePage } from './collect-docs.ts';
import { transformPages, type TransformedPage } from './transform-markdown.ts';
import { pageContent, pageWithContent, sidebarAnchorProblems, withContent, type GraphPage, type SiteGraph } from './site-graph.ts';
import { checkLinks } from './check-links.ts';
import { RouteRenderer, type RenderedPage } from './render-pages.ts';
import type { ClientBundle } from './bundle-client.ts';
import { islandFiles } from './mdx/render-mdx.ts';
import { IncrementalWriter, OutputWriter, type OutputSink } from './write-output.ts';
import type { AssetRegistry } from './image-assets.ts';
import { checkOutputFolder } from './output-folder.ts';
import { redirectFiles, redirectStub, redirectsFile, type RedirectMap } from './write-redirects.ts';
import { applySeverity, type Diagnostic } from './errors.ts';
import { indexSearch, SearchIndexState, startSearchFeed } from './index-search.ts';
import { SEARCH_INDEX_DIR } from '../shared/types.ts';
import { normaliseRoute } from '../shared/routes.ts';
import { checkOutputPlan } from './plan-output.ts';
import { escapeHtml } from './escape-html.ts';
import { forgetBuild, recordBuild, remoteDigest } from './up-to-date.ts';
import { cacheDirOf } from './persistent-cache.ts';
import { releaseEsbuild } from './esbuild-service.ts';
import { failOnErrors, pageById, Site, siteRedirects, stageTimer, type SiteOptions, type SiteState, type StageTimer } from './site.ts';

export interface BuildOptions extends SiteOptions {
  outDir: string;
  /**
   * The site to build, kept by `serve --watch` between builds (and told of every change): what did
   * not change since is neither read, transformed nor rendered again. A build makes its own by default.
   */
  site?: Site;
  /** Where files go; by default a temporary folder swapped in at the end. */
  sink?: OutputSink;
  log?: (line: string) => void;
  /** `serve --watch` answers requests during the build: keep the main thread out of the transform. */
  keepThreadFree?: boolean;
  /** What the search index keeps between builds: `serve --watch` passes one it keeps; a build makes its own. */
  search?: SearchIndexState;
  /**
   * `serve --watch`: the build pauses every few milliseconds for the thread to answer requests and
   * saves, and asks this at each pause; true (a save came since the build read the sources) stops
   * it with BuildSuperseded before it writes anything: the build queued after the save replaces it.
   */
  superseded?: () => boolean;
}

/** A build stopped because a newer one will replace it (see BuildOptions.superseded): nothing was written. */
export class BuildSuperseded extends Error {
  constructor() {
    super('docsgen: build superseded by a newer save');
    this.name = 'BuildSuperseded';
  }
}

/** How long a build that pauses (BuildOptions.superseded) holds the thread between pauses. */
const PAUSE_EVERY_MS = 8;

/**
 * The build's pauses: `pause()` lets the thread answer what waits once the build has held it for
 * PAUSE_EVERY_MS, `pause(true)` at once; each throws BuildSuperseded when the build is no longer
 * wanted. Without `superseded` (a one-off build) it never pauses.
 */
export type Pause = (now?: boolean) => Promise<void>;
function pauses(superseded: (() => boolean) | undefined): Pause {
  if (!superseded) return async () => {};
  let since = performance.now();
  return async (now = false) => {
    if (!now && performance.now() - since < PAUSE_EVERY_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
    if (superseded()) throw new BuildSuperseded();
  };
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
  /** Brings the search index up to date, for `serve --watch` to run when the writer pauses (it keeps the main thread busy). */
  searchLater?: () => Promise<void>;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const startedAt = Date.now();
  const timings: Record<string, number> = {};
  const time = stageTimer(timings);
  const site = options.site ?? new Site(options);
  const state = await site.state(time);
  const cacheDir = cacheDirOf(options, state.site.config);
  const searchState = options.search ?? new SearchIndexState(undefined, cacheDir);
  // A one-off build into a folder is recorded, for the next to tell whether it has anything to do
  // (up-to-date.ts); what serve writes, or writes into a sink of its own, is not.
  const outDir = path.resolve(options.cwd ?? process.cwd(), options.outDir);
  await checkOutputFolder(outDir, state.site.config, cacheDir, options.cwd ?? process.cwd());
  const recorded = !options.site && !options.sink && cacheDir !== undefined;
  if (recorded) forgetBuild(cacheDir, outDir);
  // Now: the build lets go of pages' markdown as it goes.
  const remote = recorded ? remoteDigest(state.site.remote) : '';
  const { result, extra } = await buildSite(options, site, state, time, timings, searchState);
  if (recorded) {
    const { config } = state.site;
    await time('record', () => recordBuild({ config, outDir, cacheDir, remote, extra }, { pages: result.pageCount, redirects: result.redirects.size, warnings: result.warnings }, startedAt));
  }
  return result;
}

/**
 * What the last build of a site kept between builds (`serve --watch`) made, for the next build to
 * update when only pages' text changed since (see updateSite).
 */
interface BuiltSite {
  state: SiteState;
  /** Every page's transform, by doc id. */
  transformed: Map<string, TransformedPage>;
  checked: CheckedSite;
  renderer: RouteRenderer;
  bundle: ClientBundle;
  /** Doc ids of the pages linking to each route (see linkersOf): made by the first update. */
  linkers?: Map<string, Set<string>>;
}

const lastBuilds = new WeakMap<Site, BuiltSite>();

/** The pages of `now` that are not the objects of `before`, when both have the same pages in the same places (and graph); else undefined. */
function changedPages(before: SiteState, now: SiteState): SourcePage[] | undefined {
  if (now.graph !== before.graph || now.shell !== before.shell || now.site.config !== before.site.config) return undefined;
  const [a, b] = [before.site.pages, now.site.pages];
  if (a.length !== b.length || now.site.drafts.length !== before.site.drafts.length) return undefined;
  const changed: SourcePage[] = [];
  for (let i = 0; i < b.length; i++) {
    if (a[i] === b[i]) continue;
    if (a[i].id !== b[i].id || a[i].route !== b[i].route || a[i].file !== b[i].file) return undefined;
    changed.push(b[i]);
  }
  return changed;
}

/**
 * A build of a kept site after saves that changed only pages' text, so that the graph is the one
 * the last build made (site.ts keeps it then): it transforms and renders again the saved pages
 * and the pages whose cards describe them, checks the saved pages and the pages linking to them,
 * makes again the checks of the whole site that read pages' headings, and writes what changed;
 * the rest of the output is the last build's. At 10,000 pages, a full build after a one-page save
 * held the thread for a second, and the saves and page requests meanwhile waited for it.
 * Undefined when only a full build will do.
 */
async function updateSite(
  options: BuildOptions,
  core: Site,
  state: SiteState,
  writer: IncrementalWriter,
  time: StageTimer,
  timings: Record<string, number>,
  searchState: SearchIndexState,
): Promise<BuildResult | undefined> {
  const built = lastBuilds.get(core);
  const changed = built && changedPages(built.state, state);
  // A page whose doc id another file has too: which of them a build shows is the site's order's to say.
  if (!built || !changed || changed.some((p) => pageById(state, p.id) !== p)) return undefined;
  const bundle = await time('bundle', () => core.bundle(state));
  if (bundle !== built.bundle) return undefined;
  const { config } = state.site;
  const pause = pauses(options.superseded);
  await writer.begin(true);
  try {
    const made = await time('transform', () => transformPages(changed, { ...state.context, pause }));
    const transformed = new Map(built.transformed);
    for (const [id, t] of made) transformed.set(id, t);
    // The images the pages use now, as the last build found them (no image file changed since, or
    // the graph would be new); the saved pages' were found by their transforms.
    const images = new Set<string>();
    for (const t of transformed.values()) for (const img of t.images) if (img.file) images.add(img.file);
    state.assets.adopt(built.state.assets, images);
    const contentOf = Site.contentOf(state, transformed);
    const pages = new Map(built.checked.graph.pages);
    const docs = changed.flatMap((p) => docPageToRender(state.graph, p, transformed.get(p.id)!) ?? []);
    for (const page of docs) pages.set(page.route, pageWithContent(state.graph.pages.get(page.route)!, contentOf));
    const describing = describingPages(state.graph, new Set(changed.map((p) => p.id)));
    for (const page of describing) pages.set(page.route, pageWithContent(page, contentOf));
    const graph: SiteGraph = { ...built.checked.graph, pages };
    await pause(true);

    const redirects = siteRedirects(state.site, graph);
    const linkers = (built.linkers ??= linkersOf(built.state.site.pages, built.transformed));
    addLinks(linkers, changed, transformed);
    const ids = new Set([...changed.map((p) => p.id), ...changed.flatMap((p) => [...(linkers.get(p.route) ?? [])])]);
    const bySource = new Map(built.checked.bySource);
    const found = await time('check', () =>
      sourceProblems(
        state,
        graph,
        redirects,
        transformed,
        state.site.pages.filter((p) => ids.has(p.id)),
      ),
    );
    for (const [id, problems] of found) bySource.set(id, problems);
    const islands = islandFiles(transformed.values());
    // The plan reads the routes, redirects and static files, which are the last build's here, and
    // the generated files: checked again only when a saved page changed those (at 10,000 pages it
    // took 70 ms, most of an update).
    const generated = generatedFiles(bundle, islands, state);
    const last = built.checked.plan;
    const now = new Set(generated);
    const sameFiles = generated.length === last.generated.length && last.generated.every((f) => now.has(f));
    const plan = sameFiles ? last : { generated, diagnostics: outputPlanProblems(state, graph, redirects, generated) };
    const diagnostics = siteProblems(state, graph, redirects, plan.diagnostics, bySource);
    failOnErrors(diagnostics);
    await pause(true);

    await time('render', async () => {
      for (const page of docs) await built.renderer.page(page);
      for (const page of describing) await built.renderer.page(graph.pages.get(page.route)!);
    });
    const search = await time('search-index', () => indexSearch({ config, graph, writer, state: searchState, partial: true }));
    await pause(true);
    await time('write', async () => {
      // The bundle, static files, redirects, sidebars and sitemap come from what did not change.
      for (const [file, code] of islands) await writer.write(file, code);
      for (const t of made.values()) for (const img of t.images) if (img.file && img.url) await writer.copy(state.assets.files.get(img.file)!, img.url.slice(config.baseUrl.length));
      // What a saved page no longer uses goes, as a full build would leave it out.
      const imageFiles = (assets: AssetRegistry) => new Set([...assets.urls.values()].map((url) => url.slice(config.baseUrl.length)));
      const kept = new Set([...imageFiles(state.assets), ...islands.keys()]);
      for (const file of [...imageFiles(built.state.assets), ...islandFiles(built.transformed.values()).keys()]) if (!kept.has(file)) writer.remove(file);
      await writer.commit();
    });
    // The transforms of the saved pages' older texts go, as a full build lets them go (transformPages' prune).
    const live = new Set(transformed.values());
    for (const [key, t] of core.transformed) if (!live.has(t)) core.transformed.delete(key);
    const checked: CheckedSite = { graph, redirects, diagnostics, bySource, plan };
    lastBuilds.set(core, { state, transformed, checked, renderer: built.renderer, bundle, linkers });
    return {
      config,
      graph,
      redirects: redirects.map,
      warnings: diagnostics.filter((d) => d.severity === 'warning'),
      pageCount: graph.pages.size,
      images: [...state.assets.urls.keys()],
      timings,
      ...(search.later ? { searchLater: search.later } : {}),
    };
  } catch (e) {
    await writer.abort();
    throw e;
  }
}

/** The generated pages whose cards describe these docs (a card without a description of its own shows the doc's). */
function describingPages(graph: SiteGraph, ids: Set<string>): GraphPage[] {
  let byDoc = describedBy.get(graph);
  if (!byDoc) {
    byDoc = new Map();
    for (const page of graph.pages.values())
      for (const card of page.cards ?? []) {
        if (card.descriptionOf === undefined) continue;
        const list = byDoc.get(card.descriptionOf) ?? [];
        if (!list.includes(page)) list.push(page);
        byDoc.set(card.descriptionOf, list);
      }
    describedBy.set(graph, byDoc);
  }
  return [...new Set([...ids].flatMap((id) => byDoc.get(id) ?? []))];
}
const describedBy = new WeakMap<SiteGraph, Map<string, GraphPage[]>>();

/**
 * The pages linking to each route, by doc id: whose anchors into a saved page are checked again.
 * It only grows (a link removed leaves its page listed, checked once more for nothing).
 */
function linkersOf(pages: SourcePage[], transformed: Map<string, TransformedPage>): Map<string, Set<string>> {
  const linkers = new Map<string, Set<string>>();
  addLinks(linkers, pages, transformed);
  return linkers;
}

function addLinks(linkers: Map<string, Set<string>>, pages: SourcePage[], transformed: Map<string, TransformedPage>): void {
  const routes = new Map<string, string>();
  for (const page of pages) {
    for (const link of transformed.get(page.id)?.links ?? []) {
      if (link.route === undefined) continue;
      let route = routes.get(link.route);
      if (route === undefined) routes.set(link.route, (route = normaliseRoute(link.route)));
      let ids = linkers.get(route);
      if (!ids) linkers.set(route, (ids = new Set()));
      ids.add(page.id);
    }
  }
}

/** The build, and the files it read from outside the site's folders (the client bundle's, MDX pages' modules). */
async function buildSite(
  options: BuildOptions,
  core: Site,
  state: SiteState,
  time: StageTimer,
  timings: Record<string, number>,
  searchState: SearchIndexState,
): Promise<{ result: BuildResult; extra: string[] }> {
  const { site, assets } = state;
  const { config } = site;
  if (options.site && options.sink instanceof IncrementalWriter) {
    const updated = await updateSite(options, core, state, options.sink, time, timings, searchState);
    if (updated) return { result: updated, extra: [] };
  }
  // esbuild bundles the client in its own process while the pages are transformed.
  const bundling = time('bundle', () => core.bundle(state));
  bundling.catch(() => {}); // awaited below; a build that fails before must not leave it unhandled
  // A one-off build bundles nothing more: esbuild's process goes (MDX pages start another as they need it).
  if (!options.site) bundling.then(releaseEsbuild, () => {});
  const writer = options.sink ?? new OutputWriter(path.resolve(options.cwd ?? process.cwd(), options.outDir), cacheDirOf(options, config));
  await writer.begin();
  // Pagefind indexes each page in its own process as soon as the page is transformed.
  const searchFeed = startSearchFeed(config, searchState, (file, content) => writer.write(SEARCH_INDEX_DIR + file, content), searchState.live !== undefined);
  let searchLater: (() => Promise<void>) | undefined;
  // Each page is rendered and written as soon as it is transformed; a failed check below throws
  // the whole output away. Only a site kept between builds (serve --watch) keeps pages' HTML
  // and renders: a one-off build holds each page's only until it is written.
  const renders = renderAsTransformed(state, bundling, writer, options.site ? core.rendered : undefined);
  const pause = pauses(options.superseded);
  try {
    const transformed = await time('transform', () =>
      transformPages(site.pages, {
        ...state.context,
        prune: true,
        outlines: !options.site,
        keepThreadFree: options.keepThreadFree,
        pause,
        onPage: async (page: SourcePage, result: TransformedPage) => {
          await pause();
          await searchFeed?.addSource(page, result);
          await renders.take(page, result);
          // A one-off build is done with a page's markdown once the page is handed on (the checks
          // read its outline): 10,000 pages' sources are 120 MB.
          if (!options.site) page.body = '';
        },
      }),
    );
    await renders.drain();
    await pause(true);
    // The output plan's check needs the bundle's file names.
    const bundle = await bundling;
    const islands = islandFiles(transformed.values());
    const checked = await checkTransformed(state, transformed, time, { generated: generatedFiles(bundle, islands, state), pause });
    const { graph, redirects, diagnostics: all } = checked;
    failOnErrors(all);
    await pause(true);

    // Pagefind finishes the index in its own process while this thread renders the generated pages.
    const [, search] = await allSettled([time('render', () => renders.rest(graph, pause)), time('search-index', () => indexSearch({ config, graph, writer, feed: searchFeed, state: searchState }))]);
    timings.render += renders.ms();
    searchLater = search.later;
    await pause(true);
    await time('write', async () => {
      for (const f of site.staticFiles) await writer.copy(f.real, f.rel);
      for (const f of bundle.files) await writer.write(f.path, f.contents);
      for (const [file, code] of islands) await writer.write(file, code);
      for (const [abs, url] of assets.urls) await writer.copy(assets.files.get(abs)!, url.slice(config.baseUrl.length));
      for (const [from, to] of redirects.map) for (const file of redirectFiles(from)) await writer.write(file, redirectStub(to));
      await writer.write('_redirects', redirectsFile(redirects.map));
      await writer.write('sitemap.xml', sitemap(config, graph));
      await writer.commit();
    });
    await time('cache', () => core.pruneStore(state));
    if (options.site && writer instanceof IncrementalWriter) lastBuilds.set(core, { state, transformed, checked, renderer: await renders.renderer, bundle });
    const mdxModules = [...transformed.values()].flatMap((t) => (t.imports ?? []).map(([file]) => path.resolve(config.rootDir, file)));
    const result: BuildResult = {
      config,
      graph,
      redirects: redirects.map,
      warnings: all.filter((d) => d.severity === 'warning'),
      pageCount: graph.pages.size,
      images: [...assets.urls.keys()],
      timings,
      ...(searchLater ? { searchLater } : {}),
    };
    return { result, extra: [...new Set([...bundle.inputs, ...mdxModules])].sort() };
  } catch (e) {
    // Pagefind and the renders stop writing first: the folder they write into goes.
    await Promise.allSettled([searchFeed?.close(), renders.drain()]);
    await writer.abort();
    throw e;
  } finally {
    await searchFeed?.close();
  }
}

/** Pages rendered and being written at once (see renderAsTransformed). */
const WRITES_IN_FLIGHT = 32;

/**
 * Renders each doc page as the transform hands it on, once the bundle (which names the scripts)
 * is made; `rest` then renders what only the whole site gives: the generated index and tag pages,
 * whose cards describe other pages, and the not-found page.
 */
function renderAsTransformed(state: SiteState, bundling: Promise<ClientBundle>, writer: OutputSink, cache: Map<string, RenderedPage> | undefined) {
  const { config } = state.site;
  const renderer = bundling.then((bundle) =>
    RouteRenderer.start({
      graph: state.graph,
      shell: state.shell.shell,
      bundle,
      siteUrl: config.user.url,
      favicon: config.user.favicon,
      image: config.user.image,
      writer,
      ...(cache ? { cache } : {}),
    }),
  );
  renderer.catch(() => {}); // the bundle's failure is the build's, reported where it is awaited
  const done = new Set<string>();
  let ms = 0;
  // Pages being written: a few at a time, so that the transform never waits for the disk, nor
  // the disk for the transform, and only those pages' documents are held.
  const inFlight = new Set<Promise<void>>();
  const render = async (page: GraphPage, pause?: Pause) => {
    await pause?.();
    done.add(page.route);
    const r = await renderer;
    while (inFlight.size >= WRITES_IN_FLIGHT) await Promise.race(inFlight);
    const t0 = performance.now();
    const written = r.page(page);
    ms += performance.now() - t0;
    inFlight.add(written);
    // Its failure is reported by drain(); the next page need not wait for this one.
    written.then(
      () => inFlight.delete(written),
      () => {},
    );
  };
  const drain = () => Promise.all(inFlight);
  return {
    renderer,
    take(source: SourcePage, result: TransformedPage): Promise<void> {
      const page = docPageToRender(state.graph, source, result);
      return page ? render(page) : Promise.resolve();
    },
    /** Waits for the pages being written (and throws the first failure). */
    drain,
    async rest(graph: SiteGraph, pause?: Pause): Promise<void> {
      for (const page of graph.pages.values()) {
        if (done.has(page.route)) continue;
        // Doc pages were all handed on by the transform; only generated pages are left.
        if (page.kind === 'doc') throw new Error(`docsgen: ${page.route} was not rendered with its content`);
        await render(page, pause);
      }
      await (await renderer).notFound();
      await drain();
    },
    /** Time spent rendering, in this thread, so far. */
    ms: () => Math.round(ms),
  };
}

/** A doc page with its own content, as a build renders it; undefined when another source has its route or id (an error the checks report). */
function docPageToRender(graph: SiteGraph, source: SourcePage, result: TransformedPage): GraphPage | undefined {
  const page = graph.pages.get(source.route);
  if (page?.kind !== 'doc' || page.file !== source.file) return undefined;
  return pageWithContent(page, (id) => (id === source.id ? pageContent(source, result) : undefined));
}

/** The files a build makes besides pages and redirects: the client bundle, MDX islands, images (two copies of one image share a content-hashed name: one file). */
function generatedFiles(bundle: ClientBundle, islands: Map<string, string>, { site, assets }: SiteState): string[] {
  return [...new Set([...bundle.files.map((f) => f.path), ...islands.keys(), ...[...assets.urls.values()].map((url) => url.slice(site.config.baseUrl.length))])];
}

/** What a build checks once the pages are transformed, before it renders anything. */
export interface CheckedSite {
  graph: SiteGraph;
  redirects: RedirectMap;
  /** Every problem found, with the severities the config's `checks` sets. */
  diagnostics: Diagnostic[];
  /** The problems of each page checked, by doc id, as found (before severities): see sourceProblems. */
  bySource: Map<string, SourceProblems>;
  /** The output plan's problems, and the generated files it was checked with. */
  plan: { generated: string[]; diagnostics: Diagnostic[] };
}

/** A page's own problems: its transform's, and its links', anchors' and images'. */
export interface SourceProblems {
  own: Diagnostic[];
  links: Diagnostic[];
}

/**
 * The site graph, redirects and every check of `sources` (by default every page): shared by the
 * build and `docsgen check`, so the two can never disagree about what is a problem.
 */
export async function checkTransformed(
  state: SiteState,
  transformed: Map<string, TransformedPage>,
  time: StageTimer,
  { sources = state.site.pages, generated = [], pause = async () => {} }: { sources?: SourcePage[]; generated?: string[]; pause?: Pause } = {},
): Promise<CheckedSite> {
  const graph = await time('content', () => withContent(state.graph, Site.contentOf(state, transformed)));
  await pause(true);
  const redirects = siteRedirects(state.site, graph);
  await pause(true);
  const bySource = await time('check', () => sourceProblems(state, graph, redirects, transformed, sources));
  await pause(true);
  const plan = { generated, diagnostics: outputPlanProblems(state, graph, redirects, generated) };
  return { graph, redirects, bySource, plan, diagnostics: siteProblems(state, graph, redirects, plan.diagnostics, bySource) };
}

/** The problems of these pages, by doc id, in the order of the pages. */
function sourceProblems(state: SiteState, graph: SiteGraph, redirects: RedirectMap, transformed: Map<string, TransformedPage>, sources: SourcePage[]): Map<string, SourceProblems> {
  const { config, staticFiles, drafts } = state.site;
  const links = checkLinks({ graph, sources, transformed, staticDir: config.staticDir, staticFiles: staticFiles.map((f) => f.rel), redirectSources: new Set(redirects.map.keys()), drafts });
  // Once per id: two files can give one doc id (`a.md`, `a.mdx`), and their page's problems count once.
  return new Map([...new Set(sources.map((p) => p.id))].map((id) => [id, { own: transformed.get(id)?.diagnostics ?? [], links: links.get(id) ?? [] }]));
}

/** Where every file of the output would go, checked for clashes (plan-output.ts). */
function outputPlanProblems(state: SiteState, graph: SiteGraph, redirects: RedirectMap, generated: string[]): Diagnostic[] {
  const { site } = state;
  return checkOutputPlan(
    {
      pages: graph.pages.values(),
      redirects: redirects.map.keys(),
      redirectsFile: rel(site.config.configFile),
      staticFiles: site.staticFiles.map((f) => f.rel),
      staticDir: site.config.staticDir,
      generated,
    },
    rel,
  );
}

/** Every problem of the site: the pages' (`bySource`, every page's), the output plan's and those of the site as a whole, with the config's severities. */
function siteProblems(state: SiteState, graph: SiteGraph, redirects: RedirectMap, plan: Diagnostic[], bySource: Map<string, SourceProblems>): Diagnostic[] {
  const { site } = state;
  const { config } = site;
  const pages = [...bySource.values()];
  const found = [
    ...site.apis.diagnostics,
    ...site.warnings,
    ...pages.flatMap((p) => p.own),
    ...graph.diagnostics,
    ...sidebarAnchorProblems(graph),
    ...redirects.diagnostics,
    ...state.shell.diagnostics,
    ...pages.flatMap((p) => p.links),
    ...plan,
  ];
  return applySeverity(found, config.user.checks);
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
