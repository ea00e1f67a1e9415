// How diagnostics name a file: relative to where docsgen runs, with forward slashes. A module of
// its own, so that anything may name files without importing the config loader.
import path from 'node:path';

export function rel(file: string): string {
  // A page downloaded from a URL is named by its URL (see collect-remote.ts).
  if (/^https?:\/\//.test(file)) return file;
  const r = path.relative(process.cwd(), file);
  return r.startsWith('..') ? file : r.split(path.sep).join('/');
}
