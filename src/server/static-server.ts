// A static host for the built site: clean URLs, 404.html with status 404, configured redirects as
// 301s, HEAD, gzip and brotli, ETag and Last-Modified with conditional and Range requests, and
// nothing outside the output folder however the path is spelled.
//
// This module finds the file (and checks where it really is); `send`, the file sender under
// Express's serve-static, answers with it: validators, 304 and 412, Range with 206 and 416, as
// RFC 9110 has them, and a file gone by the time it is opened as an error before any header is out.
import type { Stats } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import send from 'send';
import { isInside } from '../compiler/source-files.ts';
import { normaliseRoute } from '../shared/routes.ts';
import { CompressedCopies, compress, compressible, preferredEncoding, type Encoding } from './compression.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.pdf': 'application/pdf',
};

export function contentType(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface StaticServerOptions {
  /** The folder files are served from; none (undefined) serves only what onDemand makes. */
  root: () => string | undefined;
  redirects: () => Map<string, string>;
  /** Lets watch mode inject its live-reload client into HTML and add its own endpoints. */
  transformHtml?: (html: string) => string;
  extraRoutes?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /**
   * Answers before the output folder is looked at (`serve --watch` while its first build runs):
   * a body with the file name it would have, or undefined to fall through to the folder.
   */
  onDemand?: (urlPath: string) => Promise<{ name: string; body: string | Uint8Array; status: number } | undefined>;
  /** For tests: runs once a file is found and its headers are set, just before it is opened to be read. */
  beforeRead?: (file: string) => void;
}

/** Hashed file names under assets/ change with their content: a browser may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Decodes and normalises a request path; returns undefined for anything that could escape the root
 * (`..` in any encoding, encoded slashes or backslashes, NUL bytes).
 */
export function safePath(rawUrl: string): string | undefined {
  const pathname = rawUrl.split('?')[0].split('#')[0];
  if (/%2f|%5c|%00/i.test(pathname) || pathname.includes('\\')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return undefined;
  return path.posix.normalize(decoded.startsWith('/') ? decoded : `/${decoded}`);
}

export function createStaticServer(options: StaticServerOptions): Server {
  const copies = new CompressedCopies();
  const server = createServer((req, res) => {
    handle(req, res, options, copies).catch((e: unknown) => {
      // The terminal gets the details; a client never sees a stack or a path of this machine.
      console.error(`docsgen serve: ${req.method} ${req.url}: ${(e as Error)?.message ?? e}`);
      if (!res.headersSent) {
        clearHeaders(res);
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal server error\n');
      } else res.destroy();
    });
  });
  server.on('close', () => copies.dispose());
  return server;
}

async function handle(req: IncomingMessage, res: ServerResponse, options: StaticServerOptions, copies: CompressedCopies): Promise<void> {
  if (options.extraRoutes?.(req, res)) return;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const urlPath = safePath(req.url ?? '/');
  if (urlPath === undefined) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request\n');
    return;
  }
  const route = normaliseRoute(urlPath);
  const redirect = options.redirects().get(route);
  if (redirect) {
    const query = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?')) : '';
    res.writeHead(301, { location: redirect.includes('?') ? redirect : redirect + query }).end();
    return;
  }
  const made = await options.onDemand?.(urlPath);
  if (made) {
    const type = contentType(made.name);
    const html = type.startsWith('text/html') && options.transformHtml && typeof made.body === 'string';
    await sendBody(req, res, made.status, type, Buffer.from(html ? options.transformHtml!(made.body as string) : made.body));
    return;
  }
  const folder = options.root();
  const root = folder === undefined ? undefined : await realpath(folder).catch(() => undefined);
  for (const candidate of root ? candidates(urlPath) : []) {
    const file = await servedFile(root!, candidate);
    if (file && (await sendFile(req, res, root!, file, options, copies))) return;
  }
  const notFound = root && (await servedFile(root, '404.html'));
  const page = notFound && (await readFile(notFound.real, 'utf8').catch(() => undefined));
  if (page !== undefined) {
    await sendBody(req, res, 404, contentType('404.html'), Buffer.from(options.transformHtml ? options.transformHtml(page) : page));
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(req.method === 'HEAD' ? undefined : 'Not found\n');
}

interface Found {
  real: string;
  stats: Stats;
}

/**
 * The real path of a file of the root, or undefined: a link, however it got into the output
 * folder, is followed only to find that it leads out of it, and then the file is not served.
 */
async function servedFile(root: string, relPath: string): Promise<Found | undefined> {
  const real = await realpath(path.join(root, relPath)).catch(() => undefined);
  if (!real || !isInside(real, root) || real === root) return undefined;
  const stats = await stat(real).catch(() => undefined);
  return stats?.isFile() ? { real, stats } : undefined;
}

/** `/a` → `a`, `a/index.html`, `a.html`; `/a.html` and `/a/index` also find `a/index.html`. */
function candidates(urlPath: string): string[] {
  const p = urlPath.replace(/^\/+/, '');
  const bare = p
    .replace(/\.html?$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/\/+$/, '');
  return [...new Set([p, bare ? `${bare}/index.html` : 'index.html', `${bare}.html`])].filter((c) => c !== '' && c !== '.html');
}

/**
 * Answers with a file found in the root, compressed when the client accepts it; false when it is
 * gone by the time it is read (`serve --watch` removes files while pages are fetched), so the
 * caller can answer 404 instead.
 */
async function sendFile(req: IncomingMessage, res: ServerResponse, root: string, file: Found, options: StaticServerOptions, copies: CompressedCopies): Promise<boolean> {
  const type = contentType(file.real);
  if (type.startsWith('text/html') && options.transformHtml) {
    const html = await readFile(file.real, 'utf8').catch(() => undefined);
    if (html === undefined) return false;
    await sendBody(req, res, 200, type, Buffer.from(options.transformHtml(html)));
    return true;
  }
  const rel = path.relative(root, file.real);
  const headers: Record<string, string> = { 'content-type': type, 'cache-control': /(^|[\\/])assets[\\/]/.test(rel) ? IMMUTABLE : 'no-cache' };
  if (compressible(type, file.stats.size)) {
    headers.vary = 'Accept-Encoding';
    // A range is of the file's own bytes, so it is answered from the file itself.
    const encoding = req.headers.range ? undefined : preferredEncoding(req.headers['accept-encoding']);
    const copy = encoding && (await copies.copyOf(file.real, file.stats, encoding));
    if (copy) {
      const validators = { etag: weakTag(copy.source, encoding), 'last-modified': copy.source.mtime.toUTCString() };
      if (await sendFrom(req, res, copies.dir, copy.name, { ...headers, ...validators, 'content-encoding': encoding }, options)) return true;
    }
  }
  return sendFrom(req, res, root, rel, headers, options);
}

/** The ETag `send` gives a file, with the encoding: each encoding of a file is a representation of its own. */
function weakTag(stats: Pick<Stats, 'size' | 'mtime'>, encoding: Encoding): string {
  return `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}-${encoding}"`;
}

/**
 * Sends `rel` of `root` with `send`, these headers first; false (and nothing sent) when the file
 * is not there any more. Any failure but a 404, 412 or 416 rejects, for the generic 500.
 */
function sendFrom(req: IncomingMessage, res: ServerResponse, root: string, rel: string, headers: Record<string, string>, options: StaticServerOptions): Promise<boolean> {
  return new Promise((resolve, reject) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const encoded = rel.split(path.sep).map(encodeURIComponent).join('/');
    const sender = send(req, encoded, { root, dotfiles: 'allow', index: false, cacheControl: false });
    sender.on('headers', (_res: ServerResponse, file: string) => options.beforeRead?.(file));
    // A folder now where the file was.
    sender.on('directory', () => {
      clearHeaders(res);
      resolve(false);
    });
    sender.on('error', (e: Error & { status?: number; headers?: Record<string, string> }) => {
      if (res.headersSent) {
        // Gone halfway through: the client sees a cut response, as from any host.
        res.destroy();
        resolve(true);
        return;
      }
      clearHeaders(res);
      if (e.status === 404) resolve(false);
      else if (e.status === 412 || e.status === 416) {
        res.writeHead(e.status, e.headers ?? {}).end();
        resolve(true);
      } else reject(e);
    });
    res.once('finish', () => resolve(true));
    res.once('close', () => resolve(true));
    sender.pipe(res);
  });
}

/** An answer made in memory (a page rendered on demand, a page with the live-reload client, the 404 page). */
async function sendBody(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: Buffer): Promise<void> {
  const headers: Record<string, string | number> = { 'content-type': type, 'cache-control': 'no-cache' };
  if (compressible(type, body.length)) {
    headers.vary = 'Accept-Encoding';
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (encoding) {
      body = await compress(body, encoding);
      headers['content-encoding'] = encoding;
    }
  }
  res.writeHead(status, { ...headers, 'content-length': body.length }).end(req.method === 'HEAD' ? undefined : body);
}

function clearHeaders(res: ServerResponse): void {
  for (const name of res.getHeaderNames()) res.removeHeader(name);
}
