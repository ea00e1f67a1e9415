// Real headless Chromium (Debian's), driven by playwright-core, against a build served locally.
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createStaticServer } from '../../src/server/static-server.ts';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Playwright gives every launch a fresh, temporary user-data-dir. */
export async function launchBrowser(): Promise<{ browser: Browser; context: BrowserContext; close: () => Promise<void> }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { browser, context, close: () => browser.close() };
}

export async function serveDir(root: string, redirects = new Map<string, string>()): Promise<{ url: string; close: () => void }> {
  const server = createStaticServer({ root: () => root, redirects: () => redirects });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** Console errors and warnings of a page, including React's hydration complaints. */
export function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  return messages;
}

/** Tests never reach the internet: third-party hosts in a config fail like an unreachable host. */
export async function blockExternal(context: BrowserContext): Promise<void> {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('addressunreachable'));
}

/** A browser and a static server for a built site, for one test file. */
export async function openSite(buildDir: string, options: { viewport?: { width: number; height: number } } = {}) {
  const served = await serveDir(buildDir);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  const newContext = async (opts: Parameters<Browser['newContext']>[0] = {}) => {
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 }, ...opts });
    await blockExternal(context);
    return context;
  };
  const context = await newContext();
  return {
    base: served.url,
    browser,
    context,
    newContext,
    close: async () => {
      await browser.close();
      served.close();
    },
  };
}

/** Waits until the shell has hydrated: its client router only starts after hydration. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => history.scrollRestoration === 'manual', undefined, { polling: 50 });
}

/**
 * Waits until the HTML is parsed and its stylesheets are loaded. With the bundle held back,
 * DOMContentLoaded never fires (module scripts delay it), so this is the moment of the first paint
 * without any of our scripts.
 */
export async function parsed(page: Page): Promise<void> {
  // The browser paints nothing before the head's stylesheets have loaded, so a check of what shows
  // must not run before them either (on a busy machine it did).
  await page.waitForFunction(() => document.readyState !== 'loading' && [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet), undefined, { polling: 20 });
}

/** Polls until the assertion holds; the shell's effects settle asynchronously. */
export const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

/** Opens a route of a served site in a new tab and waits for the shell to hydrate. */
export async function openRoute(site: { context: BrowserContext; base: string }, route: string): Promise<Page> {
  const page = await site.context.newPage();
  await page.goto(site.base + route);
  await waitForHydration(page);
  return page;
}
