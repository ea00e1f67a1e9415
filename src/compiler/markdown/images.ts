// A page's images: local ones resolved, checked and given their content-hashed URL, static ones
// noted for the checks, script URLs dropped.
import type { Image, ImageReference, RootContent } from 'mdast';
import { warning } from '../errors.ts';
import { at, type DocsgenMarkdownContext, type DocsgenMarkdownResult } from './context.ts';
import type { Definitions } from './links.ts';
import { decoded, EXTERNAL, isScriptUrl, noteExternal } from './urls.ts';

/** Handles an image or an image reference; other nodes are left alone. */
export function visitImage(node: RootContent, definitions: Definitions, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult): void {
  if (node.type === 'image' && isUnsafeImageUrl(node.url)) {
    dropImage(node, node.url, ctx, out);
  } else if (node.type === 'image') {
    const rewritten = handleImage(node.url, at(ctx, node), ctx, out);
    if (rewritten) node.url = rewritten;
    node.data = { ...node.data, hProperties: { loading: 'lazy', decoding: 'async' } };
  } else if (node.type === 'imageReference') {
    const def = definitions.get(node.identifier);
    if (def && isUnsafeImageUrl(def.url)) {
      dropImage(node, def.url, ctx, out);
    } else if (def) {
      const rewritten = handleImage(def.url, at(ctx, node), ctx, out);
      if (rewritten) def.url = rewritten;
    }
  }
}

/** An image's data: URL of an image type is an image; any other script URL is dropped, as a link's is. */
function isUnsafeImageUrl(url: string): boolean {
  return isScriptUrl(url) && !/^data:image\//i.test(url.trim());
}

/** Keeps an image's alt text and drops the image. */
function dropImage(node: Image | ImageReference, url: string, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult): void {
  node.data = { ...node.data, hName: 'span', hProperties: { src: undefined, alt: undefined }, hChildren: [{ type: 'text', value: node.alt ?? '' }] };
  out.diagnostics.push(warning('unsafe-link', { file: ctx.file, ...at(ctx, node) }, `image from ${url.split(':')[0]}: URL removed`, 'use an image file, an http(s) URL or a data:image/ URL'));
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
