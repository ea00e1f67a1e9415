// Client navigation: load the next route's data chunk, then swap. A failed load falls back to a
// full page load, so a reader never ends up on a broken page.
import { dataChunkUrl, type PageData, type SidebarData } from '../shared/types.ts';

const sidebarCache = new Map<string, Promise<SidebarData>>();

export function loadSidebar(file: string): Promise<SidebarData> {
  let p = sidebarCache.get(file);
  if (!p) {
    p = fetch(file).then((r) => {
      if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
      return r.json() as Promise<SidebarData>;
    });
    p.catch(() => sidebarCache.delete(file));
    sidebarCache.set(file, p);
  }
  return p;
}

/** `/x.html`, `/x/index` and `/x/` are `/x`. */
export function normalisePath(pathname: string): string {
  let r = pathname.replace(/\/+/g, '/').replace(/\.html?$/, '').replace(/(^|\/)index$/, '').replace(/\/+$/, '');
  if (r === '') r = '/';
  return r;
}

export async function loadPage(baseUrl: string, route: string): Promise<{ page: PageData; sidebar?: SidebarData }> {
  const res = await fetch(dataChunkUrl(baseUrl, route));
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
  const page = (await res.json()) as PageData;
  const sidebar = page.sidebar ? await loadSidebar(page.sidebar.file) : undefined;
  return { page, sidebar };
}

/** Whether a click on this anchor is ours to handle rather than the browser's. */
export function isClientNavigable(a: HTMLAnchorElement, event: MouseEvent, baseUrl: string): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (a.target && a.target !== '_self') return false;
  if (a.hasAttribute('download')) return false;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin) return false;
  if (!url.pathname.startsWith(baseUrl)) return false;
  // Files (images, the sitemap, assets) are not routes.
  if (/\.(?!html?$)[a-z0-9]+$/i.test(url.pathname)) return false;
  return true;
}
