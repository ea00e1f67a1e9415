// Stage 4: the site as plain data. Route table, sidebars resolved to routes and labels,
// generated category index pages, breadcrumbs and previous/next links.
import { readFile } from 'node:fs/promises';
import type { SidebarItemConfig, SidebarsConfig } from './define-config.ts';
import type { Breadcrumb, IndexCard, LinkRef, SidebarNode, TocEntry } from '../shared/types.ts';
import type { CategoryMeta, SourcePage } from './collect-docs.ts';
import { lastSegment, stripNumberPrefix } from './collect-docs.ts';
import { docTitle } from './doc-title.ts';
import { firstParagraph } from './page-model.ts';
import { joinRoute, normaliseRoute, routeProblem, ROUTE_HINT, safeDecode } from '../shared/routes.ts';
import path from 'node:path';
import type { TransformedPage } from './transform-markdown.ts';
import { plainText } from './markdown/first-heading.ts';
import { error, warning, type Diagnostic, type SourceLocation } from './errors.ts';
import { rel } from './load-config.ts';
import GithubSlugger from 'github-slugger';

/** A page of the finished site, whatever produced it. */
/** Shared, so a page without a TOC keeps the same one between watch rebuilds (the render cache compares by identity). */
const NO_TOC: TocEntry[] = [];
const NO_IDS: ReadonlySet<string> = new Set();

export interface GraphPage {
  id: string;
  route: string;
  title: string;
  /** Sidebar label. */
  label: string;
  description: string;
  kind: 'doc' | 'generated-index';
  html: string;
  toc: TocEntry[];
  headingIds: ReadonlySet<string>;
  hideToc: boolean;
  sidebarId?: string;
  breadcrumbs: Breadcrumb[];
  prev?: LinkRef;
  next?: LinkRef;
  cards?: GraphCard[];
  /** Source file (docs) or the sidebars file (generated pages), for diagnostics. */
  file: string;
  keywords: string[];
  /** Reachable by its link only: in no sidebar, sitemap or search index, and not for search engines. */
  unlisted?: true;
  /** Its link-preview image, from frontmatter: a URL, or a path in the static folder. */
  image?: string;
  /** Its tags, each linking to the page that lists the docs with that tag. */
  tags?: LinkRef[];
  /** Where its source can be edited. */
  editUrl?: string;
}

/** An index card; one for a doc without a frontmatter description takes it from the doc's content. */
export interface GraphCard extends IndexCard {
  descriptionOf?: string;
}

/**
 * The site as its sources make it, before any page is transformed: routes, titles, sidebars,
 * breadcrumbs, previous/next. A page's content (HTML, TOC, headings, a description from its first
 * paragraph) is added by `pageWithContent`, so any one route can be rendered from the graph and
 * the transforms of that page and of the docs its cards show.
 */
export interface SiteGraph {
  pages: Map<string, GraphPage>;
  sidebars: Map<string, SidebarNode[]>;
  /** Sidebar links to a heading of a page: checked once pages have their headings (sidebarAnchorProblems). */
  sidebarAnchors: { route: string; anchor: string; label: string; href: string; at: SourceLocation }[];
  diagnostics: Diagnostic[];
}

export interface GraphInput {
  sources: SourcePage[];
  categories: Map<string, CategoryMeta>;
  sidebars: SidebarsConfig;
  sidebarFile?: string;
  routeBase: string;
  /** Sidebar items generated from OpenAPI sources, by source id, for `{ type: 'openapi', id }` items. */
  apiSidebars?: Map<string, SidebarItemConfig[]>;
  /** Doc ids of the drafts this build leaves out: a sidebar or a previous/next link naming one skips it. */
  leftOut?: Set<string>;
  /** Those drafts: a draft's doc id must not be another page's either (Docusaurus checks them too). */
  drafts?: SourcePage[];
  /** A doc's "Edit this page" link, from the config (frontmatter's custom_edit_url wins). */
  editUrl?: (source: SourcePage) => string | undefined;
}

interface DocInfo {
  source: SourcePage;
  title: string;
  label: string;
}

export async function buildSiteGraph(input: GraphInput): Promise<SiteGraph> {
  const diagnostics: Diagnostic[] = [];
  const docs = new Map<string, DocInfo>();
  for (const source of input.sources) {
    const title = docTitle(source);
    docs.set(source.id, { source, title, label: source.frontmatter.sidebar_label ?? title });
  }
  diagnostics.push(...duplicateIds([...input.sources, ...(input.drafts ?? [])]));
  const sidebarSource = input.sidebarFile ? await readFile(input.sidebarFile, 'utf8').catch(() => '') : '';
  const sidebarRel = input.sidebarFile ? rel(input.sidebarFile) : 'sidebars';
  const generated: GraphPage[] = [];
  const ctx: ResolveCtx = {
    docs,
    input,
    diagnostics,
    generated,
    sidebarSource,
    sidebarRel,
    membership: new Map(),
    descriptions: new WeakMap(),
    docsByRoute: new Map([...docs.values()].map((d) => [d.source.route, d])),
  };

  const sidebars = new Map<string, SidebarNode[]>();
  for (const [sidebarId, items] of Object.entries(input.sidebars)) {
    sidebars.set(sidebarId, resolveItems(items, sidebarId, ctx, []));
  }

  const pages = new Map<string, GraphPage>();
  const addPage = (page: GraphPage) => {
    // Every page passes here, whichever stage made its route: the one gate before anything is written.
    const problem = routeProblem(page.route);
    if (problem) {
      diagnostics.push(error('invalid-route', { file: rel(page.file), line: 1, column: 1 }, `the page "${page.label}" would be at ${JSON.stringify(page.route)}: ${problem}`, ROUTE_HINT));
      return;
    }
    const existing = pages.get(page.route);
    if (existing) {
      diagnostics.push(
        error('duplicate-route', { file: rel(page.file), line: 1, column: 1 }, `duplicate route ${page.route}: also produced by ${rel(existing.file)}`, 'give one of them a different slug or id'),
      );
      return;
    }
    pages.set(page.route, page);
  };

  const tags = tagPages(docs, ctx);
  for (const { source, title, label } of docs.values()) {
    const displayed = source.frontmatter.displayed_sidebar;
    const sidebarId = displayed === null ? undefined : typeof displayed === 'string' ? displayed : ctx.membership.get(source.id)?.sidebarId;
    if (typeof displayed === 'string' && !sidebars.has(displayed)) {
      diagnostics.push(
        error('invalid-frontmatter', { file: rel(source.file), line: 2, column: 1 }, `displayed_sidebar "${displayed}" is not a sidebar`, `sidebars: ${[...sidebars.keys()].join(', ')}`),
      );
    }
    addPage({
      id: source.id,
      route: source.route,
      title,
      label,
      kind: 'doc',
      html: '',
      description: source.frontmatter.description ?? '',
      toc: NO_TOC,
      headingIds: NO_IDS,
      hideToc: source.frontmatter.hide_table_of_contents === true,
      sidebarId,
      breadcrumbs: [],
      file: source.file,
      keywords: source.frontmatter.keywords ?? [],
      ...(source.frontmatter.unlisted === true ? { unlisted: true as const } : {}),
      ...(source.frontmatter.image ? { image: source.frontmatter.image } : {}),
      ...(tags.byDoc.has(source.id) ? { tags: tags.byDoc.get(source.id) } : {}),
      ...editLink(source, input),
    });
  }
  for (const page of [...generated, ...tags.pages]) addPage(page);

  linkNeighbours(pages, sidebars, ctx);
  const sidebarAnchors = checkSidebarLinks(pages, sidebars, ctx);
  return { pages, sidebars, sidebarAnchors, diagnostics };
}

interface ResolveCtx {
  docs: Map<string, DocInfo>;
  input: GraphInput;
  diagnostics: Diagnostic[];
  generated: GraphPage[];
  sidebarSource: string;
  sidebarRel: string;
  /** The descriptions sidebar items give their index cards (link and category items). */
  descriptions: WeakMap<SidebarNode, string>;
  /** First sidebar (and its category trail) in which each doc id appears. */
  membership: Map<string, { sidebarId: string; trail: Breadcrumb[] }>;
  docsByRoute: Map<string, DocInfo>;
}

/**
 * Files that give one doc id, each id reported once with all its files, as Docusaurus does. It is
 * reported at the `id` frontmatter that made the clash, if a file has one, else at the last file.
 */
function duplicateIds(sources: SourcePage[]): Diagnostic[] {
  const byId = new Map<string, SourcePage[]>();
  for (const p of sources) byId.set(p.id, [...(byId.get(p.id) ?? []), p]);
  const found: Diagnostic[] = [];
  for (const [id, group] of byId) {
    if (group.length < 2) continue;
    const files = group.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    const markdown = files.filter((p) => !p.prebuilt);
    const named = markdown.find((p) => p.frontmatter.id !== undefined);
    const at = named ?? markdown.at(-1) ?? files.at(-1)!;
    const from = (p: SourcePage) => (p.prebuilt ? "an API operation's page" : p.frontmatter.id !== undefined ? 'its `id` frontmatter' : 'its path');
    const hint = named
      ? 'give each page an `id` no other page has, or remove the `id` frontmatter where the path gives a distinct one'
      : files.some((p) => p.prebuilt)
        ? "rename the markdown file, or give it an `id` in its frontmatter: an API operation's page takes its id from the operation"
        : 'rename all files but one, or give all but one an `id` in their frontmatter';
    const list = files.map((p) => `${rel(p.file)} (${from(p)})`).join(', ');
    found.push(error('duplicate-doc-id', { file: rel(at.file), line: named?.idLine ?? 1, column: 1 }, `doc id "${id}" is taken by ${files.length} files: ${list}`, hint));
  }
  return found;
}

function resolveItems(items: SidebarItemConfig[], sidebarId: string, ctx: ResolveCtx, trail: Breadcrumb[]): SidebarNode[] {
  const out: SidebarNode[] = [];
  for (const item of items) {
    const node = resolveItem(item, sidebarId, ctx, trail);
    if (Array.isArray(node)) out.push(...node);
    else if (node) out.push(node);
  }
  return out;
}

function resolveItem(item: SidebarItemConfig, sidebarId: string, ctx: ResolveCtx, trail: Breadcrumb[]): SidebarNode | SidebarNode[] | undefined {
  if (typeof item === 'string') return resolveDoc(item, undefined, undefined, sidebarId, ctx, trail, true);
  switch (item.type) {
    case 'doc':
      return resolveDoc(item.id, item.label, item.className, sidebarId, ctx, trail, true);
    case 'ref':
      return resolveDoc(item.id, item.label, item.className, sidebarId, ctx, trail, false);
    case 'link': {
      const node: SidebarNode = { kind: 'link', label: item.label, href: item.href, ...(item.className ? { className: item.className } : {}) };
      if (item.description !== undefined) ctx.descriptions.set(node, item.description);
      return node;
    }
    case 'html':
      return { kind: 'html', value: item.value, ...(item.className ? { className: item.className } : {}), ...(item.defaultStyle ? { defaultStyle: true } : {}) };
    case 'autogenerated':
      return autogenerate(item.dirName, sidebarId, ctx, trail);
    case 'category':
      return resolveCategory(item, sidebarId, ctx, trail);
    case 'openapi': {
      const items = ctx.input.apiSidebars?.get(item.id);
      if (!items) {
        ctx.diagnostics.push(
          error(
            'invalid-sidebar',
            { file: ctx.sidebarRel, ...locate(ctx.sidebarSource, item.id) },
            `sidebar "${sidebarId}" names OpenAPI source "${item.id}", which is not configured`,
            'add it to "openapi" in the config',
          ),
        );
        return undefined;
      }
      return resolveItems(items, sidebarId, ctx, trail);
    }
    default: {
      const unknown = item as { type?: string };
      ctx.diagnostics.push(
        error(
          'invalid-sidebar',
          { file: ctx.sidebarRel, ...locate(ctx.sidebarSource, String(unknown.type)) },
          `unknown sidebar item type "${unknown.type}"`,
          'use doc, ref, link, html, category, autogenerated or openapi',
        ),
      );
      return undefined;
    }
  }
}

function resolveDoc(id: string, label: string | undefined, className: string | undefined, sidebarId: string, ctx: ResolveCtx, trail: Breadcrumb[], owns: boolean): SidebarNode | undefined {
  const doc = ctx.docs.get(id);
  if (!doc && ctx.input.leftOut?.has(id)) return undefined;
  if (!doc) {
    ctx.diagnostics.push(
      error('unknown-sidebar-id', { file: ctx.sidebarRel, ...locate(ctx.sidebarSource, id) }, `sidebar "${sidebarId}" names doc id "${id}", which does not exist`, suggest(id, ctx.docs)),
    );
    return undefined;
  }
  const member = ctx.membership.get(id);
  if (owns && member?.sidebarId === sidebarId) {
    ctx.diagnostics.push(
      warning(
        'duplicate-sidebar-entry',
        { file: ctx.sidebarRel, ...locate(ctx.sidebarSource, id) },
        `sidebar "${sidebarId}" lists doc id "${id}" more than once: its breadcrumbs and previous/next follow the first entry`,
        'list each doc once; link to it again with { type: "ref", id }',
      ),
    );
  }
  if (owns && !member) ctx.membership.set(id, { sidebarId, trail });
  // An unlisted page keeps the sidebar it is in, around it, without an entry of its own.
  if (doc.source.frontmatter.unlisted === true) return undefined;
  const shown = label ?? doc.label;
  // Read aloud, not shown: the title's markdown marks (a title may have `code`) are left out.
  const titleRest = doc.title.startsWith(`${shown} `) ? ` ${plainText(doc.title.slice(shown.length))}` : undefined;
  return { kind: 'doc', label: shown, route: doc.source.route, ...(className ? { className } : {}), ...(titleRest ? { titleRest } : {}) };
}

function resolveCategory(item: Extract<SidebarItemConfig, { type: 'category' }>, sidebarId: string, ctx: ResolveCtx, trail: Breadcrumb[]): SidebarNode {
  let route: string | undefined;
  let linkedDocId: string | undefined;
  if (item.link?.type === 'doc') {
    const doc = ctx.docs.get(item.link.id);
    if (!doc) {
      // A category whose page is a draft left out of this build is a category without a page.
      if (!ctx.input.leftOut?.has(item.link.id)) {
        ctx.diagnostics.push(
          error(
            'unknown-sidebar-id',
            { file: ctx.sidebarRel, ...locate(ctx.sidebarSource, item.link.id) },
            `category "${item.label}" links to doc id "${item.link.id}", which does not exist`,
            suggest(item.link.id, ctx.docs),
          ),
        );
      }
    } else {
      route = doc.source.route;
      linkedDocId = item.link.id;
    }
  } else if (item.link?.type === 'generated-index') {
    const slug = item.link.slug ?? `/category/${new GithubSlugger().slug(item.label)}`;
    route = joinRoute(ctx.input.routeBase, slug);
    const problem = routeProblem(route);
    if (problem) {
      ctx.diagnostics.push(
        error('invalid-route', { file: ctx.sidebarRel, ...locate(ctx.sidebarSource, slug) }, `category "${item.label}" has the slug ${JSON.stringify(slug)}: ${problem}`, ROUTE_HINT),
      );
      route = undefined;
    }
  }
  const crumb: Breadcrumb = { label: item.label, ...(route ? { route } : {}) };
  if (linkedDocId && !ctx.membership.has(linkedDocId)) ctx.membership.set(linkedDocId, { sidebarId, trail });
  const items = resolveItems(item.items, sidebarId, ctx, [...trail, crumb]);
  if (item.link?.type === 'generated-index' && route) {
    ctx.generated.push({
      id: `__index__${route}`,
      route,
      title: item.link.title ?? item.label,
      label: item.label,
      description: item.link.description ?? '',
      kind: 'generated-index',
      html: '',
      toc: NO_TOC,
      headingIds: NO_IDS,
      hideToc: true,
      sidebarId,
      breadcrumbs: trail,
      file: ctx.input.sidebarFile ?? 'sidebars',
      keywords: [],
      cards: items.flatMap((child) => (child.kind === 'html' ? [] : [cardFor(child, ctx)])),
    });
  }
  const node: SidebarNode = {
    kind: 'category',
    label: item.label,
    ...(route ? { route } : {}),
    ...(item.className ? { className: item.className } : {}),
    collapsed: item.collapsed ?? true,
    collapsible: item.collapsible ?? true,
    items,
  };
  if (item.description !== undefined) ctx.descriptions.set(node, item.description);
  return node;
}

function editLink(source: SourcePage, input: GraphInput): { editUrl?: string } {
  const custom = source.frontmatter.custom_edit_url;
  const url = custom === null ? undefined : (custom ?? input.editUrl?.(source));
  return url ? { editUrl: url } : {};
}

const TAGS_TITLE = 'Tags';
const taggedTitle = (count: number, label: string) => `${count} doc${count === 1 ? '' : 's'} tagged with "${label}"`;

/**
 * Docusaurus's doc tags: a page per tag at /tags/{permalink} with a card per doc, and /tags with a
 * card per tag. A tag's permalink defaults to the slug of its label; tags that share one are one
 * tag, named as first met. Unlisted docs are in no tag's list, and show no tags.
 */
function tagPages(docs: Map<string, DocInfo>, ctx: ResolveCtx): { pages: GraphPage[]; byDoc: Map<string, LinkRef[]> } {
  const index = joinRoute(ctx.input.routeBase, 'tags');
  const tags = new Map<string, { label: string; docs: DocInfo[] }>();
  const byDoc = new Map<string, LinkRef[]>();
  for (const doc of docs.values()) {
    const fm = doc.source.frontmatter;
    if (!fm.tags?.length || fm.unlisted === true) continue;
    const refs: LinkRef[] = [];
    for (const tag of fm.tags) {
      const label = (typeof tag === 'string' ? tag : tag.label).trim();
      const permalink = typeof tag === 'string' ? undefined : tag.permalink?.replace(/^\//, '');
      const route = joinRoute(index, permalink ?? new GithubSlugger().slug(label));
      const entry = tags.get(route) ?? { label, docs: [] };
      tags.set(route, entry);
      if (refs.some((r) => r.route === route)) continue;
      entry.docs.push(doc);
      refs.push({ title: entry.label, route });
    }
    byDoc.set(doc.source.id, refs);
  }
  if (tags.size === 0) return { pages: [], byDoc };
  const byLabel = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0);
  const page = (route: string, title: string, label: string, file: string, cards: GraphCard[], breadcrumbs: Breadcrumb[]): GraphPage => ({
    id: `__tags__${route}`,
    route,
    title,
    label,
    description: '',
    kind: 'generated-index',
    html: '',
    toc: NO_TOC,
    headingIds: NO_IDS,
    hideToc: true,
    breadcrumbs,
    file,
    keywords: [],
    cards,
  });
  const pages = [...tags].map(([route, { label, docs: tagged }]) =>
    page(route, taggedTitle(tagged.length, label), label, tagged[0].source.file, tagged.map((d) => cardFor({ kind: 'doc', label: d.title, route: d.source.route }, ctx)).sort(byLabel), [
      { label: TAGS_TITLE, route: index },
    ]),
  );
  const tagCards = [...tags].map(([route, { label, docs: tagged }]) => ({ title: label, route, description: `${tagged.length} doc${tagged.length === 1 ? '' : 's'}` })).sort(byLabel);
  return { pages: [page(index, TAGS_TITLE, TAGS_TITLE, pages[0].file, tagCards, []), ...pages], byDoc };
}

function cardFor(node: Exclude<SidebarNode, { kind: 'html' }>, ctx: ResolveCtx): GraphCard {
  const given = ctx.descriptions.get(node);
  if (node.kind === 'link') return { title: node.label, href: node.href, description: given ?? node.href };
  if (node.kind === 'category') {
    // As Docusaurus counts: the category's own entries, nested categories as one each.
    const n = node.items.length;
    return { title: node.label, route: node.route, description: given ?? `${n} item${n === 1 ? '' : 's'}` };
  }
  const doc = ctx.docsByRoute.get(node.route);
  const description = doc?.source.frontmatter.description;
  return { title: node.label, route: node.route, description: description ?? '', ...(doc && description === undefined ? { descriptionOf: doc.source.id } : {}) };
}

/** Docusaurus's autogenerated sidebar: folders become categories, ordered by position then name. */
function autogenerate(dirName: string, sidebarId: string, ctx: ResolveCtx, trail: Breadcrumb[]): SidebarNode[] {
  const base = dirName === '.' ? '' : dirName.replace(/^\.?\/|\/$/g, '');
  type Entry = { sortKey: string; position?: number; item: SidebarItemConfig };
  // Docs by folder and folders by parent, made once: walking every doc for every folder is
  // quadratic, which a watch rebuild of a large site would pay on each save.
  const docsIn = new Map<string, Entry[]>();
  const subdirsOf = new Map<string, Set<string>>();
  for (const { source } of ctx.docs.values()) {
    if (source.frontmatter.unlisted === true) continue; // e.g. the generated /search page
    const relDir = source.relPath.includes('/') ? source.relPath.slice(0, source.relPath.lastIndexOf('/')) : '';
    const list = docsIn.get(relDir) ?? [];
    list.push({ sortKey: source.relPath, position: source.frontmatter.sidebar_position, item: { type: 'doc', id: source.id } });
    docsIn.set(relDir, list);
    for (let dir = relDir; dir !== '';) {
      const parent = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '';
      const subs = subdirsOf.get(parent) ?? new Set<string>();
      subs.add(dir);
      subdirsOf.set(parent, subs);
      dir = parent;
    }
  }
  const build = (dir: string): SidebarItemConfig[] => {
    const entries: Entry[] = [...(docsIn.get(dir) ?? [])];
    const subdirs = [...(subdirsOf.get(dir) ?? [])].sort();
    for (const sub of subdirs) {
      const meta = ctx.input.categories.get(sub) ?? {};
      const name = sub.slice(sub.lastIndexOf('/') + 1);
      const children = build(sub);
      // A folder's index/README doc (or one named like the folder) becomes the category's link.
      const indexIdx = children.findIndex((c) => {
        if (typeof c === 'string' || c.type !== 'doc') return false;
        const last = lastSegment(c.id).toLowerCase();
        return last === 'index' || last === 'readme' || last === stripNumberPrefix(name).toLowerCase();
      });
      let link = meta.link;
      if (!link && indexIdx >= 0) {
        const [indexItem] = children.splice(indexIdx, 1);
        link = { type: 'doc', id: (indexItem as { id: string }).id };
      }
      entries.push({
        sortKey: sub,
        position: meta.position,
        item: {
          type: 'category',
          label: meta.label ?? stripNumberPrefix(name),
          collapsed: meta.collapsed,
          collapsible: meta.collapsible,
          items: children,
          ...(link ? { link } : {}),
        },
      });
    }
    entries.sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || a.sortKey.localeCompare(b.sortKey));
    return entries.map((e) => e.item);
  };
  return resolveItems(build(base), sidebarId, ctx, trail);
}

/** What a doc page shows of its transformed markdown. */
export type PageContent = Pick<GraphPage, 'html' | 'description' | 'toc' | 'headingIds'>;

/**
 * A page of the graph with its content, and its cards with the descriptions of their docs:
 * `contentOf` gives a doc's content by id, undefined for one not transformed (yet).
 */
export function pageWithContent(page: GraphPage, contentOf: (docId: string) => PageContent | undefined): GraphPage {
  const own = page.kind === 'doc' ? contentOf(page.id) : undefined;
  const cards = page.cards?.map(({ descriptionOf, ...card }) => (descriptionOf === undefined ? card : { ...card, description: contentOf(descriptionOf)?.description ?? '' }));
  return { ...page, ...own, ...(cards ? { cards } : {}) };
}

/** The graph with every page's content (see pageWithContent): what a build checks, renders and indexes. */
export function withContent(graph: SiteGraph, contentOf: (docId: string) => PageContent | undefined): SiteGraph {
  const pages = new Map<string, GraphPage>();
  for (const [route, page] of graph.pages) pages.set(route, pageWithContent(page, contentOf));
  return { ...graph, pages };
}

/** Sidebar links to headings that the pages with their content do not have. */
export function sidebarAnchorProblems(graph: SiteGraph): Diagnostic[] {
  return graph.sidebarAnchors
    .filter((link) => !graph.pages.get(link.route)?.headingIds.has(link.anchor))
    .map((link) => error('broken-anchor', link.at, `sidebar link "${link.label}" goes to ${link.href}: ${link.route} has no heading #${link.anchor}`));
}

/**
 * Remembered per transform result: a watch rebuild hands back the same result for every page that
 * did not change, and its description is found again and its heading ids collected again only
 * when that result is new.
 */
const contentMemo = new WeakMap<TransformedPage, { description: unknown; content: PageContent }>();

export function pageContent(source: SourcePage, t: TransformedPage | undefined): PageContent {
  if (!t) return makePageContent(source, t);
  const memo = contentMemo.get(t);
  if (memo && memo.description === source.frontmatter.description) return memo.content;
  const content = makePageContent(source, t);
  contentMemo.set(t, { description: source.frontmatter.description, content });
  return content;
}

function makePageContent(source: SourcePage, t: TransformedPage | undefined): PageContent {
  const html = t?.html ?? '';
  return {
    html,
    description: source.frontmatter.description ?? t?.lead ?? firstParagraph(html),
    toc: t?.toc ?? NO_TOC,
    headingIds: new Set([...(t?.headings.map((h) => h.id) ?? []), ...(t?.anchors ?? [])]),
  };
}

/** Breadcrumbs from sidebar membership; previous/next from the sidebar's reading order. */
function linkNeighbours(pages: Map<string, GraphPage>, sidebars: Map<string, SidebarNode[]>, ctx: ResolveCtx) {
  const byId = new Map<string, GraphPage>();
  for (const p of pages.values()) byId.set(p.id, p);
  for (const page of pages.values()) {
    if (page.kind === 'doc') page.breadcrumbs = ctx.membership.get(page.id)?.trail ?? [];
  }
  for (const [, items] of sidebars) {
    // Reading order of the sidebar, with the label each entry has there (an explicit label wins;
    // a page's pagination_label wins over both).
    const order = new Map<string, string>();
    const walk = (nodes: SidebarNode[]) => {
      for (const n of nodes) {
        if (n.kind === 'doc' && !order.has(n.route)) order.set(n.route, n.label);
        else if (n.kind === 'category') {
          if (n.route && !order.has(n.route)) order.set(n.route, n.label);
          walk(n.items);
        }
      }
    };
    walk(items);
    const entries = [...order];
    entries.forEach(([route], i) => {
      const page = pages.get(route);
      if (!page || page.prev || page.next) return;
      const ref = (entry?: [string, string]): LinkRef | undefined =>
        entry && pages.has(entry[0]) ? { title: ctx.docsByRoute.get(entry[0])?.source.frontmatter.pagination_label ?? entry[1], route: entry[0] } : undefined;
      page.prev = ref(entries[i - 1]);
      page.next = ref(entries[i + 1]);
    });
  }
  for (const page of pages.values()) {
    const fm = ctx.docs.get(page.id)?.source.frontmatter;
    if (!fm) continue;
    for (const key of ['pagination_prev', 'pagination_next'] as const) {
      if (!(key in fm)) continue;
      const value = fm[key];
      const target = value ? byId.get(value) : undefined;
      if (value && !target && !ctx.input.leftOut?.has(value)) {
        ctx.diagnostics.push(error('unknown-doc-id', { file: rel(page.file), line: 2, column: 1 }, `${key} names doc id "${value}", which does not exist`, suggest(value, ctx.docs)));
      }
      const ref = target ? { title: ctx.docs.get(target.id)?.source.frontmatter.pagination_label ?? target.label, route: target.route } : undefined;
      if (key === 'pagination_prev') page.prev = ref;
      else page.next = ref;
    }
  }
}

/** A sidebar link within the site (`/reference/sdks#community-sdks`) must reach a page and, if it has one, a heading. */
function checkSidebarLinks(pages: Map<string, GraphPage>, sidebars: Map<string, SidebarNode[]>, ctx: ResolveCtx): SiteGraph['sidebarAnchors'] {
  const anchors: SiteGraph['sidebarAnchors'] = [];
  const walk = (nodes: SidebarNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'category') walk(node.items);
      if (node.kind !== 'link' || !node.href.startsWith('/') || path.posix.extname(node.href.split(/[?#]/)[0])) continue;
      const [route, anchor] = node.href.split('#');
      const page = pages.get(normaliseRoute(route.split('?')[0]));
      const at = { file: ctx.sidebarRel, ...locate(ctx.sidebarSource, node.href) };
      if (!page) ctx.diagnostics.push(error('broken-link', at, `sidebar link "${node.label}" goes to ${node.href}: no page at ${route}`, 'check the route; pages are matched exactly'));
      else if (anchor) anchors.push({ route: page.route, anchor: safeDecode(anchor), label: node.label, href: node.href, at });
    }
  };
  for (const items of sidebars.values()) walk(items);
  return anchors;
}

function suggest(id: string, docs: Map<string, DocInfo>): string {
  const last = lastSegment(id);
  const close = [...docs.keys()].filter((k) => lastSegment(k) === last).slice(0, 3);
  return close.length ? `did you mean ${close.map((c) => `"${c}"`).join(' or ')}?` : 'doc ids are file paths below the docs folder, without extension';
}

function locate(source: string, needle: string): { line?: number; column?: number } {
  for (const q of [`'${needle}'`, `"${needle}"`, needle]) {
    const at = source.indexOf(q);
    if (at >= 0) {
      const before = source.slice(0, at).split('\n');
      return { line: before.length, column: before[before.length - 1].length + 1 };
    }
  }
  return {};
}
