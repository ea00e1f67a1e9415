// `::::tabs` holding `:::tab[Label]`s: a labelled list of panels that works without JavaScript;
// the client turns it into tabs.
import { toString } from 'mdast-util-to-string';
import type { RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { error } from '../errors.ts';
import { at, type DocsgenMarkdownContext, type DocsgenMarkdownResult } from './context.ts';
import { takeLabel } from './directives.ts';

/**
 * `n` numbers the tab group on the page, for its ids. `transformInside` transforms the directives
 * inside a tab (admonitions, nested tabs) before the tab is rebuilt.
 */
export function buildTabs(node: ContainerDirective, n: number, ctx: DocsgenMarkdownContext, out: DocsgenMarkdownResult, transformInside: (children: RootContent[]) => void): void {
  const group = node.attributes?.group ?? node.attributes?.groupId ?? undefined;
  const tabs = node.children.filter((c): c is ContainerDirective => c.type === 'containerDirective' && c.name === 'tab');
  if (tabs.length === 0) {
    out.diagnostics.push(error('invalid-directive', { file: ctx.file, ...at(ctx, node) }, '::::tabs has no :::tab inside', 'add :::tab[Label] blocks, with one more colon on the outer fence'));
  }
  for (const tab of tabs) transformInside(tab.children as RootContent[]);
  const buttons: RootContent[] = [];
  const panels: RootContent[] = [];
  tabs.forEach((tab, i) => {
    const labelNode = takeLabel(tab);
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
