// For `serve --watch`: the site ready to serve in about a second, whatever its size. The site graph
// is made without transforming any page (titles come from frontmatter or the first `# ` line), and a
// page is transformed and rendered when a browser asks for it, while the full build runs behind.
// Once that build is done, the server goes back to serving its output.
import path from 'node:path';
import { bundleClient } from './bundle-client.ts';
import { buildSiteGraph, pageContent, type SiteGraph } from './site-graph.ts';
import { graphInput, loadSite, siteRedirects, siteShell, stageTimer, transformContext, type BuildOptions } from './build.ts';
import { renderNotFound, renderRoute, writeSidebarFiles } from './render-pages.ts';
import { AssetRegistry, firstHeadingOf, transformPages, type TransformedPage } from './transform-markdown.ts';
import { IncrementalWriter } from './write-output.ts';
import type { SourcePage } from './collect-docs.ts';

export interface OnDemandSite {
  /** Redirects of the site, for the server to answer while no build has finished. */
  redirects: Map<string, string>;
  /** The document at a route, or its data chunk; undefined when no page has that route. */
  render(route: string, kind: 'html' | 'json'): Promise<string | undefined>;
  timings: Record<string, number>;
}

const DATA_CHUNK = /^\/_data\/(.+)\.json$/;

/** The route whose document (`html`) or data chunk (`json`) a request path names, if it names one. */
export function requestedRoute(urlPath: string): { route: string; kind: 'html' | 'json' } {
  const chunk = DATA_CHUNK.exec(urlPath);
  if (chunk && !chunk[1].startsWith('sidebars/')) return { route: chunk[1] === 'index' ? '/' : `/${chunk[1]}`, kind: 'json' };
  return { route: urlPath.replace(/\.html?$/, '').replace(/\/index$/, '').replace(/\/+$/, '') || '/', kind: 'html' };
}

export async function prepareOnDemand(options: BuildOptions): Promise<OnDemandSite> {
  const timings: Record<string, number> = {};
  const time = stageTimer(timings);
  const site = await loadSite(options, time);
  const { config } = site;
  // Every page as its outline: enough for sidebars, breadcrumbs and previous/next links.
  const outlines = new Map(site.pages.map((p) => [p.id, p.prebuilt ?? outline(p)]));
  const graph = await time('graph', () => buildSiteGraph(graphInput(site, outlines)));
  const shell = siteShell(site);
  const bundle = await time('bundle', () => bundleClient(shell.shell, config.baseUrl));
  const render = { graph, shell: shell.shell, bundle, siteUrl: config.user.url, favicon: config.user.favicon, image: config.user.image };

  // What pages load besides themselves: the bundle, the sidebars, static files, the 404 page.
  const outDir = path.resolve(options.cwd ?? process.cwd(), options.outDir);
  const writer = new IncrementalWriter(outDir);
  await writer.begin();
  const sidebarFiles = await time('write', async () => {
    for (const f of bundle.files) await writer.write(f.path, f.contents);
    if (config.staticDir) await writer.copyDir(config.staticDir);
    await writer.write('404.html', renderNotFound(render));
    return writeSidebarFiles({ graph, shell: shell.shell, writer });
  });

  const assets = new AssetRegistry(config.baseUrl);
  // Its own cache: a transform prunes its cache to the pages it was given, and the build's holds them all.
  const context = transformContext(site, assets, new Map());
  const sources = new Map(site.pages.map((p) => [p.route, p]));
  const made = new Map<string, Promise<{ html: string; json: string } | undefined>>();

  /** The graph with one page's real content in place of its outline. */
  const withContent = async (source: SourcePage): Promise<SiteGraph> => {
    const transformed = (await transformPages([source], context)).get(source.id)!;
    for (const [abs, url] of assets.urls) await writer.copy(abs, url.slice(config.baseUrl.length));
    const page = graph.pages.get(source.route)!;
    const pages = new Map(graph.pages);
    pages.set(source.route, { ...page, ...pageContent(source, transformed, page.title) });
    return { ...graph, pages };
  };

  const make = async (route: string) => {
    if (!graph.pages.has(route)) return undefined;
    const source = sources.get(route);
    const pageGraph = source && !source.prebuilt ? await withContent(source) : graph;
    return renderRoute({ ...render, graph: pageGraph }, route, sidebarFiles);
  };

  return {
    redirects: siteRedirects(site, graph).map,
    timings,
    async render(route, kind) {
      let pending = made.get(route);
      if (!pending) made.set(route, (pending = make(route)));
      return (await pending)?.[kind];
    },
  };
}

/** What the site graph needs of a page it has not transformed yet. */
function outline(page: SourcePage): TransformedPage {
  return { html: '', headings: [], toc: [], links: [], images: [], firstH1: firstHeadingOf(page.body), diagnostics: [] };
}
