// A table wider than its column scrolls sideways (on a phone, most do). A scrolling area must be
// reachable by keyboard, so every table sits in a focusable, labelled region, as code blocks do.
import type { Element, ElementContent, Root } from 'hast';
import { TEXT } from '../../runtime/constants.ts';

const WRAPPER_CLASS = 'table-scroll';

function wrapperProps(label: string): Element['properties'] {
  return { className: [WRAPPER_CLASS], role: 'region', ariaLabel: label, tabIndex: 0 };
}

/** The same wrapper, for the pages made without markdown (the API reference). */
export function scrollTable(table: Element, heading?: string): Element {
  return { type: 'element', tagName: 'div', properties: wrapperProps(TEXT.tableRegion(heading)), children: [table] };
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(textOf).join('') : '';
}

/**
 * Rehype plugin: wraps each table; the label names the heading the table stands under, and is
 * numbered from the second table under one heading on: regions of a page need names of their own.
 */
export function rehypeScrollTables() {
  return (tree: Root): void => {
    let heading: string | undefined;
    const seen = new Map<string, number>();
    const label = (): string => {
      const base = TEXT.tableRegion(heading);
      const nth = (seen.get(base) ?? 0) + 1;
      seen.set(base, nth);
      return nth === 1 ? base : `${base} (${nth})`;
    };
    const walk = (parent: Root | Element): void => {
      parent.children.forEach((child, i) => {
        if (child.type !== 'element') return;
        if (/^h[1-6]$/.test(child.tagName)) {
          heading = textOf(child).trim() || heading;
        } else if (child.tagName === 'table') {
          parent.children[i] = { type: 'element', tagName: 'div', properties: wrapperProps(label()), children: [child] };
        } else {
          walk(child);
        }
      });
    };
    walk(tree);
  };
}
