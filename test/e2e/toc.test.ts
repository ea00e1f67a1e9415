// The furniture around the content: table of contents with the heading in view highlighted,
// breadcrumbs, previous/next, the skip link, and the footer.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSite, waitForHydration, poll, openRoute } from '../helpers/browser.ts';
import { repoRoot } from '../helpers/run.ts';
import { builtSite } from '../helpers/sites.ts';

const reference = JSON.parse(readFileSync(path.join(repoRoot, '../shared/reference/unleash-site.json'), 'utf8')) as {
  footer: { columns: { title: string; items: { label: string }[] }[]; copyrightAsBuilt2024: string };
};

let shell: Awaited<ReturnType<typeof openSite>>;
let unleash: Awaited<ReturnType<typeof openSite>>;
beforeAll(async () => {
  shell = await openSite(await builtSite('shell'));
  unleash = await openSite(await builtSite('unleash'));
});
afterAll(async () => {
  await shell?.close();
  await unleash?.close();
});

const open = (site: typeof shell, route: string): Promise<Page> => openRoute(site, route);

const activeTocEntry = (page: Page) => page.locator('nav.toc a.active').allTextContents();

describe('table of contents', () => {
  it('lists the h2 and h3 headings of the page, and no h4', async () => {
    const page = await open(shell, '/long');
    const headings = await page.$$eval('.markdown :is(h2, h3)', (hs) => hs.map((h) => [h.textContent, `#${h.id}`]));
    const entries = await page.$$eval('nav.toc a', (as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(headings.length).toBeGreaterThan(10);
    expect(entries).toEqual(headings);
    expect(await page.locator('.markdown h4').count()).toBeGreaterThan(0);
    expect(await page.locator('nav.toc a', { hasText: 'Detail' }).count()).toBe(0);
    await page.close();
  });

  it('highlights the heading in view as the reader scrolls', async () => {
    const page = await open(shell, '/long');
    for (const heading of ['Section 3', 'Subsection 5.1', 'Section 2']) {
      await page.locator('.markdown :is(h2, h3)', { hasText: new RegExp(`^${heading}$`) }).evaluate((h) => h.scrollIntoView());
      await poll(() => activeTocEntry(page)).toEqual([heading]);
    }
    await page.close();
  });
});

describe('around the content', () => {
  it('shows breadcrumbs and previous and next links', async () => {
    const page = await open(shell, '/small/b');
    const crumbs = await page.$$eval('nav.breadcrumbs li', (lis) => lis.map((li) => [li.textContent, li.querySelector('a')?.getAttribute('href') ?? null]));
    expect(crumbs).toEqual([
      ['Home', '/'],
      ['Small', null],
      ['Small B', null],
    ]);
    expect(await page.locator('nav.breadcrumbs [aria-current="page"]').textContent()).toBe('Small B');
    const prev = page.locator('.pagination-link.prev');
    const next = page.locator('.pagination-link.next');
    expect([await prev.getAttribute('href'), await prev.locator('.pagination-label').textContent()]).toEqual(['/small/a', 'Small A']);
    expect([await next.getAttribute('href'), await next.locator('.pagination-label').textContent()]).toEqual(['/big/page-1', 'Big page 1']);
    await page.close();
  });

  it("has a 'Skip to main content' link as the first focusable element, which moves focus to the content", async () => {
    const page = await open(shell, '/long');
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.textContent()).toBe('Skip to main content');
    expect(await focused.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    // After a client navigation the next Tab starts from the top again.
    await page.locator('.pagination-link.next').click();
    await page.waitForURL(`${shell.base}/small/a`);
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').textContent()).toBe('Skip to main content');
    await page.close();
  });

  it('has a footer with the link columns and the 2024 copyright of the real site', async () => {
    const page = await open(unleash, '/quickstart');
    const footer = page.getByRole('contentinfo');
    expect(await footer.locator('.footer-title').allTextContents()).toEqual(reference.footer.columns.map((c) => c.title));
    for (const column of reference.footer.columns) {
      const links = await footer.locator('.footer-column', { hasText: column.title }).locator('a').allTextContents();
      expect(links).toEqual(column.items.map((i) => i.label));
    }
    expect(await footer.locator('.footer-copyright').textContent()).toContain('Copyright © 2024 Unleash.');
    expect(reference.footer.copyrightAsBuilt2024).toContain('Copyright © 2024 Unleash.');
    await page.close();
  });

  it('centres the footer logo above the copyright, on a light backing in either colour mode', async () => {
    for (const mode of ['light', 'dark']) {
      const context = await unleash.newContext();
      await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
      const page = await context.newPage();
      await page.goto(`${unleash.base}/quickstart`);
      await waitForHydration(page);
      const box = (s: string) => page.locator(s).evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
      const [footer, logo, columns, copyright] = await Promise.all(['.footer', '.footer-logo', '.footer-columns', '.footer-copyright'].map(box));
      expect(Math.abs(logo.x + logo.width / 2 - (footer.x + footer.width / 2)), mode).toBeLessThan(2);
      expect(logo.top).toBeGreaterThanOrEqual(columns.bottom);
      expect(logo.bottom).toBeLessThanOrEqual(copyright.top);
      // The logo is a dark tile: on the dark footer it needs a light backing to be seen.
      const backing = await page.locator('.footer-logo').evaluate((el) => getComputedStyle(el).backgroundColor);
      const [r, g, b] = backing.match(/\d+/g)!.map(Number);
      expect((r + g + b) / 3, `${mode}: ${backing}`).toBeGreaterThan(200);
      await context.close();
    }
  });
});
