// The hosted search option: with `search: { provider: 'algolia', … }` the modal and the search page
// query the service (here a local server that records each request and answers in the shape
// Algolia documents for its multi-query endpoint), with the language and docs-version facet
// filters; the page head preconnects to the service; result URLs become local paths unless they
// match externalUrlRegex.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSite, waitForHydration, poll } from '../helpers/browser.ts';
import { fixture, runCli, tempDir } from '../helpers/run.ts';

const APP_ID = 'TESTAPP42';
const API_KEY = 'search-only-key-123';
const INDEX = 'fixture-docs';
const ORIGIN = 'https://search.example.com';

interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: { requests: { indexName: string; params: string }[] };
}

const recorded: Recorded[] = [];
let server: http.Server;
let host: string;
const site = tempDir('docsgen-search-hosted-');
let s: Awaited<ReturnType<typeof openSite>>;

/** DocSearch records, as the service would return them for any query. */
const hit = (url: string, hierarchy: Record<string, string | null>, extra: Record<string, unknown> = {}) => ({
  url,
  type: 'content',
  content: null,
  hierarchy: { lvl0: 'Docs', lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null, ...hierarchy },
  objectID: url,
  ...extra,
});

const HITS = [
  hit(
    `${ORIGIN}/rollouts#sticky-assignment`,
    { lvl1: 'Gradual rollouts', lvl2: 'Sticky assignment' },
    {
      content: 'Each user keeps the same answer while the rollout grows, because assignment is sticky.',
      _highlightResult: { hierarchy: { lvl1: { value: 'Gradual rollouts' }, lvl2: { value: '<mark>Sticky</mark> assignment' } } },
      _snippetResult: { content: { value: '… while the rollout grows, because assignment is <mark>sticky</mark>.' } },
    },
  ),
  hit(`${ORIGIN}/rollouts`, { lvl1: 'Gradual rollouts' }, { type: 'lvl1' }),
  hit('https://external.example.com/blog/sticky-sessions', { lvl1: 'Sticky sessions explained' }, { type: 'lvl1' }),
  hit(
    `${ORIGIN}/tokens#escaping`,
    { lvl1: '<img src=x onerror=alert(3)>', lvl2: 'Escaping' },
    {
      content: 'The text <img src=x onerror=alert(4)> is an example.',
      _snippetResult: { content: { value: 'The text <img src=x onerror=alert(4)> is a <mark>sticky</mark> example.' } },
    },
  ),
];
const NB_HITS = 42;

function answer(query: string, page: number) {
  return {
    results: [
      {
        hits: query === 'nothing-here' ? [] : HITS.map((h) => ({ ...h, objectID: `${h.objectID}-${page}` })),
        nbHits: query === 'nothing-here' ? 0 : NB_HITS,
        page,
        nbPages: query === 'nothing-here' ? 0 : 3,
        hitsPerPage: 20,
        processingTimeMS: 1,
        exhaustiveNbHits: true,
        query,
        params: '',
        index: INDEX,
      },
    ],
  };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Methods': 'POST, OPTIONS' };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const body = JSON.parse(text) as Recorded['body'];
      recorded.push({ method: req.method!, path: decodeURIComponent(req.url!), headers: req.headers, body });
      const params = new URLSearchParams(body.requests[0].params);
      const query = params.get('query') ?? '';
      if (query === 'service-down') {
        res.writeHead(500, { ...cors, 'Content-Type': 'application/json' }).end('{"message":"down"}');
        return;
      }
      res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify(answer(query, Number(params.get('page') ?? 0))));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  host = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  cpSync(fixture('search-site'), site, { recursive: true });
  const configFile = path.join(site, 'site/docsgen.config.ts');
  const before = readFileSync(configFile, 'utf8');
  const after = before.replace(
    /search: \{[\s\S]*?\n {2}\},/,
    `search: {
    provider: 'algolia',
    appId: '${APP_ID}',
    apiKey: '${API_KEY}',
    indexName: '${INDEX}',
    contextualSearch: true,
    externalUrlRegex: 'external\\\\.example\\\\.com',
    host: '${host}',
    missingResultsUrl: 'https://example.com/report?q={query}',
  },`,
  );
  expect(after).not.toBe(before);
  writeFileSync(configFile, after);
  const r = runCli(['build'], site);
  expect(r.status, r.stdout + r.stderr).toBe(0);
  s = await openSite(path.join(site, 'build'));
});
afterAll(async () => {
  await s?.close();
  server?.close();
});
const input = (page: Page) => page.getByRole('dialog').getByRole('combobox');

async function openAndSearch(route: string, query: string): Promise<Page> {
  const page = await s.context.newPage();
  await page.goto(s.base + route);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await input(page).fill(query);
  await page.waitForFunction(
    (q) => document.querySelector(`#docsgen-search-listbox[data-query="${CSS.escape(q)}"]:not([hidden])`) || document.querySelector('.search-no-results, .search-error'),
    query,
  );
  return page;
}

describe('hosted search (Algolia DocSearch)', () => {
  it('builds no local index and preconnects to the service from every page head', () => {
    expect(existsSync(path.join(site, 'build/_search'))).toBe(false);
    for (const file of ['index.html', 'rollouts/index.html', 'search/index.html']) {
      const html = readFileSync(path.join(site, 'build', file), 'utf8');
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, file).toContain(`<link rel="preconnect" href="${host}" crossorigin>`);
    }
  });

  it('queries the service with the keys, the index and the language and docs-version facet filters', async () => {
    recorded.length = 0;
    const page = await openAndSearch('/rollouts', 'sticky');
    const request = recorded.find((r) => new URLSearchParams(r.body.requests[0].params).get('query') === 'sticky');
    expect(request).toBeDefined();
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/1/indexes/*/queries');
    expect(request!.headers['x-algolia-application-id']).toBe(APP_ID);
    expect(request!.headers['x-algolia-api-key']).toBe(API_KEY);
    expect(request!.body.requests[0].indexName).toBe(INDEX);
    const facetFilters = JSON.parse(new URLSearchParams(request!.body.requests[0].params).get('facetFilters')!) as (string | string[])[];
    expect(facetFilters).toContain('language:en');
    expect(facetFilters.flat()).toContain('docusaurus_tag:docs-default-current');
    // Nothing was asked of a local index.
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/_search/')))).toBe(false);
    await page.close();
  });

  it('shows the answer grouped by page, with highlighted headings and excerpts, local URLs for this site and external ones kept', async () => {
    const page = await openAndSearch('/', 'sticky');
    const titles = await page.$$eval('.search-group-title', (els) => els.map((e) => e.textContent));
    expect(titles).toEqual(['Gradual rollouts', 'Sticky sessions explained', '<img src=x onerror=alert(3)>']);
    const hrefs = await page.$$eval('[role="option"]', (os) => os.map((o) => o.getAttribute('href')));
    expect(hrefs).toEqual(['/rollouts#sticky-assignment', '/rollouts', 'https://external.example.com/blog/sticky-sessions', '/tokens#escaping']);
    const first = page.getByRole('option').first();
    expect(await first.locator('.search-hit-heading mark').textContent()).toBe('Sticky');
    expect(await first.locator('.search-hit-excerpt mark').textContent()).toBe('sticky');
    const seeAll = page.getByRole('link', { name: `See all ${NB_HITS} results` });
    expect(await seeAll.getAttribute('href')).toBe('/search?q=sticky');
    await page.close();
  });

  it('shows markup in the answer as text, never as HTML', async () => {
    const page = await s.context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${s.base}/`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await input(page).fill('<img src=x onerror=alert(1)>');
    await page.waitForSelector('#docsgen-search-listbox:not([hidden])');
    expect(await page.locator('.search-hit-excerpt', { hasText: 'onerror=alert(4)' }).textContent()).toContain('The text <img src=x onerror=alert(4)> is a sticky example.');
    expect(await page.evaluate(() => document.querySelectorAll('img[src="x"], img[onerror]').length)).toBe(0);
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('opens a result of this site by client navigation', async () => {
    const page = await openAndSearch('/', 'sticky');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 3));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${s.base}/rollouts#sticky-assignment`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(3);
    await page.close();
  });

  it("says 'Unable to fetch results' when the service fails", async () => {
    const page = await openAndSearch('/', 'service-down');
    expect(await page.locator('.search-error p').allTextContents()).toEqual(['Unable to fetch results', 'You might want to check your network connection.']);
    await page.close();
  });

  it("says 'No results for' the query when the service finds nothing", async () => {
    const page = await openAndSearch('/', 'nothing-here');
    expect(await page.locator('.search-no-results .search-message-title').textContent()).toBe('No results for "nothing-here"');
    expect(await page.getByRole('link', { name: 'Let us know.' }).getAttribute('href')).toBe('https://example.com/report?q=nothing-here');
    await page.close();
  });

  it('fills the search page from the service and asks for the next page of records for more', async () => {
    recorded.length = 0;
    const page = await s.context.newPage();
    await page.goto(`${s.base}/search?q=sticky`);
    await page.waitForSelector('.search-page-results[data-query="sticky"]');
    await page.getByRole('button', { name: 'Load more results' }).click();
    await poll(() => recorded.map((r) => new URLSearchParams(r.body.requests[0].params).get('page'))).toContain('1');
    await page.close();
  });
});
