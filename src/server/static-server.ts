// A static host for the built site: clean URLs, 404.html with status 404, configured redirects as
// 301s, HEAD, and nothing outside the output folder however the path is spelled.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { open, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '../compiler/source-files.ts';

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
  root: () => string;
  redirects: () => Map<string, string>;
  /** Lets watch mode inject its live-reload client into HTML and add its own endpoints. */
  transformHtml?: (html: string) => string;
  extraRoutes?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /**
   * Answers before the output folder is looked at (`serve --watch` while its first build runs):
   * a body with the file name it would have, or undefined to fall through to the folder.
   */
  onDemand?: (urlPath: string) => Promise<{ name: string; body: string | Uint8Array; status: number } | undefined>;
}

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
  return createServer((req, res) => {
    handle(req, res, options).catch((e: unknown) => {
      // The terminal gets the details; a client never sees a stack or a path of this machine.
      console.error(`docsgen serve: ${req.method} ${req.url}: ${(e as Error)?.message ?? e}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal server error\n');
      else res.destroy();
    });
  });
}

async function handle(req: IncomingMessage, res: ServerResponse, options: StaticServerOptions): Promise<void> {
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
  const route = urlPath.replace(/\.html?$/, '').replace(/\/index$/, '').replace(/\/+$/, '') || '/';
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
    const body = Buffer.from(html ? options.transformHtml!(made.body as string) : made.body);
    res.writeHead(made.status, { 'content-type': type, 'cache-control': 'no-cache', 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  const root = await realpath(options.root()).catch(() => undefined);
  for (const candidate of root ? candidates(urlPath) : []) {
    const file = await servedFile(root!, candidate);
    if (file && (await sendFile(req, res, file, 200, options))) return;
  }
  const notFound = root && (await servedFile(root, '404.html'));
  if (!notFound || !(await sendFile(req, res, notFound, 404, options))) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(req.method === 'HEAD' ? undefined : 'Not found\n');
  }
}

/**
 * The real path of a file of the root, or undefined: a link, however it got into the output
 * folder, is followed only to find that it leads out of it, and then the file is not served.
 */
async function servedFile(root: string, relPath: string): Promise<string | undefined> {
  const real = await realpath(path.join(root, relPath)).catch(() => undefined);
  if (!real || !isInside(real, root) || real === root) return undefined;
  const info = await stat(real).catch(() => undefined);
  return info?.isFile() ? real : undefined;
}

/** `/a` → `a`, `a/index.html`, `a.html`; `/a.html` and `/a/index` also find `a/index.html`. */
function candidates(urlPath: string): string[] {
  const p = urlPath.replace(/^\/+/, '');
  const bare = p.replace(/\.html?$/, '').replace(/(^|\/)index$/, '').replace(/\/+$/, '');
  return [...new Set([p, bare ? `${bare}/index.html` : 'index.html', `${bare}.html`])].filter((c) => c !== '' && c !== '.html');
}

/**
 * Sends a file; false when it is gone by the time it is read (`serve --watch` removes files while
 * pages are fetched), so the caller can answer 404 instead.
 */
async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, status: number, options: StaticServerOptions): Promise<boolean> {
  const type = contentType(file);
  const headers: Record<string, string | number> = { 'content-type': type, 'cache-control': /\/assets\//.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache' };
  if (type.startsWith('text/html') && options.transformHtml) {
    const html = await readFile(file, 'utf8').catch(() => undefined);
    if (html === undefined) return false;
    const body = Buffer.from(options.transformHtml(html));
    res.writeHead(status, { ...headers, 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  // Opened before the status is sent: a file removed since it was found is then a 404, not a crash.
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return false;
  const info = await handle.stat().catch(() => undefined);
  if (!info?.isFile()) {
    await handle.close();
    return false;
  }
  res.writeHead(status, { ...headers, 'content-length': info.size });
  if (req.method === 'HEAD') {
    await handle.close();
    res.end();
    return true;
  }
  const stream = handle.createReadStream();
  stream.on('error', () => res.destroy());
  stream.pipe(res);
  return true;
}
