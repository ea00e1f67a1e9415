#!/usr/bin/env node
// npm run bench -- --pages 500,2000,10000 [--runs 3] [--seed 20240601] [--watch [--watch-runs 3]]
// npm run bench [pages] [runs]          (the older form: one size, then `serve --watch` measured too)
//
// Builds a Docusaurus-dialect corpus made by ../shared/bench/gen-corpus.mjs cold (a fresh process
// and output folder each time, `--no-cache`) and prints one table, a row per size: medians of wall
// time, CPU time (user + system of docsgen and every process it waited for: Pagefind, esbuild),
// peak RSS of the whole process tree (sampled every 100 ms) and of docsgen alone (exact, from the
// kernel: bin/docsgen.js writes it); then the size of the output, the
// median page's HTML (raw and gzip, over every page of the site) and the largest sidebar file
// (gzip). Each corpus is generated once into bench/.corpus-<pages>-<seed>/ and reused.
// `--watch` (always on in the older form) then measures `serve --watch` on the first size: start
// to first page served, and save to reload, on a copy of the corpus made without its cache folder,
// `--watch-runs` times on that copy: the first run starts cold, the later ones with the cache the
// runs before wrote.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const generator = path.resolve(root, '../shared/bench/gen-corpus.mjs');
const DEFAULT_SEED = 20240601;

function parseArgs(argv) {
  const opts = { sizes: [], runs: 3, seed: DEFAULT_SEED, watch: false, watchRuns: 1 };
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) usage(`${arg} needs a value`);
      return v;
    };
    if (arg === '--pages') opts.sizes.push(...value().split(',').map(count));
    else if (arg === '--runs') opts.runs = count(value());
    else if (arg === '--seed') opts.seed = count(value());
    else if (arg === '--watch') opts.watch = true;
    else if (arg === '--watch-runs') opts.watchRuns = Math.max(1, count(value()));
    else if (arg.startsWith('-')) usage(`unknown option ${arg}`);
    else positional.push(count(arg));
  }
  if (positional.length) {
    // The older form: `bench [pages] [runs]`, which always measured serve --watch too.
    opts.sizes.push(positional[0]);
    if (positional[1] !== undefined) opts.runs = positional[1];
    opts.watch = true;
  }
  if (opts.sizes.length === 0) opts.sizes.push(500);
  return opts;
}

function count(text) {
  const n = Number(text.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0) usage(`not a count: ${text}`);
  return n;
}

function usage(message) {
  console.error(`bench: ${message}\nusage: npm run bench -- [--pages 500,2000] [--runs 3] [--seed N] [--watch [--watch-runs N]]   or   npm run bench [pages] [runs]`);
  process.exit(2);
}

const opts = parseArgs(process.argv.slice(2));
if (!existsSync(generator)) {
  console.error(`bench: ${generator} not found (the shared folder must sit beside the repository)`);
  process.exit(1);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const CONFIG = `import { defineConfig } from 'docsgen';
export default defineConfig({
  title: 'Acme Docs',
  url: 'https://docs.example.com',
  docs: { path: 'docs', sidebarPath: 'sidebars.js' },
  staticDir: 'static',
  navbar: { items: [{ type: 'doc', docId: 'intro', label: 'Docs' }] },
  footer: { copyright: 'Copyright Acme' },
});
`;

/** The corpus of this size and seed, generated the first time it is asked for. */
function corpusFor(pages, seed) {
  const dir = path.join(root, 'bench', `.corpus-${pages}-${seed}`);
  const done = path.join(dir, '.complete');
  if (existsSync(done)) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.error(`bench: generating ${pages} pages into ${path.relative(root, dir)}/ (once)`);
  const r = spawnSync(process.execPath, [generator, dir, String(pages), String(seed)], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) process.exit(1);
  writeFileSync(path.join(dir, 'docsgen.config.ts'), CONFIG);
  // The generator writes a CommonJS sidebars.js; inside this repository it would be read as an ES module.
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "commonjs" }\n');
  writeFileSync(done, '');
  return dir;
}

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
  const procs = r.stdout
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number));
  const inTree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [p, parent] of procs) if (inTree.has(parent) && !inTree.has(p)) grew = inTree.add(p);
  }
  return procs.reduce((sum, [p, , kb]) => (inTree.has(p) ? sum + kb * 1024 : sum), 0);
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/**
 * CPU seconds of this process's children that have ended and been waited for, with theirs in
 * turn (Linux: cutime + cstime of /proc/self/stat). The difference across one build is the CPU
 * of docsgen, its worker threads and the processes it started. Undefined elsewhere.
 */
function childrenCpu() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14 here.
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/**
 * Has the kernel write out what is pending (the last run's output, and its removal, or the copy of
 * the corpus) before a run:
 * else the run's own file creations wait behind it. Measured on this machine's ext4 (mounted with
 * `discard`): the 536 search-index files a 500-page build writes last took 230-300 ms right after
 * the last output's removal, 80-140 ms after a sync. Where there is no `sync`, runs go as they are.
 */
function settleDisk() {
  spawnSync('sync', { stdio: 'ignore' });
}

/** One cold build: wall time, CPU time of the process tree, peak resident memory of docsgen (exact) and of the tree (sampled). */
function coldBuild(corpus, out) {
  const rssFile = `${out}.rss`;
  return new Promise((resolve) => {
    const cpu0 = childrenCpu();
    const t0 = performance.now();
    const child = spawn(process.execPath, [path.join(root, 'bin/docsgen.js'), 'build', '--no-cache', '--config', 'docsgen.config.ts', '--out', out], {
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
      const cpu1 = childrenCpu();
      const rss = Number(readFileSync(rssFile, 'utf8'));
      rmSync(rssFile, { force: true });
      resolve({ ms, cpu: cpu0 === undefined || cpu1 === undefined ? undefined : cpu1 - cpu0, rss, tree });
    });
  });
}

function filesUnder(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) out.push(path.join(e.parentPath, e.name));
  return out;
}

/** What the output weighs: every file, each page's HTML (a page is a route with a data chunk), the sidebar files. */
function outputWeight(out) {
  const bytes = filesUnder(out).reduce((sum, f) => sum + statSync(f).size, 0);
  const data = path.join(out, '_data');
  const raw = [];
  const gzip = [];
  for (const chunk of filesUnder(data)) {
    const route = path
      .relative(data, chunk)
      .split(path.sep)
      .join('/')
      .replace(/\.json$/, '');
    const html = readFileSync(path.join(out, route === 'index' ? 'index.html' : `${route}/index.html`));
    raw.push(html.length);
    gzip.push(gzipSync(html, { level: 9 }).length);
  }
  const sidebarDir = path.join(out, '_sidebars');
  const sidebars = existsSync(sidebarDir) ? filesUnder(sidebarDir).map((f) => gzipSync(readFileSync(f), { level: 9 }).length) : [];
  return { bytes, htmlRaw: median(raw), htmlGzip: median(gzip), sidebarFiles: sidebars.length, sidebarMax: Math.max(0, ...sidebars) };
}

// Compile the CLI once so that no run pays for it.
spawnSync(process.execPath, [path.join(root, 'scripts/compile-cli.mjs')], { stdio: 'inherit' });

const rows = [];
if (opts.runs > 0) {
  for (const pages of opts.sizes) {
    const corpus = corpusFor(pages, opts.seed);
    const results = [];
    let weight;
    for (let i = 0; i < opts.runs; i++) {
      const out = path.join(corpus, `out-${i}`);
      rmSync(out, { recursive: true, force: true });
      settleDisk();
      const r = await coldBuild(corpus, out);
      results.push(r);
      console.error(`${pages} pages, run ${i + 1}: ${(r.ms / 1000).toFixed(2)} s wall, ${r.cpu?.toFixed(2) ?? '?'} s CPU, peak RSS ${mb(r.rss)} MB (tree ${mb(r.tree)} MB)`);
      if (i === opts.runs - 1) weight = outputWeight(out);
      rmSync(out, { recursive: true, force: true });
    }
    const cpus = results.map((r) => r.cpu).filter((c) => c !== undefined);
    rows.push({
      pages,
      wall: median(results.map((r) => r.ms)) / 1000,
      cpu: cpus.length ? median(cpus) : undefined,
      rss: median(results.map((r) => r.rss)),
      tree: median(results.map((r) => r.tree)),
      ...weight,
    });
  }
  printTable(rows, opts.runs);
}

function mb(bytes) {
  return (bytes / 2 ** 20).toFixed(0);
}

function printTable(rows, runs) {
  const kb = (b) => (b / 1024).toFixed(1);
  const head = ['pages', 'wall s', 'CPU s', 'tree peak RSS MB', 'docsgen peak RSS MB', 'output MB', 'HTML/page KB', 'HTML/page KB gzip', 'sidebar files', 'largest sidebar KB gzip'];
  const body = rows.map((r) => [
    String(r.pages),
    r.wall.toFixed(2),
    r.cpu === undefined ? 'n/a' : r.cpu.toFixed(2),
    mb(r.tree),
    mb(r.rss),
    (r.bytes / 2 ** 20).toFixed(1),
    kb(r.htmlRaw),
    kb(r.htmlGzip),
    String(r.sidebarFiles),
    kb(r.sidebarMax),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(`\nCold builds (--no-cache), median of ${runs} run${runs === 1 ? '' : 's'}; HTML/page is the median over every page's HTML, gzip at level 9`);
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? ':' : '-') + '-'.repeat(w) + (i === 0 ? '-' : ':')).join('|')}|`);
  for (const row of body) console.log(line(row));
}

/** Saves made so far: each writes a marker of its own. */
let edits = 0;
if (opts.watch) await measureWatch(corpusFor(opts.sizes[0], opts.seed), opts.watchRuns);

// serve --watch: start to first page served; then save to the browser having the new page: the
// reload event, then the page fetched again, as the live-reload client does. Saves are measured
// while the first full build still runs (pages come from the on-demand renderer) and after it.
async function measureWatch(source, runs) {
  // The saves edit a page: on a copy, so the cached corpus stays as generated. Without the
  // corpus's cache folder: what an older docsgen left there would make the first run neither cold nor warm.
  const corpus = mkdtempSync(path.join(tmpdir(), 'docsgen-bench-watch-'));
  cpSync(realpathSync(source), corpus, { recursive: true, filter: (src) => !/[\\/](out-\d+|\.docsgen-cache)$/.test(src) });
  const manifest = JSON.parse(readFileSync(path.join(corpus, 'manifest.json'), 'utf8'));
  const results = [];
  for (let run = 0; run < runs; run++) {
    settleDisk();
    const r = await watchRun(corpus, manifest);
    results.push(r);
    console.error(
      `serve --watch run ${run + 1}${run === 0 ? ' (cold)' : ''}: first page ${(r.firstPage / 1000).toFixed(2)} s, first build ${(r.firstBuild / 1000).toFixed(1)} s, during ${r.during.map((s) => s.toFixed(0)).join(' ')}, after ${r.after.map((s) => s.toFixed(0)).join(' ')} ms`,
    );
  }
  const summary = (xs) =>
    `median ${median(xs).toFixed(0)} ms of ${xs.length} (${[...xs]
      .sort((a, b) => a - b)
      .map((s) => s.toFixed(0))
      .join(', ')})`;
  const warm = results.slice(1).map((r) => r.firstPage / 1000);
  console.log(`\nserve --watch, ${manifest.docs.length} pages, ${runs} run${runs === 1 ? '' : 's'} (the first cold, the others with the cache the runs before wrote):`);
  console.log(
    `  first page served after ${(results[0].firstPage / 1000).toFixed(2)} s cold${warm.length ? `, ${median(warm).toFixed(2)} s warm (median of ${warm.length}: ${warm.map((s) => s.toFixed(2)).join(', ')})` : ''}`,
  );
  console.log(`  first full build done after ${median(results.map((r) => r.firstBuild / 1000)).toFixed(1)} s (median)`);
  console.log(`  save to updated page, during the first build: ${summary(results.flatMap((r) => r.during))}`);
  console.log(`  save to updated page, after it:              ${summary(results.flatMap((r) => r.after))}`);
  rmSync(corpus, { recursive: true, force: true });
}

async function watchRun(corpus, manifest) {
  const get = (port, p) =>
    new Promise((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: p }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      });
      req.on('error', () => resolve({ status: 0, body: '' }));
    });
  const port = 30000 + Math.floor(Math.random() * 20000);
  const serveOut = path.join(corpus, 'serve-out');
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'bin/docsgen.js'), 'serve', '--watch', '--config', 'docsgen.config.ts', '--out', serveOut, '--port', String(port)], {
    cwd: corpus,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  child.stdout.on('data', (c) => (log += c));
  while ((await get(port, '/')).status !== 200) await sleep(25);
  const firstPage = performance.now() - t0;
  const doc = manifest.docs[5];
  const file = path.join(corpus, 'docs', doc.file);

  /** Saves made again for want of a reload (see saveToPage). */
  let missed = 0;

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
    // A save made before the watcher is ready (it starts with the first build, and takes a few
    // seconds to scan 10,000 pages) goes into that build and reloads nothing: after a while the
    // page is saved again with one more line, as a writer would (a save of the same text reloads
    // nothing); counted in the time.
    for (let waited = false; !waited;) {
      waited = await Promise.race([reloaded.then(() => true), sleep(5000).then(() => false)]);
      if (!waited) {
        missed++;
        writeFileSync(file, `${readFileSync(file, 'utf8')}\n${marker} Saved again.\n`);
      }
    }
    for (;;) {
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
  await new Promise((r) => child.once('exit', r));
  return { firstPage, firstBuild, during, after, missed };
}
