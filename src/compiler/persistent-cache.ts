// What builds keep on disk between runs (`.docsgen-cache/`): transformed pages by content hash, and
// the pages of OpenAPI documents. Everything is keyed by the compiler's own code too, so a change to
// docsgen itself never reuses stale output.
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

/**
 * A value kept under a name until its inputs change: `key` is a hash of them. Undefined when there
 * is none, it was made from other inputs or by another compiler, or caching is off (tests run from
 * sources).
 */
export async function readCached<T>(dir: string, name: string, key: string): Promise<T | undefined> {
  const hash = compilerHash();
  const file = hash && path.join(dir, `${name}-${hash}.json`);
  if (!file || !existsSync(file)) return undefined;
  try {
    const entry = JSON.parse(await readFile(file, 'utf8')) as { key: string; value: T };
    return entry.key === key ? entry.value : undefined;
  } catch {
    return undefined;
  }
}

/** readCached, synchronously: for a small value needed before a caller can wait. */
export function readCachedSync<T>(dir: string, name: string, key: string): T | undefined {
  const hash = compilerHash();
  const file = hash && path.join(dir, `${name}-${hash}.json`);
  if (!file || !existsSync(file)) return undefined;
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as { key: string; value: T };
    return entry.key === key ? entry.value : undefined;
  } catch {
    return undefined;
  }
}

export async function writeCached(dir: string, name: string, key: string, value: unknown): Promise<void> {
  const hash = compilerHash();
  if (!hash) return;
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}-${hash}.json`);
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify({ key, value }));
  await rename(tmp, file);
  const older = new RegExp(`^${name.replace(/[^\w-]/g, '\\$&')}-[0-9a-f]+\\.json$`);
  for (const other of await readdir(dir)) {
    if (older.test(other) && path.join(dir, other) !== file) await rm(path.join(dir, other), { force: true });
  }
}
