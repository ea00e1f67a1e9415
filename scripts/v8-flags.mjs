// V8 settings docsgen runs with, shared by bin/docsgen.js and the benchmarks.

/**
 * The V8 flag bin/docsgen.js sets for builds (bench/floor-bench.mjs too, so that its floor is
 * measured as docsgen runs): how hot a function must get before V8's optimizing compiler takes
 * it (V8's budget, 66 KB of bytecode run, times 16). A build is a short process that runs a
 * great deal of library code (micromark's state machines, mdast and hast walkers, shiki) in two
 * threads, each compiling its own: with the default, V8's helper threads, mostly compiling
 * (1,392 TurboFan jobs), used 5.2 s of CPU, more than the transform worker's 3.9 s, on a machine
 * of two cores. Measured on the 500-page benchmark corpus, alternating runs: 7.28 s median
 * against 8.13 s, and 10.4-11.4 s of user CPU against 11.8-13.9 s; at 2,000 pages 23.0-26.4 s
 * against 25.6-27.4 s; at 10,000, 94.9 and 108.4 s against 113.6 and 116.7 s (CPU 176 and 200 s
 * against 213 and 216 s), the same peak memory; the Unleash site 13.0-13.5 s against
 * 14.6-16.1 s. 8 to 32 times did alike; 256 times, 7.8 s. Not for `serve --watch`: its first page
 * waits for code this thread runs once over every page (reading 10,000 pages' frontmatter),
 * which then runs unoptimized longer: 3.6-4.1 s against 3.1-3.2 s at 10,000 pages.
 */
export const OPTIMIZE_LATER = `--interrupt-budget=${16 * 67_584}`;
