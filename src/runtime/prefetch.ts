// Prefetch a route's data chunk when a link to it is hovered or scrolled into view, so the click
// swaps at once. At most once per route; never on a 2g connection or with data saving on.
import { dataChunkUrl } from '../shared/types.ts';
import { routeOf } from './router.ts';

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

/** When each route was prefetched (or loaded): at most once per route. */
const done = new Map<string, number>();
let baseUrl = '/';
/** A prefetched copy is used without asking the server again for this long (Chrome's own rule). */
const PREFETCH_REUSE_MS = 5 * 60 * 1000;

function isSlowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !!connection && (connection.saveData === true || (connection.effectiveType ?? '').includes('2g'));
}

/** The route has been loaded already (the current page): no need to prefetch it. */
export function markLoaded(route: string): void {
  done.set(route, 0);
}

/**
 * Whether the route's data was prefetched lately. The host may send route data with `no-cache`,
 * and a plain fetch() would then download it again; the navigation asks for the cached copy.
 */
export function recentlyPrefetched(route: string): boolean {
  const at = done.get(route);
  return at !== undefined && at > 0 && Date.now() - at < PREFETCH_REUSE_MS;
}

export function prefetchRoute(route: string): void {
  if (done.has(route) || isSlowConnection()) return;
  done.set(route, Date.now());
  const href = dataChunkUrl(baseUrl, route);
  const link = document.createElement('link');
  if (link.relList?.supports?.('prefetch')) {
    link.rel = 'prefetch';
    link.href = href;
    document.head.append(link);
  } else {
    fetch(href).catch(() => done.delete(route));
  }
}

function routeOfAnchor(a: Element | null | undefined): string | undefined {
  if (!(a instanceof HTMLAnchorElement) || (a.target && a.target !== '_self') || a.hasAttribute('download')) return undefined;
  return routeOf(new URL(a.href, location.href), baseUrl);
}

export function initPrefetch(base: string, root: HTMLElement): void {
  baseUrl = base;
  document.addEventListener('mouseover', (e) => {
    const route = routeOfAnchor((e.target as Element | null)?.closest?.('a'));
    if (route !== undefined) prefetchRoute(route);
  });
  if (typeof IntersectionObserver === 'undefined') return;
  const observed = new WeakSet<Element>();
  const io = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      io.unobserve(entry.target);
      const route = routeOfAnchor(entry.target);
      if (route !== undefined) prefetchRoute(route);
    }
  });
  const scan = () => {
    for (const a of root.querySelectorAll('a[href]')) {
      if (observed.has(a) || routeOfAnchor(a) === undefined) continue;
      observed.add(a);
      io.observe(a);
    }
  };
  // Links come and go with route changes and opened menus; scan when the page is idle.
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    const run = () => {
      pending = false;
      scan();
    };
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 1000 });
    else setTimeout(run, 200);
  };
  new MutationObserver(schedule).observe(root, { childList: true, subtree: true });
  schedule();
}
