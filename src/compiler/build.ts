// `docsgen build`: every route of the site, checked, rendered and written. One line per stage; the
// site core (site.ts) remembers what each stage made, so a build after a change redoes only that.
import path from 'node:path';
import { rel, type ResolvedConfig } from './load-config.ts';
import type { SourcePage } from './collect-docs.ts';
import { transformPages, type TransformedPage } from './transform-markdown.ts';
import { sidebarAnchorProblems, withContent, type SiteGraph } from './site-graph.ts';
import { checkLinks } from './check-links.ts';
import { renderPages } from './render-pages.ts';
import { saveTransformCache } from './persistent-cache.ts';
import { islandFiles } from './mdx/render-mdx.ts';
import { OutputWriter, type OutputSink } from './write-output.ts';
import { redirectFiles, redirectStub, redirectsFile, type RedirectMap } from './write-redirects.ts';
import { applySeverity, type Diagnostic } from './errors.ts';
import { indexSearch, SearchIndexState, startSearchFeed, type SearchFeed } from './index-search.ts';
import { checkOutputPlan } from './plan-output.ts';
import { escapeHtml } from './escape-html.ts';
import { cacheDirOf, failOnErrors, Site, siteRedirects, stageTimer, type SiteOptions, type SiteState, type StageTimer } from './site.ts';

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
  const timings: Record<string, number> = {};
  const time = stageTimer(timings);
  const site = options.site ?? new Site(options);
  const state = await site.state(time);
  // Pagefind indexes each page in its own process as soon as the page is transformed.
  const searchState = options.search ?? new SearchIndexState(undefined, cacheDirOf(options, state.site.config));
  const search = startSearchFeed(state.site.config, searchState);
  try {
    return await buildSite(options, site, state, time, timings, { feed: search, state: searchState });
  } finally {
    await search?.close();
  }
}

async function buildSite(
  options: BuildOptions,
  core: Site,
  state: SiteState,
  time: StageTimer,
  timings: Record<string, number>,
  searchIndex: { feed: SearchFeed | undefined; state: SearchIndexState },
): Promise<BuildResult> {
  const searchFeed = searchIndex.feed;
  const { site, assets } = state;
  const { config } = site;
  const cacheDir = cacheDirOf(options, config);
  await core.loadDiskCache(config);
  const keysBefore = new Set(core.transformed.keys());
  // esbuild bundles the client in its own process while the pages are transformed.
  const bundling = time('bundle', () => core.bundle(state));
  bundling.catch(() => {}); // awaited below; a build that fails before must not leave it unhandled
  const transformed = await time('transform', () =>
    transformPages(site.pages, {
      ...state.context,
      prune: true,
      keepThreadFree: options.keepThreadFree,
      ...(searchFeed ? { onPage: (page: SourcePage, result: TransformedPage) => searchFeed.addSource(page, result) } : {}),
    }),
  );
  // The output plan's check needs the bundle's file names.
  const bundle = await bundling;
  // Two copies of one image share a content-hashed name: one file.
  const islands = islandFiles(transformed.values());
  const generated = [...new Set([...bundle.files.map((f) => f.path), ...islands.keys(), ...[...assets.urls.values()].map((url) => url.slice(config.baseUrl.length))])];
  const { graph, redirects, diagnostics: all } = await checkTransformed(state, transformed, time, { generated });
  failOnErrors(all);

  const writer = options.sink ?? new OutputWriter(path.resolve(options.cwd ?? process.cwd(), options.outDir));
  await writer.begin();
  let searchLater: (() => Promise<void>) | undefined;
  try {
    // Pagefind finishes the index in its own process while this thread renders.
    const [, search] = await allSettled([
      time('render', () =>
        renderPages({
          graph,
          shell: state.shell.shell,
          bundle,
          siteUrl: config.user.url,
          favicon: config.user.favicon,
          image: config.user.image,
          writer,
          // Only a site kept between builds (serve --watch) reuses renders: a one-off build would hold every page's HTML.
          ...(options.site ? { cache: core.rendered } : {}),
        }),
      ),
      time('search-index', () => indexSearch({ config, graph, writer, feed: searchFeed, state: searchIndex.state })),
    ]);
    searchLater = search.later;
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
    // Once per site: `serve --watch` would otherwise write the whole cache again at every save.
    if (cacheDir && !core.persisted) await persistTransformCache(cacheDir, core.transformed, keysBefore, config.rootDir, time);
    core.persisted = true;
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
    ...(searchLater ? { searchLater } : {}),
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
  state: SiteState,
  transformed: Map<string, TransformedPage>,
  time: StageTimer,
  { sources = state.site.pages, generated = [] }: { sources?: SourcePage[]; generated?: string[] } = {},
): Promise<CheckedSite> {
  const { site } = state;
  const { config } = site;
  const graph = await time('content', () => withContent(state.graph, Site.contentOf(state, transformed)));
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
  const found = [
    ...site.apis.diagnostics,
    ...site.warnings,
    ...[...pages].flatMap((t) => t?.diagnostics ?? []),
    ...graph.diagnostics,
    ...sidebarAnchorProblems(graph),
    ...redirects.diagnostics,
    ...state.shell.diagnostics,
    ...checked,
    ...plan,
  ];
  return { graph, redirects, diagnostics: applySeverity(found, config.user.checks) };
}

/** Saves the transform cache when this run added to it: an unchanged site writes nothing. */
export async function persistTransformCache(cacheDir: string, transformed: Map<string, TransformedPage>, keysBefore: Set<string>, rootDir: string, time: StageTimer): Promise<void> {
  const changed = transformed.size !== keysBefore.size || [...transformed.keys()].some((k) => !keysBefore.has(k));
  if (changed) await time('cache', () => saveTransformCache(cacheDir, transformed, rootDir));
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
