// Redirect stubs for static hosts (HTML at the path and its .html/.htm twins) and a `_redirects`
// file for hosts that read one. `docsgen serve` answers the same map with 301s.
import type { RedirectConfig } from './define-config.ts';
import { normaliseRoute, routeProblem, ROUTE_HINT, safeDecode } from '../shared/routes.ts';
import { error, type Diagnostic } from './errors.ts';
import { escapeHtml } from './escape-html.ts';

export interface RedirectMap {
  /** Normalised source path → target (a route with optional hash, or an absolute URL). */
  map: Map<string, string>;
  diagnostics: Diagnostic[];
}

/**
 * `headingIds` gives a page's heading ids, when they are known (not in `serve --watch`'s first,
 * on-demand pages): a target's anchor must then be one of them.
 */
export function resolveRedirects(redirects: RedirectConfig[], routes: Set<string>, file: string, headingIds?: (route: string) => ReadonlySet<string> | undefined): RedirectMap {
  const map = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  for (const r of redirects) {
    const targetRoute = normaliseRoute(r.to.replace(/[?#].*$/, ''));
    const external = /^[a-z]+:\/\//i.test(r.to);
    if (!external && !routes.has(targetRoute)) {
      diagnostics.push(error('redirect-target', { file }, `redirect to ${r.to}: no page at ${targetRoute}`, 'redirect targets must be pages of the site'));
      continue;
    }
    const anchor = external ? undefined : /#(.+)$/.exec(r.to)?.[1];
    const ids = anchor === undefined ? undefined : headingIds?.(targetRoute);
    if (anchor !== undefined && ids && !ids.has(safeDecode(anchor))) {
      diagnostics.push(error('redirect-target', { file }, `redirect to ${r.to}: ${targetRoute} has no heading #${anchor}`, 'point the redirect at a heading the page has, or at the page'));
      continue;
    }
    for (const from of Array.isArray(r.from) ? r.from : [r.from]) {
      const source = normaliseRoute(from);
      const problem = routeProblem(source);
      if (problem) {
        diagnostics.push(error('redirect-source', { file }, `redirect from ${JSON.stringify(from)}: ${problem}`, ROUTE_HINT));
        continue;
      }
      if (routes.has(source)) {
        diagnostics.push(error('redirect-source', { file }, `redirect from ${from} would hide the page at ${source}`, 'remove the redirect or the page'));
        continue;
      }
      const existing = map.get(source);
      if (existing && existing !== r.to) {
        diagnostics.push(error('redirect-source', { file }, `redirect from ${from} is defined twice (to ${existing} and ${r.to})`));
        continue;
      }
      map.set(source, r.to);
    }
  }
  return { map, diagnostics };
}

export function redirectStub(target: string): string {
  const t = escapeHtml(target);
  const js = JSON.stringify(target).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Redirecting…</title><link rel="canonical" href="${t}"><meta name="robots" content="noindex"><meta http-equiv="refresh" content="0; url=${t}"><script>(function(){var t=${js};var u=new URL(t,location.href);if(!u.search)u.search=location.search;if(!u.hash)u.hash=location.hash;location.replace(u.href)})()</script></head><body><p>This page has moved to <a href="${t}">${t}</a>.</p></body></html>\n`;
}

/** Files to write for each source: `/a/b/index.html`, `/a/b.html`, `/a/b.htm`. */
export function redirectFiles(source: string): string[] {
  if (source === '/') return [];
  const base = source.slice(1);
  return [`${base}/index.html`, `${base}.html`, `${base}.htm`];
}

export function redirectsFile(map: Map<string, string>): string {
  const lines: string[] = [];
  for (const [from, to] of [...map].sort(([a], [b]) => a.localeCompare(b))) {
    for (const variant of [from, `${from}.html`, `${from}.htm`]) lines.push(`${variant} ${to} 301`);
  }
  return `${lines.join('\n')}\n`;
}
