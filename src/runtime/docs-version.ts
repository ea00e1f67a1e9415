// The preferred docs version is remembered per docs plugin; a remembered version this build does
// not have (the site dropped it, or another site on the origin stored it) is discarded on load.
import type { ShellConfig } from '../shared/types.ts';
import { STORAGE_KEYS } from './constants.ts';
import { readStorage, writeStorage } from './storage.ts';

export function discardUnknownPreferredVersion(docs: ShellConfig['docsVersions']): void {
  if (!docs) return;
  const key = STORAGE_KEYS.preferredVersion(docs.pluginId);
  const stored = readStorage(key);
  if (stored !== null && !docs.versions.includes(stored)) writeStorage(key, null);
}
