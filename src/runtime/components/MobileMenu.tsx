// The contents of the mobile navigation panel, loaded the first time it opens.
import { useEffect, useRef, useState } from 'react';
import type { NavItem, ShellConfig, SidebarNode } from '../../shared/types.ts';
import { TEXT } from '../constants.ts';
import { Brand } from './Navbar.tsx';
import { Sidebar, SidebarItem } from './Sidebar.tsx';

interface Props {
  shell: ShellConfig;
  route: string;
  sidebar?: SidebarNode[];
  onClose: () => void;
}

/** Navbar entries as menu items, so the panel draws them with the sidebar's collapsible menu. */
function toMenuNode(item: NavItem, shell: ShellConfig, route: string): SidebarNode | undefined {
  if (item.kind === 'separator' || item.kind === 'search' || item.kind === 'colorMode') return undefined;
  if (item.kind === 'locale') {
    const items = shell.locales.map((l): SidebarNode => ({ kind: 'doc', label: l.label, route }));
    return { kind: 'category', label: shell.locales[0]?.label ?? TEXT.languages, collapsed: true, collapsible: true, items };
  }
  if (item.items) {
    const items = item.items.map((c) => toMenuNode(c, shell, route)).filter((n): n is SidebarNode => n !== undefined);
    return { kind: 'category', label: item.label, ...(item.to !== undefined ? { route: item.to } : {}), collapsed: true, collapsible: true, items };
  }
  if (item.to !== undefined) return { kind: 'doc', label: item.label, route: item.to };
  return item.href ? { kind: 'link', label: item.label, href: item.href } : undefined;
}

export default function MobileMenu({ shell, route, sidebar, onClose }: Props) {
  // On a doc page the panel opens on the doc sidebar, as on the desktop; the button goes back.
  const [showSidebar, setShowSidebar] = useState(sidebar !== undefined);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  const nodes = shell.navbar.items.map((item) => toMenuNode(item, shell, route)).filter((n): n is SidebarNode => n !== undefined);
  return (
    <>
      <div className="mobile-panel-header">
        <Brand shell={shell} />
        <button ref={closeRef} type="button" className="navbar-icon-button" aria-label={TEXT.closeNavbar} onClick={onClose}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path stroke="currentColor" strokeWidth="2" d="M5 5l14 14M19 5 5 19" />
          </svg>
        </button>
      </div>
      {/* A followed link closes the panel at once, without waiting for the route to load. */}
      <div className="mobile-panel-items" onClick={(e) => (e.target as Element).closest('a') && onClose()}>
        {showSidebar && sidebar ? (
          <>
            <button type="button" className="back-to-main" onClick={() => setShowSidebar(false)}>
              {TEXT.backToMainMenu}
            </button>
            <Sidebar items={sidebar} route={route} idPrefix="mobile-sidebar" />
          </>
        ) : (
          <nav aria-label={TEXT.mainMenu}>
            <ul className="menu">
              {nodes.map((node, i) => (
                <SidebarItem key={i} node={node} route={route} path={String(i)} idPrefix="mobile-nav" />
              ))}
            </ul>
          </nav>
        )}
      </div>
    </>
  );
}
