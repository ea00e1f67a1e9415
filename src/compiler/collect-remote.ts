// Stage 2c: documents the config names under `remoteContent` (other repositories' READMEs) become
// pages. Each is downloaded at build time, all at once, with a timeout and retries; when its host
// cannot be reached or answers an error, its committed snapshot is used, with one warning for the
// build. Downloads are kept in `.docsgen-cache/remote/` with their ETag and Last-Modified, so the
// next build asks with a conditional request and a 304 costs no transfer and no transform.
//
// A page's `file`, which its diagnostics name and the transform cache is keyed by, says where its
// text came from: the URL for a download (`https://raw.githubusercontent.com/…/README.md:12:3`),
// the snapshot's path for a snapshot. A download that differs from the snapshot is never labelled
// with the snapshot's lines.
import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { lstat, mkdir, readFile, realpath, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RemoteContentConfig, RemoteDocumentConfig } from './define-config.ts';
import { splitFrontmatter, type SourcePage } from './collect-docs.ts';
import { error, warning, type Diagnostic, type SourceLocation } from './errors.ts';
import { MAX_PAGE_BYTES } from './limits.ts';
import { remoteSnapshotDir, type ResolvedConfig } from './load-config.ts';
import { rel } from './rel-path.ts';
import { browseUrl } from './browse-url.ts';
import { isInside, realPathOf, resolveSource } from './source-files.ts';
import { joinRoute } from '../shared/routes.ts';
import { readCached, writeCached } from './persistent-cache.ts';

export interface CollectedRemote {
  pages: SourcePage[];
  diagnostics: Diagnostic[];
}

export interface RemoteOptions {
  /** `.docsgen-cache`: downloads kept for conditional requests. None: every request is a full one, nothing is kept. */
  cacheDir?: string;
  /**
   * Request nothing: each page comes from its download in the cache, else from its snapshot. For
   * processes that rebuild on every save (`serve`), which must not wait for the network each time.
   */
  offline?: boolean;
  /** The markdown pages: a remote document may not take one's doc id or route. */
  docs?: SourcePage[];
  /** The documents as fetched already by this run (see up-to-date.ts): not requested again. */
  fetched?: Promise<CollectedRemote>;
}

/** A document of the config, with its URL, route, id and snapshot file worked out. */
export interface RemoteDocument {
  source: RemoteContentConfig;
  doc: RemoteDocumentConfig;
  /** `baseUrl` + `source`. */
  url: string;
  route: string;
  id: string;
  snapshot: string;
  /** How messages name it: `<source id>/<document source>`. */
  name: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_RETRIES = 2;
const CONCURRENCY = 8;
const RETRY_DELAY_MS = 250;

/** Offline reads by config: `serve` keeps one config while only markdown changes, and rereads nothing then. */
const offlineMemo = new WeakMap<ResolvedConfig, Promise<CollectedRemote>>();

export async function collectRemote(config: ResolvedConfig, options: RemoteOptions = {}): Promise<CollectedRemote> {
  if (!config.user.remoteContent?.length) return { pages: [], diagnostics: [] };
  let collected: Promise<CollectedRemote>;
  if (options.fetched) {
    collected = options.fetched;
  } else if (options.offline) {
    collected = offlineMemo.get(config) ?? readRemote(config, options);
    offlineMemo.set(config, collected);
  } else {
    collected = readRemote(config, options);
  }
  const { pages, diagnostics } = await collected;
  return { pages, diagnostics: [...diagnostics, ...clashes(pages, options.docs ?? [])] };
}

async function readRemote(config: ResolvedConfig, options: RemoteOptions): Promise<CollectedRemote> {
  const { documents, diagnostics } = await remoteDocuments(config);
  const rewriting = await rewrittenBodies(documents, options.cacheDir);
  const lookups: HostLookups = new Map();
  const fellBack: { d: RemoteDocument; reason: string }[] = [];
  const pages = await mapLimited(documents, CONCURRENCY, async (d): Promise<SourcePage | undefined> => {
    const cached = options.cacheDir ? await readDownload(options.cacheDir, d.url) : undefined;
    let reason: string;
    if (options.offline) {
      if (cached) return remotePage(d, decode(cached.bytes), d.url, rewriting, diagnostics);
      reason = 'not downloaded by a build yet (serve downloads nothing)';
    } else {
      const got = await download(d, cached, lookups);
      if ('bytes' in got) {
        if (options.cacheDir && got.entry) await writeDownload(options.cacheDir, got.entry);
        return remotePage(d, decode(got.bytes), d.url, rewriting, diagnostics);
      }
      reason = got.failure;
    }
    const snapshot = await readSnapshot(d, config, diagnostics);
    if (snapshot === 'invalid') return undefined;
    if (snapshot === undefined) {
      const hint = options.offline
        ? 'run docsgen build (or docsgen snapshot) while the host answers, or commit the snapshot file'
        : `commit a snapshot at ${rel(d.snapshot)}: run docsgen snapshot while the host answers`;
      diagnostics.push(error('remote-content', { file: rel(d.snapshot) }, `remote document ${d.name} (${d.url}): ${reason}, and it has no snapshot`, hint));
      return undefined;
    }
    if (!options.offline) fellBack.push({ d, reason });
    return remotePage(d, decode(snapshot), d.snapshot, rewriting, diagnostics);
  });
  if (fellBack.length) diagnostics.push(await fallbackWarning(config, fellBack));
  await rewriting.save();
  return { pages: pages.filter((p): p is SourcePage => p !== undefined), diagnostics };
}

export interface SnapshotResult {
  /** Snapshot files written (their bytes changed), absolute. */
  written: string[];
  unchanged: number;
  diagnostics: Diagnostic[];
}

/**
 * `docsgen snapshot`: downloads every document and writes it to its snapshot file, byte for byte,
 * when that differs from the file's bytes (so an unchanged document leaves its file untouched).
 * A document that cannot be fetched keeps its snapshot and is an error.
 */
export async function snapshotRemote(config: ResolvedConfig, options: { cacheDir?: string } = {}): Promise<SnapshotResult> {
  const { documents, diagnostics } = await remoteDocuments(config);
  const result: SnapshotResult = { written: [], unchanged: 0, diagnostics };
  const lookups: HostLookups = new Map();
  await mapLimited(documents, CONCURRENCY, async (d) => {
    const cached = options.cacheDir ? await readDownload(options.cacheDir, d.url) : undefined;
    const got = await download(d, cached, lookups);
    if (!('bytes' in got)) {
      diagnostics.push(
        error('remote-content', { file: rel(d.snapshot) }, `remote document ${d.name} (${d.url}): ${got.failure}; its snapshot was left as it was`, 'run docsgen snapshot again when the host answers'),
      );
      return;
    }
    if (options.cacheDir && got.entry) await writeDownload(options.cacheDir, got.entry);
    const problem = await writeSnapshot(d, got.bytes, config);
    if (problem === 'unchanged') result.unchanged++;
    else if (problem) diagnostics.push(problem);
    else result.written.push(d.snapshot);
  });
  result.written.sort();
  return result;
}

/** The config's documents, each source's snapshot folder checked: inside the project, not in the docs or static folder. */
export async function remoteDocuments(config: ResolvedConfig): Promise<{ documents: RemoteDocument[]; diagnostics: Diagnostic[] }> {
  const documents: RemoteDocument[] = [];
  const diagnostics: Diagnostic[] = [];
  const sources = config.user.remoteContent ?? [];
  for (const [i, source] of sources.entries()) {
    const dir = remoteSnapshotDir(config, source);
    const problem = await snapshotDirProblem(dir, config);
    if (problem) {
      diagnostics.push(
        await configError(
          config,
          `config.remoteContent[${i}].snapshot`,
          source.snapshot ?? source.id,
          `the snapshot folder ${rel(dir)} ${problem}`,
          "a snapshot folder is the project's own, e.g. content/remote/<id>; its files are read as pages and written by docsgen snapshot",
        ),
      );
      continue;
    }
    for (const doc of source.documents) {
      const route = joinRoute(config.routeBasePath, doc.route);
      documents.push({
        source,
        doc,
        url: new URL(doc.source, source.baseUrl).href,
        route,
        id: doc.id ?? joinRoute(doc.route).slice(1),
        snapshot: path.join(dir, ...doc.source.split('/')),
        name: `${source.id}/${doc.source}`,
      });
    }
  }
  return { documents, diagnostics };
}

/** Why a snapshot folder may not be used, or undefined. Its real path counts: a link inside the project may lead out. */
async function snapshotDirProblem(dir: string, config: ResolvedConfig): Promise<string | undefined> {
  const real = await realPathOf(dir);
  const root = await realPathOf(config.rootDir);
  if (!isInside(dir, config.rootDir) || !isInside(real, root)) return 'is outside the project';
  for (const [folder, name] of [
    [config.docsDir, 'docs'],
    [config.staticDir, 'static'],
  ] as const) {
    if (!folder) continue;
    const other = await realPathOf(folder);
    if (isInside(dir, folder) || isInside(folder, dir) || isInside(real, other) || isInside(other, real)) return `overlaps the ${name} folder, whose files are published`;
  }
  return undefined;
}

/** Where a document's links lead: other documents' routes by their URL, and the bodies rewritten so far. */
interface Rewriting {
  routeOf: (url: string) => string | undefined;
  /**
   * A body with its links rewritten; the last build's when it was the same body (parsing a README
   * is the cost, and a check that the output is up to date loads no markdown parser for it).
   */
  rewrite: (body: string, documentUrl: string) => Promise<string>;
  save: () => Promise<void>;
}

const REWRITTEN_CACHE = { name: 'remote-rewritten', key: 'bodies' };

async function rewrittenBodies(documents: RemoteDocument[], cacheDir: string | undefined): Promise<Rewriting> {
  const byUrl = new Map(documents.map((d) => [d.url, d.route]));
  const routeOf = (url: string) => byUrl.get(url);
  // A rewritten body depends on the body, its URL and where every document's URL leads.
  const routes = JSON.stringify([...byUrl]);
  const keyOf = (body: string, url: string) => createHash('sha256').update(url).update('\0').update(routes).update('\0').update(body).digest('hex');
  const saved = cacheDir ? await readCached<[string, string][]>(cacheDir, REWRITTEN_CACHE.name, REWRITTEN_CACHE.key) : undefined;
  const before = new Map(saved ?? []);
  const now = new Map<string, string>();
  return {
    routeOf,
    rewrite: async (body, documentUrl) => {
      const key = keyOf(body, documentUrl);
      let rewritten = before.get(key);
      if (rewritten === undefined) {
        const { rewriteRelativeUrls } = await import('./remote-links.ts');
        rewritten = rewriteRelativeUrls(body, { documentUrl, routeOf });
      }
      now.set(key, rewritten);
      return rewritten;
    },
    save: async () => {
      const changed = now.size !== before.size || [...now.keys()].some((k) => !before.has(k));
      if (cacheDir && changed) await writeCached(cacheDir, REWRITTEN_CACHE.name, REWRITTEN_CACHE.key, [...now]);
    },
  };
}

/** A document's page: its own frontmatter, if it has any, under the config's; links made absolute. */
async function remotePage(d: RemoteDocument, text: string, file: string, rewriting: Rewriting, diagnostics: Diagnostic[]): Promise<SourcePage | undefined> {
  const fm = splitFrontmatter(text, rel(file), diagnostics);
  if (!fm) return undefined;
  // The route and id are the config's: a document's own `slug` or `id` cannot move it.
  const { id: _id, slug: _slug, ...own } = fm.data;
  return {
    id: d.id,
    route: d.route,
    file,
    relPath: `${d.id}.md`,
    frontmatter: { ...own, ...configFrontmatter(d) },
    body: await rewriting.rewrite(fm.body, d.url),
    lineOffset: fm.lineOffset,
    isMdx: false,
  };
}

function configFrontmatter({ doc, url }: RemoteDocument): SourcePage['frontmatter'] {
  const fm: SourcePage['frontmatter'] = {};
  const editUrl = doc.editUrl !== undefined ? doc.editUrl : browseUrl(new URL(url), 'edit');
  if (editUrl !== undefined) fm.custom_edit_url = editUrl;
  for (const key of ['title', 'sidebar_label', 'sidebar_position', 'description', 'keywords', 'hide_table_of_contents'] as const) {
    if (doc[key] !== undefined) (fm as Record<string, unknown>)[key] = doc[key];
  }
  return fm;
}

/** A remote document must not take a markdown page's doc id (the page would silently be replaced) or route. */
function clashes(pages: SourcePage[], docs: SourcePage[]): Diagnostic[] {
  const byId = new Map(docs.map((p) => [p.id, p]));
  const byRoute = new Map(docs.map((p) => [p.route, p]));
  return pages.flatMap((page) => {
    const other = byId.get(page.id) ?? byRoute.get(page.route);
    if (!other) return [];
    const what = byId.has(page.id) ? `doc id "${page.id}"` : `route ${page.route}`;
    return [
      error(
        'remote-content',
        { file: rel(other.file), line: 1, column: 1 },
        `this page has the ${what}, which remote document ${page.file} has too`,
        'remove the page (its text now comes from the remote document), or give the document another route or id in the config',
      ),
    ];
  });
}

/** One warning for every document built from its snapshot, grouped by why. */
async function fallbackWarning(config: ResolvedConfig, fellBack: { d: RemoteDocument; reason: string }[]): Promise<Diagnostic> {
  const byReason = new Map<string, string[]>();
  for (const { d, reason } of fellBack.sort((a, b) => a.d.name.localeCompare(b.d.name))) byReason.set(reason, [...(byReason.get(reason) ?? []), d.name]);
  const list = [...byReason].map(([reason, names]) => `${names.join(', ')} (${reason})`).join('; ');
  const n = fellBack.length;
  // The key in the config's object (`remoteContent: [` or `remoteContent,`), not an import of it.
  const at = await configLocation(config, /^([ \t]*)remoteContent\b\s*[:,]/m);
  return warning(
    'remote-content',
    at,
    `${n} remote document${n === 1 ? '' : 's'} could not be fetched; built from ${n === 1 ? 'its' : 'their'} committed snapshot${n === 1 ? '' : 's'}: ${list}`,
    'these pages may be out of date; docsgen snapshot refreshes the snapshots when the hosts answer',
  );
}

async function configError(config: ResolvedConfig, keyPath: string, value: string, message: string, hint: string): Promise<Diagnostic> {
  return error('invalid-config', await configLocation(config, value), `${keyPath}: ${message}`, hint);
}

/** The config file, at the first place `needle` is found, or where a pattern's first group ends. */
async function configLocation(config: ResolvedConfig, needle: string | RegExp): Promise<SourceLocation> {
  const text = await readFile(config.configFile, 'utf8').catch(() => '');
  const m = typeof needle === 'string' ? undefined : needle.exec(text);
  const found = typeof needle === 'string' ? text.indexOf(needle) : m ? m.index + (m[1]?.length ?? 0) : -1;
  if (found < 0) return { file: rel(config.configFile) };
  const before = text.slice(0, found).split('\n');
  return { file: rel(config.configFile), line: before.length, column: before[before.length - 1].length + 1 };
}

/** Text as a markdown file is read: UTF-8, without a byte order mark, with `\n` line ends. */
function decode(bytes: Uint8Array): string {
  return Buffer.from(bytes)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');
}

/** The snapshot's bytes; undefined when there is none; 'invalid' (with an error) when it may not be read. */
async function readSnapshot(d: RemoteDocument, config: ResolvedConfig, diagnostics: Diagnostic[]): Promise<Uint8Array | undefined | 'invalid'> {
  const dir = await realPathOf(remoteSnapshotDir(config, d.source));
  const found = await resolveSource(d.snapshot, [dir]);
  if (!found) return undefined;
  if ('outside' in found) {
    diagnostics.push(
      error(
        'outside-sources',
        { file: rel(d.snapshot) },
        `the snapshot of ${d.name} is a link to ${found.outside}, outside its snapshot folder`,
        'a snapshot is a file of its own: run docsgen snapshot to write it',
      ),
    );
    return 'invalid';
  }
  const bytes = await readFile(found.real).catch(() => undefined);
  if (!bytes) return undefined;
  if (bytes.length > MAX_PAGE_BYTES) {
    diagnostics.push(
      error(
        'page-too-large',
        { file: rel(d.snapshot), line: 1, column: 1 },
        `snapshot is ${megabytes(bytes.length)}, over the limit of ${megabytes(MAX_PAGE_BYTES)}`,
        'a remote document is published as one page',
      ),
    );
    return 'invalid';
  }
  return bytes;
}

/** Writes a snapshot unless its bytes are the same; refuses a folder on its way that leads out of the snapshot folder. */
async function writeSnapshot(d: RemoteDocument, bytes: Uint8Array, config: ResolvedConfig): Promise<Diagnostic | 'unchanged' | undefined> {
  const dir = remoteSnapshotDir(config, d.source);
  const current = await lstat(d.snapshot).catch(() => undefined);
  if (current?.isFile() && Buffer.compare(await readFile(d.snapshot), bytes) === 0) return 'unchanged';
  await mkdir(path.dirname(d.snapshot), { recursive: true });
  if (!isInside(await realpath(path.dirname(d.snapshot)), await realpath(dir))) {
    return error(
      'outside-sources',
      { file: rel(d.snapshot) },
      `not written: a folder on the way to the snapshot of ${d.name} is a link out of the snapshot folder`,
      'remove the link; snapshots are plain files in plain folders',
    );
  }
  // Renamed into place: a link where the file was is replaced, never written through.
  const tmp = `${d.snapshot}.${process.pid}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, d.snapshot);
  return undefined;
}

function megabytes(n: number): string {
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** A download kept in the cache: the validators to send next time, and the bytes a 304 stands for. */
interface Downloaded {
  url: string;
  etag?: string;
  lastModified?: string;
  bytes: Uint8Array;
}

/** The bytes, and what to keep in the cache when it is not what the cache has already. */
type Download = { bytes: Uint8Array; entry?: Downloaded } | { failure: string };

/** The document, fetched with a timeout and retries (conditionally when a copy is cached). */
async function download(d: RemoteDocument, cached: Downloaded | undefined, lookups: HostLookups): Promise<Download> {
  const missing = await hostMissing(new URL(d.url).hostname, lookups);
  if (missing) return { failure: missing };
  const timeout = d.source.timeout ?? DEFAULT_TIMEOUT_MS;
  const retries = d.source.retries ?? DEFAULT_RETRIES;
  for (let attempt = 0; ; attempt++) {
    let failure: string;
    let retry: boolean;
    try {
      const headers = new Headers(d.source.headers ?? {});
      if (cached?.etag) headers.set('if-none-match', cached.etag);
      if (cached?.lastModified) headers.set('if-modified-since', cached.lastModified);
      const res = await fetchSameOrigin(d.url, headers, AbortSignal.timeout(timeout));
      if (res.status === 304 && cached) {
        await res.body?.cancel();
        return { bytes: cached.bytes };
      }
      if (res.ok) {
        const bytes = await readLimited(res, MAX_PAGE_BYTES);
        const entry = { url: d.url, etag: res.headers.get('etag') ?? undefined, lastModified: res.headers.get('last-modified') ?? undefined, bytes };
        const same = cached && cached.etag === entry.etag && cached.lastModified === entry.lastModified && Buffer.compare(cached.bytes, bytes) === 0;
        return { bytes, entry: same ? undefined : entry };
      }
      await res.body?.cancel();
      failure = `HTTP ${res.status}`;
      retry = res.status >= 500 || res.status === 408 || res.status === 429;
    } catch (e) {
      failure = describeFailure(e, timeout);
      retry = !(e instanceof TooLarge) && !(e instanceof Redirected) && networkCode(e) !== 'ENOTFOUND';
    }
    if (!retry || attempt >= retries) return { failure: attempt ? `${failure}, after ${attempt + 1} attempts` : failure };
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * 2 ** attempt));
  }
}

/** Hosts' name lookups of one run, shared by its documents. */
type HostLookups = Map<string, Promise<string | undefined>>;

/**
 * Why a host's documents cannot be fetched at all: its name does not resolve. Looked up once a
 * run: fetch resolves the name again for every request, and 21 documents failing that one by one,
 * a few at a time, took a second and a half of each offline build.
 */
function hostMissing(hostname: string, lookups: HostLookups): Promise<string | undefined> {
  let found = lookups.get(hostname);
  if (!found) {
    found = isIP(hostname.replace(/^\[|\]$/g, ''))
      ? Promise.resolve(undefined)
      : lookup(hostname).then(
          () => undefined,
          (e: { code?: string }) => (e?.code === 'ENOTFOUND' ? `host ${hostname} not found` : undefined),
        );
    lookups.set(hostname, found);
  }
  return found;
}

class TooLarge extends Error {}
class Redirected extends Error {}

const MAX_REDIRECTS = 5;

/**
 * fetch, following redirects only within the URL's origin: the headers (tokens, perhaps) are
 * never sent to another host, and no document comes from a place the config does not name.
 */
async function fetchSameOrigin(url: string, headers: Headers, signal: AbortSignal): Promise<Response> {
  for (let hops = 0, at = url; ; hops++) {
    const res = await fetch(at, { headers, signal, redirect: 'manual' });
    const location = res.status >= 300 && res.status < 400 && res.status !== 304 ? res.headers.get('location') : null;
    if (location === null) return res;
    await res.body?.cancel();
    const next = new URL(location, at);
    if (next.origin !== new URL(url).origin) throw new Redirected(`redirected to ${next.origin}, which is not followed`);
    if (hops >= MAX_REDIRECTS) throw new Redirected(`more than ${MAX_REDIRECTS} redirects`);
    at = next.href;
  }
}

/** The response's body, refused past `limit` bytes without reading the rest. */
async function readLimited(res: Response, limit: number): Promise<Uint8Array> {
  if (Number(res.headers.get('content-length') ?? 0) > limit) {
    await res.body?.cancel();
    throw new TooLarge(`larger than ${megabytes(limit)}`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.length;
    if (size > limit) throw new TooLarge(`larger than ${megabytes(limit)}`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function networkCode(e: unknown): string | undefined {
  const cause = (e as { cause?: { code?: unknown } })?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/** Why a request failed, in words that never include what was sent (headers may hold tokens). */
function describeFailure(e: unknown, timeout: number): string {
  if (e instanceof TooLarge || e instanceof Redirected) return e.message;
  const name = (e as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeout} ms`;
  const code = networkCode(e);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `host ${hostOf(e)} not found`;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection closed by the host';
  if (code) return `request failed (${code})`;
  // What fetch refuses before sending anything (a port browsers block, say) says so in its cause.
  const cause = (e as { cause?: unknown })?.cause;
  return cause instanceof Error && cause.message ? `request failed: ${cause.message}` : 'request failed';
}

function hostOf(e: unknown): string {
  const host = (e as { cause?: { hostname?: unknown } })?.cause?.hostname;
  return typeof host === 'string' ? host : 'name';
}

function downloadFile(cacheDir: string, url: string): string {
  return path.join(cacheDir, 'remote', `${createHash('sha256').update(url).digest('hex').slice(0, 24)}.json`);
}

/** On disk, the bytes are base64 in `body`. */
async function readDownload(cacheDir: string, url: string): Promise<Downloaded | undefined> {
  try {
    const { body, ...entry } = JSON.parse(await readFile(downloadFile(cacheDir, url), 'utf8')) as Omit<Downloaded, 'bytes'> & { body: unknown };
    if (entry.url !== url || typeof body !== 'string') return undefined;
    return { ...entry, bytes: Buffer.from(body, 'base64') };
  } catch {
    // None, or damaged: the request is a full one.
    return undefined;
  }
}

async function writeDownload(cacheDir: string, entry: Downloaded): Promise<void> {
  const file = downloadFile(cacheDir, entry.url);
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const { bytes, ...kept } = entry;
  await writeFile(tmp, JSON.stringify({ ...kept, body: Buffer.from(bytes).toString('base64') }));
  await rename(tmp, file);
}

/** `f` over the items, at most `limit` at a time, results in the items' order. */
async function mapLimited<T, R>(items: T[], limit: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await f(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
