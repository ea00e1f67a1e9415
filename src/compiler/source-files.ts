// Where a build may read from. Content is untrusted: a symlink or a `../` in it must not make a
// page, an image or a static file out of something outside the project's own folders. Every
// source file is resolved (links followed) and checked against the source roots here, in one place.
import { realpathSync } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { error, type Diagnostic } from './errors.ts';
import { rel } from './rel-path.ts';

/** Real paths of the folders sources may come from: the content, site and static folders. */
export type SourceRoots = readonly string[];

/** The roots for a config's folders; those that do not exist are left out. */
export function sourceRoots(dirs: (string | undefined)[]): SourceRoots {
  const out = new Set<string>();
  for (const d of dirs) {
    if (!d) continue;
    try {
      out.add(realpathSync(d));
    } catch {
      // A folder that does not exist holds no sources.
    }
  }
  return [...out];
}

export function isInside(file: string, dir: string): boolean {
  const r = path.relative(dir, file);
  return r === '' || (r !== '..' && !r.startsWith(`..${path.sep}`) && !path.isAbsolute(r));
}

/** The real path of a file or folder that may not exist yet: that of its nearest existing ancestor, with the rest added. */
export async function realPathOf(p: string): Promise<string> {
  const rest: string[] = [];
  for (let at = p; ; at = path.dirname(at)) {
    const real = await realpath(at).catch(() => undefined);
    if (real) return path.join(real, ...rest);
    if (path.dirname(at) === at) return p;
    rest.unshift(path.basename(at));
  }
}

/**
 * The real path of a source file when it lies inside one of the roots; undefined when it does not
 * exist, and `{ outside }` (its real path) when a link or `..` leads out of them.
 */
export async function resolveSource(file: string, roots: SourceRoots): Promise<{ real: string } | { outside: string } | undefined> {
  let real: string;
  try {
    real = await realpath(file);
  } catch {
    return undefined;
  }
  return roots.some((r) => isInside(real, r)) ? { real } : { outside: real };
}

/** Synchronous twin of resolveSource, for the transform (which resolves images as it meets them). */
export function resolveSourceSync(file: string, roots: SourceRoots): { real: string } | { outside: string } | undefined {
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    return undefined;
  }
  return roots.some((r) => isInside(real, r)) ? { real } : { outside: real };
}

export interface ListedFile {
  /** Path relative to the listed folder, with `/` separators, as the link or file is named. */
  rel: string;
  /** The real file to read. */
  real: string;
}

export interface Listing {
  files: ListedFile[];
  /** Links whose target lies outside the roots: `rel` is the link, `real` its target. */
  escapes: ListedFile[];
}

/**
 * Every file below `dir` that `keep` accepts, following links whose target stays inside the roots
 * (a folder reached twice through links is listed once, so a loop ends). Sorted by `rel`.
 */
export async function listFiles(dir: string, roots: SourceRoots, keep: { dir: (name: string) => boolean; file: (name: string) => boolean }): Promise<Listing> {
  const listing: Listing = { files: [], escapes: [] };
  const seen = new Set<string>();
  const visit = async (abs: string, rel: string): Promise<void> => {
    const real = await realpath(abs).catch(() => undefined);
    if (!real || seen.has(real)) return;
    seen.add(real);
    let entries;
    try {
      entries = await readdir(abs, { withFileTypes: true });
    } catch {
      return;
    }
    await Promise.all(
      entries.map(async (e) => {
        const childAbs = path.join(abs, e.name);
        const childRel = rel ? `${rel}/${e.name}` : e.name;
        let kind: { isDirectory(): boolean; isFile(): boolean } | undefined = e;
        let childReal = childAbs;
        if (e.isSymbolicLink()) {
          const resolved = await resolveSource(childAbs, roots);
          if (!resolved) return; // a dangling link is no file
          kind = await stat(childAbs).catch(() => undefined);
          if (!kind) return;
          if ('outside' in resolved) {
            if ((kind.isDirectory() && keep.dir(e.name)) || (kind.isFile() && keep.file(e.name))) listing.escapes.push({ rel: childRel, real: resolved.outside });
            return;
          }
          childReal = resolved.real;
        }
        if (kind.isDirectory()) {
          if (keep.dir(e.name)) await visit(childAbs, childRel);
        } else if (kind.isFile() && keep.file(e.name)) {
          listing.files.push({ rel: childRel, real: childReal });
        }
      }),
    );
  };
  const top = await resolveSource(dir, roots);
  if (top && 'real' in top) await visit(dir, '');
  listing.files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  listing.escapes.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return listing;
}

const OUTSIDE_HINT = 'sources are read only from the content, site and static folders; copy the file in instead of linking to it';

/** The error for a link of a listing (below `dir`) whose target lies outside the roots, which `where` names. */
export function linkOutsideError(dir: string, f: ListedFile, where = "the project's content, site and static folders"): Diagnostic {
  return error('outside-sources', { file: rel(path.join(dir, f.rel)) }, `${f.rel} is a link to ${f.real}, outside ${where}`, OUTSIDE_HINT);
}
