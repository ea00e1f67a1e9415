// Entry point of a transform worker thread (see transform-workers.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { transformInline } from './transform-markdown.ts';
import type { WorkerRequest } from './transform-workers.ts';

const request = workerData as WorkerRequest;
parentPort!.postMessage(await transformInline(request.pages, request.options, false));
