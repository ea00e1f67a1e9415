#!/usr/bin/env node
// `npm run lighthouse [--third-party] [--runs=N] [route…]`: builds the site, serves it with
// `docsgen serve`, and runs Lighthouse (its default mobile preset) on the home page, a concept
// page and an API operation page, with Debian's Chromium. Prints a table of the four category
// scores and, under it, each audit that cost points. A measurement to read, not a gate: it exits
// 0 whatever the scores.
//
// Performance depends on how busy the machine is (total blocking time is measured, then scaled):
// --runs=N runs each page N times and reports its run of median performance, as Lighthouse advises.
//
// Requests to other origins (the site's analytics and chat scripts, all https) are blocked unless
// --third-party is given: where they cannot load (no network but the package registries here),
// each failed load is a console error that costs best practices points the site cannot win back.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';

const args = process.argv.slice(2);
const THIRD_PARTY = args.includes('--third-party');
const RUNS = Math.max(1, Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length)) || 1);
const given = args.filter((a) => !a.startsWith('--'));
const ROUTES = given.length ? given : ['/', '/reference/feature-toggles', '/reference/api/unleash/get-users'];
// The site is served over http; everything https is another origin.
const BLOCKED = THIRD_PARTY ? [] : ['https://*'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const root = process.cwd();

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls a URL until it answers (the server is up, or Chromium's DevTools endpoint). */
async function waitFor(url, what, child, ms = 180_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${what} did not answer at ${url} within ${ms / 1000} s`);
}

/** `quiet` drops the process's stderr too (Chromium logs D-Bus noise in a container). */
function start(command, args, { cwd, quiet = false } = {}) {
  return spawn(command, args, { cwd, stdio: ['ignore', 'ignore', quiet ? 'ignore' : 'inherit'] });
}

async function main() {
  const sitePort = await freePort();
  const server = start(process.execPath, [path.join(root, 'bin/docsgen.js'), 'serve', '--port', String(sitePort)], { cwd: root });
  const base = `http://127.0.0.1:${sitePort}`;
  const profile = mkdtempSync(path.join(tmpdir(), 'docsgen-lighthouse-'));
  const debugPort = await freePort();
  // A Chromium of our own, which Lighthouse drives through its DevTools port.
  const chromium = start(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${debugPort}`,
      'about:blank',
    ],
    { quiet: true },
  );
  try {
    process.stderr.write('lighthouse: building and serving the site…\n');
    await waitFor(`${base}/`, 'docsgen serve', server);
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`, 'Chromium', chromium);
    const rows = [];
    for (const route of ROUTES) {
      const runs = [];
      for (let i = 1; i <= RUNS; i++) {
        process.stderr.write(`lighthouse: ${route}${RUNS > 1 ? ` (${i}/${RUNS})` : ''}\n`);
        const result = await lighthouse(`${base}${route}`, { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, blockedUrlPatterns: BLOCKED });
        runs.push(result.lhr);
      }
      runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      rows.push({ route, lhr: runs[Math.floor(runs.length / 2)], performances: runs.map((r) => Math.round(r.categories.performance.score * 100)) });
    }
    print(rows);
  } finally {
    chromium.kill();
    server.kill();
    await sleep(300);
    rmSync(profile, { recursive: true, force: true });
  }
}

function print(rows) {
  const score = (c) => (c.score === null ? 'n/a' : String(Math.round(c.score * 100)));
  const header = ['page', 'performance', 'accessibility', 'best practices', 'SEO'];
  const lines = rows.map(({ route, lhr }) => [route, ...CATEGORIES.map((id) => score(lhr.categories[id]))]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(row(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(row(l));
  if (RUNS > 1) console.log(`\nEach row is the run of median performance of ${RUNS}; all performance scores: ${rows.map((r) => `${r.route} ${r.performances.join(', ')}`).join('; ')}.`);
  if (BLOCKED.length) console.log('\nRequests to other origins were blocked (--third-party lets them load).');
  for (const { route, lhr } of rows) {
    const lost = CATEGORIES.flatMap((id) =>
      lhr.categories[id].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
        .map((ref) => `  ${id}: ${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].title})`),
    );
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
      .map((id) => `${id.replace(/-/g, ' ')} ${lhr.audits[id]?.displayValue ?? '?'}`)
      .join(', ');
    console.log(`\n${route}: ${metrics}`);
    if (lost.length) console.log(lost.join('\n'));
  }
}

main().catch((e) => {
  console.error(`lighthouse: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
