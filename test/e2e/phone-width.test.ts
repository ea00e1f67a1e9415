// No page of the real site is wider than a phone: at 390 px, every route's document is at most
// 390 px wide (long words in headings, breadcrumbs, pagination and links wrap). The routes are
// walked in one tab by client navigation, as a reader clicks through, which keeps it to seconds.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, waitForHydration } from '../helpers/browser.ts';
import { builtSite } from '../helpers/sites.ts';

const PHONE = { width: 390, height: 844 };

let site: Awaited<ReturnType<typeof openSite>>;
let buildDir: string;
beforeAll(async () => {
  buildDir = await builtSite('unleash');
  site = await openSite(buildDir, { viewport: PHONE });
});
afterAll(() => site?.close());

/** Every route of the build, from its data chunks (one per route). */
function routesOf(dir: string): string[] {
  const data = path.join(dir, '_data');
  return readdirSync(data, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json') && !path.relative(data, e.parentPath).startsWith('sidebars'))
    .map((e) => `/${path.relative(data, path.join(e.parentPath, e.name)).replace(/\.json$/, '')}`.replace(/^\/index$/, '/'))
    .sort();
}

describe('phone width', () => {
  it('keeps every route at most 390 px wide', async () => {
    const routes = routesOf(buildDir);
    expect(routes.length).toBeGreaterThan(500);
    const page = await site.context.newPage();
    await page.goto(`${site.base}/`);
    await waitForHydration(page);
    const wide = await page.evaluate(async (list) => {
      const out: string[] = [];
      for (const route of list) {
        const a = document.createElement('a');
        a.href = route;
        document.body.append(a);
        a.click();
        a.remove();
        // The client router puts the page on screen in the same task as it updates the address.
        const deadline = Date.now() + 10_000;
        while (location.pathname !== route && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
        if (location.pathname !== route) out.push(`${route}: never reached`);
        else if (document.documentElement.scrollWidth > innerWidth) out.push(`${route}: ${document.documentElement.scrollWidth} px`);
      }
      return out;
    }, routes);
    expect(wide).toEqual([]);
    await page.close();
  });
});
