// How far V8 lets a heap grow past what its last full collection kept, chosen by the site's size.
// V8's own rule lets a heap reach up to four times its live data before it collects again: the
// fewest collections, and the most memory. A quarter more instead keeps a large site's build
// within 1 GB, and costs a small one a fifth of its CPU for memory it does not need.
import { setFlagsFromString } from 'node:v8';

/**
 * Sites of more pages than this get the bounded growth. Cold builds of the benchmark corpus (tree:
 * docsgen, Pagefind and esbuild), V8's growth against a quarter:
 * - 500 pages: 6.96 s against 7.59 s (medians of 5, alternating), CPU 9.0-9.7 s against
 *   10.3-10.9 s, docsgen's peak 486-515 MB against 408-420 MB;
 * - 2,000 pages: 19.6-20.2 s against 23.3-23.9 s, CPU 30-35 s against 38-39 s, tree 829-849 MB
 *   against 693-700 MB;
 * - 3,000 pages: V8's growth took the tree to 963 MB;
 * - 5,000 pages: 42.5 s against 56.8 s, CPU 77 s against 103 s, but the tree reached 1,079 MB
 *   against 782 MB.
 * Bounded from here, a 10,000-page build stays within 1 GB (tree 955 MB, bounded once the pages
 * were read; 945 MB bounded from the start).
 */
export const BOUNDED_GROWTH_PAGES = 2500;

/** The heaps may grow by this percentage of what a full collection kept, on a large site. */
const BOUNDED_GROWTH_PERCENT = 25;

let bounded = false;

/**
 * Bounds every heap's growth once a site has more than BOUNDED_GROWTH_PAGES pages: from then on,
 * for this process and every thread in it (the flag is the process's, and V8 reads it each time it
 * sets a heap's next limit, so heaps made before are bounded from their next full collection).
 * Never undone: a `serve --watch` whose site grew past it stays bounded, and so does a program
 * that calls build() or check() itself, for what else it does. Pages stand for memory here: a
 * site of few but huge pages is not bounded.
 */
export function boundHeapGrowth(pages: number): boolean {
  if (!bounded && pages > BOUNDED_GROWTH_PAGES) {
    setFlagsFromString(`--heap-growing-percent=${BOUNDED_GROWTH_PERCENT}`);
    bounded = true;
  }
  return bounded;
}
