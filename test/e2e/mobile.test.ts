// The mobile layout (996 px wide or less): a menu button opens a panel with the navbar entries
// and, on doc pages, the doc sidebar with 'Back to main menu'; the panel closes on back navigation
// and when the window grows past 996 px. The table of contents becomes a collapsed list above the
// content, and no page is wider than a phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSite, waitForHydration, poll } from '../helpers/browser.ts';
import { builtSite } from '../helpers/sites.ts';

let site: Awaited<ReturnType<typeof openSite>>;
beforeAll(async () => {
  site = await openSite(await builtSite('shell'), { viewport: { width: 800, height: 900 } });
});
afterAll(() => site?.close());

async function open(route: string, viewport = { width: 800, height: 900 }): Promise<Page> {
  const page = await site.context.newPage();
  await page.setViewportSize(viewport);
  await page.route('**/__analytics', (r) => r.fulfill({ status: 204 }));
  await page.goto(site.base + route);
  await waitForHydration(page);
  return page;
}

const menuButton = (page: Page) => page.getByRole('button', { name: 'Toggle navigation bar' });
const panel = (page: Page) => page.locator('#navbar-mobile-panel');
const panelOpen = (page: Page) => panel(page).isVisible();

async function openMenu(page: Page): Promise<void> {
  await menuButton(page).click();
  await poll(() => panel(page).getByRole('button', { name: 'Close navigation bar' }).isVisible()).toBe(true);
}

describe('mobile layout', () => {
  it('switches at 996 px: the navbar entries and the sidebar give way to a menu button', async () => {
    const page = await open('/long', { width: 996, height: 900 });
    expect(await menuButton(page).isVisible()).toBe(true);
    expect(await page.locator('.navbar-items a', { hasText: 'Repository' }).isVisible()).toBe(false);
    expect(await page.locator('.doc-sidebar').isVisible()).toBe(false);
    await page.setViewportSize({ width: 997, height: 900 });
    await poll(() => menuButton(page).isVisible()).toBe(false);
    expect(await page.locator('.navbar-items a', { hasText: 'Repository' }).isVisible()).toBe(true);
    expect(await page.locator('.doc-sidebar').isVisible()).toBe(true);
    await page.close();
  });

  it('opens a panel with the doc sidebar on a doc page, and the navbar entries behind Back to main menu', async () => {
    const page = await open('/small/b');
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await menuButton(page).getAttribute('aria-controls')).toBe('navbar-mobile-panel');
    await openMenu(page);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
    const sidebar = panel(page).locator('nav.sidebar');
    expect(await sidebar.locator('a[aria-current="page"]').textContent()).toBe('Small B');
    await panel(page).getByRole('button', { name: '← Back to main menu' }).click();
    const main = panel(page).getByRole('navigation', { name: 'Main menu' });
    await poll(() => main.isVisible()).toBe(true);
    const entries = await main.locator(':scope > ul > li > :is(a, .menu-category-row)').allTextContents();
    expect(entries).toEqual(['Home', 'Long', 'Fixture Topics', 'Elsewhere', 'Repository', 'English']);
    // A dropdown is a category that opens in place.
    await main.getByRole('button', { name: /sidebar category 'Elsewhere'/ }).click();
    await poll(() => main.locator('a', { hasText: 'Example two' }).isVisible()).toBe(true);
    await page.close();
  });

  it('opens a closed category of the doc sidebar in the panel, loading its items', async () => {
    const page = await open('/small/b');
    await openMenu(page);
    const sidebar = panel(page).locator('nav.sidebar');
    expect(await sidebar.locator('a', { hasText: 'Guide one' }).count()).toBe(0);
    await sidebar.getByRole('button', { name: "Expand sidebar category 'Guides'" }).click();
    await poll(() => sidebar.locator('a', { hasText: 'Guide one' }).isVisible()).toBe(true);
    await page.close();
  });

  it('shows only the navbar entries on a page without a sidebar', async () => {
    const page = await open('/alone');
    await openMenu(page);
    expect(await panel(page).getByRole('button', { name: '← Back to main menu' }).count()).toBe(0);
    expect(await panel(page).getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(true);
    await page.close();
  });

  it('closes when a link in it is followed, on back navigation, and when the window grows past 996 px', async () => {
    const page = await open('/small/b');
    await openMenu(page);
    await panel(page).locator('nav.sidebar a', { hasText: 'Small A' }).click();
    await page.waitForURL(`${site.base}/small/a`);
    await poll(() => panelOpen(page)).toBe(false);

    await openMenu(page);
    await page.goBack();
    await page.waitForURL(`${site.base}/small/b`);
    await poll(() => panelOpen(page)).toBe(false);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');

    await openMenu(page);
    await page.setViewportSize({ width: 1200, height: 900 });
    await poll(() => panelOpen(page)).toBe(false);
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await panelOpen(page)).toBe(false);
    await page.close();
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    const page = await open('/small/b');
    await openMenu(page);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close navigation bar');
    await page.keyboard.press('Escape');
    await poll(() => panelOpen(page)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Toggle navigation bar');
    await page.close();
  });

  it('shows the table of contents as a collapsed list above the content, which a followed link closes', async () => {
    const page = await open('/long', { width: 996, height: 900 });
    const toc = page.locator('nav.toc-mobile');
    const button = toc.getByRole('button', { name: 'On this page' });
    expect(await page.locator('nav.toc').isVisible()).toBe(false);
    expect(await button.isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    const entries = toc.locator('a');
    expect(await entries.first().isVisible()).toBe(false);
    // Above the page's content: before the title.
    expect(await page.evaluate(() => document.querySelector('nav.toc-mobile')!.compareDocumentPosition(document.querySelector('.markdown h1')!) & Node.DOCUMENT_POSITION_FOLLOWING)).toBeTruthy();

    await button.click();
    await poll(() => entries.first().isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    // The same entries as the side column's, which the desktop layout shows.
    expect(await entries.allTextContents()).toEqual(await page.locator('nav.toc a').allTextContents());

    await toc.getByRole('link', { name: 'Section 2', exact: true }).click();
    await page.waitForURL(`${site.base}/long#section-2`);
    await poll(() => entries.first().isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await poll(() => page.evaluate(() => Math.round(document.getElementById('section-2')!.getBoundingClientRect().top) < 200)).toBe(true);

    await page.setViewportSize({ width: 997, height: 900 });
    await poll(() => button.isVisible()).toBe(false);
    expect(await page.locator('nav.toc').isVisible()).toBe(true);
    await page.close();
  });

  it('keeps a page as wide as a phone: long inline code wraps', async () => {
    const page = await open('/long', { width: 390, height: 800 });
    expect(await page.locator('code', { hasText: 'fixture_context_provider.dart' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });
});
