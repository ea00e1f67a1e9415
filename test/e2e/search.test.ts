// Search with the static index, as a reader uses it: the modal (opening, results as you type,
// keyboard, focus, the error and no-results states) and the /search page, on a fixture whose
// pages the tests know. The expected matches are counted from the fixture's markdown here, not
// taken from the code under test.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { collectConsole, openSite, serveDir, waitForHydration, poll } from '../helpers/browser.ts';
import { fixture, runCli, tempDir } from '../helpers/run.ts';

const site = tempDir('docsgen-search-');
let s: Awaited<ReturnType<typeof openSite>>;

beforeAll(async () => {
  cpSync(fixture('search-site'), site, { recursive: true });
  const r = runCli(['build'], site);
  expect(r.status, r.stdout + r.stderr).toBe(0);
  s = await openSite(path.join(site, 'build'));
});
afterAll(() => s?.close());
const config = readFileSync(path.join(fixture('search-site'), 'site/docsgen.config.ts'), 'utf8');

/** Fixture pages whose prose (code blocks left out) mentions a word, as routes. */
function pagesMentioning(word: RegExp): string[] {
  const docs = path.join(fixture('search-site'), 'content/docs');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.md')) {
        const prose = readFileSync(p, 'utf8')
          .replace(/^---[\s\S]*?\n---\n/, '')
          .replace(/```[\s\S]*?```/g, '');
        if (word.test(prose)) out.push(e.name === 'intro.md' ? '/' : `/${path.relative(docs, p).replace(/\.md$/, '')}`);
      }
    }
  };
  walk(docs);
  return out.sort();
}

async function open(route: string): Promise<Page> {
  const page = await s.context.newPage();
  await page.goto(s.base + route);
  await waitForHydration(page);
  return page;
}

const dialog = (page: Page) => page.getByRole('dialog');
const input = (page: Page) => dialog(page).getByRole('combobox');

async function openModal(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);
}

/** Types a query and waits for the results (or the no-results or error state) of that very query. */
async function search(page: Page, query: string): Promise<void> {
  await input(page).fill(query);
  await page.waitForFunction(
    (q) => document.querySelector(`#docsgen-search-listbox[data-query="${CSS.escape(q)}"]:not([hidden])`) || document.querySelector('.search-no-results, .search-error'),
    query,
  );
}

const groupUrls = (page: Page) => page.$$eval('#docsgen-search-listbox [role="group"]', (gs) => gs.map((g) => new URL(g.querySelector('a')!.href).pathname));

describe('search modal', () => {
  it('loads no search code until it is opened, then only the modal and the index files it needs', async () => {
    const page = await s.context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`${s.base}/rollouts`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(requested.filter((u) => u.startsWith('/_search/') || /\/(modal|page)-[A-Z0-9]+\.js$/.test(u))).toEqual([]);
    await openModal(page);
    await search(page, 'rollout');
    expect(requested.some((u) => /\/modal-[A-Z0-9]+\.js$/.test(u))).toBe(true);
    expect(requested).toContain('/_search/pagefind.js');
    // Only the word chunks and fragments a query needs: far fewer than the index holds.
    const fragments = requested.filter((u) => u.startsWith('/_search/fragment/'));
    const allFragments = readdirSync(path.join(site, 'build/_search/fragment'));
    expect(fragments.length).toBeGreaterThan(0);
    expect(fragments.length).toBeLessThan(allFragments.length);
    await page.close();
  });

  it('is an accessible modal dialog with a labelled search field', async () => {
    const page = await open('/rollouts');
    await openModal(page);
    expect(await dialog(page).getAttribute('aria-modal')).toBe('true');
    expect(await page.getByLabel('Search the documentation').evaluate((el) => el === document.activeElement)).toBe(true);
    await search(page, 'rollout');
    const listbox = page.getByRole('listbox');
    expect(await input(page).getAttribute('aria-controls')).toBe(await listbox.getAttribute('id'));
    expect(await input(page).getAttribute('aria-expanded')).toBe('true');
    expect(await listbox.getByRole('option').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('passes axe-core with results, with no results, and on the search page', async () => {
    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const violations = async (page: Page, selector: string) => {
      if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
      return page.evaluate(async (sel) => {
        const axe = (window as unknown as { axe: { run: (ctx: string) => Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> } }).axe;
        return (await axe.run(sel)).violations.map((v) => `${v.id}: ${v.nodes[0].html}`);
      }, selector);
    };
    const page = await open('/rollouts');
    await openModal(page);
    await search(page, 'rollout');
    await page.keyboard.press('ArrowDown');
    expect(await violations(page, '#docsgen-search')).toEqual([]);
    await search(page, 'kumquat');
    expect(await violations(page, '#docsgen-search')).toEqual([]);
    await page.goto(`${s.base}/search?q=widget`);
    await page.waitForSelector('.search-page-results[data-query="widget"]');
    expect(await violations(page, '.search-page')).toEqual([]);
    await page.close();
  });

  it('shows results as you type, grouped by page, each with its heading and an excerpt with the terms highlighted', async () => {
    const page = await open('/');
    await openModal(page);
    await search(page, 'rollout');
    const expected = pagesMentioning(/rollout/i);
    expect(expected.length).toBeGreaterThan(1);
    expect((await groupUrls(page)).sort()).toEqual(expected);
    // Each page is one group, titled with the page's title.
    const titles = await page.$$eval('.search-group-title', (els) => els.map((e) => e.textContent));
    expect(titles).toContain('Gradual rollouts');
    expect(new Set(titles).size).toBe(titles.length);
    // A hit names the section it matched in and links to it.
    const hit = page.locator('.search-hit', { hasText: 'Sticky assignment' });
    expect(await hit.getAttribute('href')).toBe('/rollouts#sticky-assignment');
    const marks = await page.$$eval('.search-hit-excerpt mark', (ms) => ms.map((m) => m.textContent!.toLowerCase()));
    expect(marks.length).toBeGreaterThan(0);
    for (const m of marks) expect(m).toMatch(/^rollouts?\W*$/);
    // Typing more narrows the results.
    await search(page, 'rollout sticky');
    expect(await groupUrls(page)).toEqual(['/rollouts']);
    await page.close();
  });

  it('moves with the arrow keys and opens the chosen result with Enter, by client navigation', async () => {
    const page = await open('/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    await openModal(page);
    await search(page, 'rollout');
    const options = page.getByRole('option');
    const selected = () => page.$$eval('[role="option"]', (os) => os.findIndex((o) => o.getAttribute('aria-selected') === 'true'));
    expect(await selected()).toBe(0);
    await page.keyboard.press('ArrowDown');
    await poll(selected).toBe(1);
    expect(await input(page).getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    await page.keyboard.press('ArrowUp');
    await poll(selected).toBe(0);
    await page.keyboard.press('ArrowUp'); // wraps to the last
    const count = await options.count();
    await poll(selected).toBe(count - 1);
    await page.keyboard.press('ArrowDown'); // and back to the first
    await poll(selected).toBe(0);
    await page.keyboard.press('ArrowDown');
    await poll(selected).toBe(1);
    const href = await options.nth(1).getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${s.base}${href}`);
    await poll(() => dialog(page).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
    await page.close();
  });

  it('closes with Escape and gives focus back to the button that opened it, or to the element focused before a hotkey', async () => {
    const page = await open('/');
    await openModal(page);
    await page.keyboard.press('Escape');
    await poll(() => dialog(page).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search');
    // From a link in the content, with the '/' hotkey.
    const link = page.locator('.markdown a').first();
    await link.focus();
    const linkHref = await link.getAttribute('href');
    await page.keyboard.press('/');
    await poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => dialog(page).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(linkHref);
    await page.close();
  });

  it('keeps focus inside while open (Tab and Shift+Tab wrap around)', async () => {
    const page = await open('/rollouts');
    await openModal(page);
    await search(page, 'rollout');
    const inside = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
      seen.add(await page.evaluate(() => document.activeElement!.outerHTML.slice(0, 60)));
    }
    // Cycling, not stuck: the input, the close button and the 'See all' link at least.
    expect(seen.size).toBeGreaterThanOrEqual(3);
    await input(page).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await inside()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('INPUT');
    await page.close();
  });

  it("links 'See all {count} results' to the search page, which opens with the query by client navigation", async () => {
    const page = await open('/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 9));
    await openModal(page);
    await search(page, 'widget');
    const total = pagesMentioning(/widget/i).length;
    expect(total).toBeGreaterThan(8);
    const seeAll = page.getByRole('link', { name: `See all ${total} results` });
    expect(await seeAll.getAttribute('href')).toBe('/search?q=widget');
    await seeAll.click();
    await page.waitForURL(`${s.base}/search?q=widget`);
    await poll(() => dialog(page).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(9);
    await poll(() => page.locator('.search-page-input').inputValue()).toBe('widget');
    await page.waitForSelector('.search-page-results[data-query="widget"]');
    await page.close();
  });

  it("says 'Unable to fetch results' when the index cannot be fetched", async () => {
    const context = await s.newContext();
    await context.route('**/_search/**', (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    await page.goto(`${s.base}/rollouts`);
    await waitForHydration(page);
    await openModal(page);
    await search(page, 'rollout');
    const error = page.locator('.search-error');
    expect(await error.locator('p').allTextContents()).toEqual(['Unable to fetch results', 'You might want to check your network connection.']);
    expect(await page.getByRole('option').count()).toBe(0);
    await context.close();
  });

  it("says 'Unable to fetch results', not 'No results', when only the index's word chunks cannot be fetched", async () => {
    // Pagefind itself loads; the chunk holding the words fails. Pagefind logs that and answers with
    // no matches, which the modal used to show as 'No results'.
    const context = await s.newContext();
    await context.route('**/_search/index/**', (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    await page.goto(`${s.base}/rollouts`);
    await waitForHydration(page);
    await openModal(page);
    await search(page, 'rollout');
    expect(await page.locator('.search-error p').allTextContents()).toEqual(['Unable to fetch results', 'You might want to check your network connection.']);
    expect(await page.locator('.search-no-results').count()).toBe(0);
    // Back online, the same query finds its pages (the failed chunk was not remembered as loaded).
    await context.unroute('**/_search/index/**');
    await search(page, 'rollouts');
    await poll(() => page.getByRole('option').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('says the search cannot load, offline before it was ever opened, and closes with Escape', async () => {
    const context = await s.newContext();
    const page = await context.newPage();
    await page.goto(`${s.base}/rollouts`);
    await waitForHydration(page);
    await context.setOffline(true);
    await page.keyboard.press('Control+k');
    const alert = page.getByRole('alertdialog', { name: 'Search' });
    await alert.waitFor();
    expect(await alert.locator('p').allTextContents()).toEqual(['Unable to fetch results', 'You might want to check your network connection.']);
    expect(await alert.getByRole('button').evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => alert.count()).toBe(0);
    // Online again, the modal opens.
    await context.setOffline(false);
    await page.keyboard.press('Control+k');
    await poll(() => input(page).count()).toBe(1);
    await context.close();
  });

  it('says there are no results for a word the site does not have, though Pagefind matches its first letters', async () => {
    const page = await open('/rollouts');
    // Pagefind alone answers such a query with every page holding a word that starts like it ("to", "tok…").
    // (A string, so that the test runner leaves this import() alone.)
    const raw = await page.evaluate(
      `(async () => { const pf = await import('/_search/pagefind.js'); await pf.options({ noWorker: true, baseUrl: '/' }); return (await pf.search('tokzzz')).results.length; })()`,
    );
    expect(raw).toBeGreaterThan(0);
    await openModal(page);
    await search(page, 'tokzzz');
    expect(await page.locator('.search-no-results .search-message-title').textContent()).toBe('No results for "tokzzz"');
    // A near form of a real word still finds it.
    await search(page, 'rollouts');
    expect(await groupUrls(page)).toEqual(expect.arrayContaining(['/rollouts']));
    await page.close();
  });

  it('says there are no results, suggests queries from the config and links to the report address', async () => {
    const page = await open('/rollouts');
    await openModal(page);
    await search(page, 'kumquat');
    const box = page.locator('.search-no-results');
    expect(await box.locator('.search-message-title').textContent()).toBe('No results for "kumquat"');
    expect(await box.getByText('Try searching for', { exact: true }).isVisible()).toBe(true);
    const suggestions = await box.locator('.search-suggestion').allTextContents();
    const configured = JSON.parse(/suggestions: (\[.*\])/.exec(config)![1].replace(/'/g, '"')) as string[];
    expect(suggestions).toEqual(configured);
    expect(await box.getByText('Believe this query should return results?').isVisible()).toBe(true);
    const report = box.getByRole('link', { name: 'Let us know.' });
    const template = /missingResultsUrl: '([^']+)'/.exec(config)![1];
    expect(await report.getAttribute('href')).toBe(template.replace('{query}', 'kumquat'));
    // A suggestion runs its query.
    await box.locator('.search-suggestion', { hasText: 'rollout' }).click();
    await page.waitForSelector('#docsgen-search-listbox[data-query="rollout"]:not([hidden])');
    expect(await input(page).inputValue()).toBe('rollout');
    await page.close();
  });
});

describe('the query is text everywhere', () => {
  const attack = '<img src=x onerror=alert(1)>';

  async function guarded(route: string) {
    const page = await s.context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const messages = collectConsole(page);
    await page.goto(s.base + route);
    await waitForHydration(page);
    const injected = () => page.evaluate(() => document.querySelectorAll('img[src="x"], img[onerror]').length);
    return { page, dialogs, injected, messages };
  }

  it('shows a query like <img src=x onerror=…> in the modal as typed, and never runs it', async () => {
    const { page, dialogs, injected } = await guarded('/rollouts');
    await openModal(page);
    await search(page, attack);
    expect(await input(page).inputValue()).toBe(attack);
    await poll(() => page.locator('.search-no-results, #docsgen-search-listbox:not([hidden])').first().isVisible()).toBe(true);
    if (await page.locator('.search-no-results').count()) expect(await page.locator('.search-message-title').textContent()).toBe(`No results for "${attack}"`);
    expect(await injected()).toBe(0);
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('shows markup quoted in a page as text in the excerpt', async () => {
    const { page, dialogs, injected } = await guarded('/rollouts');
    await openModal(page);
    await search(page, 'onerror');
    const excerpt = page.locator('.search-hit-excerpt', { hasText: 'onerror' }).first();
    expect(await excerpt.textContent()).toContain('<img src=x onerror=alert(2)>');
    expect(await injected()).toBe(0);
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('shows it on /search?q=… in the input and the message, and never runs it', async () => {
    const { page, dialogs, injected } = await guarded(`/search?q=${encodeURIComponent(attack)}`);
    await poll(() => page.locator('.search-page-input').inputValue()).toBe(attack);
    await page.waitForSelector('.search-no-results, .search-page-results');
    if (await page.locator('.search-no-results').count()) expect(await page.locator('.search-message-title').textContent()).toBe(`No results for "${attack}"`);
    expect(await injected()).toBe(0);
    expect(dialogs).toEqual([]);
    await page.close();
  });
});

describe('search page', () => {
  it('puts the query from the URL in its input and lists every result, in batches', async () => {
    const page = await open('/search?q=widget');
    // As on a slow network: of the fragments a batch asks for at once, the first arrives at once
    // and the others late, so every batch is seen half-loaded.
    let lastAsked = 0;
    await page.route('**/fragment/**', async (route) => {
      const now = Date.now();
      const late = now - lastAsked < 200;
      lastAsked = now;
      if (late) await new Promise((res) => setTimeout(res, 800));
      await route.continue();
    });
    await poll(() => page.locator('.search-page-input').inputValue()).toBe('widget');
    await page.waitForSelector('.search-page-results[data-query="widget"]');
    const expected = pagesMentioning(/widget/i);
    const shown = () => page.$$eval('.search-page-result-title a', (as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    const first = await shown();
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(expected.length);
    // The button comes a moment after the first batch: wait for it (click does) rather than count it.
    while ((await shown()).length < expected.length) {
      const before = (await shown()).length;
      await page.getByRole('button', { name: 'Load more results' }).click();
      await poll(async () => (await shown()).length).toBeGreaterThan(before);
      // A batch shows its first results while the rest still load (data-query is empty until it
      // is done); only a finished batch says whether there is more to load.
      await page.waitForSelector('.search-page-results[data-query="widget"]');
    }
    expect(await page.getByRole('button', { name: 'Load more results' }).count()).toBe(0);
    expect((await shown()).sort()).toEqual(expected);
    expect(await page.getByRole('status').textContent()).toBe(`${expected.length} results for "widget"`);
    await page.close();
  });

  it('sits in the middle of a wide window, not in its left half', async () => {
    const page = await open('/search?q=widget');
    const box = await page.locator('.doc-article').evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    expect(Math.abs(box.left - (width - box.right))).toBeLessThan(2);
    await page.close();
  });

  it('keeps the URL in step with the query without adding history entries', async () => {
    const page = await open('/rollouts');
    await page.goto(`${s.base}/search?q=widget`);
    await waitForHydration(page);
    await page.waitForSelector('.search-page-results[data-query="widget"]');
    const length = await page.evaluate(() => history.length);
    const field = page.locator('.search-page-input');
    await field.fill('sticky');
    await poll(() => page.evaluate(() => location.search)).toBe('?q=sticky');
    await page.waitForSelector('.search-page-results[data-query="sticky"]');
    await field.fill('rollout sticky');
    await poll(() => page.evaluate(() => location.search)).toBe('?q=rollout+sticky');
    expect(await page.evaluate(() => history.length)).toBe(length);
    // Back leaves the search page instead of stepping through queries.
    await page.goBack();
    await page.waitForURL(`${s.base}/rollouts`);
    await page.close();
  });

  it('follows a new query when the modal sends the reader to it while already there', async () => {
    const page = await open('/search?q=widget');
    await page.waitForSelector('.search-page-results[data-query="widget"]');
    await openModal(page);
    await search(page, 'rollout');
    await page.getByRole('link', { name: /^See all \d+ results$/ }).click();
    await page.waitForURL(`${s.base}/search?q=rollout`);
    await poll(() => page.locator('.search-page-input').inputValue()).toBe('rollout');
    await page.waitForSelector('.search-page-results[data-query="rollout"]');
    await page.close();
  });

  it('explains itself without JavaScript', async () => {
    const context = await s.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${s.base}/search?q=widget`);
    expect(await page.locator('h1').textContent()).toBe('Search the documentation');
    const note = page.locator('.search-page-noscript');
    expect(await note.isVisible()).toBe(true);
    expect(await note.textContent()).toMatch(/^Search needs JavaScript\./);
    expect(await page.getByRole('searchbox').isVisible()).toBe(true);
    await context.close();
  });

  it('hydrates without a console error or warning', async () => {
    const page = await s.context.newPage();
    const messages = collectConsole(page);
    await page.goto(`${s.base}/search?q=widget`);
    await waitForHydration(page);
    await page.waitForSelector('.search-page-results[data-query="widget"]');
    // Client navigation away and back mounts the page again.
    await page.getByRole('link', { name: 'Rollouts', exact: true }).first().click();
    await page.waitForURL(`${s.base}/rollouts`);
    await page.goBack();
    await page.waitForURL(`${s.base}/search?q=widget`);
    await page.waitForSelector('.search-page-results[data-query="widget"]');
    expect(messages).toEqual([]);
    await page.close();
  });
});

describe('a site whose index is made in parts', () => {
  // The fixture, with a Pagefind index every 4 pages (a large site gets one every 1,000).
  const parts = tempDir('docsgen-search-parts-');
  let served: Awaited<ReturnType<typeof serveDir>>;
  beforeAll(async () => {
    cpSync(fixture('search-site'), parts, { recursive: true });
    const file = path.join(parts, 'site/docsgen.config.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace("provider: 'local',", "provider: 'local',\n    pagesPerIndex: 4,"));
    const r = runCli(['build'], parts);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    served = await serveDir(path.join(parts, 'build'));
  });
  afterAll(() => served?.close());

  it('writes each part, and the list of them, and finds every matching page across all of them', async () => {
    const { indexes } = JSON.parse(readFileSync(path.join(parts, 'build/_search/shards.json'), 'utf8')) as { indexes: string[] };
    // Every markdown page is indexed (the generated /search page is not): a part per 4 of them, the first at the top.
    const pagesIndexed = readdirSync(path.join(fixture('search-site'), 'content/docs'), { recursive: true }).filter((f) => String(f).endsWith('.md')).length;
    expect(indexes).toEqual(Array.from({ length: Math.ceil(pagesIndexed / 4) - 1 }, (_, i) => `s${i + 1}/`));
    for (const index of indexes) expect(readdirSync(path.join(parts, 'build/_search', index))).toContain('pagefind-entry.json');
    const page = await s.context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`${served.url}/search?q=widget`);
    await waitForHydration(page);
    await page.waitForSelector('.search-page-results[data-query="widget"]');
    const expected = pagesMentioning(/widget/i);
    const shown = () => page.$$eval('.search-page-result-title a', (as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    while ((await shown()).length < expected.length) {
      const before = (await shown()).length;
      await page.getByRole('button', { name: 'Load more results' }).click();
      await poll(async () => (await shown()).length).toBeGreaterThan(before);
      await page.waitForSelector('.search-page-results[data-query="widget"]');
    }
    expect((await shown()).sort()).toEqual(expected);
    // The results came from more than one part.
    expect(new Set(requested.filter((u) => u.includes('/fragment/')).map((u) => u.split('/fragment/')[0])).size).toBeGreaterThan(1);
    await page.close();
  });
});
