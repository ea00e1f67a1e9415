// For `serve --watch`: the site ready to serve in about a second, whatever its size. The site graph
// is made without transforming any page (titles come from frontmatter or the first heading), and a
// page is transformed and rendered when a browser asks for it, while the full build runs behind.
// Everything it answers is kept in memory: it never writes to the output folder, which belongs to
// the build. Once that build is done, the server goes back to serving its output.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleClient } from './bundle-client.ts';
import { buildSiteGraph, pageContent, type SiteGraph } from './site-graph.ts';
import { graphInput, loadSite, siteRedirects, siteShell, stageTimer, transformContext, type BuildOptions } from './build.ts';
import { renderNotFound, renderRoute, writeSidebarFiles } from './render-pages.ts';
import { outlineOf, transformPages, warmInlineTransform } from './transform-markdown.ts';
import type { SourcePage } from './collect-docs.ts';
import { AssetRegistry } from './image-assets.ts';
import { normaliseRoute } from '../shared/routes.ts';
import type { OutputSink } from './write-output.ts';

export interface OnDemandResponse {
  /** A file name with the extension of what it is, for the content type. */
  name: string;
  body: string | Uint8Array;
  status: number;
}

export interface OnDemandSite {
  /** Redirects of the site, for the server to answer while no build has finished. */
  redirects: Map<string, string>;
  /** What the site has at this request path; undefined when it has nothing there. */
  respond(urlPath: string): Promise<OnDemandResponse | undefined>;
  /** The documents rendered so far, by route: to tell whether the full build shows them differently. */
  served(): Promise<Map<string, string>>;
  /** Loads the site's grammars and warms the transform up on a few pages, so the next pages asked for come quickly. */
  warm(): Promise<void>;
  timings: Record<string, number>;
}

const DATA_CHUNK = /^\/_data\/(.+)\.json$/;

export async function prepareOnDemand(options: BuildOptions): Promise<OnDemandSite> {
  const timings: Record<string, number> = {};
  const time = stageTimer(timings);
  const site = await loadSite(options, time);
  const { config } = site;
  // Every page as its outline: enough for sidebars, breadcrumbs and previous/next links.
  const outlines = new Map(site.pages.map((p) => [p.id, p.prebuilt ?? outlineOf(p)]));
  const graph = await time('graph', () => buildSiteGraph(graphInput(site, outlines)));
  const shell = siteShell(site);
  const bundle = await time('bundle', () => bundleClient(shell.shell, config.baseUrl, options.cache));
  const render = { graph, shell: shell.shell, bundle, siteUrl: config.user.url, favicon: config.user.favicon, image: config.user.image };

  // What pages load besides themselves: the bundle and the sidebars, by URL path.
  const files = new Map<string, string | Uint8Array>();
  for (const f of bundle.files) files.set(`/${f.path}`, f.contents);
  const memory: OutputSink = {
    begin: async () => {},
    write: async (rel, contents) => void files.set(`/${rel}`, contents),
    copy: async () => {},
    commit: async () => {},
    abort: async () => {},
  };
  const sidebarFiles = await writeSidebarFiles({ graph, shell: shell.shell, writer: memory });
  const notFound = renderNotFound(render);

  const assets = new AssetRegistry(config.baseUrl, config.roots);
  const staticFiles = new Map(site.staticFiles.map((f) => [f.rel, f.real]));
  // Its own cache: a transform prunes its cache to the pages it was given. Only the page's own
  // grammars are loaded (loading the whole site's would cost the first page a third of a second):
  // code embedded in another language may highlight differently from the build, and if it does,
  // the page reloads when the build is done.
  const context = transformContext(site, assets, new Map());
  const sources = new Map(site.pages.map((p) => [p.route, p]));
  const made = new Map<string, Promise<{ html: string; json: string }>>();

  /** The graph with one page's real content in place of its outline. */
  const withContent = async (source: SourcePage): Promise<SiteGraph> => {
    const transformed = (await transformPages([source], context)).get(source.id)!;
    const page = graph.pages.get(source.route)!;
    const pages = new Map(graph.pages);
    pages.set(source.route, { ...page, ...pageContent(source, transformed) });
    return { ...graph, pages };
  };

  const page = (route: string) => {
    let pending = made.get(route);
    if (!pending) {
      const source = sources.get(route);
      pending = (source && !source.prebuilt ? withContent(source) : Promise.resolve(graph)).then((g) => renderRoute({ ...render, graph: g }, route, sidebarFiles)!);
      made.set(route, pending);
    }
    return pending;
  };

  /** A file of the static folder or an image a rendered page uses, read when asked for. */
  const staticFile = async (urlPath: string): Promise<OnDemandResponse | undefined> => {
    const image = [...assets.urls].find(([, url]) => url === urlPath)?.[0];
    // Only files the build checked: an image a page uses, or a listed file of the static folder.
    const file = image ? assets.files.get(image) : staticFiles.get(urlPath.slice(1));
    if (!file) return undefined;
    const body = await readFile(file).catch(() => undefined);
    return body && { name: file, body, status: 200 };
  };

  return {
    redirects: siteRedirects(site, graph, false).map,
    timings,
    async respond(urlPath) {
      const file = files.get(urlPath);
      if (file) return { name: urlPath, body: file, status: 200 };
      const chunk = DATA_CHUNK.exec(urlPath);
      const route = chunk ? normaliseRoute(`/${chunk[1]}`) : normaliseRoute(urlPath);
      if (graph.pages.has(route)) {
        const made = await page(route);
        return chunk ? { name: 'data.json', body: made.json, status: 200 } : { name: 'index.html', body: made.html, status: 200 };
      }
      return (await staticFile(urlPath)) ?? (chunk || !path.extname(urlPath) ? { name: '404.html', body: notFound, status: 404 } : undefined);
    },
    warm: () => warmInlineTransform(site.pages, { toc: config.toc, routes: [], baseUrl: config.baseUrl, roots: config.roots }),
    async served() {
      const out = new Map<string, string>();
      for (const [route, pending] of made) out.set(route, (await pending.catch(() => undefined))?.html ?? '');
      return out;
    },
  };
}
