// esbuild's builds, counted, so that a one-off build can let go of esbuild's service process once
// it needs it no more: the process keeps what it bundled (25–35 MB after the client) until it ends.
import * as esbuild from 'esbuild';

let running = 0;
let stopWhenIdle = false;

/** esbuild.build; a build after the service was stopped starts a new one. */
export async function esbuildBuild<T extends esbuild.BuildOptions>(options: esbuild.SameShape<esbuild.BuildOptions, T>): Promise<esbuild.BuildResult<T>> {
  running++;
  try {
    return await esbuild.build(options);
  } finally {
    running--;
    if (running === 0 && stopWhenIdle) stopService();
  }
}

/** Stops the service process as soon as no build is running (esbuild stops the builds it is running). */
export function releaseEsbuild(): void {
  if (running === 0) stopService();
  else stopWhenIdle = true;
}

function stopService(): void {
  stopWhenIdle = false;
  void esbuild.stop();
}
