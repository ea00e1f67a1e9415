// The last stage: everything is written into a temporary folder beside the output, which replaces
// the output only when the whole build succeeded. A failed build leaves the previous site as it was.
import { mkdir, readdir, realpath, rename, rm, writeFile, cp, copyFile, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Where a build's files go. */
export interface OutputSink {
  begin(): Promise<void>;
  write(relPath: string, contents: string | Uint8Array): Promise<void>;
  copy(from: string, relPath: string): Promise<void>;
  copyDir(from: string): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

export class OutputWriter implements OutputSink {
  readonly tmpDir: string;
  private dirs = new Set<string>();

  constructor(readonly outDir: string) {
    this.tmpDir = `${outDir.replace(/[\\/]+$/, '')}.tmp-${process.pid}`;
  }

  async begin(): Promise<void> {
    await rm(this.tmpDir, { recursive: true, force: true });
    await mkdir(this.tmpDir, { recursive: true });
  }

  /** Writes a file at a path relative to the output root. */
  async write(relPath: string, contents: string | Uint8Array): Promise<void> {
    const file = path.join(this.tmpDir, relPath);
    const dir = path.dirname(file);
    if (!this.dirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.dirs.add(dir);
    }
    await writeFile(file, contents);
  }

  async copy(from: string, relPath: string): Promise<void> {
    const file = path.join(this.tmpDir, relPath);
    await mkdir(path.dirname(file), { recursive: true });
    await copyFile(from, file);
  }

  async copyDir(from: string): Promise<void> {
    if (existsSync(from)) await cp(from, this.tmpDir, { recursive: true });
  }

  /** Swaps the finished build in. */
  async commit(): Promise<void> {
    const old = `${this.outDir.replace(/[\\/]+$/, '')}.old-${process.pid}`;
    if (existsSync(this.outDir)) await rename(this.outDir, old);
    await rename(this.tmpDir, this.outDir);
    await rm(old, { recursive: true, force: true });
  }

  async abort(): Promise<void> {
    await rm(this.tmpDir, { recursive: true, force: true });
  }
}

/** `/a/b` → `a/b/index.html`; `/` → `index.html`. */
export function htmlPathOf(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

/**
 * For `serve --watch`: writes straight into the served folder, only the files whose bytes changed,
 * and removes the files the new build no longer has. A failed build writes nothing, because
 * every check runs before the first write.
 */
export class IncrementalWriter implements OutputSink {
  private previous = new Map<string, string>();
  private current = new Map<string, string>();
  /** The exact string written last time: cached renders hand back the same object, so no hashing. */
  private lastContents = new Map<string, string | Uint8Array>();
  private dirs = new Set<string>();
  /** Files written by the last build, for tests and logs. */
  written: string[] = [];
  /** Files the last build removed (it no longer has them). */
  removed: string[] = [];

  constructor(readonly outDir: string) {}

  async begin(): Promise<void> {
    this.current = new Map();
    this.written = [];
    this.removed = [];
    await mkdir(this.outDir, { recursive: true });
  }

  async write(relPath: string, contents: string | Uint8Array): Promise<void> {
    if (this.lastContents.get(relPath) === contents && this.previous.has(relPath)) {
      this.current.set(relPath, this.previous.get(relPath)!);
      return;
    }
    this.lastContents.set(relPath, contents);
    const hash = createHash('sha1').update(contents).digest('hex');
    this.current.set(relPath, hash);
    if (this.previous.get(relPath) === hash) return;
    const file = path.join(this.outDir, relPath);
    const dir = path.dirname(file);
    if (!this.dirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.dirs.add(dir);
    }
    await writeFile(file, contents);
    this.written.push(relPath);
  }

  async copy(from: string, relPath: string): Promise<void> {
    const info = await stat(from);
    const hash = `${info.size}:${info.mtimeMs}`;
    this.current.set(relPath, hash);
    if (this.previous.get(relPath) === hash) return;
    await mkdir(path.dirname(path.join(this.outDir, relPath)), { recursive: true });
    await copyFile(from, path.join(this.outDir, relPath));
    this.written.push(relPath);
  }

  /**
   * File by file, so that unchanged files are not copied again and removed ones leave the output.
   * Links are followed, as `cp` in a full build does (a folder only once, in case of a loop).
   */
  async copyDir(from: string, to = '', seen = new Set<string>()): Promise<void> {
    if (!existsSync(from)) return;
    const real = await realpath(from);
    if (seen.has(real)) return;
    seen.add(real);
    for (const entry of await readdir(from, { withFileTypes: true })) {
      const abs = path.join(from, entry.name);
      const rel = to ? `${to}/${entry.name}` : entry.name;
      const kind = entry.isSymbolicLink() ? await stat(abs).catch(() => undefined) : entry;
      if (kind?.isDirectory()) await this.copyDir(abs, rel, seen);
      else if (kind?.isFile()) await this.copy(abs, rel);
    }
  }

  /**
   * A file written beside the builds (the search index, brought up to date after one) is recorded
   * as the output has it, so the next build finds it unchanged: a save that changes nothing then
   * reloads no page, even when the index was updated since the last build.
   */
  async adopt(relPath: string, contents: string | Uint8Array): Promise<void> {
    const file = path.join(this.outDir, relPath);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, contents);
    const hash = createHash('sha1').update(contents).digest('hex');
    this.lastContents.set(relPath, contents);
    this.previous.set(relPath, hash);
    this.current.set(relPath, hash);
  }

  /** The counterpart of adopt: a file removed beside the builds is no longer the output's. */
  async disown(relPath: string): Promise<void> {
    await rm(path.join(this.outDir, relPath), { force: true });
    this.lastContents.delete(relPath);
    this.previous.delete(relPath);
    this.current.delete(relPath);
  }

  async commit(): Promise<void> {
    for (const relPath of this.previous.keys()) {
      if (this.current.has(relPath)) continue;
      await rm(path.join(this.outDir, relPath), { force: true });
      this.removed.push(relPath);
    }
    this.previous = this.current;
  }

  async abort(): Promise<void> {
    // Nothing was swapped; files already written belong to a build that passed its checks.
  }
}
