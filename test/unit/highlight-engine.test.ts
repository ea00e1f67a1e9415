// The regex engine's binary (src/compiler/markdown/highlight.ts): read from shiki's package, tried
// again while the process is short of file handles, and a clear error when it is not there.
import { afterEach, describe, expect, it, vi } from 'vitest';

const fails = vi.hoisted(() => ({ codes: [] as string[], files: [] as string[] }));
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof import('node:fs/promises')>();
  return {
    ...real,
    readFile: (async (file: string, ...rest: unknown[]) => {
      fails.files.push(String(file));
      const code = fails.codes.shift();
      if (code) throw Object.assign(new Error(`${code}: simulated`), { code });
      return (real.readFile as (...a: unknown[]) => Promise<Buffer>)(file, ...rest);
    }) as typeof real.readFile,
  };
});

const { readEngineBinary } = await import('../../src/compiler/markdown/highlight.ts');

describe("the highlighter's regex engine", () => {
  afterEach(() => {
    fails.codes = [];
    fails.files = [];
  });

  it("reads shiki's onig.wasm, a WebAssembly module, trying again while file handles run short", async () => {
    fails.codes = ['EMFILE', 'EAGAIN'];
    const bytes = await readEngineBinary();
    expect(fails.files).toHaveLength(3);
    expect(fails.files[0]).toMatch(/[\\/]shiki[\\/]dist[\\/]onig\.wasm$/);
    // "\0asm": the magic number of a WebAssembly binary.
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0x61, 0x73, 0x6d]);
  });

  it('says which file it could not read, and what to do, when it is not there', async () => {
    fails.codes = ['ENOENT'];
    await expect(readEngineBinary()).rejects.toThrow(/could not read shiki's regex engine at .*onig\.wasm \(ENOENT\): reinstall the dependencies/);
    expect(fails.files).toHaveLength(1);
  });
});
