// An MDX page of a docs folder moved from Docusaurus, in Chromium: its Tabs (from @theme/Tabs)
// switch and sync by group through docsgen's own script, and the page loads no script beyond the
// shell's, and none of React's for its content.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite, poll, waitForHydration } from '../helpers/browser.ts';
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
    expect(await page.locator('figure').first().evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('solid');
    await page.close();
  }, 60_000);
});
