// Accessibility: axe-core finds no serious or critical violation on the home page, a reference
// page, an API operation page, a tutorial and an API tag page of the real site, in light and dark
// mode; everything is reachable by keyboard with a visible focus; landmarks and toggles are wired
// for assistive technology.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSite, waitForHydration, poll } from '../helpers/browser.ts';
import { builtSite } from '../helpers/sites.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let site: Awaited<ReturnType<typeof openSite>>;
let buildDir: string;
beforeAll(async () => {
  buildDir = await builtSite('unleash');
  site = await openSite(buildDir);
});
afterAll(() => site?.close());

/** The pages the issue names; the API operation page is the first one the build has. */
function pagesToCheck(): string[] {
  const apiDir = path.join(buildDir, 'reference/api/unleash');
  const operation = readdirSync(apiDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()[0];
  const reference = ['/reference/api/legacy/unleash/admin/features', '/reference/api/legacy/unleash'].find((r) => existsSync(path.join(buildDir, r, 'index.html')))!;
  // A tutorial (tabs, code, a diagram) and an API tag page, where the site has them.
  const more = ['/feature-flag-tutorials/react', '/reference/api/unleash/features'].filter((r) => existsSync(path.join(buildDir, r, 'index.html')));
  return ['/', reference, `/reference/api/unleash/${operation}`, ...more];
}

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

describe('axe-core', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`finds no serious or critical violation on the home, reference, API operation, tutorial and API tag pages in ${mode} mode`, async () => {
      const context = await site.newContext();
      await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
      const page = await context.newPage();
      const pages = pagesToCheck();
      expect(pages[2]).toMatch(/^\/reference\/api\/unleash\/[a-z]/);
      const found: Record<string, string[]> = {};
      for (const route of pages) {
        await page.goto(site.base + route);
        await waitForHydration(page);
        expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(mode);
        found[route] = await seriousViolations(page);
      }
      expect(found).toEqual(Object.fromEntries(pages.map((p) => [p, []])));
      await context.close();
    });
  }
});

describe('axe-core at phone width', () => {
  // Tables and code blocks scroll sideways at 390 px: each must be reachable by keyboard.
  it('finds no serious or critical violation at 390 px, on the same pages and a how-to and an SDK page with tables', async () => {
    const context = await site.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const pages = [...pagesToCheck(), '/how-to/how-to-add-sso-saml', '/reference/sdks/node'];
    const found: Record<string, string[]> = {};
    for (const route of pages) {
      await page.goto(site.base + route);
      await waitForHydration(page);
      found[route] = await seriousViolations(page);
    }
    expect(found).toEqual(Object.fromEntries(pages.map((p) => [p, []])));
    await context.close();
  });
});

describe('keyboard', () => {
  it('reaches every control of the shell with Tab, each with a visible focus indicator', async () => {
    const page = await site.context.newPage();
    await page.goto(`${site.base}/quickstart`);
    await waitForHydration(page);
    const visited: { name: string; outline: string }[] = [];
    for (let i = 0; i < 45; i++) {
      await page.keyboard.press('Tab');
      visited.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const style = getComputedStyle(el);
          const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? 'outline' : style.boxShadow !== 'none' ? 'shadow' : 'none';
          return { name: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName, outline };
        }),
      );
    }
    expect(visited[0].name).toBe('Skip to main content');
    const names = visited.map((v) => v.name);
    for (const control of ['Close', 'Quickstart', 'Academy', 'Certification', 'Sign in', 'GitHub', 'Languages: English', 'Search']) {
      expect(
        names.some((n) => n === control || n.endsWith(control)),
        control,
      ).toBe(true);
    }
    expect(names.some((n) => n.startsWith('Switch between dark and light mode'))).toBe(true);
    expect(names.some((n) => n.startsWith('Expand sidebar category') || n.startsWith('Collapse sidebar category'))).toBe(true);
    expect(visited.filter((v) => v.outline === 'none')).toEqual([]);
    await page.close();
  });

  it('operates sidebar categories and the colour toggle from the keyboard', async () => {
    const page = await site.context.newPage();
    await page.goto(`${site.base}/quickstart`);
    await waitForHydration(page);
    const caret = page.getByRole('button', { name: /^Expand sidebar category/ }).first();
    const id = (await caret.getAttribute('aria-controls'))!;
    await caret.focus();
    await page.keyboard.press('Enter');
    await poll(() => page.locator(`#${id}`).isVisible()).toBe(true);
    expect(await page.locator(`[aria-controls="${id}"]`).getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: /Switch between dark and light mode/ }).focus();
    await page.keyboard.press('Space');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    await page.close();
  });
});

describe('landmarks and toggles', () => {
  it('has the landmarks, and every toggle names the element it controls', async () => {
    const page = await site.context.newPage();
    await page.goto(`${site.base}/understanding-unleash/data-collection`);
    await waitForHydration(page);
    expect(await page.getByRole('navigation', { name: 'Main', exact: true }).count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    expect(await page.getByRole('complementary').count()).toBe(1);
    for (const name of ['Docs sidebar', 'Breadcrumbs', 'On this page']) expect(await page.getByRole('navigation', { name }).count(), name).toBe(1);
    const toggles = await page.$$eval('[aria-expanded]', (els) =>
      els.map((el) => ({
        name: el.getAttribute('aria-label') ?? el.textContent,
        controls: el.getAttribute('aria-controls'),
        exists: !!document.getElementById(el.getAttribute('aria-controls') ?? ''),
      })),
    );
    expect(toggles.length).toBeGreaterThan(5);
    expect(toggles.filter((t) => !t.controls || !t.exists)).toEqual([]);
    await page.close();
  });
});
