// What links and images share: which URLs are external or unsafe, the http(s) ones noted for
// `docsgen check --external`, and percent-decoding that reports a malformed escape.
import { error } from '../errors.ts';
import type { DocsgenMarkdownContext, DocsgenMarkdownResult } from './context.ts';

/** A URL with a scheme (`https:`, `mailto:`…): not a path in the site. */
export const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** Links that would run code or open inline data when followed; the page keeps their text, not the link. */
const SCRIPT_URL = /^(javascript|vbscript|data):/i;

export function isScriptUrl(url: string): boolean {
  // Browsers ignore whitespace and control characters in a scheme (`java\tscript:`), so must we.
  // eslint-disable-next-line no-control-regex
  return SCRIPT_URL.test(url.replace(/[\u0000-\u0020\u007f]/g, ''));
}

/** Notes an http(s) URL (`//host/…` as https) to check with --external; true when the URL is one. */
export function noteExternal(url: string, at: { line: number; column: number }, out: DocsgenMarkdownResult): boolean {
  const absolute = url.startsWith('//') ? `https:${url}` : url;
  if (!/^https?:\/\//i.test(absolute)) return false;
  (out.externalLinks ??= []).push({ url: absolute, line: at.line, column: at.column });
  return true;
}

/** A URL part percent-decoded, or undefined with an error at the link for a malformed `%` escape. */
export function decoded(part: string, decode: (s: string) => string, url: string, at: { line: number; column: number }, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult): string | undefined {
  try {
    return decode(part);
  } catch {
    out.diagnostics.push(error('malformed-url', { file: ctx.file, ...at }, `malformed percent-encoding in ${url}`, 'a "%" in a URL starts an escape such as %20; write a literal "%" as %25'));
    return undefined;
  }
}
