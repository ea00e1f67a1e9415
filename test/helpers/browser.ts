// Real headless Chromium (Debian's), driven by playwright-core, against a build served locally.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createStaticServer } from '../../src/server/static-server.ts';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

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
