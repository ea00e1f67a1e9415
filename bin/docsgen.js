#!/usr/bin/env node
// Runs the compiled CLI (dist/, made by scripts/compile-cli.mjs), compiling it first if it is missing
// or older than the sources, so a fresh checkout works after `npm install`.
import { writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import { OPTIMIZE_LATER } from '../scripts/v8-flags.mjs';

/**
 * How V8 sizes the heaps:
 * - the CLI thread's young generation: a transform and a render allocate a great many
 *   short-lived objects, and with V8's default (16 MB semi-spaces) scavenging was a fifth of a
 *   build's CPU; 32 MB took 12 % off the CPU of a 500-page build (64 MB, 15 %, but 120 MB more
 *   memory at 2,000 pages). V8 reads it only when a heap is made, so the CLI runs in a worker
 *   thread given it (a young generation is three semi-spaces), unless this process was started
 *   with the flag or runs `serve --watch` (see servesWatching). A thread rather than a second
 *   process: one Node start (about 0.1 s) and one process (about 40 MB) fewer.
 * - how far a heap may grow past what the last full collection kept: set once the site's pages
 *   are read and its size is known (src/compiler/heap-growth.ts).
 */
const SEMI_SPACE_MB = 32;
const YOUNG = '--max-semi-space-size=';
/** What bin/docsgen.js posts: the CLI stops on these itself (see src/server/stop-signals.ts). */
const HANDLES_SIGNALS = 'docsgen:handles-signals';

if (!isMainThread) {
  // The CLI's thread, started below.
  const { main } = await import(workerData.entry);
  process.exitCode = await main(workerData.argv);
} else {
  const argv = process.argv.slice(2);
  if (!servesWatching(argv)) setFlagsFromString(OPTIMIZE_LATER); // see scripts/v8-flags.mjs
  const { ensureCompiled } = await import('../scripts/compile-cli.mjs');
  // React's production build renders several times faster than its development build.
  process.env.NODE_ENV ??= 'production';
  // `npm run bench` reads this process's peak memory (exact, from the kernel) from this file.
  const rssFile = process.env.DOCSGEN_BENCH_RSS_FILE;
  if (rssFile) process.on('exit', () => writeFileSync(rssFile, String(process.resourceUsage().maxRSS * 1024)));
  const entry = await ensureCompiled();
  if (process.execArgv.some((a) => a.startsWith(YOUNG)) || servesWatching(argv)) {
    const { main } = await import(entry);
    process.exitCode = await main(argv);
  } else runInThread(entry, argv);
}

/**
 * `serve --watch` runs in this thread: its first page comes about 65 ms sooner without a thread to
 * start (0.41-0.44 s against 0.47-0.52 s for the Unleash site), and its full build transforms the
 * pages in worker threads of their own. Measured at 10,000 pages, the default young generation
 * cost nothing here: first build 37.1 s against 37.5 s, the same peak memory and save to page.
 */
function servesWatching(argv) {
  return argv[0] === 'serve' && argv.some((a) => a === '--watch' || /^-[a-z]*w[a-z]*$/.test(a));
}

function runInThread(entry, argv) {
  const cli = new Worker(new URL(import.meta.url), {
    // `cli`: what src/server/stop-signals.ts tells this thread by.
    workerData: { cli: true, entry, argv },
    resourceLimits: { maxYoungGenerationSizeMb: 3 * SEMI_SPACE_MB },
  });
  // A signal reaches this thread only. While the CLI has not asked for them (serve does, to stop
  // cleanly) they do what they would do to any process.
  let forward = false;
  cli.on('message', (m) => {
    if (m === HANDLES_SIGNALS) forward = true;
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (forward) return cli.postMessage({ signal });
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    });
  }
  cli.on('error', (e) => {
    console.error(e);
    process.exitCode = 1;
  });
  // Its output is all written here before this is called.
  cli.on('exit', (code) => process.exit(process.exitCode || code));
}
