// Ctrl+C and a termination request, wherever the CLI runs: bin/docsgen.js runs it in a worker
// thread, which is sent no signals of its own, and passes them on once asked to.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
/** The message bin/docsgen.js waits for before it passes the signals on (it says so too). */
const HANDLES_SIGNALS = 'docsgen:handles-signals';

/** Calls `stop` on SIGINT or SIGTERM from now on, in place of their default (ending the process). */
export function onStopSignal(stop: () => void): void {
  // In a thread of some other program (a test runner's), its port is not this protocol's.
  if (isMainThread || !parentPort || (workerData as { cli?: unknown } | null)?.cli !== true) {
    for (const signal of STOP_SIGNALS) process.on(signal, stop);
    return;
  }
  const port = parentPort;
  port.on('message', (m: { signal?: string } | null) => {
    if ((STOP_SIGNALS as readonly string[]).includes(m?.signal ?? '')) stop();
  });
  // Listening must not keep the thread alive once the CLI is done.
  port.unref();
  port.postMessage(HANDLES_SIGNALS);
}
