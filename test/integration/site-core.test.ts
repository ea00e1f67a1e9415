// The site core (src/compiler/site.ts): a route made on demand is the route the build writes, and
// a change makes again only what depends on it.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/compiler/build.ts';
import { Site } from '../../src/compiler/site.ts';
import { dataChunkUrl } from '../../src/shared/types.ts';
import { htmlPathOf } from '../../src/compiler/write-output.ts';
import { fixture, tempDir } from '../helpers/run.ts';

const site = tempDir('docsgen-site-core-');
const out = path.join(site, 'build');
const config = path.join(site, 'site/docsgen.config.ts');
let routes: string[] = [];

beforeAll(async () => {
  cpSync(fixture('good-site'), site, { recursive: true });
  const result = await build({ config, outDir: out, cacheDir: false });
  routes = [...result.graph.pages.keys()];
}, 120_000);

describe('the site core', () => {
  it('makes every route on demand, without a build, byte for byte as the build wrote it', async () => {
    // A site of its own: nothing the build transformed or rendered is in its memo.
    const fresh = new Site({ config, cacheDir: false });
    expect(routes.length).toBeGreaterThan(5);
    // Index pages show their docs' first paragraphs: those come from transforms the route asks for.
    expect(routes.some((r) => readFileSync(path.join(out, htmlPathOf(r)), 'utf8').includes('class="card'))).toBe(true);
    for (const route of routes) {
      const page = await fresh.respond(route);
      expect(page?.body, route).toBe(readFileSync(path.join(out, htmlPathOf(route)), 'utf8'));
      const chunk = await fresh.respond(dataChunkUrl('/', route));
      expect(chunk?.body, route).toBe(readFileSync(path.join(out, dataChunkUrl('/', route).slice(1)), 'utf8'));
    }
  });

  it('after a change, reads and transforms again only the page changed', async () => {
    const core = new Site({ config, cacheDir: false });
    const file = path.join(site, 'content/docs/guides/advanced.md');
    await core.respond('/guides/advanced');
    await core.respond('/');
    const before = new Set(core.transformed.values());
    const { site: loaded } = await core.state();
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nAdded by the test.\n`);
    core.invalidate({ files: new Set([file]), structural: false });
    expect((await core.respond('/guides/advanced'))?.body).toContain('Added by the test.');
    await core.respond('/');
    const after = await core.state();
    // The unchanged page is the same object, read once; the changed one is new.
    expect(after.site.pages.find((p) => p.route === '/')).toBe(loaded.pages.find((p) => p.route === '/'));
    expect(after.site.pages.find((p) => p.route === '/guides/advanced')).not.toBe(loaded.pages.find((p) => p.route === '/guides/advanced'));
    const made = [...core.transformed.values()].filter((t) => !before.has(t));
    expect(made).toHaveLength(1);
    expect(made[0].html).toContain('Added by the test.');
  });
});
