// A downloaded README's relative links and images are relative to its repository, not to our
// site: before the page goes through the markdown pipeline they are made absolute (links to the
// file's page on its host, images to the raw file), and a link to another remote document becomes
// that document's route. Only the destinations are replaced, in the text, so every line stays
// where it was: a diagnostic's line is the document's line (a column after a rewritten
// destination on the same line moves by the difference in length).
import { parse, postprocess, preprocess } from 'micromark';
import { directive } from 'micromark-extension-directive';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmTable } from 'micromark-extension-gfm-table';
import { decodeString } from 'micromark-util-decode-string';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import { browseUrl } from './browse-url.ts';

export interface RemoteLinkContext {
  /** The URL the document is fetched from: relative destinations are resolved against it. */
  documentUrl: string;
  /** The route of the remote document fetched from this URL (no query or fragment), if there is one. */
  routeOf: (url: string) => string | undefined;
}

type Kind = 'link' | 'image';

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * The syntax that decides what is a link destination: footnote definitions (`[^1]: text` is no
 * link), tables and directives as the pipeline parses them. GFM's literal autolinks are never
 * relative and cost most of a parse, so they are left out.
 */
const SYNTAX = [gfmFootnote(), gfmTable(), directive()];

/** The markdown with its relative link and image destinations (markdown and raw HTML) made absolute. */
export function rewriteRelativeUrls(markdown: string, ctx: RemoteLinkContext): string {
  if (!MAY_HAVE_RELATIVE_URL.test(markdown)) return markdown;
  const edits: Edit[] = [];
  const definitions: { id: string; start: number; end: number; raw: string }[] = [];
  const imageIds = new Set<string>();
  const frames: { kind: Kind; resource: boolean; reference?: string; label?: string }[] = [];
  let definitionLabel = '';
  const events = postprocess(
    parse({ extensions: SYNTAX })
      .document()
      .write(preprocess()(markdown, undefined, true)),
  );
  for (const [kind, token] of events) {
    const text = () => markdown.slice(token.start.offset, token.end.offset);
    const top = frames[frames.length - 1];
    if (token.type === 'link' || token.type === 'image') {
      if (kind === 'enter') {
        frames.push({ kind: token.type, resource: false });
      } else {
        const frame = frames.pop()!;
        // `![alt][id]`, `![id][]` and `![id]` take their URL from a definition: that one is an image's.
        if (frame.kind === 'image' && !frame.resource) imageIds.add(normalizeIdentifier(frame.reference ?? frame.label ?? ''));
      }
      continue;
    }
    if (kind !== 'enter') continue;
    if (token.type === 'resourceDestinationString' && top) {
      top.resource = true;
      const replaced = target(text(), top.kind, ctx);
      if (replaced !== undefined) edits.push({ start: token.start.offset, end: token.end.offset, text: replaced });
    } else if (token.type === 'referenceString' && top) {
      top.reference = text();
    } else if (token.type === 'labelText' && top && top.label === undefined) {
      top.label = text();
    } else if (token.type === 'definitionLabelString') {
      definitionLabel = text();
    } else if (token.type === 'definitionDestinationString') {
      definitions.push({ id: normalizeIdentifier(definitionLabel), start: token.start.offset, end: token.end.offset, raw: text() });
    } else if (token.type === 'htmlFlow' || token.type === 'htmlText') {
      const html = text();
      const replaced = rewriteHtml(html, ctx);
      if (replaced !== html) edits.push({ start: token.start.offset, end: token.end.offset, text: replaced });
    }
  }
  for (const d of definitions) {
    const replaced = target(d.raw, imageIds.has(d.id) ? 'image' : 'link', ctx);
    if (replaced !== undefined) edits.push({ start: d.start, end: d.end, text: replaced });
  }
  let out = markdown;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/**
 * Whatever could be a relative destination: after `](`, a definition's `]:` (a line that starts
 * with `[`, in quotes or list items perhaps) or an `href=`/`src=`, something other than a scheme, `/`
 * or `#`. Text without one is left as it is, unparsed: a page
 * whose links are all absolute or routes (the Unleash site's) costs no second parse.
 */
const NOT_RELATIVE = String.raw`(?![a-z][a-z0-9+.-]*:|/|#)`;
/** An opening character (`<`, a quote), then not a scheme, `/` or `#`; or no opening character and that. */
const opened = (open: string) => String.raw`(?:${open}${NOT_RELATIVE}|(?!${open})${NOT_RELATIVE})`;
const MAY_HAVE_RELATIVE_URL = new RegExp(String.raw`\]\(\s*${opened('<')}|^(?:[ \t>]|[-*+][ \t]|\d{1,9}[.)][ \t])*\[[^\]]*\]:\s*${opened('<')}|\b(?:href|src)\s*=\s*${opened('["\'`]')}`, 'im');

/**
 * Where a destination as written should lead, or undefined to leave it: a URL with a scheme, a
 * protocol-relative URL, a route of this site (`/reference/...`) and a same-page anchor stay.
 */
function target(written: string, kind: Kind, ctx: RemoteLinkContext): string | undefined {
  const url = decodeString(written);
  // A browser reads a leading `\` as `/`: a route too.
  if (!url || url.startsWith('#') || /^[/\\]/.test(url) || /^[a-z][a-z0-9+.-]*:/i.test(url)) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(url, ctx.documentUrl);
  } catch {
    return undefined;
  }
  if (kind === 'image') return safeDestination(resolved.href);
  const route = ctx.routeOf(resolved.origin + resolved.pathname);
  if (route !== undefined) return safeDestination(encodeURI(route) + resolved.hash);
  return safeDestination(browseUrl(resolved, 'blob') ?? resolved.href);
}

/** A URL that reads the same as a markdown destination in either form (`<…>` or bare) and in an HTML attribute. */
function safeDestination(url: string): string {
  return url.replace(/[()<>"'\s\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

const TAG = /<[a-z][\w-]*(?:\s[^>]*)?>/gi;
const URL_ATTRIBUTE = /(\s)(href|src)(\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;

/** `href` and `src` attributes in raw HTML (`<img src="docs/logo.png">`, common in READMEs). */
function rewriteHtml(html: string, ctx: RemoteLinkContext): string {
  return html.replace(TAG, (tag) =>
    tag.replace(URL_ATTRIBUTE, (whole, space: string, name: string, equals: string, double?: string, single?: string, bare?: string) => {
      const value = (double ?? single ?? bare ?? '').replace(/&amp;/g, '&');
      const replaced = target(value, name.toLowerCase() === 'src' ? 'image' : 'link', ctx);
      if (replaced === undefined) return whole;
      const quote = single !== undefined ? "'" : '"';
      return `${space}${name}${equals}${quote}${replaced.replace(/&/g, '&amp;')}${quote}`;
    }),
  );
}
