// Whether `docsgen build` has anything to do. A build that succeeds records one fingerprint of what
// it read: the compiler, the config as bundled and as loaded, every file of the folders a build
// reads (by path, size, times and inode), the remote documents as fetched, and the files of the
// client bundle and of MDX pages' modules. The next build into the same folder whose fingerprint
// is the same, and whose output is still the very files that build wrote, writes nothing.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readlinkSync, rmSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from './errors.ts';
import { loadConfig, sourcePaths, type ResolvedConfig } from './load-config.ts';
import { collectRemote, type CollectedRemote } from './collect-remote.ts';
import { cacheDirOf, compilerHash, readCached, writeCached } from './persistent-cache.ts';
import { outputIntact, readOutputFiles } from './write-output.ts';

/** What a build that succeeded read and made, kept for the next build into the same folder. */
export interface BuildRecord {
  fingerprint: string;
  pages: number;
  redirects: number;
  warnings: Diagnostic[];
  /** Files read from outside the folders a build reads: the client bundle's, MDX pages' modules. */
  extra: string[];
}

/** What the build must be told by the check: the config and the remote documents, read once. */
export interface UpToDateCheck {
  /** The last build's record, when the output is what a build now would make. */
  record?: BuildRecord;
  config: ResolvedConfig;
  remote?: Promise<CollectedRemote>;
}

export interface BuildInputs {
  config: ResolvedConfig;
  outDir: string;
  cacheDir: string;
  /** remoteDigest of the remote documents the build read. */
  remote: string;
  extra: string[];
}

/**
 * A file's times as the kernel stamps them lag the clock by up to a tick: a file changed after a
 * build started may carry a time this much earlier than the start.
 */
const CLOCK_SLACK_MS = 100;

const recordName = (outDir: string) => `build-${createHash('sha256').update(outDir).digest('hex').slice(0, 16)}`;
const RECORD_KEY = 'last';

/**
 * Reads the config and fetches the remote documents as a build does first, and tells whether the
 * last build's output is what a build now would make.
 */
export async function checkUpToDate(options: { config: string; cwd?: string; outDir: string; cacheDir?: string | false }): Promise<UpToDateCheck> {
  const loading = loadConfig(options.config, options.cwd);
  loading.catch(() => {}); // awaited below
  const outDir = path.resolve(options.cwd ?? process.cwd(), options.outDir);
  // Walked while esbuild bundles the config, in its own process: the walk needs no config, and it
  // is most of what a check costs. It stops as soon as there turns out to be no record.
  let wanted = options.cacheDir !== false;
  const walking = wanted ? readOutputFiles(outDir, () => wanted) : Promise.resolve(undefined);
  walking.catch(() => {}); // awaited below
  const config = await loading.catch((e: unknown) => {
    wanted = false;
    throw e;
  });
  const cacheDir = cacheDirOf(options, config);
  const record = cacheDir ? await readCached<BuildRecord>(cacheDir, recordName(outDir), RECORD_KEY) : undefined;
  if (!cacheDir || !record) {
    wanted = false;
    return { config };
  }
  // Requested now, as the build would: a build publishes what the remote repositories serve today.
  // The output is looked over while the answers come.
  const remote = collectRemote(config, { cacheDir });
  remote.catch(() => {}); // awaited below
  const intact = await outputIntact(outDir, cacheDir, await walking);
  const fetched = await remote;
  // A remote document with neither a download nor a snapshot fails the build: let it say so.
  if (!intact || fetched.diagnostics.some((d) => d.severity === 'error')) return { config, remote };
  const now = inputFingerprint({ config, outDir, cacheDir, remote: remoteDigest(fetched), extra: record.extra });
  return { config, remote, ...(now === record.fingerprint ? { record } : {}) };
}

/** Forgets the last build's record: a build that starts may leave an output no record describes. */
export function forgetBuild(cacheDir: string, outDir: string): void {
  rmSync(path.join(cacheDir, `${recordName(outDir)}-${compilerHash()}.json`), { force: true });
}

/**
 * Records a build that succeeded, if none of its inputs changed since `startedAt` (Date.now()):
 * a file changed while the build ran may have been read before the change.
 */
export async function recordBuild(inputs: BuildInputs, made: Omit<BuildRecord, 'fingerprint' | 'extra'>, startedAt: number): Promise<boolean> {
  const fingerprint = inputFingerprint(inputs, startedAt - CLOCK_SLACK_MS);
  if (fingerprint === undefined) return false;
  await writeCached(inputs.cacheDir, recordName(inputs.outDir), RECORD_KEY, { ...made, fingerprint, extra: inputs.extra } satisfies BuildRecord);
  return true;
}

/** The fingerprint of a build's inputs; undefined when one changed at or after `since` (ms since the epoch). */
export function inputFingerprint({ config, outDir, cacheDir, remote, extra }: BuildInputs, since?: number): string | undefined {
  const h = createHash('sha256');
  h.update(`${compilerHash()}\n${config.moduleHash}\n${JSON.stringify(config.user, functionsAsText)}\n`);
  let changedSince = false;
  const add = (file: string, info: Stats | undefined, link?: string) => {
    if (info && since !== undefined && Math.max(info.mtimeMs, info.ctimeMs) >= since) changedSince = true;
    h.update(info ? `${file}\0${link ?? ''}\0${info.size}\0${info.mtimeMs}\0${info.ctimeMs}\0${info.ino}\n` : `${file}\0missing\n`);
  };
  const skipped = (p: string) => isWithin(p, outDir) || isWithin(p, cacheDir) || /^(node_modules|\.git)$/.test(path.basename(p));
  const { dirs, files } = sourcePaths(config);
  for (const dir of dirs) walk(dir, add, skipped);
  for (const file of [...files, ...extra]) add(file, statOrUndefined(file));
  h.update(remote);
  return changedSince ? undefined : h.digest('hex');
}

/** Every entry below `dir`, in a fixed order; a link by its target and what it leads to (it is not followed into). */
function walk(dir: string, add: (file: string, info: Stats | undefined, link?: string) => void, skipped: (p: string) => boolean): void {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    add(dir, undefined);
    return;
  }
  // A folder's own times change with what is made beside the output (the output may lie in it):
  // its files' names stand for it.
  for (const name of names) {
    const file = path.join(dir, name);
    if (skipped(file)) continue;
    const info = lstatSync(file, { throwIfNoEntry: false });
    if (info?.isSymbolicLink()) add(file, statOrUndefined(file), readlinkSync(file));
    else if (info?.isDirectory()) walk(file, add, skipped);
    else add(file, info);
  }
}

/** What remote documents a build read, and what it was told of them: taken before a build lets go of the pages' markdown. */
export function remoteDigest(remote: CollectedRemote): string {
  const h = createHash('sha256');
  for (const p of remote.pages) h.update(`${p.id}\0${p.route}\0${JSON.stringify(p.frontmatter)}\0${p.body}\n`);
  return h.update(JSON.stringify(remote.diagnostics)).digest('hex');
}

function statOrUndefined(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

function isWithin(p: string, dir: string): boolean {
  return p === dir || p.startsWith(dir + path.sep);
}

/** A config's plugins are functions: their code stands for them. */
function functionsAsText(_key: string, value: unknown): unknown {
  return typeof value === 'function' ? `function ${String(value)}` : value;
}
