// `:::note` and its kin: a titled box, the title from the directive's `[label]` or its kind.
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
  node.data = { hName: 'div', hProperties: { className: ['admonition', `admonition-${kind}`], role: 'note' } };
  node.children = [
    { type: 'paragraph', data: { hName: 'div', hProperties: { className: ['admonition-heading'] } }, children: titleChildren } as never,
    { type: 'blockquote', data: { hName: 'div', hProperties: { className: ['admonition-content'] } }, children: node.children } as never,
  ];
}
