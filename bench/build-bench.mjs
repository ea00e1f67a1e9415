#!/usr/bin/env node
// npm run bench [pages] [runs]: generates a Docusaurus-dialect corpus with ../shared/bench/gen-corpus.mjs,
// builds it cold (a fresh process and output folder each time) and reports the medians of wall
// time, pages per second and peak RSS; then measures `serve --watch`: start to first page served,
// and save to reload.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
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

const results = [];
for (let i = 0; i < runs; i++) {
  const out = path.join(corpus, `out-${i}`);
  const rssFile = path.join(corpus, `rss-${i}`);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [path.join(root, 'bench/measured-cli.mjs'), 'build', '--no-cache', '--config', 'docsgen.config.ts', '--out', out], {
    cwd: corpus,
    encoding: 'utf8',
    env: { ...process.env, DOCSGEN_BENCH_RSS_FILE: rssFile },
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    process.exit(1);
  }
  const rss = Number(readFileSync(rssFile, 'utf8'));
  results.push({ ms, rss });
  console.log(`run ${i + 1}: ${(ms / 1000).toFixed(2)} s, ${(pages / (ms / 1000)).toFixed(1)} pages/s, peak RSS ${(rss / 2 ** 20).toFixed(0)} MB`);
  rmSync(out, { recursive: true, force: true });
}
const ms = median(results.map((r) => r.ms));
const rss = median(results.map((r) => r.rss));
// `npm run bench 500 0` skips the cold builds and measures only serve --watch.
if (runs > 0) console.log(`\n${pages} pages, median of ${runs} cold builds: ${(ms / 1000).toFixed(2)} s wall, ${(pages / (ms / 1000)).toFixed(1)} pages/s, peak RSS ${(rss / 2 ** 20).toFixed(0)} MB`);

// serve --watch: start to first page served, then save to the reload event.
const get = (port, p) =>
  new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: p }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
  });
const port = 30000 + Math.floor(Math.random() * 20000);
const t0 = performance.now();
const child = spawn(process.execPath, [path.join(root, 'bin/docsgen.js'), 'serve', '--watch', '--config', 'docsgen.config.ts', '--out', path.join(corpus, 'serve-out'), '--port', String(port)], { cwd: corpus, stdio: 'ignore' });
while ((await get(port, '/')) !== 200) await new Promise((r) => setTimeout(r, 25));
const firstPage = performance.now() - t0;
const saves = [];
const manifest = JSON.parse(readFileSync(path.join(corpus, 'manifest.json'), 'utf8'));
const file = path.join(corpus, 'docs', manifest.docs[5].file);
for (let i = 0; i < 5; i++) {
  const waited = new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/__docsgen/events' }, (res) => {
      res.on('data', (c) => {
        if (String(c).includes('event: reload')) {
          req.destroy();
          resolve();
        }
      });
    });
  });
  await new Promise((r) => setTimeout(r, 300));
  const s0 = performance.now();
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n\nEdit number ${i}.\n`);
  await waited;
  saves.push(performance.now() - s0);
}
child.kill();
console.log(`serve --watch: first page served after ${(firstPage / 1000).toFixed(2)} s; save to reload median ${median(saves).toFixed(0)} ms (${saves.map((s) => s.toFixed(0)).join(', ')})`);
rmSync(corpus, { recursive: true, force: true });
