import { describe, expect, it } from 'vitest';
import { buildSiteGraph, pageContent, sidebarAnchorProblems, withContent } from '../../src/compiler/site-graph.ts';
import type { SourcePage, CategoryMeta } from '../../src/compiler/collect-docs.ts';
import type { SidebarsConfig } from '../../src/compiler/define-config.ts';
import type { TransformedPage } from '../../src/compiler/transform-markdown.ts';
import type { SidebarNode } from '../../src/shared/types.ts';

/** An entry's label; an html entry has none. */
const labelOf = (n: SidebarNode) => ('label' in n ? n.label : `html:${n.value}`);

function page(id: string, route: string, fm: SourcePage['frontmatter'] = {}, relPath = `${id}.md`): SourcePage {
  return { id, route, file: `/docs/${relPath}`, relPath, frontmatter: fm, body: '', lineOffset: 0, isMdx: false };
}

function transformed(sources: SourcePage[], h1: Record<string, string> = {}): Map<string, TransformedPage> {
  return new Map(
    sources.map((s) => [s.id, { html: `<p>First paragraph of ${s.id}.</p>`, headings: [{ id: 'part', text: 'Part', level: 2 }], toc: [], links: [], images: [], firstH1: h1[s.id], diagnostics: [] }]),
  );
}

/** The graph of these sources with every page's content, as a build checks and renders it; `h1` gives pages a first heading. */
async function graph(sources: SourcePage[], sidebars: SidebarsConfig, categories = new Map<string, CategoryMeta>(), h1: Record<string, string> = {}) {
  const withH1 = sources.map((s) => (h1[s.id] ? { ...s, body: `# ${h1[s.id]}\n\n${s.body}` } : s));
  const structure = await buildSiteGraph({ sources: withH1, categories, sidebars, routeBase: '' });
  const contents = transformed(withH1, h1);
  return withContent(structure, (id) =>
    pageContent(
      withH1.find((s) => s.id === id)!,
      contents.get(id),
    ),
  );
}

describe('site graph', () => {
  const sources = [
    page('intro', '/', { title: 'Intro' }),
    page('guides/a', '/guides/a', { title: 'Guide A', sidebar_label: 'A' }),
    page('guides/b', '/guides/b', {}),
    page('ref/c', '/ref/c', { title: 'C' }),
    page('lonely', '/lonely', { title: 'Lonely' }),
    page('academy/x', '/academy/x', { title: 'X' }),
  ];
  const sidebars: SidebarsConfig = {
    docs: [
      'intro',
      {
        type: 'category',
        label: 'Guides',
        link: { type: 'generated-index', slug: '/guides', description: 'All guides.' },
        items: ['guides/a', { type: 'doc', id: 'guides/b', label: 'Bee' }],
      },
      { type: 'category', label: 'Reference', collapsed: false, items: ['ref/c', { type: 'link', label: 'Out', href: 'https://e.com' }] },
    ],
    academy: [
      { type: 'doc', id: 'academy/x' },
      { type: 'ref', id: 'intro', label: 'Docs' },
    ],
  };

  it('checks sidebar links within the site: the page, and the heading of an anchor', async () => {
    const links: SidebarsConfig = {
      docs: [
        'intro',
        { type: 'link', label: 'Good', href: '/guides/a#part' },
        { type: 'link', label: 'No page', href: '/guides/zzz' },
        { type: 'link', label: 'No heading', href: '/guides/a#nope' },
        { type: 'link', label: 'A file', href: '/files/report.pdf' },
        { type: 'link', label: 'Out', href: 'https://e.com/x#y' },
      ],
    };
    const g = await graph(sources, links);
    // A missing page is known from the sources; a missing heading once the pages have their content.
    expect([...g.diagnostics, ...sidebarAnchorProblems(g)].map((d) => d.message)).toEqual([
      'sidebar link "No page" goes to /guides/zzz: no page at /guides/zzz',
      'sidebar link "No heading" goes to /guides/a#nope: /guides/a has no heading #nope',
    ]);
  });

  it('resolves labels: explicit, sidebar_label, title, then first h1', async () => {
    const g = await graph(sources, sidebars, new Map(), { 'guides/b': 'Heading B' });
    const docs = g.sidebars.get('docs')!;
    const guides = docs[1];
    expect(guides.kind === 'category' && guides.items.map(labelOf)).toEqual(['A', 'Bee']);
    expect(g.pages.get('/guides/b')!.title).toBe('Heading B');
  });

  it("gives a doc entry the rest of its page's title when the title extends the label", async () => {
    const sdks = [
      page('sdks/go', '/sdks/go', { title: 'Go SDK', sidebar_label: 'Go' }),
      page('sdks/gone', '/sdks/gone', { title: 'Gone', sidebar_label: 'Go' }),
      page('sdks/rust', '/sdks/rust', { title: 'Rust' }),
      page('adr', '/adr', { title: 'ADR: JSX (deprecation of `<If />`)', sidebar_label: 'ADR: JSX' }),
    ];
    const g = await graph(sdks, { docs: ['sdks/go', 'sdks/gone', 'sdks/rust', { type: 'doc', id: 'sdks/go', label: 'Go, again' }, 'adr'] });
    expect(g.sidebars.get('docs')).toEqual([
      { kind: 'doc', label: 'Go', route: '/sdks/go', titleRest: ' SDK' },
      { kind: 'doc', label: 'Go', route: '/sdks/gone' },
      { kind: 'doc', label: 'Rust', route: '/sdks/rust' },
      { kind: 'doc', label: 'Go, again', route: '/sdks/go' },
      // Read aloud, so without the title's code marks.
      { kind: 'doc', label: 'ADR: JSX', route: '/adr', titleRest: ' (deprecation of <If />)' },
    ]);
  });

  it('makes a generated index page with a card per child', async () => {
    const g = await graph(sources, sidebars);
    const index = g.pages.get('/guides')!;
    expect(index.kind).toBe('generated-index');
    expect(index.title).toBe('Guides');
    expect(index.description).toBe('All guides.');
    expect(index.cards).toEqual([
      { title: 'A', route: '/guides/a', description: 'First paragraph of guides/a.' },
      { title: 'Bee', route: '/guides/b', description: 'First paragraph of guides/b.' },
    ]);
  });

  it('gives a category card the number of its own entries, as Docusaurus does, in the singular for one', async () => {
    const nested: SidebarsConfig = {
      docs: [
        {
          type: 'category',
          label: 'All',
          link: { type: 'generated-index', slug: '/all' },
          items: [
            { type: 'category', label: 'Guides', link: { type: 'doc', id: 'guides/a' }, items: ['guides/b'] },
            { type: 'category', label: 'Reference', items: ['ref/c', 'lonely', { type: 'category', label: 'Deep', items: ['intro'] }] },
          ],
        },
      ],
    };
    const g = await graph(sources, nested);
    expect(g.pages.get('/all')!.cards!.map((c) => c.description)).toEqual(['1 item', '3 items']);
  });

  it('assigns each page the sidebar that owns it, and none to pages in no sidebar', async () => {
    const g = await graph(sources, sidebars);
    expect(g.pages.get('/guides/a')!.sidebarId).toBe('docs');
    // A `ref` does not claim the page for the academy sidebar.
    expect(g.pages.get('/')!.sidebarId).toBe('docs');
    expect(g.pages.get('/academy/x')!.sidebarId).toBe('academy');
    expect(g.pages.get('/lonely')!.sidebarId).toBeUndefined();
  });

  it('honours displayed_sidebar in frontmatter', async () => {
    const g = await graph([...sources.slice(0, 4), page('lonely', '/lonely', { displayed_sidebar: 'docs' })], sidebars);
    expect(g.pages.get('/lonely')!.sidebarId).toBe('docs');
  });

  it('gives breadcrumbs and previous/next in sidebar order', async () => {
    const g = await graph(sources, sidebars);
    const a = g.pages.get('/guides/a')!;
    expect(a.breadcrumbs).toEqual([{ label: 'Guides', route: '/guides' }]);
    expect(a.prev).toEqual({ title: 'Guides', route: '/guides' });
    expect(a.next).toEqual({ title: 'Bee', route: '/guides/b' });
    expect(g.pages.get('/ref/c')!.breadcrumbs).toEqual([{ label: 'Reference' }]);
    expect(g.pages.get('/')!.prev).toBeUndefined();
  });

  it('lets pagination_next/prev override or hide the neighbours', async () => {
    const s = [...sources];
    s[1] = page('guides/a', '/guides/a', { title: 'Guide A', pagination_next: 'ref/c', pagination_prev: null });
    const g = await graph(s, sidebars);
    expect(g.pages.get('/guides/a')!.next).toEqual({ title: 'C', route: '/ref/c' });
    expect(g.pages.get('/guides/a')!.prev).toBeUndefined();
  });

  it('reports unknown doc ids with a suggestion', async () => {
    const g = await graph(sources, { docs: ['intro', 'a'] });
    expect(g.diagnostics).toHaveLength(1);
    expect(g.diagnostics[0].message).toBe('sidebar "docs" names doc id "a", which does not exist');
    expect(g.diagnostics[0].hint).toBe('did you mean "guides/a"?');
  });

  it('reports two pages on one route, naming both files', async () => {
    const g = await graph([page('one', '/same'), page('two', '/same')], { docs: [] });
    expect(g.diagnostics.map((d) => d.message)).toEqual(['duplicate route /same: also produced by /docs/one.md']);
  });

  it('builds autogenerated sidebars from folders, _category_ metadata and positions', async () => {
    const s = [
      page('guides/install', '/guides/install', { title: 'Install', sidebar_position: 2 }, '01-guides/install.md'),
      page('guides/start', '/guides/start', { title: 'Start', sidebar_position: 1 }, '01-guides/start.md'),
      page('guides/deep/index', '/guides/deep', { title: 'Deep' }, '01-guides/deep/index.md'),
      page('guides/deep/more', '/guides/deep/more', { title: 'More' }, '01-guides/deep/more.md'),
      page('top', '/top', { title: 'Top' }, 'top.md'),
    ];
    const categories = new Map<string, CategoryMeta>([['01-guides', { label: 'Guides!', position: 1 }]]);
    const g = await graph(s, { docs: [{ type: 'autogenerated', dirName: '.' }] }, categories);
    const items = g.sidebars.get('docs')!;
    expect(items.map(labelOf)).toEqual(['Guides!', 'Top']);
    const guides = items[0] as Extract<(typeof items)[0], { kind: 'category' }>;
    expect(guides.items.map(labelOf)).toEqual(['Start', 'Install', 'deep']);
    const deep = guides.items[2] as Extract<(typeof items)[0], { kind: 'category' }>;
    expect(deep.route).toBe('/guides/deep');
    expect(deep.items.map(labelOf)).toEqual(['More']);
  });
});
