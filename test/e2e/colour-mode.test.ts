// Colour mode: light by default, the toggle's choice stored under `theme`, applied before first
// paint, followed across tabs, and the system setting followed when the config asks for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSite, parsed, waitForHydration, poll } from '../helpers/browser.ts';
import { builtSite } from '../helpers/sites.ts';

let site: Awaited<ReturnType<typeof openSite>>;
let system: Awaited<ReturnType<typeof openSite>>;

beforeAll(async () => {
  site = await openSite(await builtSite('shell'));
  system = await openSite(await builtSite('shellSystem'));
});
afterAll(async () => {
  await site?.close();
  await system?.close();
});
const theme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));
/** Relative luminance of the page background, 0 (black) to 1 (white). */
const backgroundLuminance = (page: Page) =>
  page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });

describe('colour mode', () => {
  it('is light by default; the toggle switches it and stores the choice under "theme"', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await page.goto(`${site.base}/long`);
    await waitForHydration(page);
    expect(await theme(page)).toBe('light');
    expect(await stored(page)).toBeNull();
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);
    const toggle = page.getByRole('button', { name: /Switch between dark and light mode/ });
    expect(await toggle.getAttribute('aria-label')).toContain('currently light');
    await toggle.click();
    expect(await theme(page)).toBe('dark');
    expect(await stored(page)).toBe('dark');
    await poll(() => backgroundLuminance(page)).toBeLessThan(0.2);
    expect(await toggle.getAttribute('aria-label')).toContain('currently dark');
    await toggle.click();
    expect(await theme(page)).toBe('light');
    expect(await stored(page)).toBe('light');
    await context.close();
  });

  it('applies a stored dark choice before any script of the bundle has run', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await page.goto(`${site.base}/long`);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    // Hold every script of the bundle: what the reader sees now is what the first paint shows.
    await page.route('**/assets/js/*.js', () => undefined);
    await page.goto(`${site.base}/small/a`, { waitUntil: 'commit' });
    await parsed(page);
    expect(await theme(page)).toBe('dark');
    await poll(() => backgroundLuminance(page)).toBeLessThan(0.2);
    expect(await page.evaluate(() => history.scrollRestoration)).toBe('auto'); // the bundle really did not run
    await context.close();
  });

  it('follows a change made in another tab', async () => {
    const context = await site.newContext();
    const first = await context.newPage();
    const second = await context.newPage();
    for (const p of [first, second]) {
      await p.goto(`${site.base}/small/a`);
      await waitForHydration(p);
    }
    await first.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    await poll(() => theme(second)).toBe('dark');
    expect(await second.getByRole('button', { name: /Switch between/ }).getAttribute('aria-label')).toContain('currently dark');
    await first.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    await poll(() => theme(second)).toBe('light');
    await context.close();
  });

  it('ignores the system setting unless the config enables it', async () => {
    const context = await site.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${site.base}/small/a`);
    expect(await theme(page)).toBe('light');
    await context.close();
  });

  it('follows the system setting when the config enables it, even as it changes', async () => {
    const context = await system.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${system.base}/small/a`, { waitUntil: 'domcontentloaded' });
    expect(await theme(page)).toBe('dark');
    await waitForHydration(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await poll(() => theme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await poll(() => theme(page)).toBe('dark');
    // An explicit choice wins over the system setting, now and on the next load.
    await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    expect(await theme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(300);
    expect(await theme(page)).toBe('light');
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await theme(page)).toBe('light');
    await context.close();
  });
});
