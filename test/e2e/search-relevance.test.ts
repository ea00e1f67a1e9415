// Relevance on the Unleash site: each query finds the obviously right page among its first three
// results. The right page is the reference or guide page the spec names for the subject; while that
// page is not written yet, the API reference pages of the subject (the operations filed under its
// OpenAPI tag) or the existing page about it stand in. A query with neither is skipped, and runs
// by itself once its page exists: pages are never written to satisfy a query.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SidebarNode } from '../../src/shared/types.ts';
import { openSite } from '../helpers/browser.ts';
import { builtSite } from '../helpers/sites.ts';

interface Case {
  query: string;
  /** The pages the spec names for the subject. */
  pages: string[];
  /** Stand-ins while those do not exist: existing pages about the subject. */
  standIns?: string[];
  /** Stand-ins: the API reference pages filed under these OpenAPI tags. */
  apiTags?: string[];
  /** Stand-ins: API operation pages whose slug has this in it. */
  apiSlug?: RegExp;
}

const CASES: Case[] = [
  { query: 'gradual rollout', pages: ['/use-cases/gradual-rollout', '/reference/activation-strategies'] },
  { query: 'api token', pages: ['/reference/api-tokens-and-client-keys', '/how-to/how-to-create-api-tokens'], apiTags: ['API tokens'] },
  { query: 'segment', pages: ['/reference/segments'], standIns: ['/reference/api/legacy/unleash/admin/segments'], apiTags: ['Segments'] },
  { query: 'unleash edge', pages: ['/reference/unleash-edge'], standIns: ['/understanding-unleash/proxy-hosting'], apiTags: ['Edge'] },
  { query: 'variants', pages: ['/reference/feature-toggle-variants', '/reference/strategy-variants'], apiSlug: /variants/ },
  { query: 'import export', pages: ['/how-to/how-to-import-export'], standIns: ['/reference/api/legacy/unleash/admin/state'], apiTags: ['Import/Export'] },
  { query: 'sso', pages: ['/reference/sso', '/how-to/sso'] },
  { query: 'change request', pages: ['/reference/change-requests'], apiTags: ['Change Requests'] },
  { query: 'python sdk', pages: ['/reference/sdks/python', '/feature-flag-tutorials/python'] },
  { query: 'feature flag', pages: ['/what-is-a-feature-flag', '/reference/feature-toggles'] },
  { query: 'django', pages: ['/feature-flag-tutorials/django'] },
  { query: 'a/b testing', pages: ['/feature-flag-tutorials/use-cases/a-b-testing'] },
  { query: 'spring boot', pages: ['/feature-flag-tutorials/spring-boot', '/reference/sdks/java'] },
];

let build: string;
let s: Awaited<ReturnType<typeof openSite>>;

beforeAll(async () => {
  build = await builtSite('unleash');
  s = await openSite(build);
});
afterAll(() => s?.close());

/** A route is a page of the site when it has a data chunk (redirect stubs have none). */
const exists = (route: string) => existsSync(path.join(build, '_data', `${route.slice(1)}.json`));

/** Routes of the API reference filed under an OpenAPI tag: the tag's category in the docs sidebar. */
function routesOfTag(tag: string): string[] {
  const dir = path.join(build, '_sidebars');
  const found: string[] = [];
  const collect = (nodes: SidebarNode[], inside: boolean) => {
    for (const n of nodes) {
      if (n.kind === 'category') collect(n.items, inside || n.label === tag);
      else if (n.kind === 'doc' && inside && n.route.startsWith('/reference/api/unleash/')) found.push(n.route);
    }
  };
  for (const f of readdirSync(dir)) collect((JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { items: SidebarNode[] }).items, false);
  return found;
}

function targetsOf(c: Case): { targets: string[]; standIn: boolean } {
  const pages = c.pages.filter(exists);
  if (pages.length) return { targets: pages, standIn: false };
  const apiPages = readdirSync(path.join(build, '_data/reference/api/unleash')).map((f) => `/reference/api/unleash/${f.replace(/\.json$/, '')}`);
  const standIns = [...(c.standIns ?? []).filter(exists), ...(c.apiTags ?? []).flatMap(routesOfTag), ...(c.apiSlug ? apiPages.filter((r) => c.apiSlug!.test(r.slice(r.lastIndexOf('/') + 1))) : [])];
  return { targets: standIns, standIn: true };
}

describe('search relevance on the Unleash site', () => {
  for (const c of CASES) {
    it(`'${c.query}' finds the right page among its first three results`, async (ctx) => {
      const { targets } = targetsOf(c);
      if (targets.length === 0) ctx.skip(`no page for '${c.query}' yet (${c.pages.join(', ')})`);
      const page = await s.context.newPage();
      await page.goto(`${s.base}/search?q=${encodeURIComponent(c.query)}`);
      await page.waitForSelector(`.search-page-results[data-query="${c.query}"]`);
      const top = await page.$$eval('.search-page-result-title a', (as) => as.slice(0, 3).map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      expect(top.length).toBe(3);
      expect(
        top.filter((r) => targets.includes(r)),
        `top three: ${top.join(', ')}; right pages: ${targets.join(', ')}`,
      ).not.toEqual([]);
      await page.close();
    });
  }
});
