// What runs after the page has loaded and never blocks it: the page-view call and the third-party
// scripts named in the config. A host that cannot be reached costs a failed request, nothing more.
import type { ShellConfig } from '../../shared/types.ts';
import { DEFERRED_SCRIPT_TIMEOUT_MS } from '../constants.ts';

export function sendPageView(endpoint: string, route: string, title: string): void {
  const body = JSON.stringify({ type: 'pageview', route, title, referrer: document.referrer });
  try {
    // A string body is text/plain: no CORS preflight, and the browser sends it even on unload.
    if (navigator.sendBeacon?.(endpoint, body)) return;
  } catch {
    // fall through to fetch
  }
  fetch(endpoint, { method: 'POST', body, keepalive: true, mode: 'no-cors' }).catch(() => undefined);
}

type PageView = (route: string, title: string) => void;

/** The configured page-view call: a beacon to an endpoint, or a gtag.js page_view event. */
export function pageViews(analytics: NonNullable<ShellConfig['analytics']>): PageView {
  if ('endpoint' in analytics) return (route, title) => sendPageView(analytics.endpoint, route, title);
  return startGtag(analytics.gtag.trackingId);
}

/**
 * gtag.js, set up as Docusaurus's gtag plugin does: its own page view is off, and one is sent on
 * load and on each route change. Calls queue in `dataLayer` until (or if ever) the script loads.
 */
function startGtag(trackingId: string): PageView {
  const w = window as unknown as { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };
  const dataLayer = (w.dataLayer ??= []);
  // gtag.js reads each call's `arguments` object, not an array.
  w.gtag ??= function gtag() {
    dataLayer.push(arguments);
  };
  w.gtag('js', new Date());
  w.gtag('config', trackingId, { send_page_view: false });
  inject({ src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(trackingId)}` });
  return (route, title) => w.gtag!('event', 'page_view', { page_title: title, page_location: location.href, page_path: route });
}

function inject(script: ShellConfig['clientScripts'][number]): void {
  const el = document.createElement('script');
  el.src = script.src;
  el.async = true;
  for (const [name, value] of Object.entries(script.attributes ?? {})) el.setAttribute(name, value);
  el.addEventListener('error', () => el.remove());
  document.body.append(el);
}

/** Async scripts go in right after `load`; deferred ones (a chat widget) wait for an idle moment. */
export function loadClientScripts(scripts: ShellConfig['clientScripts']): void {
  for (const s of scripts) {
    if (!s.defer) inject(s);
    else if ('requestIdleCallback' in window) requestIdleCallback(() => inject(s), { timeout: DEFERRED_SCRIPT_TIMEOUT_MS });
    else setTimeout(() => inject(s), DEFERRED_SCRIPT_TIMEOUT_MS);
  }
}
