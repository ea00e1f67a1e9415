// What of a sidebar a page shows when it loads, and where the rest is. The server renders a page
// with only that part (so a page weighs the same on a site of any size), the client hydrates it
// from the same data and loads the rest from the sidebar files when a reader opens a category.
import type { SidebarData, SidebarNode } from './types.ts';

export type SidebarCategory = Extract<SidebarNode, { kind: 'category' }>;

/** Whether the route is this item or inside it: only such items look different on that route. */
export function contains(node: SidebarNode, route: string): boolean {
  if (node.kind === 'doc') return node.route === route;
  if (node.kind === 'category') return routesIn(node).has(route);
  return false;
}

/**
 * The routes of a category and everything in it, made once per category object (sidebar trees are
 * never changed in place, only copied): walking the tree for each question made rendering every
 * page of a site quadratic in its pages.
 */
const routesMemo = new WeakMap<SidebarCategory, ReadonlySet<string>>();
function routesIn(node: SidebarCategory): ReadonlySet<string> {
  let routes = routesMemo.get(node);
  if (!routes) {
    const found = new Set<string>();
    if (node.route !== undefined) found.add(node.route);
    for (const child of node.items) {
      if (child.kind === 'doc') found.add(child.route);
      else if (child.kind === 'category') for (const r of routesIn(child)) found.add(r);
    }
    routesMemo.set(node, (routes = found));
  }
  return routes;
}

/**
 * Whether a category shows its items when a page loads, as Docusaurus does: it holds the page, or
 * it is not collapsed by default (or cannot collapse).
 */
export function openOnLoad(node: SidebarCategory, route: string): boolean {
  return !(node.collapsible && node.collapsed) || contains(node, route);
}

export interface SidebarPruning {
  /** The URL of the sidebar file that holds a category's items. */
  fileOf: (category: SidebarCategory) => string;
  /**
   * Items outside the current page, pruned: every page outside an item shows it alike, so each is
   * made once and is the same object on every page (the server's render cache goes by identity).
   */
  outside: WeakMap<SidebarNode, SidebarNode>;
}

/**
 * The sidebar as a page at `route` shows it on load: every category open on load keeps its items,
 * pruned in turn; every other one keeps none, and names the file they are in. Nothing the page
 * does not show is left, so what a page carries of its sidebar does not grow with the site.
 */
export function pruneSidebar(items: SidebarNode[], route: string, pruning: SidebarPruning): SidebarNode[] {
  return items.map((node) => {
    if (node.kind !== 'category') return node;
    if (contains(node, route)) return { ...node, items: pruneSidebar(node.items, route, pruning) };
    let pruned = pruning.outside.get(node);
    if (!pruned) {
      // Outside the route, a category is open on load only when it is open by default, on any page.
      pruned = openOnLoad(node, route) ? { ...node, items: pruneSidebar(node.items, route, pruning) } : { ...node, items: [], itemsIn: pruning.fileOf(node) };
      pruning.outside.set(node, pruned);
    }
    return pruned;
  });
}

/** The place of an item below the top of its sidebar: its indexes joined by `-` (`2-0-5`). */
export const childPath = (parent: string, index: number): string => (parent ? `${parent}-${index}` : String(index));

/**
 * The items of the category at `path` (a category the file holds the items of), or undefined when
 * the file does not hold them or holds another category there: a file of another version.
 */
export function itemsAt(file: SidebarData, path: string, label: string): SidebarNode[] | undefined {
  if (path === file.path) return file.items;
  const prefix = file.path ? `${file.path}-` : '';
  if (!path.startsWith(prefix)) return undefined;
  let items = file.items;
  let node: SidebarNode | undefined;
  for (const index of path.slice(prefix.length).split('-')) {
    node = items[Number(index)];
    if (node?.kind !== 'category' || node.itemsIn !== undefined) return undefined;
    items = node.items;
  }
  return node?.kind === 'category' && node.label === label ? items : undefined;
}
