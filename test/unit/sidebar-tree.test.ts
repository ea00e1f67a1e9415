import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { itemsAt, pruneSidebar, type SidebarCategory } from '../../src/shared/sidebar-tree.ts';
import { splitSidebar } from '../../src/compiler/sidebar-files.ts';
import { nextSidebar, withFile } from '../../src/runtime/sidebar-state.ts';
import type { PageData, SidebarData, SidebarNode } from '../../src/shared/types.ts';

const doc = (route: string): SidebarNode => ({ kind: 'doc', label: route.split('/').pop()!, route });
const category = (label: string, items: SidebarNode[], more: Partial<SidebarCategory> = {}): SidebarCategory => ({ kind: 'category', label, collapsed: true, collapsible: true, items, ...more });

const sidebar: SidebarNode[] = [
  doc('/intro'),
  category('Guides', [doc('/guides/a'), category('Deep', [doc('/guides/deep/b')]), category('Open', [doc('/guides/open/c')], { collapsed: false })], { route: '/guides' }),
  category('Reference', [doc('/ref/c'), category('Inner', [doc('/ref/inner/d')])], { collapsed: false }),
  category('Fixed', [doc('/fixed/e')], { collapsible: false }),
  { kind: 'link', label: 'Out', href: 'https://e.com' },
];

const labelOf = (n: SidebarNode): string => (n.kind === 'html' ? n.value : n.label);
const labelsOf = (items: SidebarNode[]): string[] => items.flatMap((n) => [labelOf(n), ...(n.kind === 'category' ? labelsOf(n.items) : [])]);
const stubs = (items: SidebarNode[]): string[] => items.flatMap((n) => (n.kind !== 'category' ? [] : n.itemsIn !== undefined ? [n.label] : stubs(n.items)));

describe('pruneSidebar: the sidebar a page shows on load', () => {
  const split = splitSidebar('docs', sidebar, '/');

  it('keeps the categories that hold the page and those open by default, and only names where the rest is', () => {
    const pruned = pruneSidebar(sidebar, '/guides/deep/b', split);
    expect(labelsOf(pruned)).toEqual(['intro', 'Guides', 'a', 'Deep', 'b', 'Open', 'c', 'Reference', 'c', 'Inner', 'Fixed', 'e', 'Out']);
    expect(stubs(pruned)).toEqual(['Inner']);
    const inner = (pruned[2] as SidebarCategory).items[1] as SidebarCategory;
    expect(inner).toEqual({ ...category('Inner', []), itemsIn: split.root });
  });

  it('closes a category the page is not in, with its categories open by default', () => {
    const pruned = pruneSidebar(sidebar, '/intro', split);
    expect(labelsOf(pruned)).toEqual(['intro', 'Guides', 'Reference', 'c', 'Inner', 'Fixed', 'e', 'Out']);
    expect(stubs(pruned)).toEqual(['Guides', 'Inner']);
    // A category's own page is inside it.
    expect(stubs(pruneSidebar(sidebar, '/guides', split))).toEqual(['Deep', 'Inner']);
  });

  it('gives every page the same objects for what lies outside it (the render cache goes by identity)', () => {
    const a = pruneSidebar(sidebar, '/intro', split);
    const b = pruneSidebar(sidebar, '/fixed/e', split);
    expect(a[1]).toBe(b[1]);
    expect(a[2]).toBe(b[2]);
    expect(a[3]).not.toBe(b[3]);
  });
});

/** A sidebar of `sections` categories, each with `subs` categories of `pages` pages with longish, varied names. */
function bigSidebar(sections: number, subs: number, pages: number): SidebarNode[] {
  let n = 0;
  const page = () => {
    n += 1;
    const route = `/s/${(n * 2654435761) % 1e9}-${n.toString(36)}-configure-the-${['cluster', 'token', 'queue', 'schema'][n % 4]}`;
    return { kind: 'doc' as const, label: `Configure the ${route.slice(3, 14)} ${n}`, route };
  };
  return Array.from({ length: sections }, (_, s) =>
    category(
      `Section ${s}`,
      Array.from({ length: subs }, (_, u) => category(`Sub ${s}.${u}`, Array.from({ length: pages }, page))),
      { route: `/section-${s}` },
    ),
  );
}

describe('splitSidebar: the files a client loads a category from', () => {
  it('keeps a small sidebar in one file, which every closed category names', () => {
    const split = splitSidebar('docs', sidebar, '/b/');
    expect(split.files).toHaveLength(1);
    expect(split.root).toBe(`/b/${split.files[0].rel}`);
    expect(split.files[0].rel).toMatch(/^_sidebars\/docs-[0-9a-f]{10}\.json$/);
    expect(JSON.parse(split.files[0].json)).toEqual({ id: 'docs', path: '', items: sidebar });
  });

  it('splits a large sidebar by category until each file is under the limit, and every category can be found', () => {
    const big = bigSidebar(6, 5, 120);
    const max = 16 * 1024;
    expect(gzipSync(JSON.stringify(big)).length).toBeGreaterThan(3 * max);
    const split = splitSidebar('docs', big, '/', max);
    expect(split.files.length).toBeGreaterThan(6);
    for (const f of split.files) expect(gzipSync(f.json).length, f.rel).toBeLessThanOrEqual(max);
    const byUrl = new Map(split.files.map((f) => [`/${f.rel}`, JSON.parse(f.json) as SidebarData]));
    // Open each category as a reader would, from a page outside it: its file holds exactly its items.
    const walk = (items: SidebarNode[], path: string) =>
      items.forEach((node, i) => {
        if (node.kind !== 'category') return;
        const here = path ? `${path}-${i}` : String(i);
        const file = byUrl.get(split.fileOf(node))!;
        const found = itemsAt(file, here, node.label)!;
        expect(found.map(labelOf)).toEqual(node.items.map(labelOf));
        walk(node.items, here);
      });
    walk(big, '');
  });

  it('names files by content: the same sidebar, the same names; a changed label, a new top file', () => {
    const a = splitSidebar('docs', bigSidebar(3, 2, 5), '/');
    const b = splitSidebar('docs', bigSidebar(3, 2, 5), '/');
    expect(b.files.map((f) => f.rel)).toEqual(a.files.map((f) => f.rel));
    const changed = bigSidebar(3, 2, 5);
    (changed[0] as SidebarCategory).label = 'Renamed';
    expect(splitSidebar('docs', changed, '/').root).not.toBe(a.root);
  });
});

describe('the sidebar the browser knows', () => {
  const split = splitSidebar('docs', sidebar, '/');
  const pageAt = (route: string): PageData => ({
    route,
    title: route,
    description: '',
    html: '',
    toc: [],
    hideToc: true,
    breadcrumbs: [],
    kind: 'doc',
    sidebar: { id: 'docs', file: split.root, items: pruneSidebar(sidebar, route, split) },
  });

  it('keeps the items of a category seen open on an earlier page, and takes those of the new page', () => {
    const first = nextSidebar(undefined, pageAt('/guides/deep/b'))!;
    const second = nextSidebar(first, pageAt('/ref/inner/d'))!;
    expect(stubs(second.items)).toEqual([]);
    expect(labelsOf(second.items)).toEqual(labelsOf(sidebar));
    // Another version of the sidebar: nothing of the old one is kept.
    const other = nextSidebar({ ...first, file: '/_sidebars/docs-other.json' }, pageAt('/intro'))!;
    expect(stubs(other.items)).toEqual(['Guides', 'Inner']);
  });

  it('fills every category whose items a loaded file holds', () => {
    const known = nextSidebar(undefined, pageAt('/intro'))!;
    const file = JSON.parse(split.files[0].json) as SidebarData;
    const full = withFile(known, split.root, file);
    expect(full.items).toEqual(sidebar);
    // A file of another version holds other categories at those places: they stay as they were.
    const renamed = { ...file, items: file.items.map((n) => (n.kind === 'category' ? { ...n, label: `${n.label}!` } : n)) };
    expect(stubs(withFile(known, split.root, renamed).items)).toEqual(['Guides']);
  });
});
