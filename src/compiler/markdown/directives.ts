// What every `:::` directive shares: remark-directive's text and leaf directives put back as the
// text they were, containers left open reported, and the `[label]` a container is given.
import type { Root, RootContent, Text } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { warning } from '../errors.ts';
import { at, type DocsgenMarkdownContext, type DocsgenMarkdownResult } from './context.ts';
import { SKIP, walk } from './walk.ts';

/** `:name` in prose ("ratio 1:2", "key:value") is not a directive: put back the text as written. */
export function restoreUnknownDirectives(tree: Root, source: string): void {
  walk(tree, (node, index, parent) => {
    if (node.type !== 'textDirective' && node.type !== 'leafDirective') return;
    const d = node as TextDirective | LeafDirective;
    const start = d.position?.start.offset;
    const end = d.position?.end.offset;
    const text = start !== undefined && end !== undefined ? source.slice(start, end) : `:${d.name}`;
    const replacement: RootContent = node.type === 'leafDirective' ? { type: 'paragraph', children: [{ type: 'text', value: text }] } : ({ type: 'text', value: text } as Text);
    parent.children[index] = replacement as never;
    return SKIP;
  });
}

/**
 * remark-directive closes a `:::note` left open at the end of its parent, silently swallowing the
 * rest of the page into the admonition: the writer is told where it started.
 */
export function warnUnclosedDirectives(tree: Root, source: string, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult): void {
  walk(tree, (node) => {
    if (node.type !== 'containerDirective') return;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    const lastLine = source.slice(start, end).split('\n').pop() ?? '';
    if (!/^\s*(>\s*)*:{3,}\s*$/.test(lastLine) || end - start <= lastLine.length) {
      out.diagnostics.push(
        warning(
          'invalid-directive',
          { file: ctx.file, ...at(ctx, node) },
          `:::${(node as ContainerDirective).name} is not closed: it runs to the end of its section`,
          'end it with a line of colons, as many as opened it: :::',
        ),
      );
    }
  });
}

/** Removes a container's `[label]` from its children and returns it, if it has one. */
export function takeLabel(node: ContainerDirective): ContainerDirective['children'][number] | undefined {
  const labelIndex = node.children.findIndex((c) => (c as { data?: { directiveLabel?: boolean } }).data?.directiveLabel);
  return labelIndex >= 0 ? node.children.splice(labelIndex, 1)[0] : undefined;
}
