// The spec's states and errors, with their exact texts: the delayed loading spinner, the failed-
// load box with Retry, the page-crash fallback with Try again, 'Invariant failed', the not-found
// page (status 404 under `docsgen serve`), the wrong-base-URL banner, and blocked storage.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collectConsole, openSite, serveDir, waitForHydration, poll } from '../helpers/browser.ts';
import { fixture, repoRoot, tempDir } from '../helpers/run.ts';
import { builtSite } from '../helpers/sites.ts';

let site: Awaited<ReturnType<typeof openSite>>;
let shellDir: string;
beforeAll(async () => {
  shellDir = await builtSite('shell');
  site = await openSite(shellDir);
});
afterAll(() => site?.close());

async function open(base: string, route: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await site.context.newPage();
  await page.setViewportSize(viewport);
  await page.route('**/__analytics', (r) => r.fulfill({ status: 204 }));
  await page.goto(base + route);
  await waitForHydration(page);
  return page;
}
const follow = (page: Page, selector: string) => page.evaluate((s) => (document.querySelector(s) as HTMLElement).click(), selector);
const MOBILE = { width: 800, height: 900 };

describe('loading a lazy part of the shell', () => {
  it('shows the spinner only after 200 ms, animated in 1.5 s and 3 s cycles', async () => {
    const page = await open(site.base, '/long', MOBILE);
    await page.route('**/assets/js/MobileMenu-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.evaluate(() => {
      const w = window as unknown as { clickedAt?: number; spinnerAt?: number };
      document.addEventListener('click', () => (w.clickedAt ??= performance.now()), true);
      new MutationObserver(() => {
        if (document.querySelector('[role="status"]')) w.spinnerAt ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const spinner = page.getByRole('status');
    await poll(() => spinner.isVisible()).toBe(true);
    const durations = await spinner.evaluate((el) => [el, ...el.querySelectorAll('*')].map((e) => getComputedStyle(e).animationDuration));
    expect(durations).toContain('1.5s');
    expect(durations).toContain('3s');
    const { clickedAt, spinnerAt } = await page.evaluate(() => {
      const w = window as unknown as { clickedAt: number; spinnerAt: number };
      return { clickedAt: w.clickedAt, spinnerAt: w.spinnerAt };
    });
    expect(spinnerAt - clickedAt).toBeGreaterThanOrEqual(200);
    await poll(() => page.getByRole('button', { name: 'Close navigation bar' }).isVisible()).toBe(true);
    expect(await spinner.count()).toBe(0);
    await page.close();
  });

  it('shows a red box half as wide with the error text and a Retry button that reloads the page', async () => {
    const page = await open(site.base, '/long', MOBILE);
    await page.route('**/assets/js/MobileMenu-*.js', (route) => route.abort('connectionreset'));
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const box = page.getByRole('alert');
    await poll(() => box.isVisible()).toBe(true);
    expect(await box.textContent()).toMatch(/MobileMenu-\w+\.js/);
    const look = await box.evaluate((el) => {
      const [r, g, b] = getComputedStyle(el).backgroundColor.match(/\d+/g)!.map(Number);
      return { r, g, b, ratio: el.getBoundingClientRect().width / el.parentElement!.getBoundingClientRect().width };
    });
    expect(look.r).toBeGreaterThan(150);
    expect(look.g).toBeLessThan(90);
    expect(look.b).toBeLessThan(90);
    expect(look.ratio).toBeCloseTo(0.5, 2);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await box.getByRole('button', { name: 'Retry' }).click();
    await page.waitForLoadState('load');
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    await page.close();
  });
});

describe('a page that cannot be drawn', () => {
  let broken: { url: string; close: () => void };
  let brokenDir: string;
  const chunk = (route: string) => path.join(brokenDir, '_data', `${route}.json`);
  beforeAll(async () => {
    // Doctored data chunks stand in for a page that throws: nothing test-only ships in the bundle.
    brokenDir = tempDir('docsgen-states-');
    cpSync(shellDir, brokenDir, { recursive: true });
    broken = await serveDir(brokenDir);
  });
  afterAll(() => broken?.close());

  it("shows 'This page crashed.', the message and 'Try again', which recovers once the page is fine", async () => {
    const good = readFileSync(chunk('small/a'), 'utf8');
    const { html: _html, ...withoutContent } = JSON.parse(good) as Record<string, unknown>;
    writeFileSync(chunk('small/a'), JSON.stringify(withoutContent));
    const page = await open(broken.url, '/long');
    await follow(page, '.pagination-link.next');
    await page.waitForURL(`${broken.url}/small/a`);
    const main = page.getByRole('main');
    await poll(() => main.locator('h1').textContent()).toBe('This page crashed.');
    expect(await main.locator('p').textContent()).toContain('cannot render anything');
    // The rest of the shell still works.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    writeFileSync(chunk('small/a'), good);
    await main.getByRole('button', { name: 'Try again' }).click();
    await poll(() => page.locator('article h1').textContent()).toBe('Small A');
    await page.close();
  });

  it("shows 'Invariant failed' when an invariant does not hold", async () => {
    const good = JSON.parse(readFileSync(chunk('small/b'), 'utf8')) as Record<string, unknown>;
    writeFileSync(chunk('small/b'), JSON.stringify({ ...good, kind: 'no-such-kind' }));
    const page = await open(broken.url, '/small/a');
    await follow(page, '.pagination-link.next');
    await page.waitForURL(`${broken.url}/small/b`);
    await poll(() => page.getByRole('main').locator('h1').textContent()).toBe('This page crashed.');
    expect(await page.getByRole('main').locator('p').textContent()).toBe('Invariant failed');
    await page.close();
  });
});

describe('unknown routes', () => {
  let server: ChildProcess | undefined;
  afterAll(() => server?.kill());

  it('get the not-found page with status 404 from docsgen serve, also after a client navigation', async () => {
    const dir = tempDir('docsgen-serve-404-');
    cpSync(fixture('shell-site'), dir, { recursive: true });
    server = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.js'), 'serve', '--port', '0'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      server!.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /at (http:\/\/\S+?)\/? /.exec(out);
        if (m) resolve(m[1].replace(/\/$/, ''));
      });
      server!.on('exit', () => reject(new Error(`serve exited: ${out}`)));
    });
    const page = await site.context.newPage();
    const response = await page.goto(`${url}/no/such/page`);
    expect(response!.status()).toBe(404);
    expect(await page.locator('main h1').textContent()).toBe('Page Not Found');
    // A link to an unknown route inside the site: the client cannot load it, the server answers 404.
    await page.goto(`${url}/long`);
    await waitForHydration(page);
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/also/missing';
      a.textContent = 'missing';
      a.id = 'missing-link';
      document.querySelector('.markdown')!.append(a);
    });
    const [navigation] = await Promise.all([page.waitForResponse(`${url}/also/missing`), page.locator('#missing-link').click()]);
    expect(navigation.status()).toBe(404);
    await poll(() => page.locator('main h1').textContent()).toBe('Page Not Found');
    await page.close();
  });
});

describe('wrong base URL', () => {
  it('shows the banner on the home path of a site served under another base, and only there', async () => {
    const wrong = await serveDir(await builtSite('shellWrongBase'));
    const page = await site.context.newPage();
    await page.goto(`${wrong.url}/`);
    const banner = page.locator('#docsgen-base-url-issue-banner');
    await poll(() => banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toContain('Current configured baseUrl = /docs/');
    expect(await banner.textContent()).toContain('We suggest trying baseUrl = /');
    await page.goto(`${wrong.url}/long`);
    expect(await banner.count()).toBe(0);
    wrong.close();
    // The same site at its right base shows no banner.
    await page.goto(`${site.base}/`);
    await waitForHydration(page);
    expect(await banner.isVisible()).toBe(false);
    await page.close();
  });
});

describe('blocked storage', () => {
  it('logs a warning and keeps every feature working', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    await page.route('**/__analytics', (r) => r.fulfill({ status: 204 }));
    const messages = collectConsole(page);
    await page.goto(`${site.base}/long`);
    await waitForHydration(page);
    await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await poll(() => page.locator('.announcement-bar').count()).toBe(0);
    await page.locator('.tabs').nth(0).getByRole('tab', { name: 'Go' }).click();
    await poll(() => page.locator('.tabs').nth(2).locator('[aria-selected="true"]').textContent()).toBe('Go');
    await follow(page, '.markdown a[href="/small/b"]');
    await page.waitForURL(`${site.base}/small/b`);
    await poll(() => page.locator('article h1').textContent()).toBe('Small B');
    // The choice holds for the rest of the visit.
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    expect(messages.filter((m) => m.startsWith('warning:') && /storage/i.test(m)).length).toBe(1);
    expect(messages.filter((m) => m.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });
});

describe('preferred docs version', () => {
  it('keeps a stored version the site has and discards one it does not', async () => {
    const key = 'docs-preferred-version-default';
    const context = await site.newContext();
    const page = await context.newPage();
    await page.route('**/__analytics', (r) => r.fulfill({ status: 204 }));
    await page.goto(`${site.base}/no-such-page-for-setup`);
    await page.evaluate((k) => localStorage.setItem(k, 'current'), key);
    await page.goto(`${site.base}/small/a`);
    await waitForHydration(page);
    expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBe('current');
    await page.evaluate((k) => localStorage.setItem(k, '1.0.0-removed'), key);
    await page.goto(`${site.base}/small/a`);
    await waitForHydration(page);
    await poll(() => page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();
    await context.close();
  });
});
