// Content features that load on first use: image zoom (medium-zoom with the spec's options, and
// its re-attachment after route changes), code-block copy buttons, and tabs with synced groups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSite, waitForHydration, poll } from '../helpers/browser.ts';
import { builtSite } from '../helpers/sites.ts';

let site: Awaited<ReturnType<typeof openSite>>;
beforeAll(async () => {
  site = await openSite(await builtSite('shell'));
});
afterAll(() => site?.close());

async function open(route: string): Promise<Page> {
  const page = await site.context.newPage();
  await page.route('**/__analytics', (r) => r.fulfill({ status: 204 }));
  await page.goto(site.base + route);
  await waitForHydration(page);
  return page;
}

const zoomOpen = (page: Page) => page.evaluate(() => document.querySelector('.medium-zoom-image--opened') !== null);
const follow = (page: Page, selector: string) => page.evaluate((s) => (document.querySelector(s) as HTMLElement).click(), selector);

describe('image zoom', () => {
  it('loads on the first click, zooms with no margin on a white background, and closes after a scroll of more than 40 px', async () => {
    const page = await open('/long');
    const zoomRequests: string[] = [];
    page.on('request', (r) => r.url().includes('/zoom-') && zoomRequests.push(r.url()));
    expect(zoomRequests).toEqual([]);
    const image = page.locator('.markdown img').first();
    await image.scrollIntoViewIfNeeded();
    await image.click();
    await poll(() => zoomOpen(page)).toBe(true);
    expect(zoomRequests.length).toBe(1);
    const overlay = page.locator('.medium-zoom-overlay');
    expect(await overlay.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    // With no margin the zoomed image fills the window's width (it is wider than it is tall).
    const viewportWidth = page.viewportSize()!.width;
    await poll(() => page.locator('.medium-zoom-image--opened').evaluate((img) => Math.round(img.getBoundingClientRect().width))).toBe(viewportWidth);
    await page.mouse.wheel(0, 20);
    await page.waitForTimeout(400);
    expect(await zoomOpen(page)).toBe(true);
    await page.mouse.wheel(0, 120);
    await poll(() => zoomOpen(page)).toBe(false);
    await page.close();
  });

  it('re-attaches about a second after a route change, unless the new URL has a hash', async () => {
    const page = await open('/');
    await follow(page, '.markdown a[href="/long"]');
    await page.waitForURL(`${site.base}/long`);
    await page.waitForTimeout(1500);
    await page.locator('.markdown img').first().scrollIntoViewIfNeeded();
    await page.locator('.markdown img').first().click();
    await poll(() => zoomOpen(page)).toBe(true);
    await page.waitForTimeout(500); // let the opening animation finish
    await page.keyboard.press('Escape');
    await poll(() => zoomOpen(page)).toBe(false);

    await follow(page, '.markdown a[href="/small/b"]');
    await page.waitForURL(`${site.base}/small/b`);
    await follow(page, '.markdown a[href="/long#section-3"]');
    await page.waitForURL(`${site.base}/long#section-3`);
    await page.waitForTimeout(1500);
    const image = page.locator('.markdown img').first();
    await image.scrollIntoViewIfNeeded();
    await image.click();
    await page.waitForTimeout(500);
    expect(await zoomOpen(page)).toBe(false);
    await page.close();
  });
});

describe('code blocks', () => {
  it('copy their code with the copy button', async () => {
    const context = await site.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.base });
    const page = await context.newPage();
    await page.route('**/__analytics', (r) => r.fulfill({ status: 204 }));
    await page.goto(`${site.base}/long`);
    await waitForHydration(page);
    const block = page.locator('.code-block').first();
    await block.hover();
    const button = block.locator('.copy-button');
    expect(await button.textContent()).toBe('Copy');
    await button.click();
    // The code of test/fixtures/shell-site/content/docs/long.md.
    await poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('npm install fixture-package\nnpm run fixture-build');
    expect(await button.textContent()).toBe('Copied');
    await context.close();
  });
});

describe('tabs', () => {
  const selected = (page: Page, block: number) => page.locator('.tabs').nth(block).locator('[role="tab"][aria-selected="true"]').textContent();
  const visiblePanel = (page: Page, block: number) =>
    page
      .locator('.tabs')
      .nth(block)
      .locator('[role="tabpanel"]')
      .evaluateAll((ps) => ps.filter((p) => !(p as HTMLElement).hidden).map((p) => p.textContent?.trim()));

  it('switch on click and with the arrow keys', async () => {
    const page = await open('/long');
    // Block 1 is the ungrouped Alpha/Beta one.
    const beta = page.locator('.tabs').nth(1).getByRole('tab', { name: 'Beta' });
    await beta.click();
    await poll(() => selected(page, 1)).toBe('Beta');
    expect(await visiblePanel(page, 1)).toEqual(['Beta panel, ungrouped.']);
    await page.keyboard.press('ArrowLeft');
    await poll(() => selected(page, 1)).toBe('Alpha');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Alpha');
    await page.keyboard.press('ArrowLeft'); // wraps around
    await poll(() => selected(page, 1)).toBe('Beta');
    await page.keyboard.press('Home');
    await poll(() => selected(page, 1)).toBe('Alpha');
    expect(await visiblePanel(page, 1)).toEqual(['Alpha panel, ungrouped.']);
    expect(await page.evaluate(() => localStorage.length === 0 || Object.keys(localStorage).every((k) => !k.startsWith('docusaurus.tab.')))).toBe(true);
    await page.close();
  });

  it('switch together within a group, and remember the choice on the next page load', async () => {
    const page = await open('/long');
    await page.locator('.tabs').nth(0).getByRole('tab', { name: 'Python' }).click();
    await poll(() => selected(page, 2)).toBe('Python');
    expect(await selected(page, 0)).toBe('Python');
    expect(await visiblePanel(page, 2)).toEqual(['Python panel, second block.']);
    expect(await selected(page, 1)).toBe('Alpha'); // another group is left alone
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.lang'))).toBe('Python');
    await page.reload();
    await waitForHydration(page);
    await poll(() => selected(page, 0)).toBe('Python');
    expect(await selected(page, 2)).toBe('Python');
    // And after a client navigation back to the page.
    await follow(page, '.markdown a[href="/small/b"]');
    await page.waitForURL(`${site.base}/small/b`);
    await follow(page, '.markdown a[href="/long#section-3"]');
    await page.waitForURL(`${site.base}/long#section-3`);
    await poll(() => selected(page, 2)).toBe('Python');
    await page.close();
  });
});
