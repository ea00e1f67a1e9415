// What a reader does on a built site: load a page, click around, go back, read without JavaScript.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import type { Page } from 'playwright-core';
import { collectConsole, launchBrowser, openSite, serveDir, waitForHydration, poll } from '../helpers/browser.ts';
import { fixture, runCli, tempDir } from '../helpers/run.ts';
import { builtSite } from '../helpers/sites.ts';

const site = tempDir('docsgen-e2e-');
let context: BrowserContext;
let base: string;
let closeAll: () => Promise<void>;

beforeAll(async () => {
  cpSync(fixture('good-site'), site, { recursive: true });
  expect(runCli(['build'], site).status).toBe(0);
  const served = await serveDir(path.join(site, 'build'));
  const b = await launchBrowser();
  context = b.context;
  base = served.url;
  closeAll = async () => {
    await b.close();
    served.close();
  };
});
afterAll(() => closeAll?.());

describe('hydration', () => {
  it('hydrates every kind of page without a console error or warning', async () => {
    const page = await context.newPage();
    const messages = collectConsole(page);
    for (const p of ['/', '/guides', '/guides/basics/install', '/reference/tabs']) {
      await page.goto(base + p, { waitUntil: 'networkidle' });
      // A hydrated shell reacts to clicks: the caret of a collapsed category opens it.
      await page.waitForFunction(() => document.documentElement.classList.contains('js'));
    }
    const caret = page.locator('.menu-caret').first();
    const before = await caret.getAttribute('aria-expanded');
    await caret.click();
    await expect.poll(() => caret.getAttribute('aria-expanded')).not.toBe(before);
    expect(messages).toEqual([]);
    await page.close();
  });
});

describe('client navigation', () => {
  it('follows internal links without a full page load, updating content and title', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/guides/basics/install`, { waitUntil: 'networkidle' });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.locator('.pagination-link.next').click();
    await page.waitForURL(`${base}/guides/basics/configure`);
    await expect.poll(() => page.locator('article h2').first().textContent()).toBe('Set options');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(await page.title()).toBe('Configure | Fixture Docs');
    await page.close();
  });

  it('goes back and forward, restoring the page', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/guides/basics/install`, { waitUntil: 'networkidle' });
    await page.locator('.pagination-link.next').click();
    await page.waitForURL(`${base}/guides/basics/configure`);
    await page.goBack();
    await page.waitForURL(`${base}/guides/basics/install`);
    await expect.poll(() => page.locator('article h1').textContent()).toBe('Install the tool');
    await page.goForward();
    await expect.poll(() => page.locator('article h2').first().textContent()).toBe('Set options');
    await page.close();
  });

  it('falls back to a full page load when the route data cannot be loaded', async () => {
    const copy = tempDir('docsgen-e2e-broken-');
    cpSync(path.join(site, 'build'), copy, { recursive: true });
    rmSync(path.join(copy, '_data/guides/basics/configure.json'));
    const served = await serveDir(copy);
    const page = await context.newPage();
    await page.goto(`${served.url}/guides/basics/install`, { waitUntil: 'networkidle' });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('.pagination-link.next').click();
    await page.waitForURL(`${served.url}/guides/basics/configure`);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    expect(await page.locator('article h2').first().textContent()).toBe('Set options');
    await page.close();
    served.close();
  });
});

describe('without JavaScript', () => {
  it('shows content, sidebar, table of contents and working links', async () => {
    const b = await launchBrowser();
    const page = await b.browser.newPage({ javaScriptEnabled: false });
    await page.goto(`${base}/reference/config`);
    expect(await page.locator('nav.sidebar a').count()).toBeGreaterThan(4);
    expect(await page.locator('nav.toc a[href="#options"]').count()).toBe(1);
    // A closed category shows no pages, as on load with a script: its label leads to its own page, which does.
    expect(await page.locator('nav.sidebar a', { hasText: 'Configure' }).count()).toBe(0);
    await page.locator('nav.sidebar a', { hasText: 'Guides' }).click();
    await page.waitForURL(`${base}/guides`);
    expect(await page.locator('nav.sidebar a', { hasText: 'Advanced use' }).isVisible()).toBe(true);
    await page.locator('.pagination-link.next').click();
    await page.waitForURL(`${base}/guides/basics/install`);
    await page.locator('nav.sidebar a', { hasText: 'Configure' }).click();
    await page.waitForURL(`${base}/guides/basics/configure`);
    expect(await page.locator('article h2').first().textContent()).toBe('Set options');
    await b.close();
  });
});

describe('client navigation on the shell fixture', () => {
  let shell: Awaited<ReturnType<typeof openSite>>;
  let quiet: Awaited<ReturnType<typeof openSite>>;
  beforeAll(async () => {
    shell = await openSite(await builtSite('shell'));
    quiet = await openSite(await builtSite('shellSystem'));
  });
  afterAll(async () => {
    await shell?.close();
    await quiet?.close();
  });
  const scrollY = (page: Page) => page.evaluate(() => scrollY);
  async function open(site: typeof shell, route: string): Promise<Page> {
    const page = await site.context.newPage();
    await page.route('**/__analytics', (r) => r.fulfill({ status: 204 }));
    await page.goto(site.base + route);
    await waitForHydration(page);
    return page;
  }
  /** Clicks a link by script, wherever it is on the page (as a reader's click would). */
  const follow = (page: Page, selector: string) => page.evaluate((s) => (document.querySelector(s) as HTMLElement).click(), selector);

  it('scrolls to the hash target of the new page, or to its top', async () => {
    const page = await open(shell, '/small/b');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await follow(page, '.markdown a[href="/long#section-3"]');
    await page.waitForURL(`${shell.base}/long#section-3`);
    await poll(() => page.evaluate(() => Math.round(document.getElementById('section-3')!.getBoundingClientRect().top))).toBeLessThan(120);
    expect(await scrollY(page)).toBeGreaterThan(1000);
    await follow(page, '.pagination-link.next');
    await page.waitForURL(`${shell.base}/small/a`);
    await poll(() => scrollY(page)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.close();
  });

  it('restores the scroll position on back and forward', async () => {
    const page = await open(shell, '/long');
    expect(await page.evaluate(() => history.scrollRestoration)).toBe('manual');
    await page.evaluate(() => scrollTo(0, 1500));
    await follow(page, '.markdown a[href="/small/b"]');
    await page.waitForURL(`${shell.base}/small/b`);
    await poll(() => scrollY(page)).toBe(0);
    await page.goBack();
    await page.waitForURL(`${shell.base}/long`);
    await poll(() => scrollY(page)).toBe(1500);
    await page.evaluate(() => scrollTo(0, 700));
    await page.goForward();
    await page.waitForURL(`${shell.base}/small/b`);
    await poll(() => page.locator('article h1').textContent()).toBe('Small B');
    expect(await scrollY(page)).toBe(0);
    await page.goBack();
    await poll(() => scrollY(page)).toBe(700);
    await page.close();
  });

  it('updates the document title, description and canonical address to what the page itself has', async () => {
    const head = (p: Page) =>
      p.evaluate(() => ({
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      }));
    const fresh = await open(shell, '/long');
    const longHead = await head(fresh);
    await fresh.goto(`${shell.base}/small/a`);
    const smallHead = await head(fresh);
    await fresh.close();
    expect(longHead.title).toBe('Long page | Shell Fixture');
    expect(longHead.description).toBe('A long page with headings, images, code and tabs.');

    const page = await open(shell, '/');
    await follow(page, '.markdown a[href="/long"]');
    await page.waitForURL(`${shell.base}/long`);
    await poll(() => head(page)).toEqual(longHead);
    await follow(page, '.pagination-link.next');
    await page.waitForURL(`${shell.base}/small/a`);
    await poll(() => head(page)).toEqual(smallHead);
    await page.close();
  });

  it('shows the progress bar only once a route change has taken longer than 200 ms', async () => {
    const page = await shell.context.newPage();
    // No prefetch here (it would have loaded the route already): without IntersectionObserver and
    // without hovering, nothing is fetched before the click.
    await page.addInitScript(() => delete (window as { IntersectionObserver?: unknown }).IntersectionObserver);
    await page.goto(`${shell.base}/long`);
    await waitForHydration(page);
    await page.route('**/_data/small/a.json', async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.evaluate(() => {
      const w = window as unknown as { clickedAt?: number; barAt?: number };
      document.addEventListener('click', () => (w.clickedAt ??= performance.now()), true);
      new MutationObserver(() => {
        if (document.querySelector('.progress-bar')) w.barAt ??= performance.now();
      }).observe(document.body, { childList: true });
    });
    await follow(page, '.pagination-link.next');
    await page.waitForURL(`${shell.base}/small/a`);
    const { clickedAt, barAt } = await page.evaluate(() => {
      const w = window as unknown as { clickedAt: number; barAt?: number };
      return { clickedAt: w.clickedAt, barAt: w.barAt };
    });
    expect(barAt).toBeDefined();
    expect(barAt! - clickedAt).toBeGreaterThanOrEqual(200);
    await poll(() => page.locator('.progress-bar').count()).toBe(0);
    await page.close();
  });

  it('sends a page view to the configured endpoint on load and on each route change', async () => {
    const page = await shell.context.newPage();
    const views: { route: string; title: string }[] = [];
    await page.route('**/__analytics', async (route) => {
      views.push(JSON.parse(route.request().postData() ?? '{}'));
      await route.fulfill({ status: 204 });
    });
    await page.goto(`${shell.base}/`);
    await poll(() => views.map((v) => v.route)).toEqual(['/']);
    await follow(page, '.markdown a[href="/long"]');
    await page.waitForURL(`${shell.base}/long`);
    await poll(() => views.map((v) => v.route)).toEqual(['/', '/long']);
    expect(views[1].title).toBe('Long page | Shell Fixture');
    await page.close();
  });

  it('sends page views through gtag.js when the config names a gtag tracking id', async () => {
    const gtagSite = await openSite(await builtSite('shellGtag'));
    try {
      const page = await gtagSite.context.newPage();
      const scripts: string[] = [];
      page.on('request', (r) => r.url().startsWith('https://www.googletagmanager.com/') && scripts.push(r.url()));
      await page.goto(`${gtagSite.base}/`);
      // gtag.js cannot load here (external hosts are cut off); its calls wait in dataLayer, as they would until it loads.
      const pageViews = () =>
        page.evaluate(() =>
          ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? [])
            .map((call) => [...call] as unknown[])
            .filter((call) => call[0] === 'event' && call[1] === 'page_view')
            .map((call) => (call[2] as { page_path: string }).page_path),
        );
      await poll(pageViews).toEqual(['/']);
      expect(scripts).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST1234']);
      const config = await page.evaluate(() => (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((c) => [...c]).find((c) => c[0] === 'config'));
      expect(config).toEqual(['config', 'G-TEST1234', { send_page_view: false }]);
      await follow(page, '.markdown a[href="/long"]');
      await page.waitForURL(`${gtagSite.base}/long`);
      await poll(pageViews).toEqual(['/', '/long']);
      await page.close();
    } finally {
      await gtagSite.close();
    }
  });

  it('sends no page views when no endpoint is configured', async () => {
    const page = await quiet.context.newPage();
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.goto(`${quiet.base}/`, { waitUntil: 'networkidle' });
    await follow(page, '.markdown a[href="/long"]');
    await page.waitForURL(`${quiet.base}/long`);
    await page.waitForLoadState('networkidle');
    expect(posts).toEqual([]);
    await page.close();
  });

  it('loads the configured scripts after the page without blocking it, and an unreachable host breaks nothing', async () => {
    const page = await shell.context.newPage();
    await page.route('**/__analytics', (r) => r.fulfill({ status: 204 }));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The local stand-in script hangs until released; the other host cannot be reached.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/scripts/marker.js', async (route) => {
      await held;
      await route.continue();
    });
    const response = await page.goto(`${shell.base}/long`, { waitUntil: 'load' });
    expect(await response!.text()).not.toContain('marker.js');
    await waitForHydration(page);
    await poll(() => page.evaluate(() => [...document.scripts].some((s) => s.src.endsWith('/scripts/marker.js')))).toBe(true);
    // The page works while the script is still loading.
    await follow(page, '.markdown a[href="/small/b"]');
    await page.waitForURL(`${shell.base}/small/b`);
    await poll(() => page.locator('article h1').textContent()).toBe('Small B');
    release();
    await poll(() => page.evaluate(() => (window as unknown as { __markerRuns?: number }).__markerRuns)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __markerAttribute?: string }).__markerAttribute)).toBe('set-by-config');
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const script = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/scripts/marker.js'))!;
      return { loadEvent: nav.loadEventStart, scriptStart: script.startTime };
    });
    expect(timing.scriptStart).toBeGreaterThanOrEqual(timing.loadEvent);
    // The deferred widget from a host that cannot be reached was tried, failed, and left no trace.
    await poll(() => page.evaluate(() => [...document.scripts].some((s) => s.src.includes('unreachable.invalid')))).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });
});
