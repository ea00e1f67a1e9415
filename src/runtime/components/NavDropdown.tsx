// Navbar entries: links (marked on their route) and dropdown menus.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { NavItem } from '../../shared/types.ts';
import { Link } from './Link.tsx';

/** An item is active on its own route and below it; a dropdown when one of its entries is. */
export function isActive(item: NavItem, route: string): boolean {
  if (item.items?.some((child) => isActive(child, route))) return true;
  if (item.to === undefined) return false;
  return item.to === route || (item.to !== '/' && route.startsWith(`${item.to}/`));
}

interface NavLinkProps {
  item: NavItem;
  route: string;
  className?: string;
  /** Its doc shows the current page's sidebar: active, though not the current page. */
  inSidebar?: boolean;
}

export function NavLink({ item, route, className = 'navbar-link', inSidebar = false }: NavLinkProps) {
  if (item.to === undefined) {
    return (
      <a className={className} href={item.href} target="_blank" rel="noopener noreferrer">
        <Label item={item} />
      </a>
    );
  }
  const current = isActive(item, route);
  return (
    <Link to={item.to} className={current || inSidebar ? `${className} active` : className} aria-current={current ? 'page' : undefined}>
      <Label item={item} />
    </Link>
  );
}

/** 'Unleash Academy' with short label 'Academy' drops 'Unleash ' on narrower windows. */
export function Label({ item }: { item: NavItem }) {
  const { label, shortLabel } = item;
  if (!shortLabel || shortLabel === label || !label.endsWith(shortLabel)) return <>{label}</>;
  return (
    <>
      <span className="hide-at-small-sizes">{label.slice(0, label.length - shortLabel.length)}</span>
      {shortLabel}
    </>
  );
}

/**
 * Opens on hover, on click and on Enter; closes when the pointer leaves, on a click outside, on
 * Escape and when focus leaves it (which is what Tab from the last entry does).
 */
interface DropdownProps {
  item: NavItem;
  route: string;
  icon?: ReactNode;
  /** Accessible name, when the visible label alone would not say what the menu is. */
  label?: string;
  variant?: string;
}

export function Dropdown({ item, route, icon, label, variant }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = `dropdown-${item.label.replace(/\W+/g, '-').toLowerCase()}`;
  useEffect(() => {
    if (!open) return;
    const onOutside = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onOutside);
    document.addEventListener('touchstart', onOutside);
    return () => {
      document.removeEventListener('mousedown', onOutside);
      document.removeEventListener('touchstart', onOutside);
    };
  }, [open]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    setOpen(false);
    ref.current?.querySelector<HTMLElement>('.dropdown-toggle')?.focus();
  };
  // The language menu always holds the current page; that is no reason to highlight it.
  const active = variant !== 'locale' && isActive(item, route);
  const toggleProps = {
    className: active ? 'navbar-link dropdown-toggle active' : 'navbar-link dropdown-toggle',
    'aria-haspopup': true,
    'aria-expanded': open,
    'aria-controls': id,
    'aria-label': label,
  } as const;
  // A dropdown with its own page is a link (a click goes there, as in Docusaurus); Enter opens it.
  const onToggleKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    setOpen(!open);
  };
  return (
    <div
      ref={ref}
      className={`dropdown${variant ? ` dropdown-${variant}` : ''}${open ? ' open' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={onKeyDown}
    >
      {item.to !== undefined ? (
        <Link to={item.to} {...toggleProps} onKeyDown={onToggleKey}>
          <Label item={item} />
        </Link>
      ) : (
        // A pointer click lands on a menu its hover has just opened: it must not shut it again.
        // Enter and Space click with detail 0, and those toggle.
        <button type="button" {...toggleProps} onClick={(e) => setOpen(e.detail === 0 ? !open : true)}>
          {icon}
          <span className="dropdown-label">
            <Label item={item} />
          </span>
        </button>
      )}
      <ul className="dropdown-menu" id={id}>
        {item.items!.map((child, i) => (
          <li key={i}>
            <NavLink item={child} route={route} className="dropdown-link" />
          </li>
        ))}
      </ul>
    </div>
  );
}
