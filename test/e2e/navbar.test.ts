// The navbar as a reader meets it: the real site's entries, dropdowns by mouse and keyboard, the
// active entry, hiding on scroll, the search button and hotkeys, and the language selector.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSite, waitForHydration, poll, openRoute, parsed } from '../helpers/browser.ts';
import { repoRoot } from '../helpers/run.ts';
import { builtSite } from '../helpers/sites.ts';

interface RefItem {
  type: string;
  label?: string | null;
  to?: string;
  href?: string;
  items?: RefItem[];
}
const reference = JSON.parse(readFileSync(path.join(repoRoot, '../shared/reference/unleash-site.json'), 'utf8')) as {
  site: { title: string };
  navbar: { logo: { alt: string; href: string }; items: RefItem[] };
};

let unleash: Awaited<ReturnType<typeof openSite>>;
let shell: Awaited<ReturnType<typeof openSite>>;

beforeAll(async () => {
  unleash = await openSite(await builtSite('unleash'));
  shell = await openSite(await builtSite('shell'));
});
afterAll(async () => {
  await unleash?.close();
  await shell?.close();
});

const open = (site: typeof shell, route: string): Promise<Page> => openRoute(site, route);

/** What a navbar entry points at: a link's path or address, or a dropdown's label and entries. */
const refTarget = (i: RefItem) => (i.to !== undefined ? `/${i.to.replace(/^\//, '')}` : i.href);

describe('the Unleash navbar', () => {
  it('has the logo and title, then the real site entries in order, the search button and the colour toggle', async () => {
    const page = await open(unleash, '/quickstart');
    const brand = page.locator('.navbar .navbar-brand');
    expect(await brand.getAttribute('href')).toBe(reference.navbar.logo.href);
    expect(await brand.locator('img').getAttribute('alt')).toBe(reference.navbar.logo.alt);
    expect(await brand.textContent()).toBe(reference.site.title);
    const expected = reference.navbar.items
      .filter((i) => i.type === 'dropdown' || refTarget(i) !== undefined)
      .map((i) => (i.type === 'dropdown' ? { dropdown: i.label, items: i.items!.map(refTarget) } : { link: refTarget(i) }));
    type Entry = { dropdown: string | null; items: (string | null)[] } | { link: string | null };
    const actual = await page.$$eval('.navbar-items > li', (lis) =>
      lis.flatMap((li): Entry[] => {
        const dropdown = li.querySelector('.dropdown');
        if (dropdown) {
          const items = [...dropdown.querySelectorAll('.dropdown-menu a')].map((a) => a.getAttribute('href'));
          return [{ dropdown: dropdown.querySelector('.dropdown-toggle')!.textContent, items }];
        }
        const a = li.querySelector('a');
        return a ? [{ link: a.getAttribute('href') }] : [];
      }),
    );
    expect(actual.slice(0, expected.length)).toEqual(expected);
    expect(await page.getByRole('button', { name: 'Search', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Switch between dark and light mode/ }).isVisible()).toBe(true);
    await page.close();
  });

  it('opens a dropdown on hover and closes it when the pointer leaves', async () => {
    const page = await open(unleash, '/quickstart');
    const toggle = page.locator('.dropdown-toggle', { hasText: 'Certification' });
    const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    expect(await menu.isVisible()).toBe(false);
    await toggle.hover();
    await poll(() => menu.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.locator('a').count()).toBe(3);
    await page.mouse.move(600, 600);
    await poll(() => menu.isVisible()).toBe(false);
    await page.close();
  });

  it('opens on Enter, walks with Tab, and closes on Tab from the last entry or on a click outside', async () => {
    const page = await open(unleash, '/quickstart');
    const toggle = page.locator('.dropdown-toggle', { hasText: 'Academy' });
    const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await poll(() => menu.isVisible()).toBe(true);
    // Enter opened the menu instead of following the Academy link.
    expect(new URL(page.url()).pathname).toBe('/quickstart');
    const labels = await menu.locator('a').allTextContents();
    for (const label of labels) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(label);
    }
    await page.keyboard.press('Tab');
    await poll(() => menu.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.focus();
    await page.keyboard.press('Enter');
    await poll(() => menu.isVisible()).toBe(true);
    await page.mouse.click(640, 600);
    await poll(() => menu.isVisible()).toBe(false);
    await page.close();
  });

  it('marks the active entry, and a dropdown that holds the current page', async () => {
    const page = await open(unleash, '/quickstart');
    expect(await page.locator('.navbar-items > li > a[aria-current="page"]').allTextContents()).toEqual(['Quickstart']);
    await page.goto(`${unleash.base}/unleash-academy/foundational`);
    await waitForHydration(page);
    const academy = page.locator('.dropdown-toggle', { hasText: 'Academy' });
    expect(await academy.getAttribute('class')).toContain('active');
    const academyMenu = page.locator(`#${await academy.getAttribute('aria-controls')}`);
    expect(await academyMenu.locator('a[aria-current="page"]').allTextContents()).toEqual(['Foundational']);
    expect(await page.locator('.navbar-items > li > a[aria-current="page"]').count()).toBe(0);
    await page.close();
  });

  it("marks a doc entry on every page of its doc's sidebar, as Docusaurus does", async () => {
    const page = await open(unleash, '/reference/actions');
    const docs = page.locator('.navbar-items > li > a', { hasText: /^Docs$/ });
    const active = async () => ((await docs.getAttribute('class')) ?? '').split(' ').includes('active');
    expect(await active()).toBe(true);
    // Only the entry of the page itself is the current page.
    expect(await docs.getAttribute('aria-current')).toBe(null);
    for (const route of ['/unleash-academy/foundational', '/reference/whats-new-v4']) {
      await page.goto(unleash.base + route);
      await waitForHydration(page);
      expect(await active(), route).toBe(false);
    }
    await page.goto(`${unleash.base}/quickstart`);
    await waitForHydration(page);
    expect(await active()).toBe(true);
    await page.close();
  });
});

describe('hiding on scroll', () => {
  it('hides when scrolling down and shows when scrolling up or near the top', async () => {
    const page = await open(shell, '/long');
    const navbarBottom = () => page.evaluate(() => document.querySelector('.navbar')!.getBoundingClientRect().bottom);
    const top = (selector: string) => page.evaluate((s) => Math.round(document.querySelector(s)!.getBoundingClientRect().top), selector);
    await page.mouse.move(640, 500);
    await page.mouse.wheel(0, 1500);
    await poll(navbarBottom).toBeLessThanOrEqual(0);
    // The sidebar and the TOC move up into the space the navbar left, instead of leaving a gap.
    await poll(() => top('.sidebar')).toBe(0);
    await poll(() => top('nav.toc')).toBe(16);
    await page.mouse.wheel(0, -100);
    await poll(navbarBottom).toBeGreaterThan(40);
    await poll(async () => (await top('.sidebar')) >= (await navbarBottom())).toBe(true);
    await page.mouse.wheel(0, 800);
    await poll(navbarBottom).toBeLessThanOrEqual(0);
    await page.evaluate(() => scrollTo(0, 10));
    await poll(navbarBottom).toBeGreaterThan(40);
    await page.close();
  });
});

describe('search button and hotkeys', () => {
  it('asks for the search modal from the button, Ctrl+K, Cmd+K and /, but not while typing', async () => {
    const page = await shell.context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { opened: number }).opened = 0;
      addEventListener('docsgen:open-search', () => (window as unknown as { opened: number }).opened++);
    });
    await page.goto(`${shell.base}/long`);
    await waitForHydration(page);
    const opened = () => page.evaluate(() => (window as unknown as { opened: number }).opened);
    const typing = () => page.evaluate(() => /^(INPUT|TEXTAREA)$/.test(document.activeElement?.tagName ?? ''));
    // Whatever answers the request (the search modal, loaded on first use) takes focus; Escape is
    // its way out. Without a modal nothing takes focus and the wait just runs out.
    const dismiss = async () => {
      await page.waitForFunction(() => /^(INPUT|TEXTAREA)$/.test(document.activeElement?.tagName ?? ''), undefined, { timeout: 5000, polling: 50 }).catch(() => undefined);
      await page.keyboard.press('Escape');
      await poll(typing).toBe(false);
    };
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(opened).toBe(1);
    await dismiss();
    for (const [key, count] of [
      ['Control+k', 2],
      ['Meta+k', 3],
      ['/', 4],
    ] as const) {
      await page.keyboard.press(key);
      await poll(opened).toBe(count);
      await dismiss();
    }
    // A field of the page (here one the test adds) keeps its '/' characters.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'typing';
      document.querySelector('.markdown')!.prepend(input);
    });
    await page.locator('#typing').type('a/b');
    expect(await page.locator('#typing').inputValue()).toBe('a/b');
    expect(await opened()).toBe(4);
    await page.close();
  });
});

describe('hotkeys before hydration', () => {
  // The shell hydrates only once its script has loaded (the page carries its sidebar); a hotkey
  // pressed before that must still open search (and Ctrl+K must not reach the browser), not be lost.
  const held = /\/assets\/js\/main-[A-Z0-9]+\.js$/;
  for (const key of ['Control+k', '/']) {
    it(`opens search for ${key} pressed while the script is still loading`, async () => {
      const page = await shell.context.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { prevented: boolean[] };
        w.prevented = [];
        addEventListener('keydown', (e) => e.key !== 'Control' && w.prevented.push(e.defaultPrevented));
      });
      let release = () => {};
      let holding = 0;
      const gate = new Promise<void>((r) => (release = r));
      await page.route(held, async (route) => {
        holding += 1;
        await gate;
        await route.continue();
      });
      await page.goto(`${shell.base}/long`, { waitUntil: 'commit' });
      await parsed(page);
      await page.keyboard.press(key);
      // The file the shell waits for really is held (a moved file would make this test pass idly).
      expect(holding).toBe(1);
      expect(await page.evaluate(() => (window as unknown as { prevented: boolean[] }).prevented)).toEqual([true]);
      release();
      await poll(() =>
        page
          .getByRole('dialog')
          .getByRole('combobox')
          .evaluate((el) => el === document.activeElement)
          .catch(() => false),
      ).toBe(true);
      await page.close();
    });
  }
});

describe('language selector', () => {
  it('offers English only, for the current page', async () => {
    const page = await open(shell, '/small/a');
    const toggle = page.getByRole('button', { name: /Languages/ });
    await toggle.click();
    const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await poll(() => menu.isVisible()).toBe(true);
    expect(await menu.locator('a').allTextContents()).toEqual(['English']);
    expect(await menu.locator('a').getAttribute('href')).toBe('/small/a');
    await page.close();
  });
});
