// `:::note` and its kin: a titled box, the title from the directive's `[label]` or its kind.
import type { Element, ElementContent, Properties } from 'hast';
import { h } from '../hast.ts';
import type { ContainerDirective } from 'mdast-util-directive';
import { takeLabel } from './directives.ts';

export const ADMONITION_KINDS = ['note', 'tip', 'info', 'caution', 'warning', 'danger'] as const;

export function isAdmonition(name: string): boolean {
  return (ADMONITION_KINDS as readonly string[]).includes(name);
}

export function buildAdmonition(node: ContainerDirective): void {
  const kind = node.name;
  const label = takeLabel(node);
  const titleChildren = label && 'children' in label ? label.children : [{ type: 'text', value: kind }];
  node.data = { hName: 'div', hProperties: admonitionProperties(kind) };
  node.children = [
    { type: 'paragraph', data: { hName: 'div', hProperties: headingProperties() }, children: titleChildren } as never,
    { type: 'blockquote', data: { hName: 'div', hProperties: contentProperties() }, children: node.children } as never,
  ];
}

/** An admonition as hast, for pages made without markdown (the API reference), in the same markup. */
export function admonitionElement(kind: string, title: string, content: ElementContent[]): Element {
  return h('div', admonitionProperties(kind), h('div', headingProperties(), title), h('div', contentProperties(), content));
}

function admonitionProperties(kind: string): Properties {
  return { className: ['admonition', `admonition-${kind}`], role: 'note' };
}

function headingProperties(): Properties {
  return { className: ['admonition-heading'] };
}

function contentProperties(): Properties {
  return { className: ['admonition-content'] };
}
