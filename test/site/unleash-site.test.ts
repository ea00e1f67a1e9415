// The Unleash docs build with no errors, and every route the finished areas own exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { SidebarNode } from '../../src/shared/types.ts';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempDir } from '../helpers/run.ts';

const reference = JSON.parse(readFileSync(path.join(repoRoot, '../shared/reference/unleash-site.json'), 'utf8')) as {
  docs: { route: string; id: string }[];
  generatedIndexPages: { route: string }[];
  redirects: { from: string[]; to: string }[];
};
const api = JSON.parse(readFileSync(path.join(repoRoot, '../shared/reference/unleash-api-operations.json'), 'utf8')) as {
  operations: { route: string; method: string; path: string }[];
};
const sdkReadmes = (
  JSON.parse(readFileSync(path.join(repoRoot, '../shared/reference/unleash-site.json'), 'utf8')) as {
    sdkReadmes: { url: string; route: string; custom_edit_url: string }[];
  }
).sdkReadmes;
const legacy = JSON.parse(readFileSync(path.join(repoRoot, '../shared/reference/legacy-api-pages.json'), 'utf8')) as { pages: { route: string }[] };

/** The areas written so far; each later area adds its prefix here when it lands. */
const AREAS = ['/feature-flag-tutorials', '/topics', '/understanding-unleash', '/unleash-academy', '/contributing', '/reference', '/using-unleash/deploy', '/using-unleash/troubleshooting', '/how-to'];
const SINGLE_PAGES = ['/', '/use-cases', '/languages-and-frameworks', '/quickstart', '/what-is-a-feature-flag', '/how-to-create-feature-flag', '/client-specification'];
const inArea = (route: string) => SINGLE_PAGES.includes(route) || AREAS.some((a) => route === a || route.startsWith(`${a}/`));

const out = path.join(tempDir('docsgen-unleash-'), 'build');
let stdout = '';
let stderr = '';

beforeAll(() => {
  const r = runCli(['build', '--out', out], repoRoot);
  stdout = r.stdout;
  stderr = r.stderr;
  expect(r.status).toBe(0);
}, 300_000);

const htmlOf = (route: string) => path.join(out, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);

describe('the Unleash site', () => {
  it('builds without errors, and warns of nothing but remote documents built from their snapshots', () => {
    expect(stdout).toMatch(/built \d+ pages/);
    // Where GitHub cannot be reached (this project's machines), every remote document comes from its snapshot.
    const lines = stderr.split('\n').filter(Boolean);
    if (lines.length) {
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^site\/docsgen\.config\.ts:\d+:\d+  warning: 21 remote documents could not be fetched; built from their committed snapshots: /);
      expect(lines[1]).toMatch(/^ {4}hint: /);
    }
  });

  it('publishes the SDK, Edge and Proxy READMEs the real site downloads as remote documents, at its routes, with its edit links', () => {
    expect(sdkReadmes).toHaveLength(21);
    for (const doc of sdkReadmes) {
      const html = readFileSync(htmlOf(doc.route), 'utf8');
      expect(html, doc.route).toContain(`<a class="edit-link" href="${doc.custom_edit_url}"`);
      // Its markdown is no page of the docs folder any more: the remote document is the only source.
      const local = path.join(repoRoot, 'content/docs', `${doc.route.slice(1)}.md`);
      expect(existsSync(local) || existsSync(local.replace(/\.md$/, '/index.md')), doc.route).toBe(false);
    }
    const config = readFileSync(path.join(repoRoot, 'site/remote-content.ts'), 'utf8');
    for (const doc of sdkReadmes) expect(config, doc.url).toContain(`source: '${doc.url.replace('https://raw.githubusercontent.com/Unleash/', '')}'`);
  });

  it('has every route of the finished areas that the real site has', () => {
    const wanted = reference.docs.map((d) => d.route).filter(inArea);
    expect(wanted.length).toBeGreaterThan(150);
    const missing = wanted.filter((r) => !existsSync(htmlOf(r)));
    expect(missing).toEqual([]);
  });

  it("has a page for each of the 291 API operations, at the real site's route, and the API index", () => {
    expect(api.operations).toHaveLength(291);
    const missing = api.operations.map((o) => o.route).filter((r) => !existsSync(htmlOf(r)));
    expect(missing).toEqual([]);
    const index = readFileSync(htmlOf('/reference/api/unleash'), 'utf8');
    expect(index).toContain('<title>Unleash Server APIs |');
    for (const o of api.operations.slice(0, 20)) expect(index).toContain(`href="${o.route}"`);
    const page = readFileSync(htmlOf('/reference/api/unleash/add-access-to-project'), 'utf8');
    const op = api.operations.find((o) => o.route.endsWith('/add-access-to-project'))!;
    expect(page).toContain(`api-method-${op.method.toLowerCase()}">${op.method.toUpperCase()}</span>`);
    expect(page).toContain(`<code class="api-path">${op.path.replace(/\{/g, '{')}</code>`);
  });

  it('has every legacy API page', () => {
    const missing = legacy.pages.map((p) => p.route).filter((r) => !existsSync(htmlOf(r)));
    expect(missing).toEqual([]);
  });

  it('generates the category index pages of those areas, with a card per child', () => {
    for (const route of ['/topics', '/topics/feature-flags', '/understanding-unleash', '/contributing']) {
      const html = readFileSync(htmlOf(route), 'utf8');
      expect(html, route).toContain('class="cards"');
    }
    const understanding = readFileSync(htmlOf('/understanding-unleash'), 'utf8');
    expect(understanding).toContain('href="/understanding-unleash/the-anatomy-of-unleash"');
  });

  it('redirects the legacy paths whose targets exist, with their .html/.htm and /docs twins', () => {
    const routes = new Set(reference.docs.map((d) => d.route).filter((r) => existsSync(htmlOf(r))));
    const live = reference.redirects.filter((r) => routes.has(r.to.split('#')[0]));
    expect(live.length).toBeGreaterThan(20);
    for (const r of live) {
      // An anchor of the real site that our page has no heading for is replaced by the heading that covers it.
      const [route, anchor] = r.to.split('#');
      const target = anchor && readFileSync(htmlOf(route), 'utf8').includes(`id="${anchor}"`) ? r.to : route;
      for (const from of r.from) {
        const stub = path.join(out, from.slice(1), 'index.html');
        expect(readFileSync(stub, 'utf8'), from).toContain(`url=${target}`);
        expect(existsSync(path.join(out, `${from.slice(1)}.html`))).toBe(true);
      }
    }
    expect(readFileSync(path.join(out, 'docs/quickstart/index.html'), 'utf8')).toContain('url=/quickstart');
  });

  it('orders the concepts, the how-to guides and the ADRs in the sidebar as the real site does', () => {
    type RefItem = { type: string; label?: string; route?: string; items?: RefItem[] };
    const site = JSON.parse(readFileSync(path.join(repoRoot, '../shared/reference/unleash-site.json'), 'utf8')) as { sidebars: { documentation: RefItem[] } };
    const findRef = (items: RefItem[], label: string): RefItem | undefined => items.map((i) => (i.label === label && i.type === 'category' ? i : i.items && findRef(i.items, label))).find(Boolean);
    const refRoutes = (item: RefItem): string[] => (item.items ?? []).flatMap((i) => (i.type === 'category' ? refRoutes(i) : i.route ? [i.route] : []));
    const sidebarFile = readdirSync(path.join(out, '_sidebars')).find((f) => f.startsWith('documentation-'))!;
    const ours = (JSON.parse(readFileSync(path.join(out, '_sidebars', sidebarFile), 'utf8')) as { items: SidebarNode[] }).items;
    const findOurs = (nodes: SidebarNode[], label: string): SidebarNode | undefined =>
      nodes.map((n) => (n.kind === 'category' ? (n.label === label ? n : findOurs(n.items, label)) : undefined)).find(Boolean);
    const ourRoutes = (node: SidebarNode): string[] => (node.kind === 'category' ? node.items.flatMap(ourRoutes) : node.kind === 'doc' ? [node.route] : []);
    for (const label of ['Unleash Concepts', 'How-to guides']) {
      expect(ourRoutes(findOurs(ours, label)!), label).toEqual(refRoutes(findRef(site.sidebars.documentation, label)!));
    }
    const adrs = ourRoutes(findOurs(ours, 'Architectural Decision Records')!);
    expect(adrs.length).toBeGreaterThan(20);
    expect(adrs.every((r) => r.startsWith('/contributing/ADRs'))).toBe(true);
  });

  it('gives /reference/feature-toggle-variants no sidebar, and the other concepts the documentation sidebar', () => {
    expect(readFileSync(htmlOf('/reference/feature-toggle-variants'), 'utf8')).not.toContain('<nav class="sidebar"');
    const segments = JSON.parse(readFileSync(path.join(out, '_data/reference/segments.json'), 'utf8'));
    expect(segments.sidebar.id).toBe('documentation');
    expect(readFileSync(htmlOf('/reference'), 'utf8')).toContain('href="/reference/segments"');
  });

  it('puts academy pages in the academy sidebar and the home page in the documentation sidebar', () => {
    const academy = JSON.parse(readFileSync(path.join(out, '_data/unleash-academy/foundational.json'), 'utf8'));
    expect(academy.sidebar.id).toBe('academy');
    const home = JSON.parse(readFileSync(path.join(out, '_data/index.json'), 'utf8'));
    expect(home.sidebar.id).toBe('documentation');
  });

  it('lists the SDK pages under Using Unleash > Application SDKs, server-side then client-side, as the real sidebar does', () => {
    const html = readFileSync(htmlOf('/reference/sdks/python'), 'utf8');
    const sidebar = /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(html)![0];
    // The whole sidebar is in its file; a page shows the categories that hold it open, the others closed.
    const sidebarFile = readdirSync(path.join(out, '_sidebars')).find((f) => f.startsWith('documentation-'))!;
    const routes = (nodes: SidebarNode[]): string[] => nodes.flatMap((n) => (n.kind === 'category' ? (n.label === 'Application SDKs' ? docRoutes(n.items) : routes(n.items)) : []));
    const docRoutes = (nodes: SidebarNode[]): string[] => nodes.flatMap((n) => (n.kind === 'category' ? docRoutes(n.items) : n.kind === 'doc' ? [n.route] : []));
    const sdkLinks = routes((JSON.parse(readFileSync(path.join(out, '_sidebars', sidebarFile), 'utf8')) as { items: SidebarNode[] }).items);
    const reference = JSON.parse(readFileSync(path.join(repoRoot, '../shared/reference/unleash-site.json'), 'utf8')) as { docs: { route: string }[] };
    expect(sdkLinks.filter((r) => r.startsWith('/reference/sdks/'))).toEqual(reference.docs.map((d) => d.route).filter((r) => r.startsWith('/reference/sdks/')));
    expect(sidebar).toContain('<a href="/reference/sdks/python" aria-current="page">');
    expect(sidebar).toMatch(/Using Unleash[\s\S]*Application SDKs[\s\S]*Server-side SDKs[\s\S]*Client-side SDKs/);
    // A link within the site stays in the tab; the build has checked its anchor.
    expect(sidebar).toContain('<a href="/reference/sdks#community-sdks">Community SDKs</a>');
    expect(readFileSync(htmlOf('/reference/sdks'), 'utf8')).toContain('id="community-sdks"');
  });

  it('renders the navbar and footer of the real site, with the 2024 copyright', () => {
    const html = readFileSync(htmlOf('/quickstart'), 'utf8');
    // The navbar's text as a reader sees it (labels may be split into spans for narrow windows).
    const navbar = /<nav[^>]*class="navbar[\s\S]*?<\/nav>/.exec(html)![0];
    const text = navbar.replace(/<[^>]+>/g, '');
    for (const label of ['Quickstart', 'Docs', 'Product', 'Plans', 'Blog', 'Unleash Academy', 'Unleash Certification', 'Sign in']) {
      expect(text, label).toContain(label);
    }
    expect(text).toContain('Foundational');
    expect(html).toContain('href="https://github.com/Unleash/unleash"');
    expect(html).toContain('Copyright © 2024 Unleash.');
    expect(html).toContain('Slack');
  });
});
