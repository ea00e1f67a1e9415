// Whether a build may take the output folder it is given (`--out`). A build replaces all that the
// folder holds with what it made, and `serve` answers requests from it: a folder that is or holds
// the project, its sources or cache, the folder docsgen runs in or the user's home would be
// deleted or published with it (`--out .` deleted the project, `--out ~` the home folder).
import { readdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { realpathSync } from 'node:fs';
import { DocsgenError, error } from './errors.ts';
import { remoteSnapshotDir, sourcePaths, type ResolvedConfig } from './load-config.ts';
import { packageRoot } from './package-root.ts';
import { rel } from './rel-path.ts';
import { isInside, realPathOf } from './source-files.ts';
import { builtBefore } from './write-output.ts';

/** A folder or file that an output folder must not be or hold, or (notInside) lie in. */
interface Kept {
  path: string;
  /** How the error names it: "the config file", "the docs folder". */
  what: string;
  /** An output folder inside it is refused too: a build would read or publish its own output. */
  notInside?: boolean;
}

/** Throws the reason `outDir` may not be the output folder, if it may not. */
export async function checkOutputFolder(outDir: string, config: ResolvedConfig, cacheDir: string | undefined, cwd: string): Promise<void> {
  const refuse = (why: string, hint = 'pass --out a folder of its own, such as build (the default)'): never => {
    throw new DocsgenError(error('output-folder', { file: rel(outDir) || '.' }, `refused as the output folder: ${why}`, hint));
  };
  const inTheWay = await fileInTheWay(outDir);
  if (inTheWay) refuse(inTheWay === outDir ? 'it is a file' : `a file is in the way (${rel(inTheWay)})`);
  // By their real paths too: a project reached through a link (`~/site` leading to `/data/site`)
  // is still inside the folder that holds the link.
  const outReal = await realPathOf(outDir);
  for (const k of kept(config, cacheDir, cwd)) {
    const real = await realPathOf(k.path);
    const holds = isInside(k.path, outDir) || isInside(real, outReal);
    if (!holds && !(k.notInside && (isInside(outDir, k.path) || isInside(outReal, real)))) continue;
    const named = `${k.what} (${rel(k.path) || '.'})`;
    refuse(`it ${holds ? (k.path === outDir || real === outReal ? 'is' : 'holds') : 'is inside'} ${named}, and a build replaces all that the output folder holds`);
  }
  // Inside the project, a folder is the project's to build into (as `build/` left by another tool
  // is). Outside it, only a folder docsgen filled before, or an empty one.
  if (!isInside(outReal, await realPathOf(config.rootDir)) && (await holdsAnything(outDir)) && !(cacheDir && (await builtBefore(outDir, cacheDir)))) {
    refuse(
      'it is outside the project and holds files docsgen did not write there, which a build would delete',
      'pass --out a new or empty folder, or remove this one first if nothing in it is needed',
    );
  }
}

/** What an output folder must not be or hold: the project and every source a build reads, its cache, where docsgen runs, docsgen, the home folder. */
function kept(config: ResolvedConfig, cacheDir: string | undefined, cwd: string): Kept[] {
  const pwd = shellCwd(cwd);
  const list: (Kept | false)[] = [
    { path: config.rootDir, what: 'the project folder' },
    { path: config.configFile, what: 'the config file' },
    // Inside the project, but no place for a site: its history, its dependencies.
    { path: path.join(config.rootDir, '.git'), what: "the project's git folder", notInside: true },
    { path: path.join(config.rootDir, 'node_modules'), what: "the project's node_modules", notInside: true },
    // The config's folder may be the project's own (Docusaurus's layout), which holds the output:
    // only the folders a build publishes or reads pages from may not hold it either.
    { path: config.siteDir, what: "the config's folder" },
    { path: config.docsDir, what: 'the docs folder', notInside: true },
    { path: path.join(config.rootDir, 'content'), what: 'the content folder', notInside: true },
    config.staticDir !== undefined && { path: config.staticDir, what: 'the static folder', notInside: true },
    ...(config.user.remoteContent ?? []).map((s) => ({ path: remoteSnapshotDir(config, s), what: `the snapshot folder of ${s.id}`, notInside: true })),
    ...sourcePaths(config).files.map((file) => ({ path: file, what: 'a file the build reads' })),
    cacheDir !== undefined && { path: cacheDir, what: 'the cache folder', notInside: true },
    { path: path.resolve(cwd), what: 'the folder docsgen runs in' },
    // The shell's name for it, which may lead through a link that the real path does not show.
    pwd !== undefined && { path: pwd, what: 'the folder docsgen runs in' },
    { path: packageRoot(), what: "docsgen's own folder" },
    { path: homedir(), what: 'your home folder' },
  ];
  return list.filter((k) => k !== false);
}

/** $PWD when it is a name of `cwd` (a shell keeps it; a process started elsewhere may carry a stale one). */
function shellCwd(cwd: string): string | undefined {
  const pwd = process.env.PWD;
  if (!pwd || !path.isAbsolute(pwd) || pwd === cwd) return undefined;
  try {
    return realpathSync(pwd) === realpathSync(cwd) ? pwd : undefined;
  } catch {
    return undefined;
  }
}

/** The nearest path of `dir` or above it that exists, when that is not a folder. */
async function fileInTheWay(dir: string): Promise<string | undefined> {
  for (let at = dir; ; at = path.dirname(at)) {
    const info = await stat(at).catch(() => undefined);
    if (info) return info.isDirectory() ? undefined : at;
    if (path.dirname(at) === at) return undefined;
  }
}

async function holdsAnything(dir: string): Promise<boolean> {
  return ((await readdir(dir).catch(() => [])) as string[]).length > 0;
}
