// The announcement bar: the configured content and colours, closing it, remembering that under
// the spec's keys without a flash on the next load, and showing it again when its id changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSite, parsed, waitForHydration, poll } from '../helpers/browser.ts';
import { builtSite } from '../helpers/sites.ts';

// From test/fixtures/shell-site/site/docsgen.config.ts.
const BAR = { id: 'fixture-bar-1', text: 'Fixture news: read the long page.', background: 'rgb(18, 52, 86)', color: 'rgb(255, 255, 255)' };
const DISMISS = 'docusaurus.announcement.dismiss';
const ID = 'docusaurus.announcement.id';

let site: Awaited<ReturnType<typeof openSite>>;
beforeAll(async () => {
  site = await openSite(await builtSite('shell'));
});
afterAll(() => site?.close());
const storage = (page: Page) => page.evaluate(([d, i]) => [localStorage.getItem(d), localStorage.getItem(i)], [DISMISS, ID]);
const bar = (page: Page) => page.locator('.announcement-bar');

describe('announcement bar', () => {
  it('shows the configured content with its colours', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await page.goto(`${site.base}/small/a`);
    await waitForHydration(page);
    expect(await bar(page).textContent()).toBe(BAR.text);
    expect(await bar(page).locator('a').getAttribute('href')).toBe('/long');
    const colours = await bar(page).evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    expect(colours).toEqual([BAR.background, BAR.color]);
    expect(await storage(page)).toEqual(['false', BAR.id]);
    await context.close();
  });

  it('closes, remembers it, and does not flash on the next load', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await page.goto(`${site.base}/small/a`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await poll(() => bar(page).count()).toBe(0);
    expect(await storage(page)).toEqual(['true', BAR.id]);
    // Before any script of the bundle runs, the bar is already hidden.
    await page.route('**/assets/js/*.js', () => undefined);
    await page.goto(`${site.base}/long`, { waitUntil: 'commit' });
    await parsed(page);
    expect(await bar(page).count()).toBe(1);
    expect(await bar(page).isVisible()).toBe(false);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto(`${site.base}/long`);
    await waitForHydration(page);
    expect(await bar(page).count()).toBe(0);
    await context.close();
  });

  it('comes back when the configured id changes, forgetting the old dismissal', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await page.goto(`${site.base}/404-for-storage-setup`);
    await page.evaluate(
      ([d, i]) => {
        localStorage.setItem(d, 'true');
        localStorage.setItem(i, 'an-earlier-bar');
      },
      [DISMISS, ID],
    );
    await page.goto(`${site.base}/small/a`, { waitUntil: 'domcontentloaded' });
    expect(await bar(page).isVisible()).toBe(true);
    await waitForHydration(page);
    await poll(() => storage(page)).toEqual(['false', BAR.id]);
    expect(await bar(page).isVisible()).toBe(true);
    await context.close();
  });
});
