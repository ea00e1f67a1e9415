// The last stage: everything is written into a temporary folder beside the output, which replaces
// the output only when the whole build succeeded. A failed build leaves the previous site as it was.
import { mkdir, rename, rm, writeFile, cp, copyFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';

export class OutputWriter {
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
