import { createContext, useContext, useEffect, useRef } from 'react';
import { childPath, contains, type SidebarCategory as Category } from '../../shared/sidebar-tree.ts';
import type { SidebarNode } from '../../shared/types.ts';
import { Link } from './Link.tsx';
import { useCollapsible } from './collapse.ts';

/**
 * Loads the items of a category the page did not carry (`itemsIn`) into the sidebar the shell
 * shows, resolving once they are there; `warm` only starts loading the file. Given by the browser
 * shell; the server renders without it.
 */
export interface SidebarItemsLoader {
  load: (file: string) => Promise<void>;
  warm: (file: string) => void;
}
export const SidebarItemsContext = createContext<SidebarItemsLoader | undefined>(undefined);

/** Marks where the server splices in pre-rendered items (see render-pages.ts); never rendered in a browser. */
export const SIDEBAR_SLOT = '<template data-docsgen-slot="sidebar"></template>';

export function Sidebar({ items, route, slot, idPrefix }: { items: SidebarNode[]; route: string; slot?: boolean; idPrefix?: string }) {
  const navRef = useRef<HTMLElement>(null);
  // A page deep in a long sidebar (the API reference) is found there at once, on load and after
  // a navigation that did not start from a visible entry.
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (nav && current) revealInSidebar(nav, current);
  }, [route]);
  return (
    <nav className="sidebar" aria-label="Docs sidebar" ref={navRef}>
      <ul className="menu">
        {slot ? <template data-docsgen-slot="sidebar" /> : items.map((item, i) => <SidebarItem key={i} node={item} route={route} path={childPath('', i)} idPrefix={idPrefix} />)}
      </ul>
    </nav>
  );
}

/** Scrolls the sidebar, not the page, so that an entry out of its view is in the middle of it. */
function revealInSidebar(nav: HTMLElement, entry: HTMLElement): void {
  const view = nav.getBoundingClientRect();
  const box = entry.getBoundingClientRect();
  if (box.top >= view.top && box.bottom <= view.bottom) return;
  nav.scrollTop += box.top - view.top - (nav.clientHeight - box.height) / 2;
}

interface ItemProps {
  node: SidebarNode;
  route: string;
  path: string;
  /** Keeps ids unique when a second copy of a menu is on the page (the mobile panel). */
  idPrefix?: string;
  /** Server only: leave a slot for a category's items, which render-pages.ts fills. */
  slot?: boolean;
}

export function SidebarItem({ node, route, path, idPrefix, slot }: ItemProps) {
  if (node.kind === 'html') {
    // The sidebars file's own HTML: code of the site, as trusted as the config (SECURITY.md).
    const className = ['menu-html', node.defaultStyle ? 'menu-html-default' : '', node.className ?? ''].filter(Boolean).join(' ');
    return <li className={className} dangerouslySetInnerHTML={{ __html: node.value }} />;
  }
  if (node.kind === 'link') {
    // A link within the site (`/reference/sdks#community-sdks`) stays in the tab; others open a new one.
    // Marked, as a link within the site looks like a doc's (see sidebar-markup.ts).
    return (
      <li className={node.className} data-link={node.href.startsWith('/') ? '' : undefined}>
        {node.href.startsWith('/') ? (
          <Link to={node.href}>{node.label}</Link>
        ) : (
          <a href={node.href} target="_blank" rel="noopener noreferrer">
            {node.label}
          </a>
        )}
      </li>
    );
  }
  if (node.kind === 'doc') {
    const active = node.route === route;
    return (
      <li className={node.className}>
        <Link to={node.route} aria-current={active ? 'page' : undefined}>
          {node.label}
          {node.titleRest && <span className="visually-hidden">{node.titleRest}</span>}
        </Link>
      </li>
    );
  }
  return <SidebarCategory node={node} route={route} path={path} idPrefix={idPrefix} slot={slot} />;
}

function SidebarCategory({ node, route, path, idPrefix = 'sidebar', slot }: ItemProps & { node: Category }) {
  const inside = contains(node, route);
  const { collapsed, hidden, ref: listRef, expand, toggle } = useCollapsible<HTMLUListElement>(node.collapsible && node.collapsed && !inside);
  const loader = useContext(SidebarItemsContext);
  const file = node.itemsIn;
  // Items the page did not carry open once they are loaded; if they cannot be, the category's
  // own page (when it has one) still lists them.
  const onCaret = () => {
    if (!collapsed || file === undefined || !loader) toggle();
    else loader.load(file).then(expand, (e: unknown) => console.warn(`docsgen: could not load the items of '${node.label}'`, e));
  };
  const warm = file !== undefined && loader ? () => loader.warm(file) : undefined;
  // Navigating into a collapsed category opens it, as a first load of that page would.
  useEffect(() => {
    if (inside) expand();
  }, [inside]);
  const listId = `${idPrefix}-${path}`;
  const active = node.route === route;
  return (
    <li className={[collapsed ? 'menu-category collapsed' : 'menu-category', node.className].filter(Boolean).join(' ')}>
      <div className="menu-category-row">
        {node.route ? (
          <Link to={node.route} aria-current={active ? 'page' : undefined}>
            {node.label}
          </Link>
        ) : (
          <span className="menu-label">{node.label}</span>
        )}
        {node.collapsible && (
          <button
            type="button"
            className="menu-caret"
            aria-expanded={!collapsed}
            aria-controls={listId}
            aria-label={`${collapsed ? 'Expand' : 'Collapse'} sidebar category '${node.label}'`}
            onClick={onCaret}
            onPointerEnter={warm}
            onFocus={warm}
          />
        )}
      </div>
      {/* A closed category has no items in the page: a long sidebar costs nothing until opened. */}
      <ul className="menu" id={listId} hidden={hidden} ref={listRef} data-items-in={node.itemsIn}>
        {slot ? <template data-docsgen-slot="sidebar" /> : !hidden && node.items.map((child, i) => <SidebarItem key={i} node={child} route={route} path={childPath(path, i)} idPrefix={idPrefix} />)}
      </ul>
    </li>
  );
}
