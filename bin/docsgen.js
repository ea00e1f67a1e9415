#!/usr/bin/env node
// Runs the compiled CLI (dist/, made by scripts/compile-cli.mjs), compiling it first if it is missing
// or older than the sources, so a fresh checkout works after `npm install`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * How V8 sizes the heaps, read only when the process starts (`v8.setFlagsFromString` later has no
 * effect), so without them this launcher runs the CLI again in a process that has them:
 * - the main thread's young generation: a transform and a render allocate a great many
 *   short-lived objects, and with V8's default (16 MB semi-spaces) scavenging was a fifth of a
 *   build's CPU; 32 MB took 12 % off the CPU of a 500-page build (64 MB, 15 %, but 120 MB more
 *   memory at 2,000 pages);
 * - how far a heap may grow past what the last full collection kept (every thread's): by default
 *   V8 let the main thread's heap reach four times its live data (540 MB for 125 MB live on a
 *   2,000-page build) before collecting; half as much again took the build's peak from 1,026 MB
 *   to 752 MB for 3 % more CPU.
 */
const YOUNG = '--max-semi-space-size=';
const HEAP_FLAGS = [`${YOUNG}32`, '--heap-growing-percent=50'];

if (process.execArgv.some((a) => a.startsWith(YOUNG))) {
  await run();
} else {
  await relaunch();
}

async function run() {
  const { ensureCompiled } = await import('../scripts/compile-cli.mjs');
  // React's production build renders several times faster than its development build.
  process.env.NODE_ENV ??= 'production';
  // Started by the launcher below: end with it, even when it is killed outright (the channel closes).
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  }
  // `npm run bench` reads this process's peak memory (exact, from the kernel) from this file.
  const rssFile = process.env.DOCSGEN_BENCH_RSS_FILE;
  if (rssFile) process.on('exit', () => writeFileSync(rssFile, String(process.resourceUsage().maxRSS * 1024)));
  const entry = await ensureCompiled();
  const { main } = await import(entry);
  process.exitCode = await main(process.argv.slice(2));
}

async function relaunch() {
  // Loaded here: the CLI's own process has no use for it before it starts esbuild or Pagefind.
  const { spawn } = await import('node:child_process');
  const args = [...process.execArgv, ...HEAP_FLAGS, fileURLToPath(import.meta.url), ...process.argv.slice(2)];
  const child = spawn(process.execPath, args, { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  // What this process is sent, the CLI is sent (serve stops on SIGINT and SIGTERM).
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}
