// A page's links: checked later against the site's routes and anchors, `.md` links rewritten to
// routes, external ones opened in a new tab, script URLs dropped.
import type { Definition, Link, LinkReference, Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { warning } from '../errors.ts';
import { at, type DocsgenMarkdownContext, type DocsgenMarkdownResult, type OutboundLink } from './context.ts';
import { decoded, EXTERNAL, isScriptUrl, noteExternal } from './urls.ts';
import { walk } from './walk.ts';
import { markdownLinkTargets } from './file-links.ts';

export type Definitions = Map<string, Definition>;

/**
 * The page's link definitions (`[id]: url`), which link and image references use. Of two with one
 * label the first counts, as in CommonMark and in the HTML (mdast-util-to-hast): the checks must
 * look at the URL a reference is rendered with.
 */
export function collectDefinitions(tree: Root): Definitions {
  const definitions: Definitions = new Map();
  walk(tree, (node) => {
    if (node.type === 'definition' && !definitions.has(node.identifier)) definitions.set(node.identifier, node);
  });
  return definitions;
}

/** Keeps a link's text and drops the link itself. */
function dropLink(node: Link | LinkReference, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult, url: string) {
  node.data = { ...node.data, hName: 'span', hProperties: { href: undefined, target: undefined, rel: undefined } };
  out.diagnostics.push(
    warning(
      'unsafe-link',
      { file: ctx.file, ...at(ctx, node) },
      `link to ${url.split(':')[0]}: URL removed; the text is kept without a link`,
      'link to a page or an http(s) URL; scripts belong in the site config',
    ),
  );
}

/** Handles a link, a link reference or a definition; other nodes are left alone. */
export function visitLink(node: RootContent, definitions: Definitions, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult): void {
  if (node.type === 'definition' && isScriptUrl(node.url)) return;
  if (node.type === 'link' && isScriptUrl(node.url)) return dropLink(node, ctx, out, node.url);
  if (node.type === 'linkReference') {
    const def = definitions.get(node.identifier);
    if (def && isScriptUrl(def.url)) return dropLink(node, ctx, out, def.url);
  }
  if (node.type === 'link' || node.type === 'definition') {
    // A definition is checked where it is written; references reuse its rewritten URL.
    const rewritten = handleLink(node.url, at(ctx, node), ctx, out);
    if (rewritten !== undefined) node.url = rewritten;
    if (node.type === 'link' && EXTERNAL.test(node.url) && !node.url.startsWith('mailto:')) {
      node.data = { ...node.data, hProperties: { target: '_blank', rel: ['noopener', 'noreferrer'] } };
    }
  } else if (node.type === 'linkReference') {
    const def = definitions.get(node.identifier);
    if (def && EXTERNAL.test(def.url) && !def.url.startsWith('mailto:')) {
      node.data = { ...node.data, hProperties: { target: '_blank', rel: ['noopener', 'noreferrer'] } };
    }
  }
}

/** The props of a JSX element that are links: `<Link to>`, `<a href>`, and any component's alike. */
const JSX_LINK_PROPS = new Set(['href', 'to']);

/**
 * The links of a JSX element of an MDX page, checked as a markdown link is: a prop of JSX_LINK_PROPS
 * with a string value (`to="/x#y"`), at the prop's place; a link to a `.md` file becomes its page's
 * route. A value written as an expression (`to={url}`) is code, and not checked. URLs a link in
 * markdown may not have (`javascript:`) are left as written: an MDX page is code (SECURITY.md).
 */
export function visitJsxLinks(node: MdxJsxFlowElement | MdxJsxTextElement, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult): void {
  for (const attr of node.attributes) {
    if (attr.type !== 'mdxJsxAttribute' || !JSX_LINK_PROPS.has(attr.name) || typeof attr.value !== 'string') continue;
    const rewritten = handleLink(attr.value, at(ctx, attr.position ? attr : node), ctx, out);
    if (rewritten !== undefined) attr.value = rewritten;
  }
}

function handleLink(url: string, at: { line: number; column: number }, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult): string | undefined {
  if (!url || noteExternal(url, at, out) || EXTERNAL.test(url) || url.startsWith('//')) return undefined;
  const hashAt = url.indexOf('#');
  const pathPart = decoded(hashAt >= 0 ? url.slice(0, hashAt) : url, decodeURI, url, at, ctx, out)?.replace(/\?.*$/, '');
  const anchor = hashAt >= 0 ? decoded(url.slice(hashAt + 1), decodeURIComponent, url, at, ctx, out) : undefined;
  if (pathPart === undefined || (hashAt >= 0 && anchor === undefined)) return undefined;
  const link: OutboundLink = { raw: url, line: at.line, column: at.column, anchor: anchor || undefined };
  if (pathPart === '') {
    out.links.push(link);
    return undefined;
  }
  if (/\.mdx?$/i.test(pathPart) && (!pathPart.startsWith('/') || ctx.docsDir !== undefined)) {
    let route: string | undefined;
    for (const abs of markdownLinkTargets(pathPart, ctx.resolvePath, ctx.docsDir)) if ((route = ctx.routeOfFile(abs)) !== undefined) break;
    if (route === undefined) {
      link.missingFile = pathPart;
      out.links.push(link);
      return undefined;
    }
    link.route = route;
    out.links.push(link);
    return route + (anchor ? `#${encodeURIComponent(anchor)}` : '');
  }
  if (pathPart.startsWith('/')) {
    link.route = pathPart;
  } else {
    // A relative route: resolve against the page's route folder, as a browser would.
    link.route = new URL(pathPart, `http://x${ctx.pageRoute}`).pathname;
  }
  out.links.push(link);
  return undefined;
}
