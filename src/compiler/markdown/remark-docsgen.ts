// docsgen's markdown dialect as one remark plugin: admonitions and tabs from directives, heading
// ids and the TOC, and the links and images of the page with their source positions (for the
// checks). Each concern has its own file; this one says which directives exist and runs the
// passes in order: directives first, as they move content into admonitions and tab panels, then
// headings, then one walk over links and images, which share the page's link definitions.
import type { Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { error } from '../errors.ts';
import { ADMONITION_KINDS, buildAdmonition, isAdmonition } from './admonitions.ts';
import { at, pageMarkdown, type DocsgenMarkdownContext, type DocsgenMarkdownResult, type PageFile } from './context.ts';
import { restoreUnknownDirectives, warnUnclosedDirectives } from './directives.ts';
import { collectHeadings } from './headings.ts';
import { visitImage } from './images.ts';
import { collectDefinitions, visitLink } from './links.ts';
import { buildTabs } from './tabs.ts';
import { SKIP, walk } from './walk.ts';

/** Reads its per-page context from `vfile.data.docsgen`, so one frozen processor serves every page. */
export function remarkDocsgen() {
  return (tree: Root, vfile: PageFile) => {
    const { ctx, out } = pageMarkdown(vfile);
    const source = String(vfile.value);
    restoreUnknownDirectives(tree, source);
    warnUnclosedDirectives(tree, source, ctx, out);
    transformContainers(tree, ctx, out, { tabs: 0 });
    collectHeadings(tree, ctx, out);
    const definitions = collectDefinitions(tree);
    walk(tree, (node) => {
      visitLink(node, definitions, ctx, out);
      visitImage(node, definitions, ctx, out);
    });
  };
}

/**
 * Turns `:::` containers into admonitions and tabs; any other name is an error. `count` numbers
 * the page's tab groups, nested ones included, so that each has ids of its own.
 */
function transformContainers(tree: Root, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult, count: { tabs: number }): void {
  walk(tree, (child) => {
    if (child.type !== 'containerDirective') return;
    const node = child as ContainerDirective;
    const kind = node.name;
    if (isAdmonition(kind)) {
      buildAdmonition(node);
      return;
    }
    if (kind === 'tabs') {
      buildTabs(node, ++count.tabs, ctx, out, (children: RootContent[]) => transformContainers({ type: 'root', children } as Root, ctx, out, count));
      return SKIP;
    }
    if (kind === 'tab') {
      out.diagnostics.push(error('invalid-directive', { file: ctx.file, ...at(ctx, node) }, ':::tab outside a ::::tabs block', 'wrap the tabs in ::::tabs … ::::'));
      return;
    }
    out.diagnostics.push(error('invalid-directive', { file: ctx.file, ...at(ctx, node) }, `unknown directive :::${kind}`, `use one of ${[...ADMONITION_KINDS, 'tabs'].join(', ')}`));
  });
}
