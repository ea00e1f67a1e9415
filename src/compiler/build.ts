// The whole build, one line per stage. Each stage is a function of the previous stages' data.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { loadConfig, importSiteModule, rel, type ResolvedConfig } from './load-config.ts';
import { collectDocs, type FileCache } from './collect-docs.ts';
import { AssetRegistry, transformPages, type TransformedPage } from './transform-markdown.ts';
import { buildSiteGraph, type SiteGraph } from './site-graph.ts';
import { checkLinks } from './check-links.ts';
import { resolveShellConfig } from './shell-config.ts';
import { bundleClient } from './bundle-client.ts';
import { renderPages, type RenderedPage } from './render-pages.ts';
import { OutputWriter, type OutputSink } from './write-output.ts';
import { redirectFiles, redirectStub, redirectsFile, resolveRedirects } from './write-redirects.ts';
import { DocsgenError, error, sortDiagnostics, type Diagnostic } from './errors.ts';
import type { RedirectConfig, SidebarsConfig } from './define-config.ts';

export interface BuildOptions {
  config: string;
  outDir: string;
  cwd?: string;
  /** Kept between builds by `serve --watch`: unchanged pages are neither transformed nor rendered again. */
  cache?: BuildCache;
  /** Where files go; by default a temporary folder swapped in at the end. */
  sink?: OutputSink;
  log?: (line: string) => void;
}

export interface BuildCache {
  transformed: Map<string, TransformedPage>;
  /** Route → the hash of its render inputs and the HTML they gave. */
  rendered: Map<string, RenderedPage>;
  /** Source file → its stat and the page read from it. */
  files: FileCache;
}

export function createBuildCache(): BuildCache {
  return { transformed: new Map(), rendered: new Map(), files: new Map() };
}

export interface BuildResult {
  config: ResolvedConfig;
  graph: SiteGraph;
  redirects: Map<string, string>;
  warnings: Diagnostic[];
  pageCount: number;
  timings: Record<string, number>;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const timings: Record<string, number> = {};
  const time = async <T>(stage: string, f: () => Promise<T> | T): Promise<T> => {
    const t0 = performance.now();
    try {
      return await f();
    } finally {
      timings[stage] = Math.round(performance.now() - t0);
    }
  };

  const config = await time('config', () => loadConfig(options.config, options.cwd));
  const docs = await time('collect', () => collectDocs(config.docsDir, config.routeBasePath, options.cache?.files));
  failOnErrors(docs.diagnostics);
  const assets = new AssetRegistry(config.baseUrl);
  const transformed = await time('transform', () =>
    transformPages(docs.pages, {
      toc: config.toc,
      routes: docs.pages.map((p) => [p.file, p.route]),
      assets,
      cache: options.cache?.transformed,
      routesSignature: routesSignature(docs.pages),
    }),
  );
  const sidebars = await time('sidebars', () => loadSidebars(config));
  const graph = await time('graph', () =>
    buildSiteGraph({ sources: docs.pages, transformed, categories: docs.categories, sidebars, sidebarFile: config.sidebarFile, routeBase: config.routeBasePath }),
  );
  const redirects = resolveRedirects(allRedirects(config, [...graph.pages.keys()]), new Set(graph.pages.keys()), rel(config.configFile));
  const docRoutes = new Map(docs.pages.map((p) => [p.id, p.route]));
  const shell = resolveShellConfig(config, (id) => docRoutes.get(id));
  const checked = await time('check', () =>
    checkLinks({ graph, sources: docs.pages, transformed, staticDir: config.staticDir, redirectSources: new Set(redirects.map.keys()) }),
  );
  const all = [...[...transformed.values()].flatMap((t) => t.diagnostics), ...graph.diagnostics, ...redirects.diagnostics, ...shell.diagnostics, ...checked];
  failOnErrors(all);

  const writer = options.sink ?? new OutputWriter(path.resolve(options.cwd ?? process.cwd(), options.outDir));
  await writer.begin();
  try {
    const bundle = await time('bundle', () => bundleClient(shell.shell, config.baseUrl));
    await time('render', () =>
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
    );
    await time('write', async () => {
      if (config.staticDir) await writer.copyDir(config.staticDir);
      for (const f of bundle.files) await writer.write(f.path, f.contents);
      for (const [abs, url] of assets.urls) await writer.copy(abs, url.slice(config.baseUrl.length));
      for (const [from, to] of redirects.map) for (const file of redirectFiles(from)) await writer.write(file, redirectStub(to));
      await writer.write('_redirects', redirectsFile(redirects.map));
      await writer.write('sitemap.xml', sitemap(config, graph));
      await writer.commit();
    });
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
    timings,
  };
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

function failOnErrors(diagnostics: Diagnostic[]): void {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new DocsgenError(sortDiagnostics(errors));
}

async function loadSidebars(config: ResolvedConfig): Promise<SidebarsConfig> {
  if (!config.sidebarFile || !existsSync(config.sidebarFile)) {
    // Without a sidebars file every doc goes in one autogenerated sidebar, as in Docusaurus.
    return { docs: [{ type: 'autogenerated', dirName: '.' }] };
  }
  const value = await importSiteModule(config.sidebarFile);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new DocsgenError(error({ file: rel(config.sidebarFile) }, 'sidebars file must export an object of sidebars', 'export default { documentation: [ ... ] }'));
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
  const urls = [...graph.pages.keys()]
    .sort()
    .map((r) => `<url><loc>${origin}${r === '/' ? '/' : r}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
