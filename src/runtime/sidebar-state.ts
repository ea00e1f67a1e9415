// The sidebar as the browser knows it: what the first page carried, grown by what later pages
// carried and by the sidebar files loaded when a reader opened a category. A category once seen
// open keeps its items, so it stays open with them on the next page as it would in a full sidebar.
import { childPath, itemsAt } from '../shared/sidebar-tree.ts';
import type { PageData, SidebarData, SidebarNode } from '../shared/types.ts';

export interface KnownSidebar {
  /** The sidebar's top file: the same for every page of one version of the sidebar. */
  file: string;
  items: SidebarNode[];
}

/** What is known after a navigation to a page: with what was known, when it is the same sidebar. */
export function nextSidebar(known: KnownSidebar | undefined, page: PageData): KnownSidebar | undefined {
  const next = page.sidebar;
  if (!next) return undefined;
  if (known?.file !== next.file) return { file: next.file, items: next.items };
  return { file: next.file, items: mergeItems(known.items, next.items) };
}

/** Both trees come from one sidebar: where either has a category's items, the result has them. */
function mergeItems(known: SidebarNode[], next: SidebarNode[]): SidebarNode[] {
  return next.map((node, i) => {
    const had = known[i];
    if (node.kind !== 'category' || had?.kind !== 'category' || had.label !== node.label) return node;
    if (node.itemsIn !== undefined) return had;
    if (had.itemsIn !== undefined) return node;
    return { ...node, items: mergeItems(had.items, node.items) };
  });
}

/** The sidebar with the items of every category that `data` (loaded from `url`) holds. */
export function withFile(known: KnownSidebar, url: string, data: SidebarData): KnownSidebar {
  const graft = (items: SidebarNode[], parent: string): SidebarNode[] =>
    items.map((node, i) => {
      if (node.kind !== 'category') return node;
      const path = childPath(parent, i);
      if (node.itemsIn === url) {
        const found = itemsAt(data, path, node.label);
        if (!found) return node;
        const { itemsIn: _file, ...category } = node;
        return { ...category, items: found };
      }
      return node.itemsIn === undefined && node.items.length ? { ...node, items: graft(node.items, path) } : node;
    });
  return { file: known.file, items: graft(known.items, '') };
}
