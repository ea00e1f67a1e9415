// Entry point of a transform worker thread (see transform-workers.ts): answers each chunk of pages
// with their transforms, one chunk at a time.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { transformInline, type TransformOptions } from './transform-markdown.ts';
import type { WorkerAnswer, WorkerChunk } from './transform-workers.ts';

const options = workerData as TransformOptions;
// On Linux a nice value belongs to a thread, so this lowers only this worker's priority; where it
// cannot be set, the worker runs at the normal one.
if (options.background) {
  try {
    setPriority(0, 10);
  } catch {
    // not permitted here: no harm
  }
}
let queue = Promise.resolve();
parentPort!.on('message', (chunk: WorkerChunk) => {
  queue = queue.then(async () => {
    // Highlights are not kept: a cold build's code blocks rarely repeat.
    const pages = await transformInline(chunk.pages, options);
    parentPort!.postMessage({ id: chunk.id, pages } satisfies WorkerAnswer);
  });
});
