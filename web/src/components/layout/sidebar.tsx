// The left sidebar: fixed on wide screens; on small ones a drawer the menu button opens. While
// the drawer is open the rest of the page is inert, Escape or the backdrop closes it, and focus
// goes back to the menu button.
import { useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { ADMIN_LINKS, PUBLIC_LINKS } from './nav-links.ts';
import type { NavLinkSpec } from './nav-links.ts';
import { CloseIcon, LogoMark } from './icons.tsx';

export interface SidebarProps {
  id: string;
  /** Wide screen: always shown, no drawer behaviour. */
  wide: boolean;
  open: boolean;
  isAdmin: boolean;
  onClose: (opts?: { returnFocus?: boolean }) => void;
}

function NavItem({ link, onNavigate }: { link: NavLinkSpec; onNavigate: () => void }) {
  if (link.disabled) {
    return (
      <li>
        <span className="sidebar__link sidebar__link--disabled" aria-disabled="true">
          {link.label}
          <span className="tag tag--muted">Coming Soon</span>
        </span>
      </li>
    );
  }
  return (
    <li>
      <NavLink to={link.to} end={link.to === '/' || link.to === '/admin'} className="sidebar__link" onClick={onNavigate}>
        {link.label}
      </NavLink>
    </li>
  );
}

export function Sidebar({ id, wide, open, isAdmin, onClose }: SidebarProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const drawer = !wide;
  const shown = wide || open;

  useEffect(() => {
    if (!drawer || !open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose({ returnFocus: true });
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer, open, onClose]);

  const afterNavigate = () => {
    if (drawer) onClose();
  };

  return (
    <>
      {drawer && open && <div className="sidebar-backdrop" aria-hidden="true" onClick={() => onClose({ returnFocus: true })} />}
      <aside
        id={id}
        className={['sidebar', drawer ? 'sidebar--drawer' : 'sidebar--fixed', shown ? 'sidebar--open' : 'sidebar--closed'].join(' ')}
        aria-label="Sidebar"
        data-testid="sidebar"
      >
        <div className="sidebar__head">
          <Link to="/" className="sidebar__brand" onClick={afterNavigate}>
            <LogoMark size={28} className="sidebar__logo" />
            <span>Fete</span>
          </Link>
          {drawer && (
            <button ref={closeRef} type="button" className="icon-button icon-button--on-dark" aria-label="Close menu" onClick={() => onClose({ returnFocus: true })}>
              <CloseIcon />
            </button>
          )}
        </div>
        <nav aria-label="Main" className="sidebar__nav">
          <ul className="sidebar__list">
            {PUBLIC_LINKS.map((link) => (
              <NavItem key={link.to} link={link} onNavigate={afterNavigate} />
            ))}
          </ul>
          {isAdmin && (
            <section className="sidebar__group" aria-labelledby={`${id}-admin`}>
              <h2 id={`${id}-admin`} className="sidebar__group-title">
                Admin Control
              </h2>
              <ul className="sidebar__list">
                {ADMIN_LINKS.map((link) => (
                  <NavItem key={link.to} link={link} onNavigate={afterNavigate} />
                ))}
              </ul>
            </section>
          )}
        </nav>
      </aside>
    </>
  );
}
