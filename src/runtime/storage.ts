// The one door to browser storage. Blocked cookies make `localStorage` throw on access, and quota
// or private modes make writes throw; every feature that remembers something goes through here so
// that the site keeps working (in memory) and the reader's console gets one warning, not a crash.
import { TEXT } from './constants.ts';

let warned = false;
/** Values written while storage is unavailable, so a preference holds for the rest of the visit. */
const memory = new Map<string, string | null>();

function warnOnce(error: unknown): void {
  if (warned) return;
  warned = true;
  console.warn(TEXT.storageUnavailable, error);
}

function backend(): Storage | undefined {
  try {
    return window.localStorage;
  } catch (e) {
    warnOnce(e);
    return undefined;
  }
}

export function readStorage(key: string): string | null {
  if (memory.has(key)) return memory.get(key) ?? null;
  try {
    return backend()?.getItem(key) ?? null;
  } catch (e) {
    warnOnce(e);
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    const s = backend();
    if (s) {
      if (value === null) s.removeItem(key);
      else s.setItem(key, value);
      memory.delete(key);
      return;
    }
  } catch (e) {
    warnOnce(e);
  }
  memory.set(key, value);
}

/** Calls `onChange` when another tab changes `key`. Returns the unsubscribe function. */
export function onStorageChange(key: string, onChange: (value: string | null) => void): () => void {
  const listener = (e: StorageEvent) => {
    if (e.key === key || e.key === null) onChange(e.key === null ? null : e.newValue);
  };
  addEventListener('storage', listener);
  return () => removeEventListener('storage', listener);
}
