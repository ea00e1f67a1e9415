#!/usr/bin/env node
// node bench/search-bench.mjs <build folder> [route] [query|query|…]
// Measures what search costs a reader, in Debian's Chromium against a local static server:
//  - the JS of a first page load, and how much of it is search's (the listener, measured by
//    bundling src/runtime/features/search/listen.ts alone, minified, its imports left out);
//  - what opening the modal and running one query downloads (each file, raw and gzipped);
//  - the time from a keystroke to the results of that query on screen (the first query, which
//    loads the index, then warm queries), from the input event to the DOM update, in the page.
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.resolve(process.argv[2] ?? path.join(root, 'build'));
const route = process.argv[3] ?? '/';
const queries = (process.argv[4] ?? 'feature flag|api token|segment|variants|change request|unleash edge|rollout|environment|strategy|sdk').split('|');

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.pagefind': 'application/wasm' };
const server = http.createServer(async (req, res) => {
  let file = path.join(buildDir, decodeURIComponent(new URL(req.url, 'http://x').pathname));
  try {
    if ((await stat(file)).isDirectory()) file = path.join(file, 'index.html');
  } catch {
    if (!path.extname(file)) file += '/index.html';
  }
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Bytes on the wire with gzip (Pagefind's own files are gzipped already and are sent as they are). */
async function sizes(urlPath) {
  const body = await readFile(path.join(buildDir, urlPath));
  const precompressed = /\.pf_(meta|index|fragment|filter)$|\.pagefind$/.test(urlPath);
  return { raw: body.length, gz: precompressed ? body.length : gzipSync(body).length };
}

// The listener's own size: listen.ts bundled alone, its imports (already in the page) left out.
const listener = await esbuild.build({
  entryPoints: [path.join(root, 'src/runtime/features/search/listen.ts')],
  bundle: true,
  write: false,
  minify: true,
  format: 'esm',
  external: ['virtual:docsgen-shell', '*/constants.ts', '*/navigation.ts'],
  logLevel: 'silent',
  plugins: [{ name: 'lazy', setup: (b) => b.onResolve({ filter: /^\.\/(modal|page)\.tsx$/ }, (a) => ({ path: a.path, external: true })) }],
});
const listenerBytes = listener.outputFiles[0].contents;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (r) => r.abort());
const page = await context.newPage();
const requests = [];
// Only this site's files: third-party scripts of the config are blocked and not counted.
page.on('request', (r) => r.url().startsWith(base) && requests.push(new URL(r.url()).pathname));

await page.goto(base + route, { waitUntil: 'networkidle' });
await page.waitForFunction(() => history.scrollRestoration === 'manual');
const firstLoad = requests.splice(0).filter((u) => u.endsWith('.js'));
let firstJs = { raw: 0, gz: 0 };
for (const u of firstLoad) {
  const z = await sizes(u);
  firstJs = { raw: firstJs.raw + z.raw, gz: firstJs.gz + z.gz };
}
const searchOnFirstLoad = firstLoad.filter((u) => u.startsWith('/_search/') || /\/(modal|page)-\w+\.js$/.test(u));

// Timestamps taken in the page: the input event, the first results of that query on screen, and
// all of them (each result page is a fragment download; the first ones show as they arrive).
await page.evaluate(() => {
  const w = window;
  w.__search = { input: 0, first: new Map(), done: new Map() };
  document.addEventListener('input', () => (w.__search.input = performance.now()), true);
  new MutationObserver(() => {
    const list = document.querySelector('#docsgen-search-listbox');
    const none = document.querySelector('.search-no-results') ? '(none)' : null;
    const shown = list && !list.hidden ? list.getAttribute('data-shown-query') : none;
    const done = list && !list.hidden ? list.getAttribute('data-query') : none;
    if (shown && !w.__search.first.has(shown)) w.__search.first.set(shown, performance.now());
    if (done && !w.__search.done.has(done)) w.__search.done.set(done, performance.now());
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-query', 'data-shown-query', 'hidden'] });
});
await page.keyboard.press('Control+k');
await page.waitForSelector('[role="dialog"] input');
const box = page.locator('[role="dialog"] input');
const first = [];
const timings = [];
for (const q of queries) {
  await box.fill(q);
  await page.waitForFunction((query) => window.__search.done.has(query) || window.__search.done.has('(none)'), q, { polling: 'raf' });
  const t = await page.evaluate((query) => {
    const s = window.__search;
    const key = s.done.has(query) ? query : '(none)';
    return [(s.first.get(key) ?? s.done.get(key)) - s.input, s.done.get(key) - s.input];
  }, q);
  first.push(t[0]);
  timings.push(t[1]);
  await page.evaluate(() => (window.__search.first.clear(), window.__search.done.clear()));
  if (timings.length === 1) requests.push('--first-query-done--');
}
const cut = requests.indexOf('--first-query-done--');
const firstQuery = requests.slice(0, cut);

console.log(`site: ${buildDir} (${route})`);
console.log(
  `first page load: ${firstLoad.length} JS files, ${kb(firstJs.raw)} (${kb(firstJs.gz)} gzipped); search files among them: ${searchOnFirstLoad.length ? searchOnFirstLoad.join(', ') : 'none'}`,
);
console.log(`search listener inside the entry bundle: ${listenerBytes.length} bytes minified (${gzipSync(listenerBytes).length} gzipped)`);
let total = { raw: 0, gz: 0 };
const groups = new Map();
for (const u of firstQuery) {
  const z = await sizes(u).catch(() => ({ raw: 0, gz: 0 }));
  total = { raw: total.raw + z.raw, gz: total.gz + z.gz };
  const kind = u.startsWith('/_search/fragment/')
    ? 'fragments'
    : u.startsWith('/_search/index/')
      ? 'index chunks'
      : u.startsWith('/_search/')
        ? path.basename(u).replace(/\.[0-9a-f]{10}\./, '.*.')
        : u.endsWith('.js')
          ? 'modal JS'
          : u;
  const g = groups.get(kind) ?? { n: 0, raw: 0, gz: 0 };
  groups.set(kind, { n: g.n + 1, raw: g.raw + z.raw, gz: g.gz + z.gz });
}
console.log(`open the modal + first query ('${queries[0]}'): ${firstQuery.length} files, ${kb(total.raw)} (${kb(total.gz)} gzipped)`);
for (const [kind, g] of groups) console.log(`  ${kind}: ${g.n} file(s), ${kb(g.raw)} (${kb(g.gz)} gzipped)`);
const index = await readFile(path.join(buildDir, '_search/pagefind-entry.json'), 'utf8').catch(() => '');
if (index) console.log(`index on disk: ${JSON.parse(index).languages?.en?.page_count ?? '?'} pages`);
const summary = (xs) => `median ${median(xs).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
console.log(`keystroke to first results: first query ${first[0].toFixed(0)} ms (loads the index); then ${summary(first.slice(1))} over ${first.length - 1} queries`);
console.log(`keystroke to all results:   first query ${timings[0].toFixed(0)} ms; then ${summary(timings.slice(1))}`);

await browser.close();
server.close();
