// How far V8's heaps may grow (src/compiler/heap-growth.ts): V8's own rule for a site of up to
// BOUNDED_GROWTH_PAGES pages, a bounded growth above, set once a build or check knows the site's size.
import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fixture, tempDir } from '../helpers/run.ts';

const setFlags = vi.hoisted(() => vi.fn());
vi.mock('node:v8', async (original) => ({ ...(await original<typeof import('node:v8')>()), setFlagsFromString: setFlags }));

describe('heap growth', () => {
  beforeEach(() => {
    vi.resetModules();
    setFlags.mockClear();
  });

  it("leaves a site of up to BOUNDED_GROWTH_PAGES pages to V8's growth, and bounds a larger one's, once and for good, with a flag this Node knows", async () => {
    const { boundHeapGrowth, BOUNDED_GROWTH_PAGES } = await import('../../src/compiler/heap-growth.ts');
    expect(boundHeapGrowth(12)).toBe(false);
    expect(boundHeapGrowth(BOUNDED_GROWTH_PAGES)).toBe(false);
    expect(setFlags).not.toHaveBeenCalled();
    expect(boundHeapGrowth(BOUNDED_GROWTH_PAGES + 1)).toBe(true);
    expect(boundHeapGrowth(12)).toBe(true);
    expect(setFlags).toHaveBeenCalledTimes(1);
    const [flag] = setFlags.mock.calls[0] as [string];
    expect(flag).toMatch(/^--heap-growing-percent=\d+$/);
    // V8 ignores a flag it does not know when it is set at run time; Node refuses one on its command line.
    const known = spawnSync(process.execPath, [flag, '-e', ''], { encoding: 'utf8' });
    expect(known.stderr).toBe('');
    expect(known.status).toBe(0);
  });

  it("is told the site's page count once its pages are read, by a build and by a check", async () => {
    const told: number[] = [];
    vi.doMock('../../src/compiler/heap-growth.ts', () => ({ boundHeapGrowth: (pages: number) => (told.push(pages), false) }));
    const { build } = await import('../../src/compiler/build.ts');
    const { check } = await import('../../src/compiler/check-site.ts');
    const site = tempDir('docsgen-heap-growth-');
    cpSync(fixture('good-site'), site, { recursive: true });
    const config = path.join(site, 'site/docsgen.config.ts');
    const built = await build({ config, outDir: path.join(site, 'build'), cacheDir: false });
    expect(built.pageCount).toBeGreaterThan(1);
    expect(told).toEqual([built.pageCount]);
    const checked = await check({ config, cacheDir: false });
    expect(checked.pageCount).toBe(built.pageCount);
    expect(told).toEqual([built.pageCount, built.pageCount]);
  });
});
