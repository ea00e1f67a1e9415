// Heading ids and the TOC, and the other anchors a page offers: ids given in raw HTML.
import GithubSlugger, { slug as slugOf } from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import type { Heading, Root } from 'mdast';
import { warning } from '../errors.ts';
import { at, type DocsgenMarkdownContext, type DocsgenMarkdownResult } from './context.ts';
import { walk } from './walk.ts';

const CUSTOM_ID = /\s*\{#([\w-]+)\}\s*$/;

/**
 * Gives headings their ids and makes the TOC. Ids are unique and never empty: explicit `{#id}`s
 * are taken first, wherever they are on the page, and a generated id steps around them
 * (`## Setup` before `## Other {#setup}` gets `setup-1`).
 */
export function collectHeadings(tree: Root, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult): void {
  const slugger = new GithubSlugger();
  const headings: Heading[] = [];
  const explicitIds = new Map<Heading, string>();
  walk(tree, (child) => {
    if (child.type === 'html') collectHtmlAnchors(child.value, out);
    if (child.type !== 'heading') return;
    headings.push(child);
    const last = child.children[child.children.length - 1];
    const m = last?.type === 'text' ? CUSTOM_ID.exec(last.value) : null;
    if (!m || last?.type !== 'text') return;
    last.value = last.value.slice(0, m.index);
    const id = slugger.slug(m[1], true);
    if (id !== m[1]) {
      out.diagnostics.push(
        warning('duplicate-heading-id', { file: ctx.file, ...at(ctx, child) }, `heading id {#${m[1]}} is used twice on this page; this one is #${id}`, 'give each heading its own id'),
      );
    }
    explicitIds.set(child, id);
  });
  for (const node of headings) {
    const text = toString(node).trim();
    if (node.depth === 1 && out.firstH1 === undefined) out.firstH1 = text;
    // A heading of emoji or punctuation alone slugs to nothing: it still needs an id to link to.
    const id = explicitIds.get(node) ?? slugger.slug(slugOf(text) === '' ? 'heading' : text);
    node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
    // One object in both lists: a result copied between threads stays one (at 10,000 pages, 100,000 headings).
    const heading = { id, text, level: node.depth };
    out.headings.push(heading);
    if (node.depth >= ctx.toc.min && node.depth <= ctx.toc.max) out.toc.push(heading);
  }
}

const HTML_ANCHOR = /<[a-z][\w-]*\s[^>]*?\b(?:id|name)\s*=\s*(?:"([^"]+)"|'([^']+)')/gi;

/** Ids in raw HTML can be linked to like headings (`<a id="legacy-anchor"></a>` kept for old links). */
function collectHtmlAnchors(html: string, out: DocsgenMarkdownResult): void {
  for (const m of html.matchAll(HTML_ANCHOR)) (out.anchors ??= []).push(m[1] ?? m[2]);
}
