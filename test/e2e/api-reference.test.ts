// The generated API reference of the real site, as a reader sees it in the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRoute, openSite, waitForHydration } from '../helpers/browser.ts';
import { builtSite } from '../helpers/sites.ts';

let site: Awaited<ReturnType<typeof openSite>>;
beforeAll(async () => {
  site = await openSite(await builtSite('unleash'));
});
afterAll(() => site?.close());

describe('API sidebar', () => {
  // Long operation names wrap in the 300 px sidebar; their method label must stay in their own
  // entry, not drift down beside the next one.
  for (const width of [1280, 997]) {
    it(`keeps each operation's method label inside its entry at ${width} px`, async () => {
      const context = await site.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${site.base}/reference/api/unleash/create-feature`);
      await waitForHydration(page);
      const entries = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLAnchorElement>('.doc-sidebar li.api-method > a')]
          .filter((a) => a.offsetParent !== null)
          .map((a) => ({ name: a.textContent, wraps: a.getClientRects()[0].height > 40, overflows: a.scrollHeight > a.clientHeight })),
      );
      // The open "Features" category has operations long enough to wrap.
      expect(entries.length).toBeGreaterThan(20);
      expect(entries.filter((e) => e.wraps).length).toBeGreaterThan(0);
      expect(entries.filter((e) => e.overflows).map((e) => e.name)).toEqual([]);
      await context.close();
    });
  }

  it('marks the current operation, and only it, as the current page, in bold', async () => {
    const page = await openRoute(site, '/reference/api/unleash/create-feature');
    const weights = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('.doc-sidebar a')]
        .filter((a) => a.offsetParent !== null)
        .map((a) => ({ name: a.textContent, current: a.getAttribute('aria-current'), bold: Number(getComputedStyle(a).fontWeight) >= 600 })),
    );
    expect(weights.filter((w) => w.current === 'page').map((w) => w.name)).toEqual(['Add a new feature flag']);
    expect(weights.filter((w) => w.bold).map((w) => w.name)).toEqual(['Add a new feature flag']);
    await page.close();
  });
});

describe('operation summaries', () => {
  // Summaries are inline markdown: rendered in the page's heading, plain text wherever else the
  // title shows (the document title, breadcrumbs, sidebar, previous/next, operation tables).
  it('renders markdown in the heading and plain text everywhere else', async () => {
    const page = await openRoute(site, '/reference/api/unleash/get-users');
    const h1 = page.locator('article h1');
    expect(await h1.textContent()).toBe('Get all users and root roles');
    expect(await h1.locator('a', { hasText: 'root roles' }).getAttribute('href')).toMatch(/rbac#predefined-roles$/);
    expect(await page.title()).toMatch(/^Get all users and root roles \| /);
    expect(await page.locator('.doc-sidebar a[aria-current="page"]').textContent()).toBe('Get all users and root roles');
    const raw = /\]\(|`/;
    for (const route of ['/reference/api/unleash/get-users', '/reference/api/unleash/get-user-roles', '/reference/api/unleash/users', '/reference/api/unleash/get-environment']) {
      await page.goto(site.base + route);
      await waitForHydration(page);
      // Every text of the page but code, which may hold backticks of its own.
      const text = await page.evaluate(() => {
        const body = document.body.cloneNode(true) as HTMLElement;
        body.querySelectorAll('pre, script').forEach((el) => el.remove());
        return [document.title, ...[...body.querySelectorAll('*')].flatMap((el) => [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent!))];
      });
      expect(
        text.filter((t) => raw.test(t)),
        route,
      ).toEqual([]);
    }
    expect(await page.locator('article h1 code').textContent()).toBe('name');
    await page.close();
  });
});

describe('responses', () => {
  // An error response usually has a one-sentence description and a bare `{ type: object }`
  // schema: the heading says it all, and there is no schema or example to show.
  it('shows what a response says once, and no empty schema or example', async () => {
    const page = await openRoute(site, '/reference/api/unleash/create-feature');
    const sections = await page.evaluate(() =>
      [...document.querySelectorAll('article h3[id^="response-"]')].map((h) => {
        const parts: Element[] = [];
        for (let el = h.nextElementSibling; el && !/^H[1-3]$/.test(el.tagName); el = el.nextElementSibling) parts.push(el);
        return {
          id: h.id,
          heading: h.textContent!,
          text: parts.map((p) => p.textContent).join('\n'),
          trees: parts.filter((p) => p.matches('.schema-tree')).length,
          titles: parts.flatMap((p) => [...p.querySelectorAll('.code-title')].map((t) => t.textContent)),
        };
      }),
    );
    const byId = Object.fromEntries(sections.map((s) => [s.id, s]));
    expect(Object.keys(byId)).toEqual(['response-200', 'response-401', 'response-403', 'response-404', 'response-415']);
    expect(byId['response-200'].heading).toBe('200: The request succeeded.');
    expect(byId['response-200'].text).not.toContain('The request succeeded.');
    expect(byId['response-200'].trees).toBe(1);
    expect(byId['response-200'].titles).toEqual(['Example response']);
    for (const id of ['response-401', 'response-403']) {
      expect(byId[id].text, id).not.toContain(byId[id].heading.replace(/^\d+: /, ''));
      expect(byId[id].trees, id).toBe(0);
      expect(byId[id].titles, id).toEqual([]);
    }
    // A longer description is shown in full below its shortened heading.
    expect(byId['response-415'].text).toContain('Send JSON with Content-Type: application/json.');
    await page.close();
  });
});
