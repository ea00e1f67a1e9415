// Prefetch a route's data chunk before the click that needs it, so the click swaps at once: at
// most once per route, when the browser is idle, and never on a 2g connection or with data saving on.
// - A link the reader points at, focuses or touches is fetched whatever it costs: a click is likely.
// - Links in the content and the previous/next links are fetched as they scroll into view, one
//   at a time, up to a budget of bytes a page view (the site config's `prefetch.budgetKB`); the
//   sidebar, navbar and footer are left to the first kind, as a reader opens few of their links.
import { dataChunkUrl } from '../shared/types.ts';
import { routeOf } from './router.ts';

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

/** The links fetched as they come into view: the page's own links, and previous/next. */
const IN_VIEW_LINKS = '.markdown a[href], .pagination a[href]';

/** When each route was prefetched (or loaded): at most once per route. */
const done = new Map<string, number>();
let baseUrl = '/';
/** A prefetched copy is used without asking the server again for this long (Chrome's own rule). */
const PREFETCH_REUSE_MS = 5 * 60 * 1000;

/** This page view's background prefetch: bytes allowed and spent, the largest one, and what waits. */
const background = { budget: 0, spent: 0, largest: 0, queue: [] as string[], busy: false, view: 0 };
/** Starts watching the links of a new page view (set by initPrefetch). */
let watchNewView = () => {};

function isSlowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !!connection && (connection.saveData === true || (connection.effectiveType ?? '').includes('2g'));
}

/** Runs `f` when the browser is idle, or after `timeout` ms at the latest. */
function whenIdle(f: () => void, timeout: number): void {
  if ('requestIdleCallback' in window) requestIdleCallback(f, { timeout });
  else setTimeout(f, Math.min(timeout, 200));
}

/**
 * A route is on screen (loaded or navigated to): no need to prefetch it, and the links in view
 * from now on belong to a new page view, with a budget of its own.
 */
export function onPageView(route: string): void {
  done.set(route, 0);
  background.spent = background.largest = 0;
  background.queue = [];
  background.view += 1;
  watchNewView();
}

/**
 * Whether the route's data was prefetched lately. The host may send route data with `no-cache`,
 * and a plain fetch() would then download it again; the navigation asks for the cached copy.
 */
export function recentlyPrefetched(route: string): boolean {
  const at = done.get(route);
  return at !== undefined && at > 0 && Date.now() - at < PREFETCH_REUSE_MS;
}

/** Fetches the route's data into the HTTP cache; resolves with the bytes it took off the network. */
function fetchAhead(route: string): Promise<number> {
  done.set(route, Date.now());
  const href = dataChunkUrl(baseUrl, route);
  return new Promise((resolve) => {
    const failed = () => {
      done.delete(route);
      resolve(0);
    };
    const link = document.createElement('link');
    if (link.relList?.supports?.('prefetch')) {
      link.rel = 'prefetch';
      link.href = href;
      link.onload = () => resolve(transferred(link.href));
      link.onerror = failed;
      document.head.append(link);
    } else {
      fetch(href)
        .then((res) => (res.ok ? res.arrayBuffer().then((body) => resolve(transferred(res.url, body.byteLength))) : failed()))
        .catch(failed);
    }
  });
}

/**
 * Bytes a request took off the network (compressed, headers too; none from the cache), from
 * Resource Timing; without it, `fallback`, or the whole budget, so an unknown cost ends the
 * background prefetch of the page view rather than exceeding it.
 */
function transferred(url: string, fallback = background.budget): number {
  const entries = performance.getEntriesByName(url, 'resource') as PerformanceResourceTiming[];
  const entry = entries[entries.length - 1];
  return entry ? entry.transferSize : fallback;
}

/** The reader is about to click: fetched whatever the budget says. */
function prefetchNow(route: string): void {
  if (done.has(route) || isSlowConnection()) return;
  done.set(route, Date.now());
  whenIdle(() => void fetchAhead(route), 100);
}

/** A link in view: fetched in turn while what was spent, with the largest fetch so far, fits the budget. */
function prefetchInBackground(route: string): void {
  if (done.has(route) || isSlowConnection() || background.budget <= 0) return;
  background.queue.push(route);
  pump();
}

function pump(): void {
  if (background.busy) return;
  const route = background.queue.shift();
  if (route === undefined) return;
  if (done.has(route)) return pump();
  if (background.spent + background.largest > background.budget) {
    background.queue = [];
    return;
  }
  background.busy = true;
  const view = background.view;
  whenIdle(() => {
    const next = () => {
      background.busy = false;
      pump();
    };
    // The page view changed while waiting: its successor decides what is fetched.
    if (view !== background.view || done.has(route)) return next();
    void fetchAhead(route).then((bytes) => {
      if (view === background.view) {
        background.spent += bytes;
        background.largest = Math.max(background.largest, bytes);
      }
      next();
    });
  }, 2000);
}

function routeOfAnchor(a: Element | null | undefined): string | undefined {
  if (!(a instanceof HTMLAnchorElement) || (a.target && a.target !== '_self') || a.hasAttribute('download')) return undefined;
  return routeOf(new URL(a.href, location.href), baseUrl);
}

/** `budgetBytes`: of background prefetch per page view (0: none). */
export function initPrefetch(base: string, root: HTMLElement, budgetBytes: number): void {
  baseUrl = base;
  background.budget = budgetBytes;
  const onIntent = (e: Event) => {
    const route = routeOfAnchor((e.target as Element | null)?.closest?.('a'));
    if (route !== undefined) prefetchNow(route);
  };
  document.addEventListener('mouseover', onIntent);
  document.addEventListener('focusin', onIntent);
  document.addEventListener('touchstart', onIntent, { passive: true });
  if (typeof IntersectionObserver === 'undefined' || budgetBytes <= 0) return;
  let observed = new WeakSet<Element>();
  const io = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      io.unobserve(entry.target);
      const route = routeOfAnchor(entry.target);
      if (route !== undefined) prefetchInBackground(route);
    }
  });
  const scan = () => {
    for (const a of root.querySelectorAll(IN_VIEW_LINKS)) {
      if (observed.has(a) || routeOfAnchor(a) === undefined) continue;
      observed.add(a);
      io.observe(a);
    }
  };
  // Links come and go with route changes; scan when the page is idle.
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    whenIdle(() => {
      pending = false;
      scan();
    }, 1000);
  };
  new MutationObserver(schedule).observe(root, { childList: true, subtree: true });
  // React reuses elements across routes (previous/next keep their anchors, with new addresses).
  watchNewView = () => {
    io.disconnect();
    observed = new WeakSet();
    schedule();
  };
  schedule();
}
