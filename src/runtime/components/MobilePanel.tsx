// The frame of the mobile navigation panel; its contents (MobileMenu.tsx) load when it first opens.
import { lazy, useEffect } from 'react';
import type { ShellConfig, SidebarNode } from '../../shared/types.ts';
import { MOBILE_MEDIA_QUERY } from '../constants.ts';
import { Loadable } from './ErrorBoundary.tsx';

// Most readers never open the panel.
const MobileMenu = lazy(() => import('./MobileMenu.tsx'));

export const MOBILE_PANEL_ID = 'navbar-mobile-panel';

interface PanelProps {
  open: boolean;
  onClose: () => void;
  shell: ShellConfig;
  route: string;
  sidebar?: SidebarNode[];
}

/**
 * The mobile panel's frame is always in the page (so the menu button's aria-controls points at
 * something); its contents load when it first opens. It closes on a route change, on back
 * navigation, on Escape and when the window grows past the mobile breakpoint.
 */
export function MobilePanel({ open, onClose, shell, route, sidebar }: PanelProps) {
  useEffect(() => onClose(), [route]);
  useEffect(() => {
    if (!open) return;
    const media = matchMedia(MOBILE_MEDIA_QUERY);
    const onMedia = () => {
      if (!media.matches) onClose();
    };
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    media.addEventListener('change', onMedia);
    addEventListener('popstate', onClose);
    document.addEventListener('keydown', onKey);
    document.body.classList.add('mobile-panel-open');
    return () => {
      media.removeEventListener('change', onMedia);
      removeEventListener('popstate', onClose);
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('mobile-panel-open');
      // Give focus back to the button that opened the panel, if it was inside the panel.
      if (document.getElementById(MOBILE_PANEL_ID)?.contains(document.activeElement) || document.activeElement === document.body) {
        document.querySelector<HTMLElement>('.navbar-menu-button')?.focus({ preventScroll: true });
      }
    };
  }, [open]);
  return (
    <>
      {open && <div className="mobile-backdrop" onClick={onClose} />}
      <div id={MOBILE_PANEL_ID} className="mobile-panel" hidden={!open}>
        {open && (
          <Loadable>
            <MobileMenu shell={shell} route={route} sidebar={sidebar} onClose={onClose} />
          </Loadable>
        )}
      </div>
    </>
  );
}
