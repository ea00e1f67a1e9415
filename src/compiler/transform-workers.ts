// Markdown and highlighting are CPU-bound and independent per page: split them between this thread
// and worker threads. Pages keep their order.
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { packageRoot } from './package-root.ts';
import type { SourcePage, TransformedPage } from './page-model.ts';
import type { SourceRoots } from './source-files.ts';
import type { PluginsRef } from './markdown/user-plugins.ts';
import type { MarkdownFormat } from './mdx/mdx-page.ts';

/** The compiled worker beside the compiled CLI (scripts/compile-cli.mjs makes both; the tests' setup too). */
const WORKER_FILE = path.join(packageRoot(), 'dist/transform-worker.js');

/**
 * Worker threads to start besides this one (which transforms a share too), when the caller does
 * not say: `DOCSGEN_WORKERS`, else one per core but this one; none without the compiled worker.
 */
export function defaultWorkers(): number {
  if (!existsSync(WORKER_FILE)) return 0;
  return Math.max(0, Math.min(7, workersWanted(process.env.DOCSGEN_WORKERS) ?? availableParallelism() - 1));
}

/** `DOCSGEN_WORKERS` as a count; undefined when unset, empty or not a whole number (`DOCSGEN_WORKERS= docsgen build` means the default, not none). */
export function workersWanted(value: string | undefined): number | undefined {
  return value !== undefined && /^\s*\d+\s*$/.test(value) ? Number(value) : undefined;
}

/** What a transform needs besides the page: plain data, so it can be sent to a worker. */
export interface TransformOptions {
  toc: { min: number; max: number };
  routes: [file: string, route: string][];
  docsDir?: string;
  plugins?: PluginsRef;
  mdx?: MdxSite;
  rootDir: string;
  baseUrl: string;
  /** The folders an image may come from (see source-files.ts). */
  roots: SourceRoots;
  /**
   * Grammars to load: those the whole site uses, whichever pages this call transforms. A grammar
   * can highlight code embedded in another language, so loading fewer would make a page's output
   * depend on which other pages happened to be transformed with it (cache state, worker split).
   */
  langs: string[];
  /**
   * Workers run at a lower priority than this thread, which has pages to serve meanwhile (the
   * first build of `serve --watch`): on a machine with as many workers as cores, the requests and
   * saves it answers used to queue behind them for the CPU.
   */
  background?: boolean;
  /**
   * What the checks need and no HTML: headings, links, images and diagnostics come from the
   * markdown tree, so the HTML and its highlighting (most of a transform) are left out.
   */
  checkOnly?: boolean;
}

/** What the MDX site options are: plain data for workers. */
export interface MdxSite {
  /** Which pages are MDX. */
  format: MarkdownFormat;
  /** The config's folder: `@site/` in imports. */
  siteDir: string;
  siteConfig: { title: string; tagline?: string; url: string; baseUrl: string; customFields: Record<string, unknown> };
}

/** A worker is started with the options; then it is sent chunks of pages and answers each. */
export interface WorkerChunk {
  id: number;
  pages: SourcePage[];
}
export interface WorkerAnswer {
  id: number;
  pages: TransformedPage[];
}

/** Pages per chunk: small enough to balance the threads and to hand results over as they come. */
const CHUNK = 8;
/** Chunks sent to a worker ahead of its answers, so it never waits for this thread to send more. */
const AHEAD = 2;
/**
 * A larger young generation than V8's default: a transform allocates a great many short-lived
 * objects, and scavenging a small nursery over and over was a fifth of a worker's time.
 */
const WORKER_YOUNG_GENERATION_MB = 64;

/**
 * Shares the pages between `workers` worker threads and this thread, which would otherwise wait
 * (one thread fewer to start, one V8 heap fewer): each takes the next chunk when it is ready for
 * one, so a faster thread does more. Each result is handed to `onDone` as its chunk comes back,
 * and not kept: the caller decides what of it to hold.
 */
export async function transformInWorkers(
  pages: SourcePage[],
  options: TransformOptions,
  workers: number,
  /** Absent when this thread must stay free (it serves pages on demand meanwhile). */
  inThisThread: ((pages: SourcePage[]) => Promise<TransformedPage[]>) | undefined,
  /** Told of each page as its chunk comes back, by its index in `pages`. */
  onDone: (index: number, result: TransformedPage) => void,
  /** Waited for before a thread takes a chunk: the caller's backpressure. */
  gate: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  const chunks: number[][] = [];
  for (let i = 0; i < pages.length; i += CHUNK) chunks.push(pages.slice(i, i + CHUNK).map((_, j) => i + j));
  let next = 0;
  let failed = false;
  // After a failure no thread takes another chunk, so every worker finishes and stops.
  const take = () => (!failed && next < chunks.length ? chunks[next++] : undefined);
  const place = (indexes: number[], out: TransformedPage[]) => indexes.forEach((pageIndex, j) => onDone(pageIndex, out[j]));
  const running = Promise.all(Array.from({ length: workers }, () => runWorker(options, take, pages, place, gate)));
  running.catch(() => (failed = true)); // observed at once: a worker failing while this thread works must not crash the process
  try {
    for (let chunk = inThisThread && (await gate(), take()); chunk; chunk = (await gate(), take())) {
      place(chunk, await inThisThread!(chunk.map((i) => pages[i])));
      // Let the workers' answers in, so that they are sent their next chunks.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (e) {
    failed = true;
    await running.catch(() => {});
    throw e;
  }
  await running;
}

function runWorker(
  options: TransformOptions,
  take: () => number[] | undefined,
  pages: SourcePage[],
  place: (indexes: number[], out: TransformedPage[]) => void,
  gate: () => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, { workerData: options, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
    const inFlight = new Map<number, number[]>();
    let ids = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
      void worker.terminate();
    };
    /** Sends the next chunk, once the gate lets it; finishes when none is left and none is out. */
    const send = async () => {
      await gate();
      const chunk = take();
      if (chunk) {
        inFlight.set(++ids, chunk);
        worker.postMessage({ id: ids, pages: chunk.map((i) => pages[i]) } satisfies WorkerChunk);
      } else if (inFlight.size === 0) finish();
    };
    worker.on('message', (answer: WorkerAnswer) => {
      place(inFlight.get(answer.id)!, answer.pages);
      inFlight.delete(answer.id);
      void send();
    });
    worker.once('error', (e) => {
      reject(e);
      void worker.terminate();
    });
    worker.once('exit', (code) => {
      if (inFlight.size > 0) reject(new Error(`docsgen: transform worker stopped with code ${code}`));
    });
    for (let i = 0; i < AHEAD; i++) void send();
  });
}
