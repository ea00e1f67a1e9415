// `::::tabs` holding `:::tab[Label]`s: a labelled list of panels that works without JavaScript;
// the client turns it into tabs.
import { toString } from 'mdast-util-to-string';
import type { RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Element, Properties } from 'hast';
import { h, type HastChild } from '../hast.ts';
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
    buttons.push({ type: 'paragraph', data: { hName: 'button', hProperties: tabProperties(`${n}`, i, value) }, children: [{ type: 'text', value: label }] } as never);
    panels.push({ type: 'blockquote', data: { hName: 'div', hProperties: tabPanelProperties(`${n}`, i, value) }, children: tab.children } as never);
  });
  node.data = { hName: 'div', hProperties: tabsProperties(group) };
  node.children = [{ type: 'paragraph', data: { hName: 'div', hProperties: tabListProperties() }, children: buttons } as never, ...(panels as never[])];
}

// One markup for tabs, from markdown and in the API reference's request samples (openapi-pages.ts):
// the client and the stylesheet know one kind of tabs. `groupId` makes the ids unique on the page.

/** A tab group as hast, for pages made without markdown. */
export function tabsElement(groupId: string, group: string | undefined, entries: [label: string, content: HastChild][]): Element {
  return h(
    'div',
    tabsProperties(group),
    h(
      'div',
      tabListProperties(),
      entries.map(([label], i) => h('button', tabProperties(groupId, i, label), label)),
    ),
    entries.map(([label, content], i) => h('div', tabPanelProperties(groupId, i, label), content)),
  );
}

function tabsProperties(group: string | undefined): Properties {
  return { className: ['tabs'], ...(group ? { dataGroup: group } : {}) };
}

function tabListProperties(): Properties {
  return { role: 'tablist', className: ['tabs-list'] };
}

function tabProperties(groupId: string, i: number, value: string): Properties {
  const id = `tabs-${groupId}-${i}`;
  return { type: 'button', role: 'tab', id: `${id}-tab`, ariaControls: [id], ariaSelected: i === 0 ? 'true' : 'false', tabIndex: i === 0 ? 0 : -1, dataValue: value, className: ['tabs-tab'] };
}

function tabPanelProperties(groupId: string, i: number, value: string): Properties {
  const id = `tabs-${groupId}-${i}`;
  return { role: 'tabpanel', id, ariaLabelledBy: [`${id}-tab`], dataValue: value, className: ['tabs-panel'], hidden: i > 0 };
}
