import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'esbuild';
import { esbuildBuild, releaseEsbuild } from '../../src/compiler/esbuild-service.ts';
import { esbuildChildren } from '../helpers/processes.ts';

const alive = (pid: number) => esbuildChildren().has(pid);

async function until(done: () => boolean): Promise<boolean> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
  return done();
}

/** A build of one line of code; `held` keeps it running until it resolves. */
function bundle(held?: Promise<void>) {
  const hold: Plugin = {
    name: 'hold',
    setup(b) {
      b.onResolve({ filter: /^held$/ }, () => ({ path: 'held', namespace: 'test' }));
      b.onLoad({ filter: /.*/, namespace: 'test' }, async () => {
        await held;
        return { contents: 'export const x = 1;', loader: 'js' };
      });
    },
  };
  return esbuildBuild({ stdin: { contents: "import { x } from 'held'; console.log(x);", loader: 'js' }, bundle: true, write: false, logLevel: 'silent', plugins: [hold] });
}

/** The service process a build started: the esbuild child that was not there before. */
async function serviceOf(build: () => Promise<unknown>): Promise<number> {
  const before = esbuildChildren();
  await build();
  const started = [...esbuildChildren()].filter((pid) => !before.has(pid));
  expect(started).toHaveLength(1);
  return started[0];
}

describe.runIf(existsSync('/proc/self/task'))("esbuild's service process", () => {
  it('goes when released, and a later build starts another', async () => {
    const first = await serviceOf(() => bundle());
    releaseEsbuild();
    expect(await until(() => !alive(first))).toBe(true);
    const result = await bundle();
    expect(result.outputFiles[0].text).toContain('console.log');
    releaseEsbuild();
  });

  it('outlives a release made while a build runs, and goes when the build is done', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const before = esbuildChildren();
    const running = bundle(held);
    expect(await until(() => esbuildChildren().size > before.size)).toBe(true);
    const [service] = [...esbuildChildren()].filter((pid) => !before.has(pid));
    releaseEsbuild();
    await new Promise((r) => setTimeout(r, 100));
    expect(alive(service)).toBe(true);
    release();
    const result = await running;
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0].text).toContain('console.log');
    expect(await until(() => !alive(service))).toBe(true);
  });
});
