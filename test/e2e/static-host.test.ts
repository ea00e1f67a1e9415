// The built site on a host that only maps paths to files (not `docsgen serve`): the URLs the spec
// normalises (`.html`, `/index`) still land on their page, keeping query and hash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, blockExternal, waitForHydration } from '../helpers/browser.ts';
import { servePlain } from '../helpers/plain-host.ts';
import { builtSite } from '../helpers/sites.ts';

let browser: Browser;
let host: Awaited<ReturnType<typeof servePlain>>;
beforeAll(async () => {
  host = await servePlain(await builtSite('unleash'));
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
});
afterAll(async () => {
  await browser?.close();
  host?.close();
});

describe('a plain static host', () => {
  it('lands .html and /index URLs on their page, keeping query and hash', async () => {
    const context = await browser.newContext();
    await blockExternal(context);
    const page = await context.newPage();
    const cases = [
      ['/reference/actions.html?x=1#configure', '/reference/actions?x=1#configure', 'Actions'],
      ['/quickstart.html', '/quickstart', 'Quickstart'],
      ['/quickstart/index', '/quickstart', 'Quickstart'],
      ['/reference/index', '/reference', undefined],
    ] as const;
    for (const [from, to, h1] of cases) {
      await page.goto(host.url + from);
      await page.waitForURL(host.url + to, { timeout: 10_000 });
      // The real page, which hydrates as on any host.
      await waitForHydration(page);
      expect(await page.locator('h1').first().textContent(), from).not.toBe('Page Not Found');
      if (h1) expect(await page.locator('h1').first().textContent(), from).toContain(h1);
    }
    await context.close();
  });

  it('still shows the not-found page for an unknown path', async () => {
    const context = await browser.newContext();
    await blockExternal(context);
    const page = await context.newPage();
    await page.goto(`${host.url}/no-such-page.html`);
    await page.waitForURL(`${host.url}/no-such-page`, { timeout: 10_000 });
    await page.waitForLoadState('domcontentloaded');
    expect(await page.locator('h1').textContent()).toBe('Page Not Found');
    await context.close();
  });
});
