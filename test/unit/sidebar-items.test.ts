import { describe, expect, it } from 'vitest';
import { readSidebars } from '../../src/compiler/sidebar-items.ts';
import { buildSiteGraph } from '../../src/compiler/site-graph.ts';
import type { SourcePage } from '../../src/compiler/collect-docs.ts';

/** Reads a sidebars module's source as docsgen would have run it: the value is what the source says. */
function read(source: string) {
  // The test sources are object literals: evaluating them is what importing the module does.
  const value = new Function(`return (${source.replace(/^export default /, '')});`)() as Record<string, unknown>;
  return readSidebars(value, source, 'site/sidebars.js');
}

const messages = (r: ReturnType<typeof read>) => r.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}  ${d.message}`);

describe('sidebars in every form Docusaurus accepts', () => {
  it('reads shorthand categories, in a sidebar and in items, as collapsed categories in order', () => {
    const r = read(`{
  docs: {
    'Jira Server': ['jira/install', 'jira/usage'],
    Other: { Nested: ['x'] },
  },
  more: ['intro', { type: 'category', label: 'C', items: { 'Sub': ['y'] } }],
}`);
    expect(r.diagnostics).toEqual([]);
    expect(r.sidebars).toEqual({
      docs: [
        { type: 'category', label: 'Jira Server', items: ['jira/install', 'jira/usage'] },
        { type: 'category', label: 'Other', items: [{ type: 'category', label: 'Nested', items: ['x'] }] },
      ],
      more: ['intro', { type: 'category', label: 'C', items: [{ type: 'category', label: 'Sub', items: ['y'] }] }],
    });
  });

  it('splices an item that is a list of items (a sidebar made elsewhere) in its place, at any depth', () => {
    const r = read(`{ docs: ['a', ['b', ['c', { 'Cat': ['d'] }]], { type: 'category', label: 'K', items: [['e']] }] }`);
    expect(r.diagnostics).toEqual([]);
    expect(r.sidebars.docs).toEqual(['a', 'b', 'c', { type: 'category', label: 'Cat', items: ['d'] }, { type: 'category', label: 'K', items: ['e'] }]);
  });

  it('keeps ref, html, link, className, customProps, descriptions and keys', () => {
    const r = read(`{ docs: [
  { type: 'ref', id: 'intro', label: 'Start', className: 'r', customProps: { badge: 'new' } },
  { type: 'html', value: '<hr/>', defaultStyle: true, className: 'sep' },
  { type: 'link', label: 'Out', href: 'https://e.com', description: 'Elsewhere', autoAddBaseUrl: false, className: 'ext' },
  { type: 'category', label: 'C', key: 'c', description: 'All of C', className: 'cat', customProps: { n: 1 }, link: { type: 'generated-index', keywords: ['k'], image: '/img/x.png' }, items: [] },
] }`);
    expect(r.diagnostics).toEqual([]);
    expect(r.sidebars.docs).toHaveLength(4);
    expect(r.sidebars.docs[3]).toMatchObject({ key: 'c', description: 'All of C', className: 'cat', customProps: { n: 1 } });
  });

  it('reports what is invalid at its line in the sidebars file', () => {
    const r = read(`{
  docs: [
    'intro',
    { type: 'sectoin', id: 'a' },
    { type: 'doc', id: 'b', lable: 'B' },
    { type: 'link', href: '/x' },
    { id: 'forgot-type' },
    42,
    { type: 'category', label: 'Broken', items: 'c' },
  ],
  other: 'oops',
}`);
    expect(messages(r)).toEqual([
      'site/sidebars.js:4:13  sidebar "docs" has an item of unknown type "sectoin"',
      'site/sidebars.js:5:29  sidebar "docs", doc item: unknown key "lable"',
      'site/sidebars.js:6:5  sidebar "docs", link item: label: Invalid input: expected string, received undefined',
      'site/sidebars.js:7:7  sidebar "docs": an object without "type" is read as categories, and its key "id" holds the string "forgot-type", not a list of items',
      'site/sidebars.js:8:5  sidebar "docs" has an item that is a number 42',
      'site/sidebars.js:9:42  sidebar "docs", category "Broken": items is the string "c"',
      'site/sidebars.js:11:3  sidebar "other" is the string "oops": a sidebar is a list of items, or an object of categories',
    ]);
  });
});

describe('sidebar entries in the graph', () => {
  const page = (id: string): SourcePage => ({ id, route: `/${id}`, file: `/docs/${id}.md`, relPath: `${id}.md`, frontmatter: { title: id.toUpperCase() }, body: '', lineOffset: 0, isMdx: false });

  it('shows html entries and classes, and gives index cards the descriptions items give', async () => {
    const g = await buildSiteGraph({
      sources: [page('a')],
      categories: new Map(),
      routeBase: '',
      sidebars: {
        docs: [
          {
            type: 'category',
            label: 'All',
            className: 'all',
            link: { type: 'generated-index', slug: '/all' },
            items: [
              'a',
              { type: 'html', value: '<b>Soon</b>', defaultStyle: true, className: 'soon' },
              { type: 'link', label: 'Out', href: 'https://e.com', description: 'An external page', className: 'ext' },
              { type: 'category', label: 'Sub', description: 'More of it', items: [{ type: 'link', label: 'L', href: 'https://e.com/l' }] },
            ],
          },
        ],
      },
    });
    expect(g.diagnostics).toEqual([]);
    const all = g.sidebars.get('docs')![0];
    expect(all).toMatchObject({ kind: 'category', className: 'all' });
    expect(all.kind === 'category' && all.items.slice(1, 3)).toEqual([
      { kind: 'html', value: '<b>Soon</b>', defaultStyle: true, className: 'soon' },
      { kind: 'link', label: 'Out', href: 'https://e.com', className: 'ext' },
    ]);
    // No card for html; the link and the category describe themselves as their items say.
    expect(g.pages.get('/all')!.cards!.map((c) => [c.title, c.description])).toEqual([
      ['A', ''],
      ['Out', 'An external page'],
      ['Sub', 'More of it'],
    ]);
  });
});
