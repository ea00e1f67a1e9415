// A static host for the built site: clean URLs, 404.html with status 404, configured redirects as
// 301s, HEAD, and nothing outside the output folder however the path is spelled.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';

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
    handle(req, res, options).catch((e) => {
      res.statusCode = 500;
      res.end(String(e));
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
  const root = options.root();
  for (const candidate of candidates(urlPath)) {
    const file = path.join(root, candidate);
    if (!file.startsWith(root + path.sep) && file !== root) continue;
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile()) {
      await sendFile(req, res, file, 200, options);
      return;
    }
  }
  await sendFile(req, res, path.join(root, '404.html'), 404, options);
}

/** `/a` → `a`, `a/index.html`, `a.html`; `/a.html` and `/a/index` also find `a/index.html`. */
function candidates(urlPath: string): string[] {
  const p = urlPath.replace(/^\/+/, '');
  const bare = p.replace(/\.html?$/, '').replace(/(^|\/)index$/, '').replace(/\/+$/, '');
  return [...new Set([p, bare ? `${bare}/index.html` : 'index.html', `${bare}.html`])].filter((c) => c !== '' && c !== '.html');
}

async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, status: number, options: StaticServerOptions): Promise<void> {
  const type = contentType(file);
  const info = await stat(file).catch(() => undefined);
  if (!info) {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(status === 404 ? 'Not found\n' : '');
    return;
  }
  const headers: Record<string, string | number> = { 'content-type': type, 'cache-control': /\/assets\//.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache' };
  if (type.startsWith('text/html') && options.transformHtml) {
    const { readFile } = await import('node:fs/promises');
    const body = Buffer.from(options.transformHtml(await readFile(file, 'utf8')));
    res.writeHead(status, { ...headers, 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  res.writeHead(status, { ...headers, 'content-length': info.size });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}
