// Transformed pages kept on disk between builds (`.docsgen-cache/`), keyed by content hash and by
// the compiler's own code, so a change to docsgen itself never reuses stale output.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TransformedPage } from './transform-markdown.ts';

let codeHash: string | undefined | null;

/** Hash of the running compiler bundle; null when running from sources (tests), where caching is off. */
function compilerHash(): string | null {
  if (codeHash !== undefined) return codeHash;
  const self = fileURLToPath(import.meta.url);
  codeHash = self.endsWith('.js') && existsSync(self) ? createHash('sha256').update(readFileSync(self)).digest('hex').slice(0, 16) : null;
  return codeHash;
}

function cacheFile(dir: string): string | null {
  const hash = compilerHash();
  return hash ? path.join(dir, `transform-${hash}.json`) : null;
}

export async function loadTransformCache(dir: string): Promise<Map<string, TransformedPage>> {
  const file = cacheFile(dir);
  if (!file || !existsSync(file)) return new Map();
  try {
    return new Map(JSON.parse(await readFile(file, 'utf8')) as [string, TransformedPage][]);
  } catch {
    // A damaged cache is only a slower build.
    return new Map();
  }
}

export async function saveTransformCache(dir: string, cache: Map<string, TransformedPage>): Promise<void> {
  const file = cacheFile(dir);
  if (!file) return;
  await mkdir(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify([...cache]));
  await rename(tmp, file);
  // Caches of other compiler builds can never be used again.
  for (const name of await readdir(dir)) {
    if (/^transform-[0-9a-f]+\.json$/.test(name) && path.join(dir, name) !== file) await rm(path.join(dir, name), { force: true });
  }
}
