// Prefetch: a route's data is fetched ahead, with <link rel="prefetch">, when its link is hovered,
// focused or touched, and for links in the content and previous/next when they scroll into view,
// up to a budget a page view; at most once per route, never on a 2g connection or with data saving on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSite, waitForHydration, poll } from '../helpers/browser.ts';
import { builtSite } from '../helpers/sites.ts';

let site: Awaited<ReturnType<typeof openSite>>;
let tiny: Awaited<ReturnType<typeof openSite>>;
beforeAll(async () => {
  site = await openSite(await builtSite('shell'));
  tiny = await openSite(await builtSite('shellTinyPrefetch'));
});
afterAll(async () => {
  await site?.close();
  await tiny?.close();
});

/**
 * Route data the page asked for ahead of need, as paths in order (sidebars left out). A prefetch
 * is any such request but the fetch() that a navigation makes.
 */
function recordDataRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith('/_data/') && r.resourceType() !== 'fetch') seen.push(p);
  });
  return seen;
}

async function open(route: string, init?: (() => void) | { content: string }, on = site): Promise<{ page: Page; requests: string[] }> {
  const page = await on.context.newPage();
  await page.route('**/__analytics', (r) => r.fulfill({ status: 204 }));
  if (init) await page.addInitScript(init);
  const requests = recordDataRequests(page);
  await page.goto(on.base + route);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  return { page, requests };
}

const noIntersectionObserver = () => delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
const count = (list: string[], item: string) => list.filter((x) => x === item).length;

describe('prefetch', () => {
  it('fetches a route when its link is hovered, with <link rel="prefetch">, once', async () => {
    // Without IntersectionObserver only hovering prefetches, so this isolates it.
    const { page, requests } = await open('/long', noIntersectionObserver);
    expect(requests).not.toContain('/_data/small/b.json');
    await page.locator('.markdown a[href="/small/b"]').hover();
    await poll(() => requests).toContain('/_data/small/b.json');
    expect(await page.locator('head link[rel="prefetch"][href="/_data/small/b.json"]').count()).toBe(1);
    await page.mouse.move(5, 600);
    await page.locator('.markdown a[href="/small/b"]').hover();
    await page.locator('.pagination-link.next').hover(); // another route, so something is fetched
    await poll(() => requests).toContain('/_data/small/a.json');
    expect(count(requests, '/_data/small/b.json')).toBe(1);
    // Focused from the keyboard, or touched.
    await page.locator('.markdown a[href="/"]').focus();
    await poll(() => requests).toContain('/_data/index.json');
    await page.locator('.markdown a[href="/other/next"]').dispatchEvent('touchstart');
    await poll(() => requests).toContain('/_data/other/next.json');
    expect(new Set(requests).size).toBe(requests.length);
    await page.close();
  });

  it('fetches ahead only the content links and previous/next in view, not those of the sidebar or navbar', async () => {
    const { page, requests } = await open('/long');
    // In view at the top: the content's link to /small/b, the sidebar's to / and /guides, the navbar's to / and /long.
    expect(await page.locator('.doc-sidebar a[href="/guides"]').isVisible()).toBe(true);
    await poll(() => requests).toContain('/_data/small/b.json');
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual(['/_data/small/b.json']);
    await page.locator('.pagination-link.next').scrollIntoViewIfNeeded();
    const next = new URL((await page.locator('.pagination-link.next').getAttribute('href'))!, site.base).pathname;
    await poll(() => requests).toContain(`/_data${next}.json`);
    await page.close();
  });

  it('stops fetching links in view once the page view has spent its budget, but not links pointed at', async () => {
    const inView = ['/_data/long.json', '/_data/small/a.json', '/_data/alone.json'];
    const whole = await open('/');
    await poll(() => whole.requests).toEqual(expect.arrayContaining(inView));
    await whole.page.close();
    // With 1 KB, the first fetch spends it all.
    const { page, requests } = await open('/', undefined, tiny);
    await poll(() => requests.length).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual(['/_data/long.json']);
    await page.locator('.markdown a[href="/alone"]').hover();
    await poll(() => requests).toContain('/_data/alone.json');
    expect(requests).not.toContain('/_data/small/a.json');
    await page.close();
  });

  it('fetches a route when its link scrolls into view', async () => {
    const { page, requests } = await open('/long');
    // Visible links are prefetched once the page is idle; the one at the very bottom is not.
    await poll(() => requests).toContain('/_data/small/b.json');
    expect(requests).not.toContain('/_data/other/next.json');
    await page.locator('.markdown a[href="/other/next"]').evaluate((a) => a.scrollIntoView());
    await poll(() => requests).toContain('/_data/other/next.json');
    expect(new Set(requests).size).toBe(requests.length);
    await page.close();
  });

  it('lets the navigation use the prefetched copy instead of downloading the route again', async () => {
    // Request routing disables the browser's HTTP cache, so this context routes nothing.
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const loads: { type: string; fromCache: boolean }[] = [];
    const ids = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (e) => e.request.url.endsWith('/_data/small/b.json') && ids.set(e.requestId, e.type ?? ''));
    cdp.on('Network.responseReceived', (e) => ids.has(e.requestId) && loads.push({ type: ids.get(e.requestId)!, fromCache: e.response.fromDiskCache === true }));
    await page.goto(`${site.base}/long`);
    await waitForHydration(page);
    await page.locator('.markdown a[href="/small/b"]').hover();
    await poll(() => loads.length).toBe(1);
    await page.locator('.markdown a[href="/small/b"]').click();
    await page.waitForURL(`${site.base}/small/b`);
    await poll(() => page.locator('article h1').textContent()).toBe('Small B');
    expect(loads).toEqual([
      { type: 'Other', fromCache: false },
      { type: 'Fetch', fromCache: true },
    ]);
    await context.close();
  });

  for (const [name, connection] of [
    ['a 2g connection', { effectiveType: '2g', saveData: false }],
    ['data saving on', { effectiveType: '4g', saveData: true }],
  ] as const) {
    it(`never prefetches on ${name}`, async () => {
      const { page, requests } = await open('/long', {
        content: `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => (${JSON.stringify(connection)}) });`,
      });
      await page.locator('.markdown a[href="/small/b"]').hover();
      await page.locator('.markdown a[href="/other/next"]').hover();
      await page.waitForTimeout(500);
      expect(requests).toEqual([]);
      // Navigation itself still loads the route.
      await page.locator('.markdown a[href="/other/next"]').click();
      await page.waitForURL(`${site.base}/other/next`);
      await poll(() => page.locator('article h1').textContent()).toBe('Other next');
      expect(requests).toEqual([]);
      await page.close();
    });
  }
});
