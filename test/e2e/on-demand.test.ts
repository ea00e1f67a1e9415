// What a writer sees in `serve --watch` before the first build is done: pages rendered on demand,
// with the bundle, sidebars and images served from memory, hydrating and navigating like built ones.
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Site } from '../../src/compiler/site.ts';
import { createStaticServer } from '../../src/server/static-server.ts';
import { collectConsole, launchBrowser, waitForHydration } from '../helpers/browser.ts';
import { fixture, tempDir } from '../helpers/run.ts';

const site = tempDir('docsgen-on-demand-e2e-');
const out = path.join(site, 'never-written');
let base: string;
let close: () => Promise<void>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  cpSync(fixture('good-site'), site, { recursive: true });
  const core = new Site({ config: 'site/docsgen.config.ts', cwd: site, cacheDir: false });
  const { redirects } = await core.state();
  // No build ever runs here: whatever the page needs must come from the site core.
  const server = createStaticServer({ root: () => out, redirects: () => redirects, onDemand: (p) => core.respond(p) });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  browser = await launchBrowser();
  close = async () => {
    await browser.close();
    server.close();
  };
});
afterAll(() => close?.());

describe('pages served on demand', () => {
  it('hydrate without a console error, navigate on the client, and show their images', async () => {
    const page = await browser.context.newPage();
    const messages = collectConsole(page);
    await page.goto(`${base}/guides/basics/install`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    expect(await page.locator('nav.sidebar a').count()).toBeGreaterThan(3);
    const image = page.locator('article img').first();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.locator('.pagination-link.next').click();
    await page.waitForURL(`${base}/guides/basics/configure`);
    await expect.poll(() => page.locator('article h2').first().textContent()).toBe('Set options');
    // The data chunk came from the on-demand site: no full page load happened.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(messages).toEqual([]);
    await page.close();
  });

  it('answers an unknown page with the 404 page, and never writes to the output folder', async () => {
    const page = await browser.context.newPage();
    const response = await page.goto(`${base}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page Not Found');
    expect(existsSync(out)).toBe(false);
    await page.close();
  });
});
