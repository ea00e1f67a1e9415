import { useState } from 'react';
import type { NavItem, ShellConfig } from '../../shared/types.ts';
import { Link } from './Link.tsx';

export function Navbar({ shell, route }: { shell: ShellConfig; route: string }) {
  return (
    <nav className="navbar" aria-label="Main">
      <div className="navbar-inner">
        <a className="navbar-brand" href={shell.logo?.href ?? shell.baseUrl}>
          {shell.logo && <img className="navbar-logo" src={shell.logo.src} alt={shell.logo.alt} width={32} height={32} />}
          <span className="navbar-title">{shell.title}</span>
        </a>
        <ul className="navbar-items">
          {shell.navbar.items.map((item, i) => (
            <li key={i} className="navbar-item">
              <NavEntry item={item} route={route} />
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

function NavEntry({ item, route }: { item: NavItem; route: string }) {
  if (item.kind === 'separator') return <span className="navbar-separator" role="separator" />;
  if (item.items) return <Dropdown item={item} route={route} />;
  const active = item.to !== undefined && (item.to === route || (item.to !== '/' && route.startsWith(`${item.to}/`)));
  return item.to !== undefined ? (
    <Link to={item.to} className={active ? 'navbar-link active' : 'navbar-link'} aria-current={active ? 'page' : undefined}>
      {item.label}
    </Link>
  ) : (
    <a className="navbar-link" href={item.href} target="_blank" rel="noopener noreferrer">
      {item.label}
    </a>
  );
}

function Dropdown({ item, route }: { item: NavItem; route: string }) {
  const [open, setOpen] = useState(false);
  const id = `dropdown-${item.label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className={open ? 'dropdown open' : 'dropdown'} onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button type="button" className="navbar-link dropdown-toggle" aria-haspopup="true" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {item.label}
      </button>
      <ul className="dropdown-menu" id={id}>
        {item.items!.map((child, i) => (
          <li key={i}>
            <NavEntry item={child} route={route} />
          </li>
        ))}
      </ul>
    </div>
  );
}
