// The sidebar items a page's server-rendered markup draws, read back from it: a page carries them
// once, as HTML, not a second time as data for hydration (they were half of a page's weight on a
// site of 10,000 pages). Each kind of item is told apart by what Sidebar.tsx renders for it; what
// the markup cannot say (a category's items not on the page) it carries in `data-items-in`.
import type { SidebarNode } from '../shared/types.ts';

/** The items of the docs sidebar in `root`, or undefined when it draws none. */
export function sidebarFromMarkup(root: ParentNode): SidebarNode[] | undefined {
  const list = root.querySelector(':scope .doc-sidebar > nav.sidebar > ul.menu');
  return list ? itemsOf(list) : undefined;
}

function itemsOf(list: Element): SidebarNode[] {
  return [...list.children].filter((el) => el.tagName === 'LI').map(itemOf);
}

function itemOf(li: Element): SidebarNode {
  if (li.classList.contains('menu-html')) {
    return {
      kind: 'html',
      value: li.innerHTML,
      ...classNameOf(li, ['menu-html', 'menu-html-default']),
      ...(li.classList.contains('menu-html-default') ? { defaultStyle: true } : {}),
    };
  }
  if (li.classList.contains('menu-category')) return categoryOf(li);
  const a = li.querySelector(':scope > a');
  const href = a?.getAttribute('href') ?? '';
  if (a?.getAttribute('target') === '_blank' || li.hasAttribute('data-link')) return { kind: 'link', label: a?.textContent ?? '', href, ...classNameOf(li, []) };
  // A doc's link may end with the rest of its title, for screen readers only.
  const rest = a?.querySelector(':scope > span.visually-hidden');
  const text = a?.textContent ?? '';
  const titleRest = rest?.textContent ?? '';
  return { kind: 'doc', label: text.slice(0, text.length - titleRest.length), route: href, ...classNameOf(li, []), ...(rest ? { titleRest } : {}) };
}

function categoryOf(li: Element): SidebarNode {
  const row = li.querySelector(':scope > .menu-category-row');
  const a = row?.querySelector(':scope > a');
  const list = li.querySelector(':scope > ul.menu');
  const collapsible = Boolean(row?.querySelector(':scope > button.menu-caret'));
  const itemsIn = list?.getAttribute('data-items-in');
  return {
    kind: 'category',
    label: (a ?? row?.querySelector(':scope > .menu-label'))?.textContent ?? '',
    ...(a ? { route: a.getAttribute('href') ?? '' } : {}),
    ...classNameOf(li, ['menu-category', 'collapsed']),
    // As drawn: a category the page is in shows open whatever its default, and only the first
    // draw reads this (a later page's data carries the sidebar's own).
    collapsed: li.classList.contains('collapsed'),
    collapsible,
    items: list && itemsIn === null ? itemsOf(list) : [],
    ...(itemsIn !== null && itemsIn !== undefined ? { itemsIn } : {}),
  };
}

/** The item's own class names: those of the element less those the sidebar adds for its kind and state. */
function classNameOf(el: Element, added: string[]): { className?: string } {
  const own = [...el.classList].filter((c) => !added.includes(c)).join(' ');
  return own ? { className: own } : {};
}
