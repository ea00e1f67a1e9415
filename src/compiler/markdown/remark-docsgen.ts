// One remark plugin for docsgen's dialect: admonitions and tabs from directives, heading ids and
// the TOC, and the links and images of the page with their source positions (for the checks).
import GithubSlugger, { slug as slugOf } from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import type { Root, Heading, Link, Image, Parent, RootContent, Text, Definition, LinkReference, ImageReference } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import type { TocEntry } from '../../shared/types.ts';
import { ADMONITION_KINDS } from './preprocess.ts';
import { error, warning, type Diagnostic } from '../errors.ts';
import { markdownLinkTargets } from './file-links.ts';

export interface OutboundLink {
  /** As written. */
  raw: string;
  /** Route of the target page, or undefined for a same-page anchor; unresolved `.md` files keep their path. */
  route?: string;
  anchor?: string;
  /** A `.md` link whose file is not a page. */
  missingFile?: string;
  line: number;
  column: number;
}

/** An http(s) link or image, for `docsgen check --external`; never fetched by a build. */
export interface ExternalLink {
  url: string;
  line: number;
  column: number;
}

export interface ImageRef {
  raw: string;
  /** Absolute path of the file on disk, for relative images. */
  file?: string;
  /** Site path, for images served from the static folder. */
  sitePath?: string;
  /** The content-hashed URL a relative image was given: the page's HTML holds it. */
  url?: string;
  /** Why the file cannot be published as an image (outside the source folders, not an image). */
  problem?: string;
  line: number;
  column: number;
}

export interface HeadingInfo {
  id: string;
  text: string;
  level: number;
}

export interface DocsgenMarkdownContext {
  file: string;
  /** Route of the page, for links relative to it. */
  pageRoute: string;
  lineOffset: number;
  toc: { min: number; max: number };
  /** Maps a link to a `.md` file (resolved absolute path) to its route. */
  routeOfFile: (absPath: string) => string | undefined;
  /** Resolves a relative path against the page's file. */
  resolvePath: (relative: string) => string;
  /** The docs folder: links to `/x.md` name files from it (see file-links.ts). */
  docsDir?: string;
  /** Public URL for a local image (copied with a content hash). */
  imageUrl: (absPath: string) => string | undefined;
  /** Why a local file cannot be published as an image; undefined for an image, or a missing file. */
  imageProblem: (absPath: string) => string | undefined;
}

export interface DocsgenMarkdownResult {
  headings: HeadingInfo[];
  toc: TocEntry[];
  links: OutboundLink[];
  images: ImageRef[];
  /** Ids given in raw HTML (`<a id="x">`, `<a name="x">`): link targets as headings are. */
  anchors?: string[];
  /** Only when the page has some. */
  externalLinks?: ExternalLink[];
  firstH1?: string;
  diagnostics: Diagnostic[];
}

const CUSTOM_ID = /\s*\{#([\w-]+)\}\s*$/;
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** Reads its per-page context from `vfile.data.docsgen`, so one frozen processor serves every page. */
export function remarkDocsgen() {
  return (tree: Root, vfile: { value: unknown; data: Record<string, unknown> }) => {
    const { ctx, out } = vfile.data.docsgen as { ctx: DocsgenMarkdownContext; out: DocsgenMarkdownResult };
    const source = String(vfile.value);
    restoreUnknownDirectives(tree, source);
    warnUnclosedDirectives(tree, source, ctx, out);
    transformDirectives(tree, ctx, out);
    const definitions = collectHeadings(tree, ctx, out);
    collectLinksAndImages(tree, definitions, ctx, out);
  };
}

const SKIP = 'skip';
type Visitor = (node: RootContent, index: number, parent: Parent) => typeof SKIP | void;

/**
 * Pre-order walk, like unist-util-visit's, for the few passes this plugin makes over every node.
 * unist-util-visit allocates an array of ancestors at every node; on a large site that was more
 * time than the passes' own work. A visitor may replace `parent.children[index]` with one node and
 * return SKIP to leave the replacement unvisited.
 */
function walk(parent: Parent, visitor: Visitor): void {
  const children = parent.children;
  for (let i = 0; i < children.length; i++) {
    const node = children[i];
    if (visitor(node, i, parent) === SKIP) continue;
    const current = children[i];
    if ('children' in current) walk(current as Parent, visitor);
  }
}

function pos(ctx: DocsgenMarkdownContext, node: { position?: { start: { line: number; column: number } } }) {
  return { line: (node.position?.start.line ?? 1) + ctx.lineOffset, column: node.position?.start.column ?? 1 };
}

/** `:name` in prose ("ratio 1:2", "key:value") is not a directive: put back the text as written. */
function restoreUnknownDirectives(tree: Root, source: string) {
  walk(tree, (node, index, parent) => {
    if (node.type !== 'textDirective' && node.type !== 'leafDirective') return;
    const d = node as TextDirective | LeafDirective;
    const start = d.position?.start.offset;
    const end = d.position?.end.offset;
    const text = start !== undefined && end !== undefined ? source.slice(start, end) : `:${d.name}`;
    const replacement: RootContent =
      node.type === 'leafDirective'
        ? { type: 'paragraph', children: [{ type: 'text', value: text }] }
        : ({ type: 'text', value: text } as Text);
    parent.children[index] = replacement as never;
    return SKIP;
  });
}

/**
 * remark-directive closes a `:::note` left open at the end of its parent, silently swallowing the
 * rest of the page into the admonition: the writer is told where it started.
 */
function warnUnclosedDirectives(tree: Root, source: string, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult) {
  walk(tree, (node) => {
    if (node.type !== 'containerDirective') return;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    const lastLine = source.slice(start, end).split('\n').pop() ?? '';
    if (!/^\s*(>\s*)*:{3,}\s*$/.test(lastLine) || end - start <= lastLine.length) {
      out.diagnostics.push(
        warning('invalid-directive', { file: ctx.file, ...pos(ctx, node) }, `:::${(node as ContainerDirective).name} is not closed: it runs to the end of its section`, 'end it with a line of colons, as many as opened it: :::'),
      );
    }
  });
}

function transformDirectives(tree: Root, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult) {
  let tabsCount = 0;
  walk(tree, (child) => {
    if (child.type !== 'containerDirective') return;
    const node = child as ContainerDirective;
    const kind = node.name;
    if ((ADMONITION_KINDS as readonly string[]).includes(kind)) {
      const labelIndex = node.children.findIndex((c) => (c as { data?: { directiveLabel?: boolean } }).data?.directiveLabel);
      const label = labelIndex >= 0 ? node.children.splice(labelIndex, 1)[0] : undefined;
      const titleChildren = label && 'children' in label ? label.children : [{ type: 'text', value: kind }];
      node.data = { hName: 'div', hProperties: { className: ['admonition', `admonition-${kind}`], role: 'note' } };
      node.children = [
        { type: 'paragraph', data: { hName: 'div', hProperties: { className: ['admonition-heading'] } }, children: titleChildren } as never,
        { type: 'blockquote', data: { hName: 'div', hProperties: { className: ['admonition-content'] } }, children: node.children } as never,
      ];
      return;
    }
    if (kind === 'tabs') {
      tabsCount++;
      buildTabs(node, tabsCount, ctx, out);
      return SKIP;
    }
    if (kind === 'tab') {
      out.diagnostics.push(error('invalid-directive', { file: ctx.file, ...pos(ctx, node) }, ':::tab outside a ::::tabs block', 'wrap the tabs in ::::tabs … ::::'));
      return;
    }
    out.diagnostics.push(
      error('invalid-directive', { file: ctx.file, ...pos(ctx, node) }, `unknown directive :::${kind}`, `use one of ${[...ADMONITION_KINDS, 'tabs'].join(', ')}`),
    );
  });
}

/** Tabs render as a labelled list of panels that works without JavaScript; the client turns it into tabs. */
function buildTabs(node: ContainerDirective, n: number, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult) {
  const group = node.attributes?.group ?? node.attributes?.groupId ?? undefined;
  const tabs = node.children.filter((c): c is ContainerDirective => c.type === 'containerDirective' && c.name === 'tab');
  if (tabs.length === 0) {
    out.diagnostics.push(error('invalid-directive', { file: ctx.file, ...pos(ctx, node) }, '::::tabs has no :::tab inside', 'add :::tab[Label] blocks, with one more colon on the outer fence'));
  }
  // Recurse first so that admonitions or nested tabs inside a tab are transformed too.
  for (const tab of tabs) transformDirectives({ type: 'root', children: tab.children } as Root, ctx, out);
  const buttons: RootContent[] = [];
  const panels: RootContent[] = [];
  tabs.forEach((tab, i) => {
    const labelIndex = tab.children.findIndex((c) => (c as { data?: { directiveLabel?: boolean } }).data?.directiveLabel);
    const labelNode = labelIndex >= 0 ? tab.children.splice(labelIndex, 1)[0] : undefined;
    const label = labelNode ? toString(labelNode) : (tab.attributes?.label ?? `Tab ${i + 1}`);
    const value = tab.attributes?.value ?? label;
    const id = `tabs-${n}-${i}`;
    buttons.push({
      type: 'paragraph',
      data: {
        hName: 'button',
        hProperties: {
          type: 'button',
          role: 'tab',
          id: `${id}-tab`,
          ariaControls: id,
          ariaSelected: i === 0 ? 'true' : 'false',
          tabIndex: i === 0 ? 0 : -1,
          dataValue: value,
          className: ['tabs-tab'],
        },
      },
      children: [{ type: 'text', value: label }],
    } as never);
    panels.push({
      type: 'blockquote',
      data: {
        hName: 'div',
        hProperties: { role: 'tabpanel', id, ariaLabelledby: `${id}-tab`, dataValue: value, className: ['tabs-panel'], hidden: i > 0 },
      },
      children: tab.children,
    } as never);
  });
  node.data = { hName: 'div', hProperties: { className: ['tabs'], ...(group ? { dataGroup: group } : {}) } };
  node.children = [
    { type: 'paragraph', data: { hName: 'div', hProperties: { role: 'tablist', className: ['tabs-list'] } }, children: buttons } as never,
    ...(panels as never[]),
  ];
}

/**
 * Gives headings their ids and makes the TOC; returns the link definitions, met on the way. Ids
 * are unique and never empty: explicit `{#id}`s are taken first, wherever they are on the page,
 * and a generated id steps around them (`## Setup` before `## Other {#setup}` gets `setup-1`).
 */
function collectHeadings(tree: Root, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult): Map<string, Definition> {
  const slugger = new GithubSlugger();
  const definitions = new Map<string, Definition>();
  const headings: Heading[] = [];
  const explicitIds = new Map<Heading, string>();
  walk(tree, (child) => {
    if (child.type === 'definition') definitions.set(child.identifier, child);
    if (child.type === 'html') collectHtmlAnchors(child.value, out);
    if (child.type !== 'heading') return;
    headings.push(child);
    const last = child.children[child.children.length - 1];
    const m = last?.type === 'text' ? CUSTOM_ID.exec(last.value) : null;
    if (!m || last?.type !== 'text') return;
    last.value = last.value.slice(0, m.index);
    const id = slugger.slug(m[1], true);
    if (id !== m[1]) {
      out.diagnostics.push(warning('duplicate-heading-id', { file: ctx.file, ...pos(ctx, child) }, `heading id {#${m[1]}} is used twice on this page; this one is #${id}`, 'give each heading its own id'));
    }
    explicitIds.set(child, id);
  });
  for (const node of headings) {
    const text = toString(node).trim();
    if (node.depth === 1 && out.firstH1 === undefined) out.firstH1 = text;
    // A heading of emoji or punctuation alone slugs to nothing: it still needs an id to link to.
    const id = explicitIds.get(node) ?? slugger.slug(slugOf(text) === '' ? 'heading' : text);
    node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
    out.headings.push({ id, text, level: node.depth });
    if (node.depth >= ctx.toc.min && node.depth <= ctx.toc.max) out.toc.push({ id, text, level: node.depth });
  }
  return definitions;
}

const HTML_ANCHOR = /<[a-z][\w-]*\s[^>]*?\b(?:id|name)\s*=\s*(?:"([^"]+)"|'([^']+)')/gi;

/** Ids in raw HTML can be linked to like headings (`<a id="legacy-anchor"></a>` kept for old links). */
function collectHtmlAnchors(html: string, out: DocsgenMarkdownResult): void {
  for (const m of html.matchAll(HTML_ANCHOR)) (out.anchors ??= []).push(m[1] ?? m[2]);
}

/** Links that would run code or open inline data when followed; the page keeps their text, not the link. */
const SCRIPT_URL = /^(javascript|vbscript|data):/i;

export function isScriptUrl(url: string): boolean {
  // Browsers ignore whitespace and control characters in a scheme (`java\tscript:`), so must we.
  // eslint-disable-next-line no-control-regex
  return SCRIPT_URL.test(url.replace(/[\u0000-\u0020\u007f]/g, ''));
}

/** Keeps a link's text and drops the link itself. */
function dropLink(node: Link | LinkReference, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult, url: string) {
  node.data = { ...node.data, hName: 'span', hProperties: { href: undefined, target: undefined, rel: undefined } };
  out.diagnostics.push(
    warning('unsafe-link', { file: ctx.file, ...pos(ctx, node) }, `link to ${url.split(':')[0]}: URL removed; the text is kept without a link`, 'link to a page or an http(s) URL; scripts belong in the site config'),
  );
}

const img = (node: unknown) => node as Image;

function collectLinksAndImages(tree: Root, definitions: Map<string, Definition>, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult) {
  walk(tree, (node) => {
    if (node.type === 'definition' && isScriptUrl(node.url)) return;
    if (node.type === 'link' && isScriptUrl(node.url)) return dropLink(node, ctx, out, node.url);
    if (node.type === 'linkReference') {
      const def = definitions.get((node as LinkReference).identifier);
      if (def && isScriptUrl(def.url)) return dropLink(node as LinkReference, ctx, out, def.url);
    }
    if (node.type === 'link' || node.type === 'definition') {
      const n = node as Link | Definition;
      // A definition is checked where it is written; references reuse its rewritten URL.
      const rewritten = handleLink(n.url, pos(ctx, n), ctx, out);
      if (rewritten !== undefined) n.url = rewritten;
      if (node.type === 'link' && EXTERNAL.test(n.url) && !n.url.startsWith('mailto:')) {
        n.data = { ...n.data, hProperties: { target: '_blank', rel: ['noopener', 'noreferrer'] } };
      }
    } else if (node.type === 'linkReference') {
      const def = definitions.get((node as LinkReference).identifier);
      if (def && EXTERNAL.test(def.url) && !def.url.startsWith('mailto:')) {
        node.data = { ...node.data, hProperties: { target: '_blank', rel: ['noopener', 'noreferrer'] } };
      }
    } else if (node.type === 'image' && isScriptUrl(img(node).url) && !/^data:image\//i.test(img(node).url.trim())) {
      // An image's data: URL of an image type is an image; a script URL in one is dropped like a link's.
      const n = img(node);
      n.data = { ...n.data, hName: 'span', hProperties: { src: undefined, alt: undefined }, hChildren: [{ type: 'text', value: n.alt ?? '' }] };
      out.diagnostics.push(warning('unsafe-link', { file: ctx.file, ...pos(ctx, n) }, `image from ${n.url.split(':')[0]}: URL removed`, 'use an image file, an http(s) URL or a data:image/ URL'));
    } else if (node.type === 'image') {
      const img = node as Image;
      const rewritten = handleImage(img.url, pos(ctx, img), ctx, out);
      if (rewritten) img.url = rewritten;
      img.data = { ...img.data, hProperties: { loading: 'lazy', decoding: 'async' } };
    } else if (node.type === 'imageReference') {
      const def = definitions.get((node as ImageReference).identifier);
      if (def) {
        const rewritten = handleImage(def.url, pos(ctx, node), ctx, out);
        if (rewritten) def.url = rewritten;
      }
    }
  });
}

/** Notes an http(s) URL (`//host/…` as https) to check with --external; true when the URL is one. */
function noteExternal(url: string, at: { line: number; column: number }, out: DocsgenMarkdownResult): boolean {
  const absolute = url.startsWith('//') ? `https:${url}` : url;
  if (!/^https?:\/\//i.test(absolute)) return false;
  (out.externalLinks ??= []).push({ url: absolute, line: at.line, column: at.column });
  return true;
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

function handleImage(url: string, at: { line: number; column: number }, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult): string | undefined {
  if (!url || noteExternal(url, at, out) || EXTERNAL.test(url) || url.startsWith('//') || url.startsWith('data:')) return undefined;
  const clean = decoded(url.replace(/[?#].*$/, ''), decodeURI, url, at, ctx, out);
  if (clean === undefined) return undefined;
  if (clean.startsWith('/')) {
    out.images.push({ raw: url, sitePath: clean, line: at.line, column: at.column });
    return undefined;
  }
  const abs = ctx.resolvePath(clean);
  const problem = ctx.imageProblem(abs);
  const hashed = problem ? undefined : ctx.imageUrl(abs);
  out.images.push({ raw: url, file: abs, ...(hashed ? { url: hashed } : {}), ...(problem ? { problem } : {}), line: at.line, column: at.column });
  return hashed;
}

/** A URL part percent-decoded, or undefined with an error at the link for a malformed `%` escape. */
function decoded(part: string, decode: (s: string) => string, url: string, at: { line: number; column: number }, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult): string | undefined {
  try {
    return decode(part);
  } catch {
    out.diagnostics.push(error('malformed-url', { file: ctx.file, ...at }, `malformed percent-encoding in ${url}`, 'a "%" in a URL starts an escape such as %20; write a literal "%" as %25'));
    return undefined;
  }
}
