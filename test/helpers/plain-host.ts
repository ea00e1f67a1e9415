// A static host that knows nothing of docsgen: it maps a path to a file (or a folder's
// index.html) and answers anything else with 404.html, as GitHub Pages, S3 or nginx do.
import { createServer } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

function fileFor(root: string, urlPath: string): string | undefined {
  const file = path.join(root, decodeURIComponent(urlPath));
  if (!file.startsWith(root)) return undefined;
  for (const candidate of [file, path.join(file, 'index.html')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not there: try the next candidate
    }
  }
  return undefined;
}

export async function servePlain(root: string): Promise<{ url: string; close: () => void }> {
  const server = createServer((req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://x').pathname;
    const file = fileFor(root, urlPath);
    const served = file ?? path.join(root, '404.html');
    res.writeHead(file ? 200 : 404, { 'content-type': TYPES[path.extname(served)] ?? 'application/octet-stream' });
    res.end(readFileSync(served));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}
