// HTML built as a tree (hast) and serialised once, as the markdown pipeline's is: the pages made
// without markdown (the API reference) use this, with the markdown plugins' own properties for the
// markup both make (tabs, admonitions, table regions).
import type { Element, ElementContent, Properties } from 'hast';
import { toHtml } from 'hast-util-to-html';

/** What an element may hold: nodes, text, and nothing (`false`, `undefined`, `''`), nested freely. */
export type HastChild = ElementContent | string | false | undefined | readonly HastChild[];

export function h(tagName: string, properties: Properties = {}, ...children: HastChild[]): Element {
  return { type: 'element', tagName, properties, children: nodes(children) };
}

/** The nodes of a list of children: text for strings, nothing for nothing. */
export function nodes(children: readonly HastChild[], out: ElementContent[] = []): ElementContent[] {
  for (const child of children) {
    if (child === false || child === undefined || child === '') continue;
    if (typeof child === 'string') out.push({ type: 'text', value: child });
    else if (Array.isArray(child)) nodes(child as readonly HastChild[], out);
    else out.push(child as ElementContent);
  }
  return out;
}

/** `items` with `separator` between each two. */
export function joined(items: readonly HastChild[], separator: HastChild): HastChild[] {
  return items.flatMap((item, i) => (i === 0 ? [item] : [separator, item]));
}

/** A page's HTML, serialised once. */
export function pageHtml(children: ElementContent[]): string {
  return toHtml({ type: 'root', children });
}
