// A page's images: local ones resolved, checked and given their content-hashed URL, static ones
// noted for the checks, script URLs dropped.
import type { RootContent } from 'mdast';
import { warning } from '../errors.ts';
import { at, type DocsgenMarkdownContext, type DocsgenMarkdownResult } from './context.ts';
import type { Definitions } from './links.ts';
import { decoded, EXTERNAL, isScriptUrl, noteExternal } from './urls.ts';

/** Handles an image or an image reference; other nodes are left alone. */
export function visitImage(node: RootContent, definitions: Definitions, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult): void {
  if (node.type === 'image' && isScriptUrl(node.url) && !/^data:image\//i.test(node.url.trim())) {
    // An image's data: URL of an image type is an image; a script URL in one is dropped like a link's.
    node.data = { ...node.data, hName: 'span', hProperties: { src: undefined, alt: undefined }, hChildren: [{ type: 'text', value: node.alt ?? '' }] };
    out.diagnostics.push(warning('unsafe-link', { file: ctx.file, ...at(ctx, node) }, `image from ${node.url.split(':')[0]}: URL removed`, 'use an image file, an http(s) URL or a data:image/ URL'));
  } else if (node.type === 'image') {
    const rewritten = handleImage(node.url, at(ctx, node), ctx, out);
    if (rewritten) node.url = rewritten;
    node.data = { ...node.data, hProperties: { loading: 'lazy', decoding: 'async' } };
  } else if (node.type === 'imageReference') {
    const def = definitions.get(node.identifier);
    if (def) {
      const rewritten = handleImage(def.url, at(ctx, node), ctx, out);
      if (rewritten) def.url = rewritten;
    }
  }
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
