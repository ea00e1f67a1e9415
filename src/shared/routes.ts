// What a route is: a normalised URL path. Every route the compiler makes (doc pages, generated
// pages, redirect sources) goes through `routeProblem` before anything is written for it, so no
// spelling of a route can name a file outside the output folder.

/** `/x.html`, `/x/index`, `/x/` and `/x/index.html` all name the page `/x`. */
export function normaliseRoute(route: string): string {
  let r = route.replace(/\/+/g, '/');
  r = r.replace(/\.html?$/, '');
  r = r.replace(/(^|\/)index$/, '');
  r = r.replace(/\/+$/, '');
  return r === '' ? '/' : r.startsWith('/') ? r : `/${r}`;
}

/** Where a route's data chunk lives: derived from the route, so no global manifest is needed. */
export function dataChunkUrl(baseUrl: string, route: string): string {
  const path = route === '/' ? 'index' : route.replace(/^\//, '');
  return `${baseUrl}_data/${path}.json`;
}

/** The route whose data chunk is at this URL path (below the base URL), or undefined for any other path. */
export function routeOfDataChunk(urlPath: string, baseUrl = '/'): string | undefined {
  const prefix = `${baseUrl}_data/`;
  if (!urlPath.startsWith(prefix) || !urlPath.endsWith('.json') || urlPath.length <= prefix.length + 5) return undefined;
  return normaliseRoute(`/${urlPath.slice(prefix.length, -5)}`);
}

/** Joins path parts into a normalised route: leading slash, no trailing slash, no `/index`. */
export function joinRoute(...parts: string[]): string {
  const joined = parts.join('/').split('/').filter(Boolean).join('/');
  return normaliseRoute(`/${joined}`);
}

/** The longest segment a route may have: a file name is at most 255 bytes, and the output adds `.html` or `.json`. */
export const MAX_SEGMENT_BYTES = 200;

/**
 * Why a route cannot be one, or undefined when it is fine. A segment may hold any character a URL
 * path can carry except the ones that would change what the path means once it is a file name or
 * a URL: `.` and `..` segments (and segments ending in a dot or a space, which Windows trims into
 * them), `\`, `?`, `#`, `%` (a route is not percent-encoded), NUL and other control characters,
 * and the line and paragraph separators. A segment longer than a file name can be is refused too.
 */
export function routeProblem(route: string): string | undefined {
  if (!route.startsWith('/')) return 'it must start with "/"';
  const segments = route.split('/').slice(1);
  if (route !== '/' && segments.some((s) => s === '')) return 'it has an empty segment ("//" or a "/" at its end)';
  if (segments.some((s) => s === '.' || s === '..')) return 'it has a "." or ".." segment';
  // Spelled other ways, a dot segment is one still on file systems that normalise names.
  if (segments.some((s) => /^\.{1,2}$/.test(s.normalize('NFKC')))) return 'it has a segment that reads as "." or ".."';
  // eslint-disable-next-line no-control-regex
  // Format characters (bidi overrides, zero-width joiners, the BOM) make two routes look alike.
  const bad = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\?#%]|\p{Cf}/u.exec(route);
  if (bad) return `it contains ${JSON.stringify(bad[0])}`;
  const trimmed = segments.find((s) => /[. ]$|^ /.test(s));
  if (trimmed !== undefined) return `its segment ${JSON.stringify(trimmed)} begins or ends with a space or ends with "."`;
  const long = segments.find((s) => utf8Length(s) > MAX_SEGMENT_BYTES);
  if (long !== undefined) return `its segment "${long.slice(0, 40)}…" is longer than ${MAX_SEGMENT_BYTES} bytes`;
  return undefined;
}

/** Bytes of a string in UTF-8 (a lone surrogate counts as the three bytes of its replacement). */
function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

export const ROUTE_HINT = 'a route is a URL path below the site: use words joined by "/", without "." or ".." segments';

/** Percent-decoded, or as written when it is not valid percent-encoding (it then matches no id or file). */
export function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
