// Client navigation: load the next route's data, then swap; a failed load becomes a full page load,
// so a reader never ends up on a broken page. Also owns history, scroll, the progress bar and the
// document head, and tells route listeners (image zoom, tabs, analytics) about each change.
import { PROGRESS_BAR_DELAY_MS } from './constants.ts';
import { recentlyPrefetched } from './prefetch.ts';
import { isClientNavigable, loadPage, routeOf, type LoadedRoute } from './router.ts';

export interface NavigationOptions {
  baseUrl: string;
  siteTitle: string;
  route: string;
  /** Puts the loaded route on screen synchronously (React's flushSync), so scrolling sees it. */
  swap: (next: LoadedRoute) => void;
}

type RouteListener = (route: string, url: URL) => void;

let options: NavigationOptions;
let currentRoute = '';
let currentKey = '';
let latest = 0;
const scrollPositions = new Map<string, number>();
const listeners = new Set<RouteListener>();

export function onRouteChange(listener: RouteListener): void {
  listeners.add(listener);
}

const newKey = () => Math.random().toString(36).slice(2, 10);

interface EntryState {
  key?: string;
  scroll?: number;
}

const entryState = (): EntryState => (history.state as EntryState | null) ?? {};

export function initNavigation(opts: NavigationOptions): void {
  options = opts;
  currentRoute = opts.route;
  // We restore scroll ourselves, after the new route is on screen.
  history.scrollRestoration = 'manual';
  const state = entryState();
  currentKey = state.key ?? newKey();
  history.replaceState({ ...state, key: currentKey }, '');
  // A reload or a return from another site lands here with the position we saved on leaving.
  if (state.scroll !== undefined && !location.hash) scrollTo(0, state.scroll);
  document.addEventListener('click', onClick);
  addEventListener('popstate', onPopState);
  addEventListener('pagehide', rememberScroll);
}

function rememberScroll(): void {
  scrollPositions.set(currentKey, scrollY);
  history.replaceState({ ...entryState(), scroll: scrollY }, '');
}

function onClick(event: MouseEvent): void {
  const a = (event.target as Element | null)?.closest?.('a');
  if (!(a instanceof HTMLAnchorElement) || !isClientNavigable(a, event, options.baseUrl)) return;
  const url = new URL(a.href);
  // A jump within the page is the browser's job.
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
  event.preventDefault();
  void navigate(url, true);
}

function onPopState(): void {
  const url = new URL(location.href);
  const state = entryState();
  scrollPositions.set(currentKey, scrollY);
  if (!state.key) history.replaceState({ ...state, key: newKey() }, '');
  currentKey = entryState().key!;
  const saved = scrollPositions.get(currentKey) ?? state.scroll;
  if (routeOf(url, options.baseUrl) === currentRoute) {
    scrollAfterSwap(url, saved);
    return;
  }
  void navigate(url, false, saved);
}

export async function navigate(url: URL, push: boolean, restoreScroll?: number): Promise<void> {
  const route = routeOf(url, options.baseUrl);
  if (route === undefined) {
    location.assign(url.href);
    return;
  }
  const id = ++latest;
  const stopProgress = startProgressBar();
  let next: LoadedRoute;
  try {
    next = await loadPage(options.baseUrl, route, recentlyPrefetched(route) ? 'force-cache' : 'default');
  } catch {
    // The data could not be loaded (offline, a deploy removed it, an unknown route): let the
    // server answer instead, which also gives unknown routes their 404 page.
    location.assign(url.href);
    return;
  } finally {
    stopProgress();
  }
  if (id !== latest) return; // a later navigation won
  if (push) {
    rememberScroll();
    currentKey = newKey();
    history.pushState({ key: currentKey }, '', url.href);
  }
  currentRoute = route;
  options.swap(next);
  updateHead(next.page.title, next.page.description, route);
  scrollAfterSwap(url, restoreScroll);
  if (push && !url.hash) document.querySelector<HTMLElement>('.skip-container')?.focus({ preventScroll: true });
  for (const listener of listeners) listener(route, url);
}

/** 'Try again' after a crash: the same route, fetched past the HTTP cache. */
export async function reloadRoute(): Promise<LoadedRoute> {
  try {
    return await loadPage(options.baseUrl, currentRoute, 'reload');
  } catch (e) {
    location.reload();
    throw e;
  }
}

function scrollAfterSwap(url: URL, restore?: number): void {
  if (restore !== undefined) {
    scrollTo(0, restore);
    return;
  }
  const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
  if (target) target.scrollIntoView();
  else scrollTo(0, 0);
}

function setMeta(attr: 'name' | 'property', key: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!content) {
    meta?.remove();
    return;
  }
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(attr, key);
    document.head.append(meta);
  }
  meta.content = content;
}

function updateHead(pageTitle: string, description: string, route: string): void {
  const title = `${pageTitle} | ${options.siteTitle}`;
  document.title = title;
  setMeta('name', 'description', description);
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', description);
  // The canonical address keeps the production origin the build put there; only the path changes.
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (canonical) {
    const href = new URL(`${options.baseUrl}${route.slice(1)}`, canonical.href).href;
    canonical.href = href;
    setMeta('property', 'og:url', href);
  }
}

/** A thin bar at the top, only for route changes slower than the delay: fast ones stay calm. */
function startProgressBar(): () => void {
  let bar: HTMLElement | undefined;
  const timer = setTimeout(() => {
    bar = document.createElement('div');
    bar.className = 'progress-bar';
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', 'Loading page');
    document.body.append(bar);
    requestAnimationFrame(() => bar?.classList.add('running'));
  }, PROGRESS_BAR_DELAY_MS);
  return () => {
    clearTimeout(timer);
    if (!bar) return;
    const done = bar;
    done.classList.add('done');
    setTimeout(() => done.remove(), 300);
  };
}
