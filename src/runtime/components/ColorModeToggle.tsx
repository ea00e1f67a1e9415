import { useEffect, useState } from 'react';
import type { ShellConfig } from '../../shared/types.ts';
import { STORAGE_KEYS, TEXT } from '../constants.ts';
import { onStorageChange, readStorage, writeStorage } from '../storage.ts';

type Mode = 'light' | 'dark';
type ColorModeConfig = ShellConfig['colorMode'];

const DARK_QUERY = '(prefers-color-scheme: dark)';

function applyMode(mode: Mode): void {
  document.documentElement.setAttribute('data-theme', mode);
}

/** The mode when the reader has not chosen one: the system's, if the config says to follow it. */
function fallbackMode(config: ColorModeConfig): Mode {
  if (config.respectPrefersColorScheme) return matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
  return config.defaultMode;
}

/**
 * The head script has already applied the stored or system mode before first paint; this button
 * reads it back after hydration (the server cannot know it), toggles and stores it, and follows
 * other tabs and, when configured, the system setting.
 */
export function ColorModeToggle({ config }: { config: ColorModeConfig }) {
  const [mode, setMode] = useState<Mode>(config.defaultMode);
  const set = (next: Mode) => {
    applyMode(next);
    setMode(next);
  };
  useEffect(() => {
    setMode(document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');
    const offStorage = onStorageChange(STORAGE_KEYS.theme, (value) => set(value === 'dark' || value === 'light' ? value : fallbackMode(config)));
    if (!config.respectPrefersColorScheme) return offStorage;
    const media = matchMedia(DARK_QUERY);
    // The system setting is followed while the reader has not chosen; a choice wins (Docusaurus 3).
    const onSystem = () => {
      if (readStorage(STORAGE_KEYS.theme) === null) set(fallbackMode(config));
    };
    media.addEventListener('change', onSystem);
    return () => {
      offStorage();
      media.removeEventListener('change', onSystem);
    };
  }, []);
  const toggle = () => {
    const next = mode === 'dark' ? 'light' : 'dark';
    writeStorage(STORAGE_KEYS.theme, next);
    set(next);
  };
  return (
    <button type="button" className="navbar-icon-button color-mode-toggle" aria-label={TEXT.colorModeToggle(mode)} title={TEXT.colorModeToggle(mode)} onClick={toggle}>
      {/* Both icons are in the markup; CSS shows the one for the mode on <html>, so nothing flashes. */}
      <svg className="icon-light-mode" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <circle cx="12" cy="12" r="5" fill="currentColor" />
        <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M12 1v2m0 18v2M4.2 4.2l1.4 1.4m12.8 12.8 1.4 1.4M1 12h2m18 0h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4" />
      </svg>
      <svg className="icon-dark-mode" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path fill="currentColor" d="M9.4 2.2a10 10 0 1 0 12.4 12.4A8 8 0 0 1 9.4 2.2Z" />
      </svg>
    </button>
  );
}
