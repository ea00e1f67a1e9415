// An MDX page of a docs folder moved from Docusaurus, in Chromium: its Tabs (from @theme/Tabs)
// switch and sync by group through docsgen's own script, and the page loads no script beyond the
// shell's, and none of React's for its content.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectConsole, openSite, poll, waitForHydration } from '../helpers/browser.ts';
import { fixture, runCli, tempDir } from '../helpers/run.ts';

let site: Awaited<ReturnType<typeof openSite>>;
beforeAll(async () => {
  const dir = tempDir('docsgen-mdx-e2e-');
  cpSync(fixture('docusaurus-docs'), dir, { recursive: true });
  const r = runCli(['build', '--config', 'docsgen.config.ts'], dir);
  expect(r.status, r.stderr).toBe(0);
  site = await openSite(path.join(dir, 'build'));
}, 60_000);
afterAll(() => site?.close());

describe('an MDX page with Docusaurus components', () => {
  it("switches its @theme/Tabs with the markdown tabs script, and loads only the shell's scripts", async () => {
    const scriptsOf = async (route: string) => {
      const page = await site.context.newPage();
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
      await page.goto(site.base + route);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      return { page, scripts: scripts.sort() };
    };
    const markdown = await scriptsOf('/intro');
    await markdown.page.close();
    const { page, scripts } = await scriptsOf('/guides/components');
    // The markdown page's scripts, and the shell's tabs feature, which a page with ::::tabs loads too.
    expect(scripts.filter((s) => !markdown.scripts.includes(s))).toEqual([expect.stringMatching(/^\/assets\/js\/tabs-\w+\.js$/)]);
    const panel = (value: string) => page.locator(`.tabs[data-group="package-manager"] [role="tabpanel"][data-value="${value}"]`);
    expect(await panel('npm').isVisible()).toBe(true);
    expect(await panel('yarn').isVisible()).toBe(false);
    await page.getByRole('tab', { name: 'Yarn' }).click();
    await poll(() => panel('yarn').isVisible()).toBe(true);
    expect(await panel('npm').isVisible()).toBe(false);
    // The group's choice is remembered: on the next load the Yarn tab is the one shown.
    await page.reload();
    await waitForHydration(page);
    await poll(() => panel('yarn').isVisible()).toBe(true);
    // The site component's CSS module applies.
    expect(
      await page
        .locator('figure')
        .first()
        .evaluate((el) => getComputedStyle(el).borderTopStyle),
    ).toBe('solid');
    await page.close();
  }, 60_000);

  it('hydrates an island (a component that says client = true) when it comes into view, from its own small chunk', async () => {
    const page = await site.context.newPage();
    const problems = collectConsole(page);
    const chunks: string[] = [];
    page.on('request', (r) => r.url().includes('/assets/islands/') && chunks.push(new URL(r.url()).pathname));
    await page.goto(`${site.base}/guides/interactive`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const island = page.locator('docsgen-island');
    // Server-rendered, in the page, before any of its code is loaded.
    expect(await page.evaluate(() => document.querySelector('docsgen-island output')?.textContent)).toBe('2');
    expect(chunks).toEqual([]);
    await island.scrollIntoViewIfNeeded();
    await poll(() => island.evaluate((el) => (el as HTMLElement).dataset.hydrated !== undefined)).toBe(true);
    expect(chunks).toEqual([expect.stringMatching(/^\/assets\/islands\/Counter-[0-9a-f]{10}\.js$/)]);
    await island.getByRole('button', { name: 'Add one' }).click();
    await poll(() => island.locator('output').textContent()).toBe('3');
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
