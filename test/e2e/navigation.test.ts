// What a reader does on a built site: load a page, click around, go back, read without JavaScript.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { collectConsole, launchBrowser, serveDir } from '../helpers/browser.ts';
import { fixture, runCli, tempDir } from '../helpers/run.ts';

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
    // Collapsed categories cannot be opened without a script, so they show their pages.
    expect(await page.locator('nav.sidebar a', { hasText: 'Configure' }).isVisible()).toBe(true);
    expect(await page.locator('nav.toc a[href="#options"]').count()).toBe(1);
    await page.locator('nav.sidebar a', { hasText: 'Configure' }).click();
    await page.waitForURL(`${base}/guides/basics/configure`);
    expect(await page.locator('article h2').first().textContent()).toBe('Set options');
    await b.close();
  });
});
