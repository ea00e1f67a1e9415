import { useState } from 'react';
import type { SidebarNode } from '../../shared/types.ts';
import { Link } from './Link.tsx';

/** Marks where the server splices in pre-rendered items (see render-pages.ts); never rendered in a browser. */
export const SIDEBAR_SLOT = '<template data-docsgen-slot="sidebar"></template>';

export function Sidebar({ items, route, slot }: { items: SidebarNode[]; route: string; slot?: boolean }) {
  return (
    <nav className="sidebar" aria-label="Docs sidebar">
      <ul className="menu">
        {slot ? (
          <template data-docsgen-slot="sidebar" />
        ) : (
          items.map((item, i) => <SidebarItem key={i} node={item} route={route} path={String(i)} />)
        )}
      </ul>
    </nav>
  );
}

/** Whether the route is this item or inside it: only such items look different on that route. */
export function contains(node: SidebarNode, route: string): boolean {
  if (node.kind === 'doc') return node.route === route;
  if (node.kind === 'category') return node.route === route || node.items.some((c) => contains(c, route));
  return false;
}

export function SidebarItem({ node, route, path }: { node: SidebarNode; route: string; path: string }) {
  if (node.kind === 'link') {
    return (
      <li className="menu-item">
        <a className="menu-link" href={node.href} target="_blank" rel="noopener noreferrer">
          {node.label}
        </a>
      </li>
    );
  }
  if (node.kind === 'doc') {
    const active = node.route === route;
    return (
      <li className={node.className ? `menu-item ${node.className}` : 'menu-item'}>
        <Link to={node.route} className={active ? 'menu-link active' : 'menu-link'} aria-current={active ? 'page' : undefined}>
          {node.label}
        </Link>
      </li>
    );
  }
  return <SidebarCategory node={node} route={route} path={path} />;
}

function SidebarCategory({ node, route, path }: { node: Extract<SidebarNode, { kind: 'category' }>; route: string; path: string }) {
  const inside = contains(node, route);
  const [collapsed, setCollapsed] = useState(node.collapsible && node.collapsed && !inside);
  const listId = `sidebar-${path}`;
  const active = node.route === route;
  return (
    <li className={collapsed ? 'menu-item menu-category collapsed' : 'menu-item menu-category'}>
      <div className="menu-category-row">
        {node.route ? (
          <Link to={node.route} className={active ? 'menu-link active' : 'menu-link'} aria-current={active ? 'page' : undefined}>
            {node.label}
          </Link>
        ) : (
          <span className="menu-link">{node.label}</span>
        )}
        {node.collapsible && (
          <button
            type="button"
            className="menu-caret"
            aria-expanded={!collapsed}
            aria-controls={listId}
            aria-label={`${collapsed ? 'Expand' : 'Collapse'} sidebar category '${node.label}'`}
            onClick={() => setCollapsed(!collapsed)}
          />
        )}
      </div>
      <ul className="menu" id={listId} hidden={collapsed}>
        {node.items.map((child, i) => (
          <SidebarItem key={i} node={child} route={route} path={`${path}-${i}`} />
        ))}
      </ul>
    </li>
  );
}
