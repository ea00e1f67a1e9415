import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '../../src/runtime/App.tsx';
import { renderBody, renderRoute, samePageData, writeSidebarFiles } from '../../src/compiler/render-pages.ts';
import type { GraphPage } from '../../src/compiler/site-graph.ts';
import type { PageData, ShellConfig, SidebarNode } from '../../src/shared/types.ts';

const shell: ShellConfig = {
  title: 'T',
  tagline: '',
  baseUrl: '/',
  navbar: { items: [], hideOnScroll: true },
  footer: { columns: [], copyright: '©' },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
  imageZoom: { selector: '.markdown img', margin: 0, background: '#fff', scrollOffset: 40 },
  clientScripts: [],
  baseUrlIssueBanner: false,
  locales: [],
  prefetch: { budgetBytes: 0 },
};

const sidebar: SidebarNode[] = [
  { kind: 'doc', label: 'Intro', route: '/' },
  {
    kind: 'category',
    label: 'Guides',
    route: '/guides',
    collapsed: true,
    collapsible: true,
    items: [
      { kind: 'doc', label: 'A', route: '/guides/a', titleRest: ' guide' },
      { kind: 'category', label: 'Deep', collapsed: true, collapsible: true, items: [{ kind: 'doc', label: 'B <b>', route: '/guides/deep/b' }] },
    ],
  },
  {
    kind: 'category',
    label: "Ref's",
    collapsed: false,
    collapsible: true,
    items: [
      { kind: 'doc', label: 'C', route: '/ref/c' },
      { kind: 'link', label: 'Out', href: 'https://e.com' },
    ],
  },
  { kind: 'doc', label: 'Intro again', route: '/', className: 'x' },
];

const page = (route: string): PageData => ({ route, title: route, description: '', html: '<p>x</p>', toc: [], hideToc: true, breadcrumbs: [], kind: 'doc' });

describe('sidebar rendering with reused items', () => {
  it('is byte-identical to rendering the whole shell in one go, on every route', () => {
    for (const route of ['/', '/guides', '/guides/a', '/guides/deep/b', '/ref/c', '/elsewhere']) {
      const whole = renderToString(createElement(App, { shell, page: page(route), sidebar }));
      // Twice: the second time comes from the cache.
      expect(renderBody(shell, page(route), sidebar), route).toBe(whole);
      expect(renderBody(shell, page(route), sidebar), route).toBe(whole);
    }
  });

  it('opens the categories that hold the current page', () => {
    const html = renderBody(shell, page('/guides/deep/b'), sidebar);
    expect(html).toContain('<a href="/guides/deep/b" aria-current="page">');
    expect(html).not.toMatch(/id="sidebar-1-1" hidden/);
    expect(renderBody(shell, page('/ref/c'), sidebar)).toMatch(/id="sidebar-1" hidden/);
  });
});

describe('a sidebar entry whose page title extends its label', () => {
  it('keeps the label visible and puts the rest of the title in the link, visually hidden', () => {
    const html = renderBody(shell, page('/guides'), sidebar);
    expect(html).toContain('<a href="/guides/a">A<span class="visually-hidden"> guide</span></a>');
  });
});

describe('documents as written', () => {
  it('hold exactly the rendered shell, in UTF-8, with the shared sidebar items reused', () => {
    // Labels outside ASCII and Latin-1, in items that are shared (encoded once) and on the trail.
    const wide: SidebarNode[] = [
      { kind: 'category', label: 'Guides — ünïcode', collapsed: true, collapsible: true, items: [{ kind: 'doc', label: 'Page → 🚀', route: '/a' }] },
      { kind: 'category', label: 'Reference “quoted”', collapsed: true, collapsible: true, items: [{ kind: 'doc', label: 'Über', route: '/b' }] },
    ];
    const graphPage = (route: string): GraphPage => ({
      id: route,
      route,
      title: `Title ${route} ✓`,
      label: route,
      description: '',
      kind: 'doc',
      html: '<p>Text — with “quotes”</p>',
      toc: [],
      headingIds: new Set(),
      hideToc: true,
      sidebarId: 's',
      breadcrumbs: [],
      file: 'x.md',
      keywords: [],
    });
    const graph = { pages: new Map(['/a', '/b'].map((r) => [r, graphPage(r)])), sidebars: new Map([['s', wide]]), sidebarAnchors: [], diagnostics: [] };
    const input = { graph, shell, bundle: { entryJs: '/main.js', css: [], preload: [], files: [], inputs: [] }, siteUrl: 'https://e.com' };
    for (const route of ['/a', '/b', '/a']) {
      const rendered = renderRoute(input, graph.pages.get(route)!, new Map([['s', '/_sidebars/s.json']]));
      const doc = rendered.html;
      // The page draws the part of the sidebar it carries: a closed category names the file of its items.
      const carried = (JSON.parse(rendered.json) as PageData).sidebar!.items;
      expect(
        carried.some((n) => n.kind === 'category' && n.itemsIn?.startsWith('/_sidebars/s-')),
        route,
      ).toBe(true);
      const body = renderBody(shell, { route, title: `Title ${route} ✓`, description: '', html: '<p>Text — with “quotes”</p>', toc: [], hideToc: true, breadcrumbs: [], kind: 'doc' }, carried);
      expect(doc, route).toContain(`<div id="__docsgen_root">${body}</div>`);
      expect(doc).toContain('Guides — ünïcode');
      expect(doc.includes('Page → 🚀'), route).toBe(route === '/a'); // the items of a closed category are not in the page
    }
  });
});

describe('samePageData (the watch-mode render cache)', () => {
  const full = (): PageData => ({
    route: '/a',
    title: 'A',
    description: 'd',
    html: '<p>x</p>',
    toc: [],
    hideToc: false,
    kind: 'doc',
    breadcrumbs: [{ label: 'Guides', route: '/guides' }],
    prev: { title: 'P', route: '/p' },
    next: { title: 'N', route: '/n' },
    sidebar: { id: 's', file: '/_sidebars/s-1.json', items: [] },
    cards: [{ title: 'C', route: '/c', description: 'cd' }],
  });

  it('finds equal data equal, with the content and TOC the same objects', () => {
    const a = full();
    expect(samePageData(a, { ...structuredClone(a), html: a.html, toc: a.toc })).toBe(true);
  });

  it('tells apart a change in any field, nested ones too', () => {
    const a = full();
    const changes: Partial<PageData>[] = [
      { route: '/b' },
      { title: 'B' },
      { description: 'e' },
      { hideToc: true },
      { kind: 'generated-index' },
      { html: '<p>y</p>' },
      { toc: [{ id: 'x', text: 'X', level: 2 }] },
      { breadcrumbs: [{ label: 'Guides!', route: '/guides' }] },
      { breadcrumbs: [] },
      { prev: { title: 'P', route: '/q' } },
      { next: undefined },
      { sidebar: { id: 's', file: '/_sidebars/s-2.json', items: [] } },
      { cards: [{ title: 'C', route: '/c', description: 'other' }] },
    ];
    for (const change of changes) expect(samePageData(a, { ...a, ...change }), JSON.stringify(change)).toBe(false);
    // Without the field at all, as pageData leaves out an absent neighbour.
    const { prev: _prev, ...noPrev } = a;
    expect(samePageData(a, noPrev)).toBe(false);
  });
});

describe('writeSidebarFiles', () => {
  it('writes each sidebar into _sidebars/ under a file name its id cannot lead out of', async () => {
    const written: string[] = [];
    const writer = { begin: async () => {}, write: async (rel: string) => void written.push(rel), copy: async () => {}, commit: async () => {}, abort: async () => {} };
    const graph = {
      sidebars: new Map([
        ['docs', []],
        ['../../x', []],
      ]),
    } as unknown as Parameters<typeof writeSidebarFiles>[0]['graph'];
    const files = await writeSidebarFiles({ graph, shell: { baseUrl: '/b/' } as ShellConfig, writer });
    expect(written).toHaveLength(2);
    for (const rel of written) expect(rel).toMatch(/^_sidebars\/[\w-]+-[0-9a-f]{10}\.json$/);
    expect(files.get('docs')).toBe(`/b/${written[0]}`);
  });
});
