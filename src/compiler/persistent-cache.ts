// What builds keep on disk between runs (`.docsgen-cache/`): transformed pages by content hash, and
// the pages of OpenAPI documents. Everything is keyed by the compiler's own code too, so a change to
// docsgen itself never reuses stale output.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { packageRoot } from './package-root.ts';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TransformedPage } from './transform-markdown.ts';

let codeHash: string | undefined;

/**
 * Hash of the running compiler: of its bundle, or when it runs from its TypeScript sources (the
 * tests), of every source file, so an edit to docsgen never reuses output an older one made.
 */
function compilerHash(): string {
  if (codeHash !== undefined) return codeHash;
  const self = fileURLToPath(import.meta.url);
  const h = createHash('sha256');
  if (self.endsWith('.js')) h.update(readFileSync(self));
  else for (const file of sourceFiles(path.join(packageRoot(), 'src'))) h.update(file).update('\0').update(readFileSync(file));
  codeHash = h.digest('hex').slice(0, 16);
  return codeHash;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

function cacheFile(dir: string): string {
  return path.join(dir, `transform-${compilerHash()}.jsonl`);
}

/**
 * Transformed pages as the last run left them. Image files are kept relative to the project's
 * root, as cache keys name pages (transform-markdown.ts): a cache restored into a checkout at
 * another path (a CI cache) is used there.
 */
export async function loadTransformCache(dir: string, rootDir: string): Promise<Map<string, TransformedPage>> {
  const file = cacheFile(dir);
  if (!existsSync(file)) return new Map();
  try {
    // A line per page: a large site's cache is never one string in memory.
    const cache = new Map<string, TransformedPage>();
    for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
      const [key, page] = JSON.parse(line) as [string, TransformedPage];
      cache.set(
        key,
        withImageFiles(page, (f) => path.resolve(rootDir, f)),
      );
    }
    return cache;
  } catch {
    // A damaged cache is only a slower build.
    return new Map();
  }
}

export async function saveTransformCache(dir: string, cache: Map<string, TransformedPage>, rootDir: string): Promise<void> {
  const file = cacheFile(dir);
  await mkdir(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const out = createWriteStream(tmp);
  for (const [key, page] of cache) {
    const line = `${JSON.stringify([key, withImageFiles(page, (f) => path.relative(rootDir, f).split(path.sep).join('/'))])}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  await rename(tmp, file);
  // Caches of other compiler builds can never be used again.
  for (const name of await readdir(dir)) {
    if (/^transform-[0-9a-f]+\.jsonl?$/.test(name) && path.join(dir, name) !== file) await rm(path.join(dir, name), { force: true });
  }
}

function withImageFiles(page: TransformedPage, map: (file: string) => string): TransformedPage {
  if (!page.images.some((img) => img.file)) return page;
  return { ...page, images: page.images.map((img) => (img.file ? { ...img, file: map(img.file) } : img)) };
}

/**
 * A value kept under a name until its inputs change: `key` is a hash of them. Undefined when there
 * is none, or it was made from other inputs or by another compiler.
 */
export async function readCached<T>(dir: string, name: string, key: string): Promise<T | undefined> {
  const file = path.join(dir, `${name}-${compilerHash()}.json`);
  if (!existsSync(file)) return undefined;
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
