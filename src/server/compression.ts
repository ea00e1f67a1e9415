// Compression for `docsgen serve`: which encoding a request accepts, and compressed copies of the
// output's files, made on first request and kept (in a temporary folder, removed with the server)
// for as long as the file is unchanged, so that every later request costs no compression at all.
// Nothing is compressed at build time: the output stays what any host expects to publish, and the
// build spends no time on files no one asks for.
import { mkdtempSync, rmSync, type Stats } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Below this, compressing saves less than a packet and costs a round of work. */
const MIN_SIZE = 1024;

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|wasm)|image\/svg\+xml)/;

export function compressible(type: string, size: number): boolean {
  return size >= MIN_SIZE && COMPRESSIBLE.test(type);
}

/**
 * The encoding to answer with, from an Accept-Encoding header: brotli over gzip when both are
 * acceptable (it is 5–10% smaller for the same speed at these levels), none when neither is.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name) weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || (weights.get('x-gzip') ?? 0) > 0) return 'gzip';
  return undefined;
}

/**
 * Levels for compressing while a reader waits: brotli 5 and gzip 9 take a few milliseconds on the
 * largest bundle (brotli 11 would take half a second there, for 9% fewer bytes).
 */
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return compressors[encoding](body);
}

/** A compressed copy of a file, and the file's own size and time it was made from. */
export interface CompressedCopy {
  /** The copy's name in `CompressedCopies.dir`. */
  name: string;
  source: Pick<Stats, 'size' | 'mtime'>;
}

export class CompressedCopies {
  private folder: string | undefined;
  private count = 0;
  /** By encoding and file: the copy of the file as it was (size, time and inode) when made. */
  private copies = new Map<string, { version: string; copy: Promise<CompressedCopy | undefined> }>();
  private readonly removeOnExit = () => this.dispose();

  /** The folder the copies are in, made on first use. */
  get dir(): string {
    if (!this.folder) {
      this.folder = mkdtempSync(path.join(tmpdir(), 'docsgen-compressed-'));
      process.once('exit', this.removeOnExit);
    }
    return this.folder;
  }

  /**
   * The copy of `file` (as `stats` describe it) in `encoding`, made now if there is none yet;
   * undefined when the file cannot be read (it was removed meanwhile).
   */
  copyOf(file: string, stats: Stats, encoding: Encoding): Promise<CompressedCopy | undefined> {
    const key = `${encoding}\0${file}`;
    const version = `${stats.size}:${stats.mtimeMs}:${stats.ino}`;
    const known = this.copies.get(key);
    if (known?.version === version) return known.copy;
    const copy = this.make(file, encoding);
    this.copies.set(key, { version, copy });
    // A failed copy is not kept: the next request tries again.
    void copy.then((c) => c ?? (this.copies.get(key)?.copy === copy && this.copies.delete(key)));
    return copy;
  }

  private async make(file: string, encoding: Encoding): Promise<CompressedCopy | undefined> {
    // The size and time are those of the bytes read, from the same open file.
    const handle = await open(file, 'r').catch(() => undefined);
    if (!handle) return undefined;
    try {
      const source = await handle.stat();
      const body = await compress(await handle.readFile(), encoding);
      const name = `${++this.count}.${encoding === 'br' ? 'br' : 'gz'}`;
      await writeFile(path.join(this.dir, name), body);
      return { name, source };
    } catch {
      return undefined;
    } finally {
      await handle.close();
    }
  }

  dispose(): void {
    process.removeListener('exit', this.removeOnExit);
    if (this.folder) rmSync(this.folder, { recursive: true, force: true });
    this.folder = undefined;
    this.copies.clear();
  }
}
