// What builds keep on disk between runs (`.docsgen-cache/`): transformed pages by content hash, and
// the pages of OpenAPI documents. Everything is keyed by the compiler's own code too, so a change to
// docsgen itself never reuses stale output.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { packageRoot } from './package-root.ts';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { fileURLToPath } from 'node:url';
import type { TransformedPage } from './transform-markdown.ts';

/** The cache folder: `cacheDir` as given (false: none), by default `.docsgen-cache` in the project. */
export function cacheDirOf(options: { cacheDir?: string | false }, config: { rootDir: string }): string | undefined {
  return options.cacheDir === false ? undefined : (options.cacheDir ?? path.join(config.rootDir, '.docsgen-cache'));
}

let codeHash: string | undefined;

/**
 * Hash of the running compiler: of its bundle, or when it runs from its TypeScript sources (the
 * tests), of every source file, so an edit to docsgen never reuses output an older one made.
 */
export function compilerHash(): string {
  if (codeHash !== undefined) return codeHash;
  const self = fileURLToPath(import.meta.url);
  if (self.endsWith('.js')) codeHash = bundleHash(path.join(packageRoot(), 'dist'));
  else {
    const h = createHash('sha256');
    for (const file of sourceFiles(path.join(packageRoot(), 'src'))) h.update(file).update('\0').update(readFileSync(file));
    codeHash = h.digest('hex').slice(0, 16);
  }
  return codeHash;
}

/**
 * Hash of a compiled CLI (scripts/compile-cli.mjs): its entry files' contents and its chunks' names.
 * A chunk is named by the hash of its contents, so a change anywhere renames a chunk; the chunk
 * that holds this code alone would miss a change to a chunk it does not import.
 */
export function bundleHash(distDir: string): string {
  const h = createHash('sha256');
  for (const name of readdirSync(distDir)
    .filter((n) => n.endsWith('.js'))
    .sort())
    h.update(name)
      .update('\0')
      .update(readFileSync(path.join(distDir, name)));
  const chunks = path.join(distDir, 'chunks');
  if (existsSync(chunks))
    h.update(
      readdirSync(chunks)
        .filter((n) => n.endsWith('.js'))
        .sort()
        .join('\n'),
    );
  return h.digest('hex').slice(0, 16);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

/**
 * Transformed pages kept between runs, a file per page named by its cache key (see
 * transform-markdown.ts), under a folder per compiler build. A file holds two lines: the page's
 * outline (everything but its HTML) and its HTML, so a build can tell whether a cached page still
 * holds from the first line alone, and read the HTML only when it renders the page: a large site's
 * transforms are never all in memory. Image files are kept relative to the project's root, as
 * cache keys name pages: a cache restored into a checkout at another path (a CI cache) is used there.
 */
export class TransformStore {
  private readonly dir: string;
  /** Keys looked up or stored since this store was opened: what `prune` keeps. */
  private readonly seen = new Set<string>();

  constructor(
    private readonly cacheDir: string,
    private readonly rootDir: string,
  ) {
    this.dir = path.join(cacheDir, `transforms-${compilerHash()}`);
  }

  /** The page stored under `key` without its HTML (`html` is ''), or undefined. */
  outline(key: string): TransformedPage | undefined {
    this.seen.add(entryName(key));
    const text = this.read(key);
    const end = text?.indexOf('\n') ?? -1;
    if (end < 0) return undefined;
    try {
      const page = JSON.parse(text!.slice(0, end)) as TransformedPage;
      return withImageFiles({ ...page, html: '' }, (f) => path.resolve(this.rootDir, f));
    } catch {
      // A damaged entry is only a page transformed again.
      return undefined;
    }
  }

  /** The HTML of the page stored under `key`, or undefined when the entry is gone or damaged. */
  html(key: string): string | undefined {
    const text = this.read(key);
    const end = text?.indexOf('\n') ?? -1;
    if (end < 0) return undefined;
    try {
      const html: unknown = JSON.parse(text!.slice(end + 1));
      return typeof html === 'string' ? html : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Stores a page. Synchronously, for the reason output files are written so (write-output.ts):
   * an entry waiting for the event loop holds the page's HTML meanwhile.
   */
  put(key: string, page: TransformedPage): void {
    this.seen.add(entryName(key));
    const { html, ...outline } = withImageFiles(page, (f) => path.relative(this.rootDir, f).split(path.sep).join('/'));
    const file = this.file(key);
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      // Whole or not at all: a build killed halfway, or another build reading, never sees half an entry.
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, `${JSON.stringify(outline)}\n${JSON.stringify(html)}`);
      renameSync(tmp, file);
    } catch {
      // A cache that cannot be written is only a slower next build.
    }
  }

  /**
   * Removes the entries of pages no longer in the site (those not looked up or stored since the
   * store was opened), and the caches of other compiler builds, which can never be used again.
   */
  async prune(): Promise<void> {
    const shards = await readdir(this.dir).catch(() => [] as string[]);
    for (const shard of shards) {
      const names = await readdir(path.join(this.dir, shard)).catch(() => [] as string[]);
      for (const name of names) if (!this.seen.has(path.join(shard, name))) await rm(path.join(this.dir, shard, name), { force: true });
    }
    for (const name of await readdir(this.cacheDir).catch(() => [] as string[])) {
      const other = path.join(this.cacheDir, name);
      if (/^transforms?-[0-9a-f]+(\.jsonl?)?$/.test(name) && other !== this.dir) await rm(other, { recursive: true, force: true });
    }
  }

  private file(key: string): string {
    return path.join(this.dir, entryName(key));
  }

  private read(key: string): string | undefined {
    try {
      return readFileSync(this.file(key), 'utf8');
    } catch {
      return undefined;
    }
  }
}

/** Keys are hex digests (`:check` for a check's result); a folder per first two characters keeps folders small. */
function entryName(key: string): string {
  return path.join(key.slice(0, 2), key.slice(2).replace(/[^\w-]/g, '_'));
}

function withImageFiles(page: TransformedPage, map: (file: string) => string): TransformedPage {
  if (!page.images.some((img) => img.file)) return page;
  return { ...page, images: page.images.map((img) => (img.file ? { ...img, file: map(img.file) } : img)) };
}

/**
 * How an entry is kept: as JSON, or in V8's own serialization, for a large value that is mostly
 * text (an OpenAPI document's pages): no UTF-8 to decode, read in a third of JSON's time.
 */
export type CacheFormat = 'json' | 'v8';

const entryFile = (dir: string, name: string, hash: string, format: CacheFormat) => path.join(dir, `${name}-${hash}.${format}`);

/**
 * A value kept under a name until its inputs change: `key` is a hash of them. Undefined when there
 * is none, or it was made from other inputs or by another compiler.
 */
export async function readCached<T>(dir: string, name: string, key: string, format: CacheFormat = 'json'): Promise<T | undefined> {
  const file = entryFile(dir, name, compilerHash(), format);
  if (!existsSync(file)) return undefined;
  try {
    const entry = (format === 'v8' ? deserialize(await readFile(file)) : JSON.parse(await readFile(file, 'utf8'))) as { key: string; value: T } | null;
    return entry?.key === key ? entry.value : undefined;
  } catch {
    return undefined;
  }
}

/** readCached, synchronously: for a small value needed before a caller can wait. */
export function readCachedSync<T>(dir: string, name: string, key: string): T | undefined {
  const hash = compilerHash();
  const file = hash && entryFile(dir, name, hash, 'json');
  if (!file || !existsSync(file)) return undefined;
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as { key: string; value: T };
    return entry.key === key ? entry.value : undefined;
  } catch {
    return undefined;
  }
}

export async function writeCached(dir: string, name: string, key: string, value: unknown, format: CacheFormat = 'json'): Promise<void> {
  await mkdir(dir, { recursive: true });
  const file = entryFile(dir, name, compilerHash(), format);
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, format === 'v8' ? serialize({ key, value }) : JSON.stringify({ key, value }));
  await rename(tmp, file);
  const older = new RegExp(`^${name.replace(/[^\w-]/g, '\\$&')}-[0-9a-f]+\\.(json|v8)$`);
  for (const other of await readdir(dir)) {
    if (older.test(other) && path.join(dir, other) !== file) await rm(path.join(dir, other), { force: true });
  }
}
