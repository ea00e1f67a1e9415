// Stage 6: every route to a full HTML document with React's renderToString, plus the small data
// chunk the client loads when it navigates to that route.
import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '../runtime/App.tsx';
import { SIDEBAR_SLOT, SidebarItem } from '../runtime/components/Sidebar.tsx';
import { EARLY_SEARCH, EVENTS, SEARCH_HOTKEYS, STORAGE_KEYS, TEXT } from '../runtime/constants.ts';
import { contains, pruneSidebar } from '../shared/sidebar-tree.ts';
import { dataChunkUrl, type BootData, type PageData, type ShellConfig, type SidebarNode } from '../shared/types.ts';
import type { GraphPage, SiteGraph } from './site-graph.ts';
import { escapeHtml } from './escape-html.ts';
import type { ClientBundle } from './bundle-client.ts';
import type { OutputSink } from './write-output.ts';
import { htmlPathOf } from './write-output.ts';
import { splitSidebar } from './sidebar-files.ts';

export interface RenderInput {
  graph: SiteGraph;
  shell: ShellConfig;
  bundle: ClientBundle;
  siteUrl: string;
  favicon?: string;
  image?: string;
  writer: OutputSink;
  /** Kept by `serve --watch`: a page whose inputs did not change is not rendered again. */
  cache?: Map<string, RenderedPage>;
}

/** What a route's HTML document and data chunk were made from, and their hashes as written (for `serve --watch`). */
export interface RenderedPage {
  /** The shell and bundle they were rendered with. */
  context: string;
  data: PageData;
  /** SHA-1 (hex) of the document and of the data chunk, as OutputSink.unchanged takes them. */
  html: string;
  json: string;
}

const sha1 = (contents: string | Uint8Array) => createHash('sha1').update(contents).digest('hex');

/**
 * A document is made of pieces: text made for its page, and sidebar items shared by every page
 * that does not hold them. When each page carried its whole sidebar, encoding the documents to
 * UTF-8 for writing was most of the render (9 of 16 s at 2,000 pages); a shared item is encoded
 * once and its bytes copied into each page, and that still spares the siblings of a page in a
 * long category.
 */
type Piece = string | SharedHtml;
interface SharedHtml {
  readonly html: string;
  readonly bytes: Uint8Array;
}

const textOf = (pieces: Piece[]): string => pieces.map((p) => (typeof p === 'string' ? p : p.html)).join('');
const bytesOf = (pieces: Piece[]): Uint8Array => Buffer.concat(pieces.map((p) => (typeof p === 'string' ? Buffer.from(p) : p.bytes)));

/** The pieces before and after the first `slot` in `html`, around `inner` (as String.replace of the first would). */
function fill(html: string, slot: string, inner: () => Piece[]): Piece[] {
  const at = html.indexOf(slot);
  return at < 0 ? [html] : [html.slice(0, at), ...inner(), html.slice(at + slot.length)];
}

/**
 * Renders routes one at a time, as the build hands them on, into the writer: no render waits for
 * the others, and none is held once written. `start` writes the sidebar files every page names.
 */
export class RouteRenderer {
  private readonly contextKey: string;

  private constructor(
    private readonly input: RenderInput,
    private readonly sidebarFiles: Map<string, string>,
  ) {
    this.contextKey = renderContextKey(input);
  }

  static async start(input: RenderInput): Promise<RouteRenderer> {
    return new RouteRenderer(input, await writeSidebarFiles(input));
  }

  /**
   * A page with its content (see pageWithContent): its document and data chunk. A document is
   * made of its data and the render context alone, so one the last build wrote from the same
   * (its data chunk says what) is taken as it is, where the writer can (see OutputSink.reuse).
   */
  async page(page: GraphPage): Promise<void> {
    const { writer } = this.input;
    const data = pageData(page, this.sidebarFiles, this.input);
    const htmlPath = htmlPathOf(page.route);
    const jsonPath = dataChunkUrl('/', page.route).slice(1);
    // Only where a build takes files from the last one: the key costs a serialisation and a hash.
    if (writer.keyed && !this.input.cache) {
      const json = JSON.stringify(data);
      const key = createHash('sha1').update(this.contextKey).update('\0').update(json).digest('base64');
      const [html, chunk] = writer.reuse ? await Promise.all([writer.reuse(htmlPath, key), writer.reuse(jsonPath, key)]) : [false, false];
      if (!html) await writer.write(htmlPath, bytesOf(renderDocument(data, data.sidebar?.items, this.input)), key);
      if (!chunk) await writer.write(jsonPath, json, key);
      return;
    }
    const { cache } = this.input;
    if (cache && writer.unchanged && writer.writeHashed) {
      // What the last build wrote for the same data stays (the writer tells it by its hash, so a
      // render the build after a failed one holds is still written); the memo keeps the hashes, not
      // the bytes: at 10,000 pages those were 0.6 GB that serve --watch held for its whole life.
      const hit = cache.get(page.route);
      if (hit && hit.context === this.contextKey && samePageData(hit.data, data) && writer.unchanged(htmlPath, hit.html) && writer.unchanged(jsonPath, hit.json)) return;
      const html = bytesOf(renderDocument(data, data.sidebar?.items, this.input));
      const json = JSON.stringify(data);
      const made: RenderedPage = { context: this.contextKey, data, html: sha1(html), json: sha1(json) };
      cache.set(page.route, made);
      await Promise.all([writer.writeHashed(htmlPath, html, made.html), writer.writeHashed(jsonPath, json, made.json)]);
      return;
    }
    await Promise.all([writer.write(htmlPath, bytesOf(renderDocument(data, data.sidebar?.items, this.input))), writer.write(jsonPath, JSON.stringify(data))]);
  }

  notFound(): Promise<void> {
    return this.input.writer.write('404.html', renderNotFound(this.input));
  }
}

/**
 * Each sidebar in content-hashed files (one, or more for a large sidebar: see sidebar-files.ts),
 * which pages load a category's items from: the URL of each sidebar's top file by sidebar id.
 */
export async function writeSidebarFiles({ graph, shell, writer }: Pick<RenderInput, 'graph' | 'shell' | 'writer'>): Promise<Map<string, string>> {
  const sidebarFiles = new Map<string, string>();
  for (const [id, items] of graph.sidebars) {
    const split = splitSidebar(id, items, shell.baseUrl);
    for (const file of split.files) await writer.write(file.rel, file.json);
    sidebarFiles.set(id, split.root);
  }
  return sidebarFiles;
}

/**
 * One page's document and data chunk, as `renderPages` makes them: for `serve --watch`, which
 * renders a page when it is asked for. `page` comes with its content.
 */
export function renderRoute(input: Omit<RenderInput, 'writer' | 'cache'>, page: GraphPage, sidebarFiles: Map<string, string>): { html: string; json: string } {
  const data = pageData(page, sidebarFiles, input);
  return { html: textOf(renderDocument(data, data.sidebar?.items, input)), json: JSON.stringify(data) };
}

export function renderNotFound(input: Omit<RenderInput, 'writer' | 'cache'>): string {
  const notFound: PageData = {
    route: '/404',
    title: 'Page Not Found',
    description: '',
    html: '',
    toc: [],
    hideToc: true,
    breadcrumbs: [],
    kind: 'not-found',
  };
  return textOf(renderDocument(notFound, undefined, input));
}

/** What every page's document depends on besides its own data: the bundle, the shell and the site's URL, favicon and image. */
export function renderContextKey(input: Omit<RenderInput, 'writer' | 'cache'>): string {
  // Every file of the bundle a document names: its script, its modules to preload, its stylesheets.
  const site = JSON.stringify([input.bundle.css, input.bundle.preload, input.shell, input.siteUrl, input.favicon ?? null, input.image ?? null]);
  return `${input.bundle.entryJs}\0${createHash('sha256').update(site).digest('hex')}`;
}

/**
 * Docusaurus marks a navbar doc entry active on every page of the sidebar its doc shows (the
 * welcome page shows 'documentation' without being in it). The routes of those entries, per sidebar.
 */
const navbarDocsMemo = new WeakMap<SiteGraph, Map<string, string[]>>();
function navbarDocs({ graph, shell }: Pick<RenderInput, 'graph' | 'shell'>, sidebarId: string): string[] {
  let bySidebar = navbarDocsMemo.get(graph);
  if (!bySidebar) navbarDocsMemo.set(graph, (bySidebar = new Map()));
  let routes = bySidebar.get(sidebarId);
  if (!routes) {
    routes = shell.navbar.items.filter((i) => i.doc && i.to !== undefined && graph.pages.get(i.to)?.sidebarId === sidebarId).map((i) => i.to!);
    bySidebar.set(sidebarId, routes);
  }
  return routes;
}

/** The page's sidebar as it shows on load, and the file that names its version. */
function pageSidebar(page: GraphPage, sidebarFiles: Map<string, string>, { graph, shell }: Pick<RenderInput, 'graph' | 'shell'>): PageData['sidebar'] {
  const id = page.sidebarId;
  const items = id === undefined ? undefined : graph.sidebars.get(id);
  const file = id === undefined ? undefined : sidebarFiles.get(id);
  if (id === undefined || !items || file === undefined) return undefined;
  const docs = navbarDocs({ graph, shell }, id);
  return { id, file, items: pruneSidebar(items, page.route, splitSidebar(id, items, shell.baseUrl)), ...(docs.length ? { navbarDocs: docs } : {}) };
}

function pageData(page: GraphPage, sidebarFiles: Map<string, string>, input: Pick<RenderInput, 'graph' | 'shell'>): PageData {
  const sidebar = pageSidebar(page, sidebarFiles, input);
  return {
    route: page.route,
    title: page.title,
    description: page.description,
    html: page.html,
    toc: page.toc,
    hideToc: page.hideToc,
    breadcrumbs: page.breadcrumbs,
    ...(page.prev ? { prev: page.prev } : {}),
    ...(page.next ? { next: page.next } : {}),
    ...(sidebar ? { sidebar } : {}),
    kind: page.kind,
    ...(page.cards ? { cards: page.cards } : {}),
    ...(page.tags ? { tags: page.tags } : {}),
    ...(page.editUrl ? { editUrl: page.editUrl } : {}),
    ...(page.unlisted ? { noindex: true as const } : {}),
    ...(page.image ? { image: page.image } : {}),
  };
}

/**
 * On the not-found page only. A host that just maps paths to files answers `/x.html` and `/x/index`
 * with 404.html; the spec normalises them to `/x`, so the page goes there at once, before anything
 * paints or loads, keeping query and hash. `/x` itself never matches, so this cannot loop.
 */
const NORMALISE_SCRIPT = `var l=location,p=l.pathname,n=p.replace(/(\\/index)?\\.html?$|\\/index$/,'');if(n!==p){l.replace((n||'/')+l.search+l.hash);return}`;

/**
 * Runs before first paint: colour mode, the `js` class and a dismissed announcement bar, so nothing
 * flashes; the search hotkeys, so none is lost; on the not-found page, the normalised address.
 */
function headScript(shell: ShellConfig, data: PageData): string {
  const route = data.route;
  const cm = shell.colorMode;
  const bar = shell.announcementBar;
  const str = (v: string) => JSON.stringify(v);
  const system = `matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'`;
  return `(function(){${data.kind === 'not-found' ? NORMALISE_SCRIPT : ''}var d=document.documentElement;d.classList.add('js');var s=null;try{s=localStorage}catch(e){}function g(k){try{return s&&s.getItem(k)}catch(e){return null}}var t=g(${str(STORAGE_KEYS.theme)});var m=${cm.disableSwitch ? 'null' : 't'};if(m!=='light'&&m!=='dark'){m=${cm.respectPrefersColorScheme ? system : str(cm.defaultMode)}}d.setAttribute('data-theme',m);${
    bar ? `if(g(${str(STORAGE_KEYS.announcementId)})===${str(bar.id)}&&g(${str(STORAGE_KEYS.announcementDismiss)})==='true')d.setAttribute('data-announcement-bar-initially-dismissed','true');` : ''
  }${shell.baseUrlIssueBanner && route === '/' ? baseUrlBannerScript(shell.baseUrl) : ''}${shell.search ? HOTKEY_SCRIPT : ''}})()`;
}

/**
 * The search hotkeys, caught from the first paint (the shell's own code loads later, and hydrates
 * later still): Ctrl/Cmd+K never reaches the browser's shortcut, and a key pressed before the
 * search code has loaded is noted for it (see features/search/listen.ts), not lost.
 */
const HOTKEY_SCRIPT = (() => {
  const str = (v: string) => JSON.stringify(v);
  const { global, pending, ready } = EARLY_SEARCH;
  const typing = `t&&(t.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))`;
  const hotkey = `m&&!e.altKey&&!e.shiftKey&&k.toLowerCase()===${str(SEARCH_HOTKEYS.key)}||k===${str(SEARCH_HOTKEYS.slash)}&&!m&&!e.altKey&&!(${typing})`;
  return `document.addEventListener('keydown',function(e){var k=e.key||'',t=e.target,m=e.metaKey||e.ctrlKey,w=window;if(!(${hotkey}))return;e.preventDefault();if(w[${str(global)}]===${str(ready)})dispatchEvent(new CustomEvent(${str(EVENTS.openSearch)}));else w[${str(global)}]=${str(pending)}});`;
})();

const BASE_URL_BANNER_ID = 'docsgen-base-url-issue-banner';

/**
 * The home document served at any path but the base means the base URL is wrong, and then the
 * bundle and stylesheet (addressed under the base) fail to load too: so this check, the text and
 * the banner's look are all inline, needing nothing else from the site.
 */
function baseUrlBannerScript(baseUrl: string): string {
  const text = JSON.stringify(TEXT.baseUrlBanner(baseUrl, '\u0000'));
  return `document.addEventListener('DOMContentLoaded',function(){var p=location.pathname.replace(/index\\.html?$/,'');if(p===${JSON.stringify(baseUrl)}||p+'/'===${JSON.stringify(baseUrl)})return;var b=document.getElementById('${BASE_URL_BANNER_ID}');if(!b)return;b.textContent=${text}.replace('\\u0000',p.slice(-1)==='/'?p:p+'/');b.hidden=false});`;
}

const BASE_URL_BANNER = `<div id="${BASE_URL_BANNER_ID}" role="alert" hidden style="margin:16px;padding:16px;border:2px solid #c92a2a;border-radius:6px;background:#fff5f5;color:#1a1a2e;font:16px/1.5 system-ui,sans-serif"></div>\n`;

/**
 * How each field of a page's data is compared between builds (the type makes a new field need an
 * entry). The content and TOC by identity: an unchanged page hands back the same objects, and
 * comparing them would cost more than everything else together. The rest by value.
 */
const COMPARE: { [K in keyof Required<PageData>]: 'identity' | 'value' } = {
  route: 'value',
  title: 'value',
  description: 'value',
  html: 'identity',
  toc: 'identity',
  hideToc: 'value',
  breadcrumbs: 'value',
  prev: 'value',
  next: 'value',
  sidebar: 'value',
  kind: 'value',
  cards: 'value',
  tags: 'value',
  editUrl: 'value',
  noindex: 'value',
  image: 'value',
};
const FIELDS = Object.entries(COMPARE) as [keyof PageData, 'identity' | 'value'][];

/** Whether two pages' data render the same; made for every page on every watch rebuild, so nothing is serialised. */
export function samePageData(a: PageData, b: PageData): boolean {
  for (const [field, how] of FIELDS) {
    const x = a[field];
    const y = b[field];
    if (x !== y && (how === 'identity' || !equalValues(x, y))) return false;
  }
  return true;
}

function equalValues(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null || Array.isArray(x) !== Array.isArray(y)) return false;
  const a = x as Record<string, unknown>;
  const b = y as Record<string, unknown>;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => equalValues(a[k], b[k]));
}

/**
 * A sidebar item renders the same on every route outside it, so each is rendered once and reused;
 * only the items that hold the current route are rendered for the page. This keeps the cost of
 * sidebars linear in pages instead of pages × sidebar size. The result is byte-identical to
 * rendering the whole sidebar (a test checks it), so hydration matches.
 */
const sidebarItemCache = new WeakMap<SidebarNode, SharedHtml>();

export function renderSidebarItems(items: SidebarNode[], route: string, prefix = ''): Piece[] {
  const pieces: Piece[] = [];
  items.forEach((node, i) => {
    const path = prefix ? `${prefix}-${i}` : String(i);
    if (!contains(node, route)) {
      let cached = sidebarItemCache.get(node);
      if (cached === undefined) {
        const html = renderToString(createElement(SidebarItem, { node, route: '', path }));
        cached = { html, bytes: Buffer.from(html) };
        sidebarItemCache.set(node, cached);
      }
      pieces.push(cached);
    } else if (node.kind === 'category') {
      // Only the trail down to the current page is rendered for it; its siblings come from the cache.
      const shellHtml = renderToString(createElement(SidebarItem, { node, route, path, slot: true }));
      pieces.push(...fill(shellHtml, SIDEBAR_SLOT, () => renderSidebarItems(node.items, route, path)));
    } else {
      pieces.push(renderToString(createElement(SidebarItem, { node, route, path })));
    }
  });
  return pieces;
}

function renderBodyPieces(shell: ShellConfig, data: PageData, sidebar: SidebarNode[] | undefined): Piece[] {
  const body = renderToString(createElement(App, { shell, page: data, sidebar, sidebarSlot: sidebar !== undefined }));
  return sidebar ? fill(body, SIDEBAR_SLOT, () => renderSidebarItems(sidebar, data.route)) : [body];
}

export function renderBody(shell: ShellConfig, data: PageData, sidebar: SidebarNode[] | undefined): string {
  return textOf(renderBodyPieces(shell, data, sidebar));
}

function renderDocument(data: PageData, sidebar: SidebarNode[] | undefined, input: Omit<RenderInput, 'writer' | 'cache'>): Piece[] {
  const { shell, bundle } = input;
  const body = renderBodyPieces(shell, data, sidebar);
  const { html: _html, sidebar: drawn, ...bootPage } = data;
  // The sidebar's items the body draws are read back from it by the client: not sent twice.
  const bootSidebar = drawn && sidebar === drawn.items ? { id: drawn.id, file: drawn.file, ...(drawn.navbarDocs ? { navbarDocs: drawn.navbarDocs } : {}) } : drawn;
  const boot: BootData = { page: { ...bootPage, ...(bootSidebar ? { sidebar: bootSidebar } : {}) } };
  const title = `${data.title} | ${shell.title}`;
  const canonical = `${input.siteUrl.replace(/\/$/, '')}${shell.baseUrl.replace(/\/$/, '')}${data.route === '/' ? '/' : data.route}`;
  const imagePath = data.image ?? input.image;
  const image = imagePath && (/^https?:\/\//.test(imagePath) ? imagePath : `${input.siteUrl.replace(/\/$/, '')}${shell.baseUrl}${imagePath.replace(/^\//, '')}`);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    data.description ? `<meta name="description" content="${escapeHtml(data.description)}">` : '',
    data.kind === 'not-found' ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    data.noindex ? '<meta name="robots" content="noindex, nofollow">' : '',
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    data.description ? `<meta property="og:description" content="${escapeHtml(data.description)}">` : '',
    data.kind === 'not-found' ? '' : `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    '<meta property="og:type" content="website">',
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
    '<meta name="twitter:card" content="summary">',
    input.favicon ? `<link rel="icon" href="${escapeHtml(shell.baseUrl + input.favicon.replace(/^\//, ''))}">` : '',
    `<script>${headScript(shell, data)}</script>`,
    shell.search?.provider === 'algolia' ? `<link rel="preconnect" href="${escapeHtml(shell.search.origin)}" crossorigin>` : '',
    ...bundle.css.map((href) => `<link rel="stylesheet" href="${href}">`),
    // The page paints without its script (the HTML is complete): the shell's code comes after the
    // stylesheet and images on a slow connection, not before them.
    ...bundle.preload.map((href) => `<link rel="modulepreload" href="${href}" fetchpriority="low">`),
    `<script type="module" src="${bundle.entryJs}" fetchpriority="low"></script>`,
  ]
    .filter(Boolean)
    .join('\n');
  const bootJson = JSON.stringify(boot).replace(/</g, '\\u003c');
  return [
    `<!doctype html>\n<html lang="en" dir="ltr">\n<head>\n${head}\n</head>\n<body>\n${shell.baseUrlIssueBanner && data.route === '/' ? BASE_URL_BANNER : ''}<div id="__docsgen_root">`,
    ...body,
    `</div>\n<script type="application/json" id="__docsgen">${bootJson}</script>\n</body>\n</html>\n`,
  ];
}
