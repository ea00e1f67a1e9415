// Markdown and highlighting are CPU-bound and independent per page: split them across worker
// threads. Pages keep their order; each worker loads only the grammars its share of pages uses.
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { packageRoot } from './package-root.ts';
import type { SourcePage } from './collect-docs.ts';
import type { TransformedPage, TransformOptions } from './transform-markdown.ts';

/** The compiled worker beside the compiled CLI; not used when running from TypeScript sources (tests). */
const WORKER_FILE = path.join(packageRoot(), 'dist/transform-worker.js');

export function workerCount(): number {
  if (!fileURLToPath(import.meta.url).endsWith('.js') || !existsSync(WORKER_FILE)) return 0;
  const wanted = Number(process.env.DOCSGEN_WORKERS ?? availableParallelism());
  return Math.max(0, Math.min(8, wanted));
}

export interface WorkerRequest {
  pages: SourcePage[];
  options: TransformOptions;
}

export async function transformInWorkers(pages: SourcePage[], options: TransformOptions, workers: number): Promise<TransformedPage[]> {
  // Interleave pages so that each worker gets a similar mix of long and short ones.
  const shares: number[][] = Array.from({ length: workers }, () => []);
  pages.forEach((_, i) => shares[i % workers].push(i));
  const results = new Array<TransformedPage>(pages.length);
  await Promise.all(
    shares.map(async (indexes) => {
      const out = await runWorker({ pages: indexes.map((i) => pages[i]), options });
      indexes.forEach((pageIndex, j) => (results[pageIndex] = out[j]));
    }),
  );
  return results;
}

function runWorker(request: WorkerRequest): Promise<TransformedPage[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, { workerData: request });
    worker.once('message', (result: TransformedPage[]) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`docsgen: transform worker stopped with code ${code}`));
    });
  });
}
