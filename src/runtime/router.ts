// Route data: which URLs are routes of this site, and loading a route's data chunk and sidebar files.
import { dataChunkUrl, type PageData, type SidebarData } from '../shared/types.ts';
import { normaliseRoute } from '../shared/routes.ts';

const sidebarCache = new Map<string, Promise<SidebarData>>();

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${res.status} ${res.statusText} (${url})`);
  return (await res.json()) as T;
}

/** A sidebar file, fetched once for the life of the page (its name changes with its content). */
export function loadSidebar(file: string): Promise<SidebarData> {
  let p = sidebarCache.get(file);
  if (!p) {
    p = getJson<SidebarData>(file);
    p.catch(() => sidebarCache.delete(file));
    sidebarCache.set(file, p);
  }
  return p;
}

export interface LoadedRoute {
  page: PageData;
}

/**
 * `reload` skips the HTTP cache ('Try again' after a crash must not get the same bad copy);
 * `force-cache` takes a copy prefetched moments ago even if the host marked it `no-cache`.
 */
export async function loadPage(baseUrl: string, route: string, cache: RequestCache = 'default'): Promise<LoadedRoute> {
  // The page carries what its sidebar shows; the rest loads when a reader opens a category.
  return { page: await getJson<PageData>(dataChunkUrl(baseUrl, route), { cache }) };
}

/** The route a URL names on this site, or undefined for other origins, other bases and files. */
export function routeOf(url: URL, baseUrl: string): string | undefined {
  if (url.origin !== location.origin || !url.pathname.startsWith(baseUrl)) return undefined;
  // Files (images, the sitemap, assets) are not routes.
  if (/\.(?!html?$)[a-z0-9]+$/i.test(url.pathname)) return undefined;
  return normaliseRoute(url.pathname.slice(baseUrl.length - 1));
}

/** Whether a click on this anchor is ours to handle rather than the browser's. */
export function isClientNavigable(a: HTMLAnchorElement, event: MouseEvent, baseUrl: string): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (a.target && a.target !== '_self') return false;
  if (a.hasAttribute('download')) return false;
  return routeOf(new URL(a.href, location.href), baseUrl) !== undefined;
}
