// The navbar: brand, entries from the config (left and right), search button, colour toggle,
// language selector, and the mobile menu button; it hides while the reader scrolls down.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { NavItem, ShellConfig, SidebarNode } from '../../shared/types.ts';
import { EVENTS, TEXT } from '../constants.ts';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { MOBILE_PANEL_ID, MobilePanel } from './MobilePanel.tsx';
import { Dropdown, NavLink } from './NavDropdown.tsx';

export function openSearch(): void {
  dispatchEvent(new CustomEvent(EVENTS.openSearch));
}

interface NavbarProps {
  shell: ShellConfig;
  route: string;
  sidebar?: SidebarNode[];
  /** Doc entries active on this page because their doc shows its sidebar. */
  navbarDocs?: string[];
}

export function Navbar({ shell, route, sidebar, navbarDocs }: NavbarProps) {
  const ref = useRef<HTMLElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const hidden = useHideOnScroll(ref, shell.navbar.hideOnScroll && !menuOpen, route);
  const left = shell.navbar.items.filter((i) => i.position === 'left');
  const right = shell.navbar.items.filter((i) => i.position !== 'left');
  const renderItems = (items: NavItem[]) =>
    items.map((item, i) => (
      <li key={i} className={item.kind === 'search' || item.kind === 'colorMode' ? 'navbar-item navbar-item-keep' : 'navbar-item'}>
        <NavEntry item={item} shell={shell} route={route} inSidebar={item.to !== undefined && navbarDocs?.includes(item.to) === true} />
      </li>
    ));
  return (
    <nav ref={ref} className={hidden ? 'navbar navbar-hidden' : 'navbar'} aria-label="Main">
      <div className="navbar-inner">
        <button
          type="button"
          className="navbar-icon-button navbar-menu-button"
          aria-label={TEXT.toggleNavbar}
          aria-expanded={menuOpen}
          aria-controls={MOBILE_PANEL_ID}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <svg viewBox="0 0 30 30" width="28" height="28" aria-hidden="true">
            <path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
          </svg>
        </button>
        <Brand shell={shell} />
        <ul className="navbar-items navbar-items-left">{renderItems(left)}</ul>
        <ul className="navbar-items navbar-items-right">{renderItems(right)}</ul>
      </div>
      <MobilePanel open={menuOpen} onClose={() => setMenuOpen(false)} shell={shell} route={route} sidebar={sidebar} />
    </nav>
  );
}

export function Brand({ shell }: { shell: ShellConfig }) {
  const { logo } = shell;
  return (
    <a className="navbar-brand" href={logo?.href ?? shell.baseUrl}>
      {logo && <img className={logo.srcDark ? 'navbar-logo light-only' : 'navbar-logo'} src={logo.src} alt={logo.alt} width={32} height={32} />}
      {logo?.srcDark && <img className="navbar-logo dark-only" src={logo.srcDark} alt={logo.alt} width={32} height={32} />}
      <span className="navbar-title">{shell.title}</span>
    </a>
  );
}

/**
 * Hidden while the reader scrolls down past the navbar, shown again on any scroll up, near the top,
 * on a route change, and while focus is inside it (a keyboard user must see where they are).
 */
function useHideOnScroll(ref: RefObject<HTMLElement | null>, enabled: boolean, route: string): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => setHidden(false), [route, enabled]);
  useEffect(() => {
    if (!enabled) return;
    let last = scrollY;
    const onScroll = () => {
      const y = scrollY;
      const nav = ref.current;
      const height = nav?.offsetHeight ?? 0;
      if (y < height) setHidden(false);
      else if (y > last) setHidden(!nav?.contains(document.activeElement));
      else if (y < last) setHidden(false);
      last = y;
    };
    addEventListener('scroll', onScroll, { passive: true });
    return () => removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}

function NavEntry({ item, shell, route, inSidebar }: { item: NavItem; shell: ShellConfig; route: string; inSidebar: boolean }) {
  switch (item.kind) {
    case 'separator':
      return <span className="navbar-separator" />;
    case 'search':
      return <SearchButton />;
    case 'colorMode':
      return shell.colorMode.disableSwitch ? null : <ColorModeToggle config={shell.colorMode} />;
    case 'locale':
      return <LocaleDropdown shell={shell} route={route} />;
  }
  if (item.items) return <Dropdown item={item} route={route} />;
  return <NavLink item={item} route={route} inSidebar={inSidebar} />;
}

function SearchButton() {
  return (
    <button type="button" className="navbar-search" aria-label={TEXT.search} onClick={openSearch}>
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
        <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M14.4 14.4 19 19m-10.5-2a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15Z" />
      </svg>
      <span className="navbar-search-label">{TEXT.search}</span>
    </button>
  );
}

function LocaleDropdown({ shell, route }: { shell: ShellConfig; route: string }) {
  const current = shell.locales[0];
  if (!current) return null;
  const item: NavItem = { label: current.label, items: shell.locales.map((l) => ({ label: l.label, to: route })) };
  const icon = (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path fill="none" stroke="currentColor" strokeWidth="1.6" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 0c2.8 2.7 4 6 4 10s-1.2 7.3-4 10m0-20C9.2 4.7 8 8 8 12s1.2 7.3 4 10M2.5 9h19m-19 6h19" />
    </svg>
  );
  return <Dropdown item={item} route={route} icon={icon} label={`${TEXT.languages}: ${current.label}`} variant="locale" />;
}
