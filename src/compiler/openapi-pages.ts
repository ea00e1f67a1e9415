// Turns a loaded OpenAPI document into ordinary pages: one per operation and an index. Each page is
// built here as an HTML tree (no markdown round trip) and serialised once, readable without
// JavaScript: schemas are nested <details>, samples are tabs in the markup of the markdown tabs.
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import GithubSlugger from 'github-slugger';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString as mdastToString } from 'mdast-util-to-string';
import type { OpenApiSourceConfig, SidebarItemConfig } from './define-config.ts';
import type { SourcePage } from './collect-docs.ts';
import { joinRoute } from '../shared/routes.ts';
import { isScriptUrl } from './markdown/urls.ts';
import type { HeadingInfo } from './markdown/context.ts';
import { visit } from 'unist-util-visit';
import type { Root as HastRoot, Element, ElementContent } from 'hast';
import { kebabCase, type ApiOperation, type LoadedApi } from './collect-openapi.ts';
import type { OpenApiDocument, OpenApiMediaType, OpenApiParameter, OpenApiSchema, OpenApiSecurityScheme } from './openapi-types.ts';
import { h, joined, nodes, pageHtml, type HastChild } from './hast.ts';
import { scrollTable } from './markdown/scroll-tables.ts';
import { tabsElement } from './markdown/tabs.ts';
import { admonitionElement } from './markdown/admonitions.ts';

const SAMPLE_GROUP = 'api-sample-language';
/** The request samples' names when the config gives none (see `samples` in config-schema.ts). */
const SAMPLE_NAMES = { urlVariable: 'API_URL', tokenVariable: 'API_TOKEN', serverName: 'The server' };
const MAX_DEPTH = 8;

export interface ApiPages {
  pages: SourcePage[];
  /** Sidebar items for the API: one category per tag, operations in alphabetical order. */
  sidebar: SidebarItemConfig[];
  indexId: string;
}

/** The languages of the code blocks these pages show (header, response examples, request samples). */
export const API_CODE_LANGUAGES = ['bash', 'go', 'http', 'javascript', 'json', 'python'];

/** Highlights a block into the tree of a fenced markdown block (see markdown/highlight.ts). */
export type HighlightCode = (code: string, lang: string, title?: string) => ElementContent[];

export function buildApiPages(api: LoadedApi, routeBase: string, highlight: HighlightCode): ApiPages {
  const base = joinRoute(routeBase, api.source.route);
  const ctx = new RenderContext(api.doc, highlight, api.source);
  const idOf = (slug: string) => `${base.slice(1)}/${slug}`;
  const pages: SourcePage[] = api.operations.map((op) => {
    const id = idOf(op.slug);
    const built = renderOperation(op, ctx);
    return page(id, `${base}/${op.slug}`, api.file, ctx.summary(op).text, plainText(op.op.description ?? op.op.summary ?? ''), built);
  });
  const groups = groupByTag(api);
  // A page per tag and an introduction, at the routes Docusaurus's OpenAPI plugin gives them, so
  // links into an API reference made with it keep working.
  const tagPages = groups.map((g) => ({ group: g, slug: kebabCase(g.name) }));
  for (const { group, slug } of tagPages) {
    pages.push(page(idOf(slug), `${base}/${slug}`, api.file, group.name, plainText(group.description ?? ''), renderTag(group, base, ctx)));
  }
  const intro = { id: idOf(kebabCase(api.doc.info.title)), route: `${base}/${kebabCase(api.doc.info.title)}` };
  pages.push(page(intro.id, intro.route, api.file, api.doc.info.title, plainText(api.doc.info.description ?? ''), renderIntroduction(api, tagPages, base, ctx)));
  const indexId = base.slice(1);
  // Not the document's title alone: that is the introduction's.
  const indexTitle = api.source.indexTitle ?? `${api.doc.info.title} reference`;
  pages.push(page(indexId, base, api.file, indexTitle, plainText(api.doc.info.description ?? ''), renderIndex(api, indexTitle, groups, base, intro.route, ctx)));
  const sidebar: SidebarItemConfig[] = [
    { type: 'doc', id: intro.id, label: 'Introduction' },
    ...tagPages.map(({ group, slug }): SidebarItemConfig => ({
      type: 'category',
      label: group.name,
      link: { type: 'doc', id: idOf(slug) },
      items: group.operations.map((op) => ({ type: 'doc', id: idOf(op.slug), label: ctx.summary(op).text, className: `api-method api-method-${op.method}` })),
    })),
  ];
  return { pages, sidebar, indexId };
}

function page(id: string, route: string, file: string, title: string, description: string, built: Built): SourcePage {
  return {
    id,
    route,
    file,
    relPath: `${id}.api`,
    frontmatter: { title, description: description.slice(0, 300), sidebar_label: title },
    body: '',
    lineOffset: 0,
    isMdx: false,
    prebuilt: { html: built.html, headings: built.headings, toc: built.headings.filter((h) => h.level >= 2 && h.level <= 3), links: [], images: [], firstH1: title, diagnostics: [] },
  };
}

interface TagGroup {
  name: string;
  description?: string;
  operations: ApiOperation[];
}

function groupByTag(api: LoadedApi): TagGroup[] {
  const order = (api.doc.tags ?? []).map((t) => t.name);
  const groups = new Map<string, TagGroup>();
  for (const name of order) groups.set(name, { name, description: api.doc.tags!.find((t) => t.name === name)?.description, operations: [] });
  for (const op of api.operations) {
    for (const tag of op.tags) {
      if (!groups.has(tag)) groups.set(tag, { name: tag, operations: [] });
      groups.get(tag)!.operations.push(op);
    }
  }
  return [...groups.values()].filter((g) => g.operations.length > 0);
}

interface Built {
  html: string;
  headings: HeadingInfo[];
}

/** Collects the content and the headings (with unique ids) of one page, and serialises it once. */
class PageWriter {
  /** Blocks of the page, a line apart. */
  private parts: ElementContent[][] = [];
  readonly headings: HeadingInfo[] = [];
  private slugger = new GithubSlugger();

  /** `content`, when given, is what the heading shows; `text` is its plain text (id, TOC). */
  heading(level: number, text: string, id?: string, content: HastChild = text): void {
    const hid = id ? (this.slugger.slug(id), id) : this.slugger.slug(text);
    this.headings.push({ id: hid, text, level });
    this.parts.push([h(`h${level}`, { id: hid }, content)]);
  }

  add(...content: HastChild[]): void {
    this.parts.push(nodes(content));
  }

  done(): Built {
    const children = this.parts.flatMap((part, i): ElementContent[] => (i === 0 ? part : [{ type: 'text', value: '\n' }, ...part]));
    return { html: pageHtml(children), headings: this.headings };
  }
}

/** The document is content: a `javascript:` link or image in a description loses its URL, as in markdown pages. */
function rehypeNoScriptUrls() {
  return (tree: HastRoot) => {
    visit(tree, 'element', (node: Element) => {
      for (const key of ['href', 'src'] as const) {
        const value = node.properties?.[key];
        if (typeof value === 'string' && isScriptUrl(value)) delete node.properties[key];
      }
    });
  };
}

/** Schema nodes one tree shows at most: a document whose schemas fan out would otherwise make pages of hundreds of MB. */
const MAX_SCHEMA_NODES = 2000;

class RenderContext {
  private markdown: Processor;
  private cache = new Map<string, ElementContent[]>();
  private summaries = new Map<string, { text: string; content: ElementContent[] }>();
  /** Schema trees by the $ref they show: built once, shown on every page that needs them. */
  readonly trees = new Map<string, Element>();
  /** Schema nodes left to show in the tree being made. */
  nodesLeft = MAX_SCHEMA_NODES;
  /** The names the request samples use. */
  readonly samples: Required<NonNullable<OpenApiSourceConfig['samples']>>;
  readonly tokenHints: OpenApiSourceConfig['tokenHints'];
  constructor(
    readonly doc: OpenApiDocument,
    readonly highlight: HighlightCode,
    source: OpenApiSourceConfig,
  ) {
    this.samples = { ...SAMPLE_NAMES, ...source.samples };
    this.tokenHints = source.tokenHints;
    this.markdown = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeNoScriptUrls).freeze() as unknown as Processor;
  }

  /**
   * Descriptions are CommonMark; raw HTML in them is not passed through. One description's nodes
   * may stand in several pages: they are only read, when each page is serialised.
   */
  md(text: string | undefined): ElementContent[] {
    if (!text) return [];
    let content = this.cache.get(text);
    if (content === undefined) {
      content = (this.markdown.runSync(this.markdown.parse(text)) as HastRoot).children as ElementContent[];
      this.cache.set(text, content);
    }
    return content;
  }

  /** A description of one paragraph as inline content, without the paragraph (a list item's, a heading's). */
  inlineMd(text: string | undefined): ElementContent[] {
    const content = this.md(text);
    const blocks = content.filter((n) => !(n.type === 'text' && n.value.trim() === ''));
    return blocks.length === 1 && blocks[0].type === 'element' && blocks[0].tagName === 'p' ? blocks[0].children : content;
  }

  /**
   * An operation's summary is inline markdown (links, code): HTML for its page's heading, plain
   * text for everywhere else it names the page (title, sidebar, breadcrumbs, search, pagination).
   */
  summary(api: ApiOperation): { text: string; content: ElementContent[] } {
    const source = api.op.summary ?? api.operationId;
    let hit = this.summaries.get(source);
    if (!hit) {
      const text = mdastToString(fromMarkdown(source)).replace(/\s+/g, ' ').trim() || api.operationId;
      hit = { text, content: this.inlineMd(source) };
      this.summaries.set(source, hit);
    }
    return hit;
  }

  /** Follows a local `$ref`; returns the target and the name of the component it names. */
  resolve<T extends { $ref?: string }>(value: T): { value: T; name?: string } {
    let current = value;
    let name: string | undefined;
    for (let i = 0; i < 20 && current?.$ref; i++) {
      const ref = current.$ref;
      name = ref.slice(ref.lastIndexOf('/') + 1);
      current = pointer(this.doc, ref) as T;
    }
    return { value: current, name };
  }
}

function pointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), doc);
}

function renderOperation(api: ApiOperation, ctx: RenderContext): Built {
  const { op } = api;
  const w = new PageWriter();
  const title = ctx.summary(api);
  w.heading(1, title.text, undefined, title.content);
  w.add(h('div', { className: ['api-endpoint'] }, methodBadge(api.method), ' ', h('code', { className: ['api-path'] }, api.path)));
  if (op.deprecated) {
    w.add(admonitionElement('caution', 'Deprecated', [h('p', {}, 'This operation is deprecated and may be removed in a future version. Avoid it in new integrations.')]));
  }
  w.add(ctx.md(op.description));

  w.heading(2, 'Authorization');
  w.add(authorization(api, ctx));

  const params = parameters(api, ctx);
  if (params.length || op.requestBody) w.heading(2, 'Request');
  for (const where of ['path', 'query', 'header', 'cookie'] as const) {
    const list = params.filter((p) => p.in === where);
    if (!list.length) continue;
    w.heading(3, `${where[0].toUpperCase()}${where.slice(1)} parameters`);
    w.add(scrollTable(parameterTable(list, ctx), `${where[0].toUpperCase()}${where.slice(1)} parameters`));
  }
  if (op.requestBody) {
    const body = ctx.resolve(op.requestBody).value;
    w.heading(3, 'Request body');
    const [type, media] = firstMedia(body.content);
    w.add(h('p', {}, body.required && [h('strong', {}, 'Required.'), ' '], 'Content type: ', h('code', {}, type ?? 'none')));
    w.add(ctx.md(body.description));
    if (media?.schema) w.add(schemaTree(media.schema, ctx));
  }

  const responses = Object.entries(op.responses ?? {});
  if (responses.length) w.heading(2, 'Responses');
  for (const [status, raw] of responses) {
    const response = ctx.resolve(raw).value;
    const summary = response.description ? firstSentence(response.description) : '';
    w.heading(3, `${status}${summary ? `: ${summary}` : ''}`, `response-${status}`);
    // The heading shows the first sentence: the description only if it says more.
    if (response.description && plainText(response.description) !== summary) w.add(ctx.md(response.description));
    const [type, media] = firstMedia(response.content);
    if (!media) continue;
    w.add(h('p', {}, 'Content type: ', h('code', {}, type!)));
    // A bare `{ type: object }` (the usual error body) has nothing to show: no tree, no `{}`.
    const schema = media.schema && !saysNothing(media.schema) ? media.schema : undefined;
    if (schema) w.add(schemaTree(schema, ctx));
    const example = exampleOf({ ...media, schema }, ctx);
    if (example !== undefined) w.add(ctx.highlight(JSON.stringify(example, null, 2), 'json', 'Example response'));
  }

  w.heading(2, 'Request samples');
  w.add(samples(api, ctx));
  return w.done();
}

function renderIndex(api: LoadedApi, title: string, groups: TagGroup[], base: string, introRoute: string, ctx: RenderContext): Built {
  const w = new PageWriter();
  w.heading(1, title);
  w.add(
    h(
      'p',
      {},
      `Version ${api.doc.info.version} · ${api.operations.length} operations in ${groups.length} groups. The `,
      h('a', { href: introRoute }, 'introduction'),
      ' explains authentication and the base URL.',
    ),
  );
  for (const g of groups) {
    w.heading(2, g.name);
    w.add(ctx.md(g.description));
    w.add(scrollTable(operationTable(g.operations, base, ctx), g.name));
  }
  return w.done();
}

function renderTag(group: TagGroup, base: string, ctx: RenderContext): Built {
  const w = new PageWriter();
  w.heading(1, group.name);
  w.add(ctx.md(group.description));
  w.heading(2, 'Operations');
  w.add(scrollTable(operationTable(group.operations, base, ctx), group.name));
  return w.done();
}

function renderIntroduction(api: LoadedApi, tags: { group: TagGroup; slug: string }[], base: string, ctx: RenderContext): Built {
  const { doc } = api;
  const w = new PageWriter();
  w.heading(1, doc.info.title);
  w.add(h('p', {}, `Version ${doc.info.version}`, doc.info.license?.name && ` · Licence: ${doc.info.license.name}`));
  w.add(ctx.md(doc.info.description));
  if (doc.servers?.length) {
    w.heading(2, 'Base URL');
    w.add(
      h(
        'ul',
        {},
        doc.servers.map((s) => h('li', {}, h('code', {}, s.url), s.description && [': ', ctx.inlineMd(s.description)])),
      ),
    );
  }
  const schemes = Object.entries(doc.components?.securitySchemes ?? {});
  if (schemes.length) {
    w.heading(2, 'Authentication');
    const rows = schemes.map(([name, s]) => [h('code', {}, name), schemeSummary(s), ctx.md(s.description)]);
    w.add(scrollTable(table(['api-params'], ['Scheme', 'How to send it', 'Description'], rows), 'Authentication'));
  }
  w.heading(2, 'Operations by group');
  w.add(
    h(
      'ul',
      {},
      tags.map(({ group, slug }) => h('li', {}, h('a', { href: `${base}/${slug}` }, group.name), ` (${group.operations.length})`, group.description && `: ${firstSentence(group.description, 140)}`)),
    ),
  );
  return w.done();
}

function schemeSummary(s: OpenApiSecurityScheme): string {
  if (s.type === 'apiKey') return `${s.name ?? 'API key'} ${s.in ?? 'header'}`;
  if (s.type === 'http') return `Authorization header, ${s.scheme ?? 'http'} scheme`;
  return s.type ?? 'unknown';
}

/** A path that a narrow column may wrap after its slashes, never inside a segment. */
function breakableAfterSlashes(apiPath: string): HastChild[] {
  return apiPath.split('/').flatMap((segment, i) => (i === 0 ? [segment] : ['/', h('wbr'), segment]));
}

function methodBadge(method: string): Element {
  return h('span', { className: ['api-method', `api-method-${method}`] }, method.toUpperCase());
}

/** A table of a header row and rows of cells. */
function table(className: string[], headers: string[], rows: HastChild[][]): Element {
  return h(
    'table',
    { className },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        headers.map((th) => h('th', {}, th)),
      ),
    ),
    h(
      'tbody',
      {},
      rows.map((cells) =>
        h(
          'tr',
          {},
          cells.map((td) => h('td', {}, td)),
        ),
      ),
    ),
  );
}

/** The operations of a group as a table; the index and the tag pages share it. */
function operationTable(operations: ApiOperation[], base: string, ctx: RenderContext): Element {
  const rows = operations.map((op) => [h('a', { href: `${base}/${op.slug}` }, ctx.summary(op).text), methodBadge(op.method), h('code', {}, breakableAfterSlashes(op.path))]);
  return table(['api-index'], ['Operation', 'Method', 'Path'], rows);
}

function authorization(api: ApiOperation, ctx: RenderContext): HastChild[] {
  const security = api.op.security ?? ctx.doc.security ?? [];
  if (security.length === 0) return [h('p', {}, 'This operation needs no authorization.')];
  const schemes = ctx.doc.components?.securitySchemes ?? {};
  const header = Object.values(schemes).find((s) => s.type === 'apiKey' && s.in === 'header');
  const name = header?.name ?? 'Authorization';
  const hint = ctx.tokenHints?.find((t) => api.path.startsWith(t.pathPrefix))?.hint;
  return [h('p', {}, 'Send an API token in the ', h('code', {}, name), ' header.', hint && ` ${hint}`), ctx.highlight(`${name}: <your-api-token>`, 'http')];
}

function parameters(api: ApiOperation, ctx: RenderContext): OpenApiParameter[] {
  const pathLevel = ctx.doc.paths?.[api.path]?.parameters ?? [];
  const all = [...pathLevel, ...(api.op.parameters ?? [])].map((p) => ctx.resolve(p).value);
  const seen = new Map<string, OpenApiParameter>();
  for (const p of all) seen.set(`${p.in}:${p.name}`, p);
  return [...seen.values()];
}

function parameterTable(list: OpenApiParameter[], ctx: RenderContext): Element {
  const rows = list.map((p) => {
    const schema = p.schema ? ctx.resolve(p.schema).value : undefined;
    return [
      [h('code', {}, p.name), p.deprecated && [' ', h('span', { className: ['schema-flag'] }, 'deprecated')]],
      typeName(p.schema, ctx),
      p.required ? 'yes' : 'no',
      schema?.default !== undefined && h('code', {}, JSON.stringify(schema.default)),
      schema?.enum &&
        joined(
          schema.enum.map((v) => h('code', {}, String(v))),
          ', ',
        ),
      ctx.md(p.description),
    ];
  });
  return table(['api-params'], ['Name', 'Type', 'Required', 'Default', 'Allowed values', 'Description'], rows);
}

function firstMedia(content: Record<string, OpenApiMediaType> | undefined): [string | undefined, OpenApiMediaType | undefined] {
  if (!content) return [undefined, undefined];
  const type = Object.keys(content).find((t) => t.includes('json')) ?? Object.keys(content)[0];
  return [type, type ? content[type] : undefined];
}

function typeName(schema: OpenApiSchema | undefined, ctx: RenderContext, depth = 0): string {
  if (!schema || depth > MAX_DEPTH) return 'any';
  const { value, name } = ctx.resolve(schema);
  if (!value) return name ?? 'any';
  const base =
    value.type === 'array'
      ? `${typeName(value.items, ctx, depth + 1)}[]`
      : Array.isArray(value.type)
        ? value.type.join(' | ')
        : (value.type ?? (value.oneOf ? 'one of' : value.anyOf ? 'any of' : value.allOf ? 'all of' : 'any'));
  const label = name && value.type !== 'array' ? name : base;
  return `${label}${value.format ? ` (${value.format})` : ''}`;
}

/** A schema as nested, collapsible lists: readable without JavaScript, expandable with it. */
function schemaTree(schema: OpenApiSchema, ctx: RenderContext): Element {
  // Most bodies are one named schema, shared by many operations: build each once.
  const key = schema.$ref ?? (schema.type === 'array' && schema.items?.$ref ? `array:${schema.items.$ref}` : undefined);
  const cached = key ? ctx.trees.get(key) : undefined;
  if (cached) return cached;
  ctx.nodesLeft = MAX_SCHEMA_NODES;
  const tree = h('div', { className: ['schema-tree'] }, schemaNode(undefined, schema, false, ctx, [], 0));
  if (key) ctx.trees.set(key, tree);
  return tree;
}

const flag = (className: string, text: string) => h('span', { className: [className] }, text);

function schemaNode(name: string | undefined, raw: OpenApiSchema, required: boolean, ctx: RenderContext, stack: string[], depth: number): Element {
  const { value: schema, name: refName } = ctx.resolve(raw);
  const flags: HastChild[] = [
    flag('schema-type', typeName(raw, ctx)),
    required && flag('schema-required', 'required'),
    (schema?.nullable || (Array.isArray(schema?.type) && schema.type.includes('null'))) && flag('schema-flag', 'nullable'),
    schema?.deprecated && flag('schema-flag', 'deprecated'),
    schema?.readOnly && flag('schema-flag', 'read-only'),
  ];
  // A space between each two flags, absent ones included (so two spaces around one), none after the last.
  const shown = flags.slice(0, flags.length - [...flags].reverse().findIndex(Boolean));
  const summary: HastChild[] = [name !== undefined && [h('code', { className: ['schema-name'] }, name), ' '], joined(shown, ' ')];
  if (!schema) return h('div', { className: ['schema-leaf'] }, summary);
  // An array of a named schema counts as that schema for cycle detection.
  const itemName = schema.type === 'array' && schema.items ? ctx.resolve(schema.items).name : undefined;
  const cycle = [refName, itemName].find((n) => n && stack.includes(n));
  if (cycle) return h('div', { className: ['schema-leaf'] }, summary, ' ', flag('schema-flag', `circular: see ${cycle} above`));
  const details: HastChild[] = [
    schema.description && h('div', { className: ['schema-description'] }, ctx.md(schema.description)),
    schema.enum &&
      h(
        'div',
        { className: ['schema-enum'] },
        'Allowed values: ',
        joined(
          schema.enum.map((v) => h('code', {}, JSON.stringify(v))),
          ', ',
        ),
      ),
    schema.default !== undefined && h('div', { className: ['schema-default'] }, 'Default: ', h('code', {}, JSON.stringify(schema.default))),
  ];
  const children = ctx.nodesLeft-- > 0 ? childrenOf(schema, ctx) : [];
  const nextStack = [...stack, ...[refName, itemName].filter((n): n is string => n !== undefined)];
  if (children.length === 0 || depth >= MAX_DEPTH) return h('div', { className: ['schema-leaf'] }, summary, details);
  const items = children.map((c) => h('li', {}, c.label && h('div', { className: ['schema-variant'] }, c.label), schemaNode(c.name, c.schema, c.required, ctx, nextStack, depth + 1)));
  return h('details', { className: ['schema-node'], open: depth < 1 }, h('summary', {}, summary), details, h('ul', {}, items));
}

interface SchemaChild {
  name?: string;
  label?: string;
  schema: OpenApiSchema;
  required: boolean;
}

/** `seen`: the schemas this call is inside of; a document's `allOf` or `items` may lead back to one. */
function childrenOf(schema: OpenApiSchema, ctx: RenderContext, seen = new Set<OpenApiSchema>()): SchemaChild[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  if (schema.type === 'array' && schema.items) {
    const item = ctx.resolve(schema.items).value;
    return item && (item.properties || item.oneOf || item.anyOf || item.allOf || item.items) ? childrenOf(item, ctx, seen) : [];
  }
  const out: SchemaChild[] = [];
  const required = new Set(schema.required ?? []);
  for (const part of schema.allOf ?? []) {
    const resolved = ctx.resolve(part).value;
    if (resolved) for (const c of childrenOf(resolved, ctx, seen)) out.push(c);
    for (const r of resolved?.required ?? []) required.add(r);
  }
  for (const [name, prop] of Object.entries(schema.properties ?? {})) out.push({ name, schema: prop, required: required.has(name) });
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    out.push({ name: '[key: string]', schema: schema.additionalProperties, required: false });
  }
  for (const [kind, list] of [
    ['one of', schema.oneOf],
    ['any of', schema.anyOf],
  ] as const) {
    list?.forEach((option, i) => out.push({ label: `${kind}, option ${i + 1}`, schema: option, required: false }));
  }
  return out;
}

/** A schema with no name, members, values or words: `{}` or `{ type: 'object' }`. */
function saysNothing(schema: OpenApiSchema): boolean {
  const meaningful = Object.keys(schema).filter((k) => k !== 'type' && k !== 'nullable');
  return meaningful.length === 0 && (schema.type === undefined || schema.type === 'object');
}

/** An example for a media type: the one given, or one made from the schema. */
function exampleOf(media: OpenApiMediaType, ctx: RenderContext): unknown {
  if (media.example !== undefined) return media.example;
  const first = media.examples && Object.values(media.examples)[0];
  if (first?.value !== undefined) return first.value;
  return media.schema ? exampleFromSchema(media.schema, ctx, [], 0) : undefined;
}

/** `budget`: values left to make for this example; a document whose schemas fan out would make one of millions. */
export function exampleFromSchema(raw: OpenApiSchema, ctx: { resolve: RenderContext['resolve'] }, stack: string[], depth: number, budget = { left: MAX_SCHEMA_NODES }): unknown {
  const { value: schema, name } = ctx.resolve(raw);
  if (!schema || depth > 6 || (name && stack.includes(name)) || budget.left-- <= 0) return undefined;
  const next = name ? [...stack, name] : stack;
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const pick = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (pick) return exampleFromSchema(pick, ctx, next, depth + 1, budget);
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((s) => exampleFromSchema(s, ctx, next, depth + 1, budget)).filter((v) => v && typeof v === 'object'));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        const v = exampleFromSchema(prop, ctx, next, depth + 1, budget);
        if (v !== undefined) out[key] = v;
      }
      return out;
    }
    case 'array': {
      const item = schema.items ? exampleFromSchema(schema.items, ctx, next, depth + 1, budget) : undefined;
      return item === undefined ? [] : [item];
    }
    case 'string':
      return schema.format === 'date-time'
        ? '2024-01-01T12:00:00.000Z'
        : schema.format === 'date'
          ? '2024-01-01'
          : schema.format === 'uri'
            ? 'https://example.com'
            : schema.format === 'email'
              ? 'user@example.com'
              : 'string';
    case 'integer':
      return schema.minimum ?? 0;
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return true;
    default:
      return undefined;
  }
}

function samples(api: ApiOperation, ctx: RenderContext): Element {
  const params = parameters(api, ctx);
  const pathWithValues = api.path.replace(/\{([^}]+)\}/g, (_, n: string) => {
    const p = params.find((x) => x.in === 'path' && x.name === n);
    const example = p?.example ?? (p?.schema ? ctx.resolve(p.schema).value?.example : undefined);
    return example !== undefined ? encodeURIComponent(String(example)) : `<${n}>`;
  });
  const requiredQuery = params.filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=<${p.name}>`);
  const urlPath = `${pathWithValues}${requiredQuery.length ? `?${requiredQuery.join('&')}` : ''}`;
  const method = api.method.toUpperCase();
  const body = api.op.requestBody ? ctx.resolve(api.op.requestBody).value : undefined;
  const [bodyType, media] = firstMedia(body?.content);
  const example = media ? exampleOf(media, ctx) : undefined;
  const json = example !== undefined && bodyType?.includes('json') ? JSON.stringify(example, null, 2) : undefined;
  const auth = (api.op.security ?? ctx.doc.security ?? []).length > 0;

  const { urlVariable: URL, serverName } = ctx.samples;
  const TOKEN = ctx.tokenHints?.find((t) => api.path.startsWith(t.pathPrefix))?.tokenVariable ?? ctx.samples.tokenVariable;
  const lines = (...parts: (string | false)[]) => parts.filter((l): l is string => l !== false).join('\n');
  const hasBody = json !== undefined;

  // Continuation backslashes go between options only, never inside the quoted JSON body.
  const curl = [
    `curl -X ${method} "$${URL}${urlPath}"`,
    auth && `  -H "Authorization: $${TOKEN}"`,
    hasBody && `  -H "Content-Type: ${bodyType}"`,
    hasBody && `  --data '${json!.replace(/'/g, "'\\''")}'`,
  ]
    .filter((l): l is string => l !== false)
    .join(' \\\n');

  const returnsJson = Object.entries(api.op.responses ?? {}).some(([s, r]) => s.startsWith('2') && ctx.resolve(r).value?.content);
  const js = lines(
    `const response = await fetch(\`\${process.env.${URL}}${urlPath}\`, {`,
    `  method: '${method}',`,
    (auth || hasBody) && '  headers: {',
    auth && `    Authorization: process.env.${TOKEN},`,
    hasBody && `    'Content-Type': '${bodyType}',`,
    (auth || hasBody) && '  },',
    hasBody && `  body: JSON.stringify(${indent(json!, 2)}),`,
    '});',
    `if (!response.ok) throw new Error(\`${templateText(serverName)} answered \${response.status}\`);`,
    returnsJson && 'const data = await response.json();',
  );

  const py = lines(
    'import os',
    'import requests',
    '',
    `response = requests.${api.method}(`,
    `    f"{os.environ['${URL}']}${urlPath.replace(/[{}]/g, (c) => c + c)}",`,
    auth && `    headers={"Authorization": os.environ["${TOKEN}"]},`,
    hasBody && `    json=${indent(pythonLiteral(example), 4)},`,
    ')',
    'response.raise_for_status()',
    returnsJson && 'data = response.json()',
  );

  const go = lines(
    'package main',
    '',
    'import (',
    hasBody && '\t"bytes"',
    '\t"fmt"',
    '\t"net/http"',
    '\t"os"',
    ')',
    '',
    'func main() {',
    hasBody && `\tbody := bytes.NewBufferString(\`${json}\`)`,
    `\treq, err := http.NewRequest("${method}", os.Getenv("${URL}")+"${urlPath}", ${hasBody ? 'body' : 'nil'})`,
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    auth && `\treq.Header.Set("Authorization", os.Getenv("${TOKEN}"))`,
    hasBody && `\treq.Header.Set("Content-Type", "${bodyType}")`,
    '\tres, err := http.DefaultClient.Do(req)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer res.Body.Close()',
    '\tfmt.Println(res.Status)',
    '}',
  );

  return tabsElement(`api-${api.slug}`, SAMPLE_GROUP, [
    ['curl', ctx.highlight(curl, 'bash')],
    ['JavaScript', ctx.highlight(js, 'javascript')],
    ['Python', ctx.highlight(py, 'python')],
    ['Go', ctx.highlight(go, 'go')],
  ]);
}

/** Text as it can stand in a JavaScript template literal. */
function templateText(text: string): string {
  return text.replace(/[\\`]|\$\{/g, (c) => `\\${c}`);
}

function indent(text: string, spaces: number): string {
  return text.replace(/\n/g, `\n${' '.repeat(spaces)}`);
}

function pythonLiteral(value: unknown): string {
  return JSON.stringify(value, null, 4)
    .replace(/\btrue\b/g, 'True')
    .replace(/\bfalse\b/g, 'False')
    .replace(/\bnull\b/g, 'None');
}

function firstSentence(text: string, max = 80): string {
  const plain = plainText(text);
  const m = /^(.*?[.!?])(\s|$)/.exec(plain);
  const s = m ? m[1] : plain;
  return s.length > max ? `${s.slice(0, max - 3).replace(/\s+\S*$/, '')}…` : s;
}

function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
