// Stage 2: find every markdown page under the docs folder, read its frontmatter, and give it its
// doc id and route, the Docusaurus way. Also reads `_category_.json|yml` folder metadata.
import { open, readFile, stat } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import { parseDocument, parse as parseYaml } from 'yaml';
import { error, type Diagnostic } from './errors.ts';
import * as z from 'zod';
import { rel, schemaIssue } from './load-config.ts';
import { joinRoute, routeProblem, ROUTE_HINT } from '../shared/routes.ts';
import { MAX_METADATA_BYTES, MAX_PAGE_BYTES } from './limits.ts';
import { linkOutsideError, listFiles, type ListedFile, type SourceRoots } from './source-files.ts';
import { FRONTMATTER, frontmatterSchema, type Frontmatter, type FrontmatterKey, type SourcePage } from './page-model.ts';

// The page model's names, where the stages that collect pages have always found them.
export { lastSegment, type Frontmatter, type SourcePage } from './page-model.ts';

/** A folder's `_category_.json|yml`: content, so its shape is checked before anything reads it. */
const categoryMetaSchema = z
  .object({
    label: z.string().min(1),
    position: z.number(),
    collapsed: z.boolean(),
    collapsible: z.boolean(),
    className: z.string(),
    key: z.string(),
    description: z.string(),
    link: z
      .discriminatedUnion('type', [
        z.object({ type: z.literal('doc'), id: z.string().min(1) }).strict(),
        z
          .object({ type: z.literal('generated-index'), title: z.string(), slug: z.string(), description: z.string(), keywords: z.array(z.string()), image: z.string() })
          .partial({ title: true, slug: true, description: true, keywords: true, image: true })
          .strict(),
      ])
      .nullable()
      .transform((link) => link ?? undefined),
    customProps: z.record(z.string(), z.unknown()),
  })
  .partial()
  .strict();

export type CategoryMeta = z.output<typeof categoryMetaSchema>;

/** A page read before, by file, with what its file was then: a file is the same while all of these are (a rename over it changes its inode, a write its change time). */
export type FileCache = Map<string, { ino: number; mtimeMs: number; ctimeMs: number; size: number; page: SourcePage | undefined; diagnostics: Diagnostic[] }>;

/**
 * Validated frontmatter by its YAML text. Parsing YAML was most of reading a page (0.4 ms a page:
 * 4 s of a 10,000-page build before anything else could start), and most builds meet the same
 * frontmatter again; the site keeps this between runs (see site.ts).
 */
export type FrontmatterMemo = Map<string, Frontmatter>;

/** What `serve --watch` keeps between builds: the pages read, and the folder listing they came from. */
export interface CollectCache {
  files: FileCache;
  frontmatter?: FrontmatterMemo;
  listing?: Listing;
  /** The docs folder and route base the pages were read with: routes depend on both. */
  readWith?: string;
}

/**
 * What changed since the last build, from the file watcher. Without it every file is listed and
 * stat'ed again; with it, edits to existing markdown files re-read just those files.
 */
export interface ChangeHint {
  /** Absolute paths of the files changed. */
  files: Set<string>;
  /** A file or folder was added or removed: the listing must be made again. */
  structural: boolean;
}

export interface CollectedDocs {
  pages: SourcePage[];
  /** Keyed by folder path relative to the docs folder (`` for the root), number prefixes kept. */
  categories: Map<string, CategoryMeta>;
  diagnostics: Diagnostic[];
}

/** An ordering prefix, as Docusaurus's default parser reads one: `01-intro`, `003 - intro`, `2_intro`. */
const NUMBER_PREFIX = /^\d+\s*[-_.]+\s*(?=[^-_.\s])/;
/** Version- and date-like names (`1.0-notes`, `2023-01-release`) are not prefixed, as in Docusaurus. */
const NOT_A_PREFIX = /^\d+[-_.]\d+/;

export function stripNumberPrefix(segment: string): string {
  return NOT_A_PREFIX.test(segment) ? segment : segment.replace(NUMBER_PREFIX, '');
}

/** `roots`: the folders sources may be read from (see source-files.ts); a link out of them is an error. */
export async function collectDocs(docsDir: string, routeBase: string, roots: SourceRoots, cache?: CollectCache, hint?: ChangeHint): Promise<CollectedDocs> {
  if (cache && cache.readWith !== `${docsDir}\0${routeBase}`) {
    cache.files.clear();
    cache.listing = undefined;
    cache.readWith = `${docsDir}\0${routeBase}`;
  }
  const reuse = Boolean(cache?.listing && hint && !hint.structural && ![...hint.files].some((f) => CATEGORY_FILE.test(path.basename(f))));
  let listing: Listing;
  if (reuse) {
    listing = cache!.listing!;
  } else {
    const found = await listFiles(docsDir, roots, {
      dir: (name) => !name.startsWith('_') && !name.startsWith('.') && name !== 'node_modules',
      file: (name) => CATEGORY_FILE.test(name) || (/\.mdx?$/.test(name) && !name.startsWith('_')),
    });
    const files = found.files.filter((f) => !CATEGORY_FILE.test(path.posix.basename(f.rel)));
    const categoryFiles = found.files.filter((f) => CATEGORY_FILE.test(path.posix.basename(f.rel)));
    const escapes = found.escapes.map((f) => linkOutsideError(docsDir, f, "the project's content and docs folders"));
    listing = { files, paths: files.map((f) => path.join(docsDir, f.rel)), categories: await readCategories(docsDir, categoryFiles), escapes };
    if (cache) cache.listing = listing;
  }
  const diagnostics: Diagnostic[] = [...listing.categories.diagnostics, ...listing.escapes];
  // With a hint, a file the watcher did not report is known to be unchanged: it is taken as read
  // before, without a stat or a promise (at 10,000 pages, one each was 20 ms of every save).
  const pages: (SourcePage | undefined)[] = new Array(listing.files.length);
  const reads: Promise<void>[] = [];
  listing.files.forEach((listed, i) => {
    const file = listing.paths[i];
    const hit = reuse && !hint!.files.has(file) ? cache!.files.get(file) : undefined;
    if (hit) {
      diagnostics.push(...hit.diagnostics);
      pages[i] = hit.page;
    } else reads.push(readPageCached(docsDir, listed, file, routeBase, diagnostics, cache).then((page) => void (pages[i] = page)));
  });
  await Promise.all(reads);
  const categories = listing.categories;
  return { pages: pages.filter((p): p is SourcePage => p !== undefined), categories: categories.meta, diagnostics };
}

/** The markdown files under the docs folder (relative paths, sorted) and the folders' category files. */
interface Listing {
  files: ListedFile[];
  /** Each file's path under the docs folder, as pages name it (the cache's key). */
  paths: string[];
  categories: Categories;
  escapes: Diagnostic[];
}

interface Categories {
  meta: Map<string, CategoryMeta>;
  diagnostics: Diagnostic[];
}

async function readCategories(docsDir: string, categoryFiles: ListedFile[]): Promise<Categories> {
  const meta = new Map<string, CategoryMeta>();
  const diagnostics: Diagnostic[] = [];
  const texts = await Promise.all(categoryFiles.map((f) => readFile(f.real, 'utf8')));
  categoryFiles.forEach(({ rel: f }, i) => {
    try {
      const file = path.join(docsDir, f);
      if (texts[i].length > MAX_METADATA_BYTES) {
        diagnostics.push(
          error('invalid-category', { file: rel(file), line: 1, column: 1 }, `category file is larger than ${MAX_METADATA_BYTES / 1024} KB`, 'a category file holds a label, a position and a link'),
        );
        return;
      }
      const parsed = categoryMetaSchema.safeParse((f.endsWith('.json') ? JSON.parse(texts[i]) : parseYaml(texts[i], { maxAliasCount: 100 })) ?? {});
      if (!parsed.success) {
        diagnostics.push(...parsed.error.issues.map((issue) => schemaIssue(issue, file, texts[i], 'category')));
        return;
      }
      const value = parsed.data;
      const slug = value.link?.type === 'generated-index' ? value.link.slug : undefined;
      const problem = typeof slug === 'string' ? routeProblem(joinRoute(slug)) : undefined;
      if (problem) {
        diagnostics.push(error('invalid-route', { file: rel(path.join(docsDir, f)), line: 1, column: 1 }, `invalid category slug ${JSON.stringify(slug)}: ${problem}`, ROUTE_HINT));
        return;
      }
      meta.set(path.posix.dirname(f) === '.' ? '' : path.posix.dirname(f), value);
    } catch (e) {
      diagnostics.push(error('invalid-category', { file: rel(path.join(docsDir, f)), line: 1, column: 1 }, `invalid category file: ${(e as Error).message}`));
    }
  });
  return { meta, diagnostics };
}

const CATEGORY_FILE = /^_category_\.(json|ya?ml)$/;

async function readPageCached(docsDir: string, listed: ListedFile, file: string, routeBase: string, diagnostics: Diagnostic[], collect: CollectCache | undefined): Promise<SourcePage | undefined> {
  if (!collect) return readPage(docsDir, listed, routeBase, diagnostics);
  const cache = collect.files;
  const hit = cache.get(file);
  const info = await stat(listed.real).catch(() => undefined);
  // Gone since it was listed (deleted while a watch rebuild ran): the next build lists again.
  // A page is a regular file: a pipe or a device swapped in since the listing is not read (it could block for ever).
  if (!info?.isFile()) return undefined;
  if (hit && hit.ino === info.ino && hit.mtimeMs === info.mtimeMs && hit.ctimeMs === info.ctimeMs && hit.size === info.size) {
    diagnostics.push(...hit.diagnostics);
    return hit.page;
  }
  const own: Diagnostic[] = [];
  const page = await readPage(docsDir, listed, routeBase, own, collect.frontmatter);
  cache.set(file, { ino: info.ino, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs, size: info.size, page, diagnostics: own });
  diagnostics.push(...own);
  return page;
}

async function readPage(docsDir: string, listed: ListedFile, routeBase: string, diagnostics: Diagnostic[], memo?: FrontmatterMemo): Promise<SourcePage | undefined> {
  const relPath = listed.rel;
  const file = path.join(docsDir, relPath);
  const bytes = await readRegularFile(listed.real);
  if (bytes === undefined) return undefined;
  if (bytes.length > MAX_PAGE_BYTES) {
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    diagnostics.push(error('page-too-large', { file: rel(file), line: 1, column: 1 }, `page is ${mb(bytes.length)}, over the limit of ${mb(MAX_PAGE_BYTES)}`, 'split it into several pages'));
    return undefined;
  }
  const raw = bytes.toString('utf8');
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const fm = splitFrontmatter(text, rel(file), diagnostics, memo);
  if (!fm) return undefined;
  const segments = relPath
    .replace(/\.mdx?$/, '')
    .split('/')
    .map(stripNumberPrefix);
  const name = segments.pop()!;
  const isIndex = /^(index|readme)$/i.test(name);
  const dirs = segments;
  const idName = typeof fm.data.id === 'string' ? fm.data.id : name;
  const id = [...dirs, idName].join('/');
  let route: string;
  if (typeof fm.data.slug === 'string') {
    const slug = fm.data.slug;
    route = slug.startsWith('/') ? joinRoute(routeBase, slug) : joinRoute(routeBase, [...dirs, slug].join('/'));
  } else {
    route = joinRoute(routeBase, (isIndex && fm.data.id === undefined ? dirs : [...dirs, idName]).join('/'));
  }
  const problem = routeProblem(route) ?? (idName === '.' || idName === '..' ? 'its id is "." or ".."' : undefined);
  if (problem) {
    const key = typeof fm.data.slug === 'string' ? 'slug' : fm.data.id !== undefined ? 'id' : undefined;
    const where = key ? { line: frontmatterLine(text, key), column: 1 } : { line: 1, column: 1 };
    const what = key ? `its ${key} ${JSON.stringify(fm.data[key])}` : `its file name`;
    diagnostics.push(error('invalid-route', { file: rel(file), ...where }, `invalid route ${JSON.stringify(route)} from ${what}: ${problem}`, ROUTE_HINT));
    return undefined;
  }
  return {
    id,
    route,
    file,
    relPath,
    frontmatter: fm.data,
    body: fm.body,
    lineOffset: fm.lineOffset,
    ...(fm.data.id !== undefined ? { idLine: frontmatterLine(text, 'id') } : {}),
    isMdx: relPath.endsWith('.mdx'),
  };
}

/** The line of a top-level frontmatter key in a page's text (its frontmatter starts on line 2). */
function frontmatterLine(text: string, key: string): number {
  const index = text.split('\n').findIndex((l, i) => i > 0 && l.startsWith(`${key}:`));
  return index >= 0 ? index + 1 : 1;
}

export interface SplitFrontmatter {
  data: Frontmatter;
  body: string;
  lineOffset: number;
}

/** A page's frontmatter, validated, and its body; undefined (with errors in `diagnostics`) when the frontmatter is broken. */
export function splitFrontmatter(text: string, file: string, diagnostics: Diagnostic[], memo?: FrontmatterMemo): SplitFrontmatter | undefined {
  if (!text.startsWith('---\n')) return { data: {}, body: text, lineOffset: 0 };
  const end = text.indexOf('\n---', 4);
  const close = end >= 0 ? text.slice(end + 4).match(/^[ \t]*(\n|$)/) : null;
  if (end < 0 || !close) {
    diagnostics.push(error('invalid-frontmatter', { file, line: 1, column: 1 }, 'frontmatter is not closed', 'end the YAML block with a line of three dashes: ---'));
    return undefined;
  }
  // A copy, not a slice: the values parsed from it are slices of it, and a slice of the page's
  // text would keep all of the text in memory for as long as the page's title or label lives.
  const yamlText = Buffer.from(text.slice(4, end + 1)).toString();
  if (yamlText.length > MAX_METADATA_BYTES) {
    diagnostics.push(
      error('invalid-frontmatter', { file, line: 1, column: 1 }, `frontmatter is larger than ${MAX_METADATA_BYTES / 1024} KB`, "keep the YAML block to the page's settings; content goes below it"),
    );
    return undefined;
  }
  const bodyAt = end + 4 + close[0].length;
  const known = memo?.get(yamlText);
  if (known) return { data: known, body: text.slice(bodyAt), lineOffset: text.slice(0, bodyAt).split('\n').length - 1 };
  const doc = parseDocument(yamlText, { prettyErrors: false });
  if (doc.errors.length > 0) {
    for (const e of doc.errors) {
      // An error found at the end of the block (an unclosed quote) is reported on the last line with text.
      const end = yamlText.replace(/\s+$/, '').length;
      const before = yamlText.slice(0, Math.min(e.pos[0], end)).split('\n');
      const message = e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
      diagnostics.push(
        error('invalid-frontmatter', { file, line: before.length + 1, column: before[before.length - 1].length + 1 }, `invalid frontmatter: ${message}`, 'frontmatter must be valid YAML'),
      );
    }
    return undefined;
  }
  let data: Frontmatter;
  try {
    data = (doc.toJS({ maxAliasCount: 100 }) ?? {}) as Frontmatter;
  } catch (e) {
    diagnostics.push(error('invalid-frontmatter', { file, line: 2, column: 1 }, `invalid frontmatter: ${(e as Error).message}`, 'frontmatter must be plain YAML: keys with values, few aliases'));
    return undefined;
  }
  if (typeof data !== 'object' || Array.isArray(data)) {
    diagnostics.push(error('invalid-frontmatter', { file, line: 2, column: 1 }, 'invalid frontmatter: expected key: value pairs'));
    return undefined;
  }
  const parsed = frontmatterSchema.safeParse(data);
  if (!parsed.success) {
    // One error per key, however many of its items are wrong.
    const keys = new Set<string>();
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]) as FrontmatterKey;
      if (keys.has(key)) continue;
      keys.add(key);
      const line = yamlText.split('\n').findIndex((l) => l.startsWith(`${key}:`));
      const expected = issue.code === 'custom' && key === 'toc_min_heading_level' ? `at most toc_max_heading_level (${String(data.toc_max_heading_level)})` : FRONTMATTER[key][0];
      diagnostics.push(error('invalid-frontmatter', { file, line: line + 2, column: 1 }, `invalid frontmatter: "${key}" must be ${expected}`));
    }
    return undefined;
  }
  memo?.set(yamlText, parsed.data);
  return { data: parsed.data, body: text.slice(bodyAt), lineOffset: text.slice(0, bodyAt).split('\n').length - 1 };
}

/**
 * A file's bytes, if it is a regular file when opened: opened without blocking, so a pipe put in a
 * page's place between its listing and its reading (a watch rebuild reads what changed) is let go
 * of rather than waited on for ever. Undefined for anything else, or a file gone.
 */
async function readRegularFile(file: string): Promise<Buffer | undefined> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK).catch(() => undefined);
  if (!handle) return undefined;
  try {
    return (await handle.stat()).isFile() ? await handle.readFile() : undefined;
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}
