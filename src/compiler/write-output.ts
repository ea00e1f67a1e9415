// The last stage: everything is written into a temporary folder beside the output, which replaces
// the output only when the whole build succeeded. A failed build leaves the previous site as it was.
// Every file written or removed goes through `outputFile`: nothing a page says can put a file
// outside the output folder, and the output never holds a link.
import { mkdir, readdir, realpath, rename, rm, rmdir, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import { DocsgenError, error } from './errors.ts';
import { isInside } from './source-files.ts';
import { rel } from './load-config.ts';
import { readCached, writeCached } from './persistent-cache.ts';

/** Where a build's files go. */
export interface OutputSink {
  begin(): Promise<void>;
  /** `key`: what the contents were made from, when that is cheaper to know than the contents (see reuse). */
  write(relPath: string, contents: string | Uint8Array, key?: string): Promise<void>;
  /**
   * Puts in place again, unchanged, the file the last build wrote at `relPath` from the same
   * `key`, if it is still there as written: what the caller need not make again. False when not.
   */
  reuse?(relPath: string, key: string): Promise<boolean>;
  /** Whether `write` keeps the keys it is given for the next build's `reuse`. */
  readonly keyed?: boolean;
  /** Whether the file the last build wrote at `relPath` has this SHA-1 (hex): if so it stays as it is, and true. */
  unchanged?(relPath: string, hash: string): boolean;
  /** `write`, with the contents' SHA-1 (hex) known to the caller, who keeps it instead of the contents (see unchanged). */
  writeHashed?(relPath: string, contents: string | Uint8Array, hash: string): Promise<void>;
  /** Copies a source file (a real path, checked by the caller to be a source) into the output. */
  copy(from: string, relPath: string): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/**
 * The absolute path of an output file: `relPath` resolved inside `root`, or a DocsgenError. Routes
 * are checked where they are made; this is the second line of defence, for every writer.
 */
export function outputFile(root: string, relPath: string): string {
  const abs = path.resolve(root, relPath);
  if (abs === root || !isInside(abs, root)) {
    throw new DocsgenError(
      error(
        'output-folder',
        { file: relPath },
        'refused to write or remove a file outside the output folder',
        'a route or file name leads out of the output folder; this is a bug in docsgen: please report it',
      ),
    );
  }
  return abs;
}

/**
 * Makes the folders of an output file, and removes a link found on its path (put there by anyone
 * but docsgen): writing through it would write wherever it points. Synchronous, as all writes to
 * the output are: the build thread renders the next page as soon as this one is written, and
 * with each file's half-dozen calls waiting for the event loop (which a transform holds for a
 * chunk of pages at a time) the pages waiting to be written piled up (1,700 of 2,000 pages' HTML
 * in memory at once).
 */
function prepareOutputFile(root: string, file: string, dirs: Set<string>, rootReal: string): void {
  const dir = path.dirname(file);
  if (!dirs.has(dir)) {
    // The folders that exist already are checked before any is made: a link among them would
    // have mkdir make folders wherever it points.
    let existing = dir;
    while (existing !== root && !dirs.has(existing) && !existsSync(existing)) existing = path.dirname(existing);
    const before = realPathOr(existing, rootReal);
    const throughLink = (link: string) =>
      new DocsgenError(
        error('output-folder', { file: path.relative(root, file) }, 'refused to write through a link in the output folder', `remove the link at ${path.relative(root, link)} from the output folder`),
      );
    if (!isInside(before, rootReal)) throw throughLink(existing);
    mkdirSync(dir, { recursive: true });
    if (!isInside(realpathSync(dir), rootReal)) throw throughLink(dir);
    dirs.add(dir);
  }
}

/**
 * Writes a new output file. Made with O_EXCL, which never follows a link. When something is there
 * already (the watch writer's last file, or a link put in the output folder, symbolic or hard), a
 * new file is renamed over it: what was there is replaced, never written into, so a hard link to a
 * file elsewhere cannot make the build write that file. `fresh`: nothing may be there (a build's
 * own new folder, where that means one path written twice).
 */
function writeOutputFile(file: string, contents: string | Uint8Array, fresh = false): void {
  try {
    writeFileSync(file, contents, { flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    if (fresh) throw new Error(`docsgen wrote ${file} twice in one build`);
    const tmp = `${file}${TMP_SUFFIX}${process.pid}`;
    writeFileSync(tmp, contents, { flag: 'w' });
    renameSync(tmp, file);
  }
}

/**
 * Removes an output file, unless a folder on its way is now a link out of the output folder:
 * removing through it would remove a file elsewhere. False when it was left alone.
 */
async function removeOutputFile(root: string, relPath: string, rootReal: string, dirs?: Set<string>): Promise<boolean> {
  const file = outputFile(root, relPath);
  const dir = realPathOr(path.dirname(file), rootReal);
  if (!isInside(dir, rootReal)) return false;
  await rm(file, { force: true });
  await removeEmptyFolders(root, path.dirname(file), dirs);
  return true;
}

/**
 * Removes the folders a removal left empty, from `dir` up to the output root: a page removed under
 * `serve --watch` leaves nothing behind, as a full build would. rmdir removes only an empty folder,
 * and a link is not a folder to it: the first that is not an empty folder ends the walk.
 */
async function removeEmptyFolders(root: string, dir: string, dirs?: Set<string>): Promise<void> {
  for (let at = dir; at !== root && isInside(at, root); at = path.dirname(at)) {
    try {
      await rmdir(at);
    } catch {
      return;
    }
    // Made again by the next write into it.
    dirs?.delete(at);
  }
}

function realPathOr(file: string, fallback: string): string {
  try {
    return realpathSync(file);
  } catch {
    return fallback;
  }
}

/**
 * Copies a source file that was found to be a real file inside the source folders, unless it has
 * become a link since (a checkout, or another process, swapping it while the build ran): it is
 * opened without following a link, and must still be the file at its real path.
 */
function copySource(from: string, to: string): void {
  const changed = () =>
    new DocsgenError(
      error('outside-sources', { file: rel(from) }, 'this file was replaced by a link while the build ran, and was not published', 'build again; a link out of the source folders is refused'),
    );
  let fd: number;
  try {
    fd = openSync(from, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    throw (e as NodeJS.ErrnoException).code === 'ELOOP' ? changed() : e;
  }
  try {
    const opened = fstatSync(fd);
    const real = realpathSync(from);
    const there = statSync(real);
    if (real !== from || opened.ino !== there.ino || opened.dev !== there.dev) throw changed();
    writeOutputFile(to, readFileSync(fd));
  } finally {
    closeSync(fd);
  }
}

/** What a build wrote, for the next build into the same folder: each file's key and what it was on disk. */
interface WrittenFile {
  key: string;
  size: number;
  mtimeMs: number;
  /** A write keeps the time if it is told to (`touch -r`); the change time it cannot keep. */
  ctimeMs: number;
  ino: number;
}

/** What lstat tells of a file that sameFile compares. */
type FileStats = Pick<Stats, 'isFile' | 'ino' | 'size' | 'mtimeMs' | 'ctimeMs'>;

/** Whether a file on disk is still the very file a build wrote. */
function sameFile(info: FileStats | undefined, was: WrittenFile): boolean {
  return info !== undefined && info.isFile() && info.ino === was.ino && info.size === was.size && info.mtimeMs === was.mtimeMs && info.ctimeMs === was.ctimeMs;
}

/** The cache entry that lists what the last build wrote into `outDir`: one per output folder. */
function manifestName(outDir: string): string {
  return `output-${createHash('sha256').update(outDir).digest('hex').slice(0, 16)}`;
}

function lastOutput(outDir: string, cacheDir: string): Promise<[string, WrittenFile][] | undefined> {
  return readCached<[string, WrittenFile][]>(cacheDir, manifestName(outDir), outDir);
}

/** Whether the cache lists files a build wrote into `outDir`: docsgen made what is there. */
export async function builtBefore(outDir: string, cacheDir: string): Promise<boolean> {
  return (await lastOutput(outDir, cacheDir)) !== undefined;
}

/** What a walk of an output folder found: each entry by its path, as lstat tells it (undefined: not a file). */
export type OutputFiles = Map<string, FileStats | undefined>;

/** How long a walk of the output holds the thread before it lets the event loop run. */
const WALK_SLICE_MS = 4;

/**
 * Every entry below `outDir` (links and other non-files included, as undefined); undefined when a
 * folder cannot be read, or when `wanted` says, between slices of the walk, that it is not. It
 * needs no config, so a check walks the output while esbuild bundles the config, and stops if
 * there turns out to be no record to compare with (a large folder is not walked for nothing).
 */
export async function readOutputFiles(outDir: string, wanted: () => boolean = () => true): Promise<OutputFiles | undefined> {
  const found: OutputFiles = new Map();
  const folders: [dir: string, prefix: string][] = [[outDir, '']];
  let sliceStart = performance.now();
  while (folders.length) {
    if (performance.now() - sliceStart > WALK_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      if (!wanted()) return undefined;
      sliceStart = performance.now();
    }
    const [dir, prefix] = folders.pop()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return undefined;
    }
    for (const e of entries) {
      const relPath = prefix + e.name;
      if (e.isDirectory()) folders.push([path.join(dir, e.name), `${relPath}/`]);
      else found.set(relPath, e.isFile() ? lstatSync(path.join(dir, e.name), { throwIfNoEntry: false }) : undefined);
    }
  }
  return found;
}

/**
 * Whether `outDir` holds exactly the files the last build wrote there, each the very file it
 * wrote (same inode, size and time): nothing added, removed, edited or replaced by a link since.
 * `found`: what readOutputFiles found there (undefined: nothing to compare, so not intact).
 */
export async function outputIntact(outDir: string, cacheDir: string, found: OutputFiles | undefined): Promise<boolean> {
  const last = await lastOutput(outDir, cacheDir);
  if (!last || !found || found.size !== last.length) return false;
  return last.every(([relPath, was]) => sameFile(found.get(relPath), was));
}

export class OutputWriter implements OutputSink {
  readonly tmpDir: string;
  private dirs = new Set<string>();
  /** The temporary folder's real path, taken when it is made: a folder that leads out of it is refused. */
  private rootReal?: string;
  /** The last build's files (from the cache folder), and this build's. */
  private previous = new Map<string, WrittenFile>();
  private readonly current = new Map<string, WrittenFile>();
  /** Files of the last build linked into this one (see reuseNow). */
  private readonly linked: string[] = [];

  /**
   * `cacheDir`: where to keep what this build wrote, so that the next build links the files it
   * would write the same (a page whose content, sidebar and shell did not change is not rendered
   * again, and no unchanged file is written again). Without one, every file is written.
   */
  constructor(
    readonly outDir: string,
    private readonly cacheDir?: string,
  ) {
    this.tmpDir = `${outDir.replace(/[\\/]+$/, '')}${TMP_SUFFIX}${process.pid}`;
  }

  async begin(): Promise<void> {
    await recoverInterruptedBuilds(this.outDir);
    await rm(this.tmpDir, { recursive: true, force: true });
    await mkdir(this.tmpDir, { recursive: true });
    this.rootReal = await realpath(this.tmpDir);
    const last = this.cacheDir ? await lastOutput(this.outDir, this.cacheDir) : undefined;
    this.previous = new Map(last ?? []);
    this.reuse = this.previous.size ? async (relPath, key) => this.reuseNow(relPath, key) : undefined;
  }

  /** Writes a file at a path relative to the output root (or links the last build's, when it was the same). */
  async write(relPath: string, contents: string | Uint8Array, key?: string): Promise<void> {
    // Keys only matter where a next build will look for them: without a cache folder, nothing is hashed.
    const made = key ?? (this.cacheDir ? createHash('sha1').update(contents).digest('base64') : '');
    if (this.reuseNow(relPath, made)) return;
    const file = this.prepare(relPath);
    writeOutputFile(file, contents, true);
    this.record(relPath, file, made);
  }

  async copy(from: string, relPath: string): Promise<void> {
    // A source file that has not changed since (the same file, size and times) gives the same copy.
    const source = statSync(from);
    const key = `copy:${from}:${source.ino}:${source.size}:${source.mtimeMs}:${source.ctimeMs}`;
    if (this.reuseNow(relPath, key)) return;
    const file = this.prepare(relPath);
    copySource(from, file);
    this.record(relPath, file, key);
  }

  get keyed(): boolean {
    return this.cacheDir !== undefined;
  }

  /** Set when there is a last build to take files from (see OutputSink.reuse). */
  reuse?: (relPath: string, key: string) => Promise<boolean>;

  private reuseNow(relPath: string, key: string): boolean {
    const last = this.previous.get(relPath);
    if (last?.key !== key) return false;
    const before = outputFile(this.outDir, relPath);
    // Only the very file the last build wrote, untouched since: not a link, not a file edited or replaced.
    if (!sameFile(lstatSync(before, { throwIfNoEntry: false }), last)) return false;
    const file = this.prepare(relPath);
    try {
      linkSync(before, file);
    } catch {
      return false;
    }
    // Linking changes the file's change time, and so will removing the last output: taken at commit.
    this.current.set(relPath, last);
    this.linked.push(relPath);
    return true;
  }

  /** The file of `relPath` in the temporary folder, its folders made. */
  private prepare(relPath: string): string {
    const file = outputFile(this.tmpDir, relPath);
    prepareOutputFile(this.tmpDir, file, this.dirs, this.rootReal!);
    return file;
  }

  private record(relPath: string, file: string, key: string): void {
    if (!this.cacheDir) return;
    const info = statSync(file);
    this.current.set(relPath, { key, size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs, ino: info.ino });
  }

  /**
   * Swaps the finished build in: two renames, one after the other, with nothing between them. A
   * process killed between the two leaves the previous site whole beside the output, and the next
   * build puts it back before anything else (recoverInterruptedBuilds). Between them (87 µs median
   * for the Unleash site) there is no output: Linux's atomic exchange of two folders
   * (renameat2 RENAME_EXCHANGE) is not reachable from Node, and making the output a link to the
   * current build would publish a link.
   */
  async commit(): Promise<void> {
    const old = `${this.outDir.replace(/[\\/]+$/, '')}${OLD_SUFFIX}${process.pid}`;
    const hadOutput = existsSync(this.outDir);
    if (hadOutput) await rename(this.outDir, old);
    await rename(this.tmpDir, this.outDir);
    if (hadOutput) await rm(old, { recursive: true, force: true });
    if (!this.cacheDir) return;
    for (const relPath of this.linked) {
      const info = lstatSync(path.join(this.outDir, relPath), { throwIfNoEntry: false });
      const was = this.current.get(relPath)!;
      if (info) this.current.set(relPath, { ...was, ctimeMs: info.ctimeMs });
    }
    await writeCached(this.cacheDir, manifestName(this.outDir), this.outDir, [...this.current]);
  }

  async abort(): Promise<void> {
    await rm(this.tmpDir, { recursive: true, force: true });
  }
}

// Named so that no folder of anyone else's beside the output is taken for a leftover of docsgen's.
const TMP_SUFFIX = '.docsgen-tmp-';
const OLD_SUFFIX = '.docsgen-old-';

/**
 * Cleans up after builds that were killed: their temporary folders (`out.docsgen-tmp-PID`) are removed,
 * and a previous site left as `out.docsgen-old-PID` by a kill during the swap is put back when there is no
 * output, else removed. Folders of a build still running (its PID alive) are left alone.
 */
export async function recoverInterruptedBuilds(outDir: string): Promise<void> {
  const out = outDir.replace(/[\\/]+$/, '');
  const parent = path.dirname(out);
  const base = path.basename(out);
  const names = await readdir(parent).catch(() => [] as string[]);
  for (const name of names.sort()) {
    const m = /^(\.docsgen-tmp-|\.docsgen-old-)(\d+)$/.exec(name.slice(base.length));
    if (!name.startsWith(base) || !m || isRunning(Number(m[2]))) continue;
    const leftover = path.join(parent, name);
    if (m[1] === OLD_SUFFIX && !existsSync(out)) await rename(leftover, out);
    else await rm(leftover, { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `/a/b` → `a/b/index.html`; `/` → `index.html`. */
export function htmlPathOf(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

/**
 * For `serve --watch`: writes straight into the served folder, only the files whose bytes changed,
 * and removes the files the new build no longer has. Files are written at `commit`, so a build
 * that fails its checks after rendering some pages writes nothing.
 */
export class IncrementalWriter implements OutputSink {
  private previous = new Map<string, string>();
  private current = new Map<string, string>();
  /** The exact string written last time: cached renders hand back the same object, so no hashing. */
  private lastContents = new Map<string, string | Uint8Array>();
  /** What this build has changed, written at commit: contents, or the source file to copy. */
  private staged = new Map<string, { contents: string | Uint8Array; hashed?: true } | { from: string } | { remove: true }>();
  private dirs = new Set<string>();
  /** Files written by the last build, for tests and logs. */
  written: string[] = [];
  /** Files the last build removed (it no longer has them). */
  removed: string[] = [];

  constructor(readonly outDir: string) {}

  /** Files this build only adds to or rewrites: what it does not write stays (see updateSite in build.ts). */
  private partial = false;

  /** `partial`: this build writes only what changed, and removes nothing. */
  async begin(partial = false): Promise<void> {
    this.partial = partial;
    this.current = new Map();
    this.staged = new Map();
    this.written = [];
    this.removed = [];
    // Folders are checked again each build: one may have been replaced by a link since.
    this.dirs.clear();
    await mkdir(this.outDir, { recursive: true });
  }

  async write(relPath: string, contents: string | Uint8Array): Promise<void> {
    // Written twice in a build (two files of one doc id render one route): the last write counts.
    this.staged.delete(relPath);
    if (this.lastContents.get(relPath) === contents && this.previous.has(relPath)) {
      this.current.set(relPath, this.previous.get(relPath)!);
      return;
    }
    const hash = createHash('sha1').update(contents).digest('hex');
    this.current.set(relPath, hash);
    // Checked now, so that a path out of the folder fails the build rather than its commit.
    outputFile(this.outDir, relPath);
    if (this.previous.get(relPath) === hash) {
      this.lastContents.set(relPath, contents);
      return;
    }
    this.staged.set(relPath, { contents });
  }

  unchanged(relPath: string, hash: string): boolean {
    if (this.previous.get(relPath) !== hash) return false;
    this.staged.delete(relPath);
    this.current.set(relPath, hash);
    return true;
  }

  async writeHashed(relPath: string, contents: string | Uint8Array, hash: string): Promise<void> {
    this.staged.delete(relPath);
    this.current.set(relPath, hash);
    outputFile(this.outDir, relPath);
    if (this.previous.get(relPath) !== hash) this.staged.set(relPath, { contents, hashed: true });
  }

  async copy(from: string, relPath: string): Promise<void> {
    const info = await stat(from);
    const hash = `${info.size}:${info.mtimeMs}`;
    this.current.set(relPath, hash);
    outputFile(this.outDir, relPath);
    if (this.previous.get(relPath) !== hash) this.staged.set(relPath, { from });
  }

  /**
   * A file written beside the builds (the search index, brought up to date after one) is recorded
   * as the output has it, so the next build finds it unchanged: a save that changes nothing then
   * reloads no page, even when the index was updated since the last build.
   */
  async adopt(relPath: string, contents: string | Uint8Array): Promise<void> {
    const file = outputFile(this.outDir, relPath);
    prepareOutputFile(this.outDir, file, this.dirs, await realpath(this.outDir));
    writeOutputFile(file, contents);
    const hash = createHash('sha1').update(contents).digest('hex');
    this.lastContents.set(relPath, contents);
    this.previous.set(relPath, hash);
    this.current.set(relPath, hash);
  }

  /** In a partial build (see begin): a file the output no longer has, removed at commit. */
  remove(relPath: string): void {
    outputFile(this.outDir, relPath);
    this.staged.set(relPath, { remove: true });
  }

  /** The counterpart of adopt: a file removed beside the builds is no longer the output's. */
  async disown(relPath: string): Promise<void> {
    await removeOutputFile(this.outDir, relPath, await realpath(this.outDir), this.dirs);
    this.lastContents.delete(relPath);
    this.previous.delete(relPath);
    this.current.delete(relPath);
  }

  async commit(): Promise<void> {
    const rootReal = await realpath(this.outDir);
    for (const [relPath, what] of this.staged) {
      const file = outputFile(this.outDir, relPath);
      if ('remove' in what) {
        if (!(await removeOutputFile(this.outDir, relPath, rootReal, this.dirs))) continue;
        this.lastContents.delete(relPath);
        this.previous.delete(relPath);
        this.removed.push(relPath);
        continue;
      }
      prepareOutputFile(this.outDir, file, this.dirs, rootReal);
      if ('from' in what) copySource(what.from, file);
      else {
        writeOutputFile(file, what.contents);
        // Contents the caller knows by their hash are not held here too.
        if (what.hashed) this.lastContents.delete(relPath);
        else this.lastContents.set(relPath, what.contents);
      }
      this.written.push(relPath);
      // The server answers requests meanwhile: a first build writes thousands of files.
      if (this.written.length % 64 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    this.staged = new Map();
    if (this.partial) {
      for (const [relPath, hash] of this.current) this.previous.set(relPath, hash);
      return;
    }
    for (const relPath of this.previous.keys()) {
      if (this.current.has(relPath)) continue;
      await removeOutputFile(this.outDir, relPath, rootReal, this.dirs);
      this.lastContents.delete(relPath);
      this.removed.push(relPath);
    }
    this.previous = this.current;
  }

  async abort(): Promise<void> {
    // Nothing was written: the served folder is the last good build's.
    this.staged = new Map();
    this.current = new Map();
  }
}
