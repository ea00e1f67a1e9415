#!/usr/bin/env node
// npm run bench [pages] [runs]: generates a Docusaurus-dialect corpus with ../shared/bench/gen-corpus.mjs,
// builds it cold (a fresh process and output folder each time) and reports the medians of wall
// time, pages per second and peak RSS (of the docsgen process, and of it with its child processes);
// then measures `serve --watch`: start to first page served, and save to reload.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pages = Number(process.argv[2] ?? 500);
const runs = Number(process.argv[3] ?? 3);
const generator = path.resolve(root, '../shared/bench/gen-corpus.mjs');
if (!existsSync(generator)) {
  console.error(`bench: ${generator} not found (the shared folder must sit beside the repository)`);
  process.exit(1);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const corpus = mkdtempSync(path.join(tmpdir(), `docsgen-bench-${pages}-`));
spawnSync(process.execPath, [generator, corpus, String(pages)], { stdio: 'ignore' });
writeFileSync(
  path.join(corpus, 'docsgen.config.ts'),
  `import { defineConfig } from 'docsgen';
export default defineConfig({
  title: 'Acme Docs',
  url: 'https://docs.example.com',
  docs: { path: 'docs', sidebarPath: 'sidebars.js' },
  staticDir: 'static',
  navbar: { items: [{ type: 'doc', docId: 'intro', label: 'Docs' }] },
  footer: { copyright: 'Copyright Acme' },
});
`,
);
// Compile the CLI once so that no run pays for it.
spawnSync(process.execPath, [path.join(root, 'scripts/compile-cli.mjs')], { stdio: 'inherit' });

/** Resident memory of a process and all its descendants, in bytes: from /proc on Linux, else from `ps`. */
function treeRss(pid) {
  if (existsSync(`/proc/${pid}/task`)) {
    let sum = 0;
    const visit = (p) => {
      try {
        sum += Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0) * 1024;
        for (const task of readdirSync(`/proc/${p}/task`)) {
          for (const child of readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) visit(Number(child));
        }
      } catch {
        // the process ended meanwhile
      }
    };
    visit(pid);
    return sum;
  }
  const r = spawnSync('ps', ['-A', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' });
  const procs = r.stdout.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
  const inTree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, parent] of procs) if (inTree.has(parent) && !inTree.has(p)) grew = inTree.add(p);
  }
  return procs.reduce((sum, [p, , kb]) => (inTree.has(p) ? sum + kb * 1024 : sum), 0);
}

/** One cold build: wall time, the docsgen process's peak RSS, and the peak of its whole process tree (sampled). */
function coldBuild(out, rssFile) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [path.join(root, 'bench/measured-cli.mjs'), 'build', '--no-cache', '--config', 'docsgen.config.ts', '--out', out], {
      cwd: corpus,
      env: { ...process.env, DOCSGEN_BENCH_RSS_FILE: rssFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    let tree = 0;
    const sampler = setInterval(() => (tree = Math.max(tree, treeRss(child.pid))), 100);
    child.on('exit', (status) => {
      const ms = performance.now() - t0;
      clearInterval(sampler);
      if (status !== 0) {
        console.error(output);
        process.exit(1);
      }
      resolve({ ms, rss: Number(readFileSync(rssFile, 'utf8')), tree });
    });
  });
}

const mb = (bytes) => (bytes / 2 ** 20).toFixed(0);
const results = [];
for (let i = 0; i < runs; i++) {
  const out = path.join(corpus, `out-${i}`);
  const r = await coldBuild(out, path.join(corpus, `rss-${i}`));
  results.push(r);
  console.log(`run ${i + 1}: ${(r.ms / 1000).toFixed(2)} s, ${(pages / (r.ms / 1000)).toFixed(1)} pages/s, peak RSS ${mb(r.rss)} MB (with Pagefind and esbuild: ${mb(r.tree)} MB)`);
  rmSync(out, { recursive: true, force: true });
}
const ms = median(results.map((r) => r.ms));
const rss = median(results.map((r) => r.rss));
const tree = median(results.map((r) => r.tree));
// `npm run bench 500 0` skips the cold builds and measures only serve --watch.
if (runs > 0) {
  console.log(`\n${pages} pages, median of ${runs} cold builds: ${(ms / 1000).toFixed(2)} s wall, ${(pages / (ms / 1000)).toFixed(1)} pages/s, peak RSS ${mb(rss)} MB`);
  console.log(`  the whole process tree (docsgen with its Pagefind and esbuild processes, sampled every 100 ms): peak ${mb(tree)} MB`);
}

// serve --watch: start to first page served; then save to the browser having the new page: the
// reload event, then the page fetched again, as the live-reload client does. Saves are measured
// while the first full build still runs (pages come from the on-demand renderer) and after it.
const get = (port, p) =>
  new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: p }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', () => resolve({ status: 0, body: '' }));
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const port = 30000 + Math.floor(Math.random() * 20000);
const serveOut = path.join(corpus, 'serve-out');
const t0 = performance.now();
const child = spawn(process.execPath, [path.join(root, 'bin/docsgen.js'), 'serve', '--watch', '--config', 'docsgen.config.ts', '--out', serveOut, '--port', String(port)], { cwd: corpus, stdio: ['ignore', 'pipe', 'inherit'] });
let log = '';
child.stdout.on('data', (c) => (log += c));
while ((await get(port, '/')).status !== 200) await sleep(25);
const firstPage = performance.now() - t0;
const manifest = JSON.parse(readFileSync(path.join(corpus, 'manifest.json'), 'utf8'));
const doc = manifest.docs[5];
const file = path.join(corpus, 'docs', doc.file);
let edits = 0;

async function saveToPage() {
  const marker = `Edit number ${++edits}.`;
  const reloaded = new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/__docsgen/events' }, (res) => {
      res.on('data', (c) => {
        if (String(c).includes('event: reload')) {
          req.destroy();
          resolve();
        }
      });
    });
  });
  await sleep(300);
  const s0 = performance.now();
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n\n${marker}\n`);
  for (;;) {
    await reloaded;
    if ((await get(port, doc.url)).body.includes(marker)) return performance.now() - s0;
    await sleep(5);
  }
}

// The watcher starts with the first build, right after the first page is served.
await sleep(300);
const during = [];
for (let i = 0; i < 5; i++) during.push(await saveToPage());
const built = (n) => log.split('docsgen: built').length - 1 >= n;
while (!built(1)) await sleep(100);
const firstBuild = performance.now() - t0;
// The edits above queued one rebuild behind the first build: let it finish too.
await sleep(3000);
const after = [];
for (let i = 0; i < 11; i++) after.push(await saveToPage());
child.kill();
const summary = (xs) => `median ${median(xs).toFixed(0)} ms (${xs.map((s) => s.toFixed(0)).join(', ')})`;
console.log(`serve --watch: first page served after ${(firstPage / 1000).toFixed(2)} s; first full build done after ${(firstBuild / 1000).toFixed(1)} s`);
console.log(`  save to updated page, during the first build: ${summary(during)}`);
console.log(`  save to updated page, after it:              ${summary(after)}`);
rmSync(corpus, { recursive: true, force: true });
