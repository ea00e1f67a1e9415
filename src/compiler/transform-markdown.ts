// Stage 3: markdown to HTML plus what the later stages need (headings, TOC, links, images), one
// unified pipeline per page and one shiki highlighter per build. Results are cached by content hash.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { AssetRegistry } from './image-assets.ts';
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import rehypeShikiFromHighlighter from '@shikijs/rehype/core';
import type { Highlighter } from 'shiki';
import type { Root } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import { preprocess } from './markdown/preprocess.ts';
import { gatesKey, parseWithGfmGates, remarkGfmGated, type GfmGates } from './markdown/gfm-per-page.ts';
import { VFile } from 'vfile';
import { remarkDocsgen } from './markdown/remark-docsgen.ts';
import type { DocsgenMarkdownContext, DocsgenMarkdownResult, ImageRef } from './markdown/context.ts';
import { CODE_THEME, codeMetaTransformer, getHighlighter, languagesUsed } from './markdown/highlight.ts';
import { rehypeScrollTables } from './markdown/scroll-tables.ts';
import { firstParagraph, type SourcePage, type TransformedPage } from './page-model.ts';
import { docTitle } from './doc-title.ts';
import { error, type RuleId } from './errors.ts';
import { MAX_NESTING_DEPTH, pageShapeProblem } from './limits.ts';
import { rel } from './load-config.ts';
import { escapeHtml } from './escape-html.ts';
import { defaultWorkers, transformInWorkers, type MdxSite, type TransformOptions } from './transform-workers.ts';

export type { MdxSite, TransformedPage, TransformOptions };
import { pluginsOf, type MarkdownPlugins, type PluginsRef } from './markdown/user-plugins.ts';
import type { PluggableList } from 'unified';
import { isMdxPage } from './mdx/mdx-page.ts';
import { fileHash } from './mdx/render-mdx.ts';
import type { TransformStore } from './persistent-cache.ts';

export interface TransformContext {
  toc: { min: number; max: number };
  /** Every page's source file and route, for `.md` links. */
  routes: [file: string, route: string][];
  /** The docs folder, from which `/x.md` links name files. */
  docsDir?: string;
  /** The config's remark and rehype plugins, if it names any. */
  plugins?: PluginsRef;
  /** What MDX pages' components are told of the site. */
  mdx?: MdxSite;
  assets: AssetRegistry;
  /** The project's root: cache keys and recorded reads name files relative to it, so a cache moves with the project. */
  rootDir: string;
  /** Cache of previous results, keyed by content hash (survives between watch rebuilds). */
  cache?: Map<string, TransformedPage>;
  /** Results kept on disk between runs: looked up after `cache`, and given every new result. */
  store?: TransformStore;
  /**
   * Keep only outlines (results without their HTML) in `cache` and in the map returned: a build
   * that renders each page as `onPage` hands it on need not hold every page's HTML at once.
   */
  outlines?: boolean;
  /** Drop the cache's entries for pages not given: for a call given every page of the site. */
  prune?: boolean;
  /** Worker threads for a transform of many pages (see transform-workers.ts); by default one per core but this one. */
  workers?: number;
  /** Highlighted code blocks to reuse in this thread (see HighlightCache). */
  highlights?: HighlightCache;
  /** Grammars to load, when the pages given are not the whole site (see TransformOptions.langs). */
  langs?: string[];
  /** Leave this thread out of a parallel transform: it has requests to answer meanwhile. */
  keepThreadFree?: boolean;
  /** For `docsgen check`: see TransformOptions.checkOnly. A full result in the cache serves as well. */
  checkOnly?: boolean;
  /**
   * Called for each page, in the order given, as soon as it and every page before it are
   * transformed: the search index takes pages while the rest are still being transformed.
   */
  onPage?: (page: SourcePage, result: TransformedPage) => void | Promise<void>;
  /** Called between pages looked up in the cache: `serve --watch` lets requests in (see build.ts). */
  pause?: () => Promise<void>;
}

const COMPILER_CACHE_VERSION = '1';
/** Results made that may wait for `onPage` before the transform stops taking pages (see transformInWorkers). */
const HANDED_ON_BEHIND = 128;
/** Below this many pages to transform, workers cost more to start than they save. */
const PARALLEL_MIN_PAGES = 40;

export async function transformPages(pages: SourcePage[], ctx: TransformContext): Promise<Map<string, TransformedPage>> {
  const out = new Map<string, TransformedPage>();
  // Two files with one doc id: the result is the later one's, as the site graph takes the later,
  // whichever of them came from the cache (a save of the earlier used to make it the page shown).
  const shown = new Map(pages.map((p) => [p.id, p]));
  const put = (page: SourcePage, result: TransformedPage) => void (shown.get(page.id) === page && out.set(page.id, result));
  const todo: { page: SourcePage; key: string }[] = [];
  const live = new Set<string>();
  const stillReads = readsChecker(ctx);
  /** What the memo and the map returned keep of a result: the whole of it, or its outline. */
  const kept = (result: TransformedPage): TransformedPage => (ctx.outlines && result.html ? { ...result, html: '' } : result);
  // Each page's result is handed on in page order, made when its turn comes: a cached page's HTML is read from disk only then.
  const inOrder = ctx.onPage ? inOrderCalls(pages, ctx.onPage) : undefined;
  for (const page of pages) {
    await ctx.pause?.();
    if (page.prebuilt) {
      put(page, page.prebuilt);
      inOrder?.(page, () => page.prebuilt!);
      continue;
    }
    const full = cacheKey(page, ctx);
    // A check's results have no HTML: they are kept apart, and a full result serves a check too.
    const key = ctx.checkOnly ? `${full}:check` : full;
    live.add(full).add(key);
    const found = cachedResult(ctx, full, key);
    // Image URLs are content-hashed, and the HTML holds them: a page whose image changed since is
    // transformed again. Looking the URLs up also registers the images, so this build copies them.
    if (found && stillReads(found.result) && found.result.images.every((img) => !img.file || ctx.assets.imageUrl(img.file) === img.url)) {
      // A result kept whole is made whole now (one from disk is an outline).
      const result = ctx.outlines ? kept(found.result) : await wholeResult(ctx, found, page);
      ctx.cache?.set(found.key, result);
      put(page, result);
      inOrder?.(page, () => (ctx.outlines ? wholeResult(ctx, found, page) : result));
    } else {
      todo.push({ page, key });
    }
  }
  const langs = ctx.checkOnly ? [] : (ctx.langs ?? siteLanguages(pages));
  const options = transformOptions(ctx, langs);
  const workers = todo.length >= PARALLEL_MIN_PAGES ? (ctx.workers ?? defaultWorkers()) + (ctx.keepThreadFree ? 1 : 0) : 0;
  // Alone, this thread keeps the highlighted blocks it is given; beside workers, a cold build's code blocks rarely repeat.
  const here = ctx.keepThreadFree && workers > 0 ? undefined : async (share: SourcePage[]) => (await transformInline(share, options, workers === 0 ? ctx.highlights : undefined)).map(detached);
  const done = (i: number, made: TransformedPage) => {
    const { page, key } = todo[i];
    const result: TransformedPage = made.lead === undefined && !ctx.checkOnly ? { ...made, lead: firstParagraph(made.html) } : made;
    for (const img of result.images) if (img.file) ctx.assets.imageUrl(img.file);
    ctx.store?.put(key, result);
    ctx.cache?.set(key, kept(result));
    put(page, kept(result));
    inOrder?.(page, () => result, true);
  };
  // Nothing to do must not load the grammars (a second or more): a run whose pages all come from the cache.
  try {
    if (todo.length) {
      await transformInWorkers(
        todo.map((t) => t.page),
        options,
        workers,
        here,
        done,
        // No thread takes more pages while the calls are this far behind: what they have not
        // handed on is held in memory (at 10,000 pages, 1,500 pages' HTML, when Pagefind fell behind).
        inOrder && (() => inOrder.roomFor(HANDED_ON_BEHIND)),
      );
    }
  } catch (e) {
    // What was handed on finishes first: a failed build must not have a call still writing.
    await inOrder?.finished().catch(() => {});
    throw e;
  }
  await inOrder?.finished();
  if (ctx.cache && ctx.prune) {
    // Keep only this build's entries, so a long watch session does not grow without bound.
    for (const key of ctx.cache.keys()) if (!live.has(key)) ctx.cache.delete(key);
  }
  return out;
}

function transformOptions(ctx: TransformContext, langs: string[]): TransformOptions {
  return {
    toc: ctx.toc,
    routes: ctx.routes,
    docsDir: ctx.docsDir,
    plugins: ctx.plugins,
    mdx: ctx.mdx,
    rootDir: ctx.rootDir,
    baseUrl: ctx.assets.baseUrl,
    roots: ctx.assets.roots,
    langs,
    background: ctx.keepThreadFree,
    checkOnly: ctx.checkOnly,
  };
}

/** A cached result for a page: from the memo (whole, or an outline) or from disk (an outline), under the key it was found by. */
function cachedResult(ctx: TransformContext, full: string, key: string): { key: string; result: TransformedPage } | undefined {
  for (const k of full === key ? [full] : [full, key]) {
    const result = ctx.cache?.get(k) ?? ctx.store?.outline(k);
    if (result) return { key: k, result };
  }
  return undefined;
}

/**
 * A cached result with its HTML: an outline gets it from disk. Should the entry have gone since
 * (another build pruned the cache), the page is transformed again, here.
 */
async function wholeResult(ctx: TransformContext, found: { key: string; result: TransformedPage }, page: SourcePage): Promise<TransformedPage> {
  if (found.result.html || ctx.checkOnly) return found.result;
  const html = ctx.store?.html(found.key);
  if (html !== undefined) return { ...found.result, html };
  const [made] = await transformInline([page], transformOptions(ctx, ctx.langs ?? siteLanguages([page])), ctx.highlights);
  return { ...detached(made), lead: firstParagraph(made.html) };
}

/**
 * A result made in this thread that holds nothing of its page's markdown. V8 makes a substring
 * (a heading's text, a link as written) a view of the whole string, so a kept result kept its
 * page's source alive: at 2,000 pages, the 832 this thread transformed, 9 MB the build had let
 * go of. Its fields but the HTML (made, not cut from the source) are copied, as postMessage
 * copies a worker's.
 */
function detached(result: TransformedPage): TransformedPage {
  return Object.assign(structuredClone({ ...result, html: '' }), { html: result.html });
}

/** Whether the links of a cached result still lead where they led when it was made. */
function readsChecker(ctx: TransformContext): (cached: TransformedPage) => boolean {
  let routeOfFile: ((abs: string) => string | undefined) | undefined;
  return (cached) => {
    if (cached.imports && !cached.imports.every(([file, hash]) => fileHash(path.resolve(ctx.rootDir, file)) === hash)) return false;
    if (!cached.reads?.length) return true;
    routeOfFile ??= routeLookup(ctx.routes);
    return cached.reads.every(([file, route]) => (routeOfFile!(path.resolve(ctx.rootDir, file)) ?? null) === route);
  };
}

const routeLookups = new WeakMap<[file: string, route: string][], (abs: string) => string | undefined>();

/** A `.md` link's target file to its page's route; a link may name `.md` for an `.mdx` page. Made once per list (a worker is given one). */
function routeLookup(routes: [file: string, route: string][]): (abs: string) => string | undefined {
  let lookup = routeLookups.get(routes);
  if (!lookup) {
    const byFile = new Map(routes);
    routeLookups.set(routes, (lookup = (abs) => byFile.get(abs) ?? byFile.get(abs.replace(/\.md$/, '.mdx'))));
  }
  return lookup;
}

/**
 * Hands pages on in the order of `pages`, whatever order they are done in: each waits for those
 * before it, and for the call before it to finish (a call may write files). What waits is a
 * function that makes the result, so a cached page's HTML is read only when its turn comes.
 */
function inOrderCalls(
  pages: SourcePage[],
  call: (page: SourcePage, result: TransformedPage) => void | Promise<void>,
): ((page: SourcePage, result: () => TransformedPage | Promise<TransformedPage>, made?: boolean) => void) & { finished(): Promise<void>; roomFor(n: number): Promise<void> } {
  const position = new Map(pages.map((p, i) => [p, i]));
  const ready = new Array<{ make: () => TransformedPage | Promise<TransformedPage>; made: boolean } | undefined>(pages.length);
  let next = 0;
  let chain: Promise<void> = Promise.resolve();
  // Results made and not yet handed on: what a slow call makes the transform hold.
  let held = 0;
  // Every thread about to take pages may be waiting.
  let waiting: { at: number; resolve: () => void }[] = [];
  const release = () => {
    held--;
    const now = waiting.filter((w) => held <= w.at);
    if (!now.length) return;
    waiting = waiting.filter((w) => held > w.at);
    for (const w of now) w.resolve();
  };
  const handOn = (page: SourcePage, result: () => TransformedPage | Promise<TransformedPage>, made = false) => {
    ready[position.get(page)!] = { make: result, made };
    if (made) held++;
    for (; next < pages.length && ready[next]; next++) {
      const { make, made: counted } = ready[next]!;
      const p = pages[next];
      ready[next] = undefined;
      chain = chain.then(async () => call(p, await make())).finally(() => counted && release());
      // Reported by finished(): a call failing before the caller waits must not crash the process.
      chain.catch(() => {});
    }
  };
  return Object.assign(handOn, {
    finished: () => chain,
    /** Resolves once at most `n` results made are waiting for their call. */
    roomFor: (n: number) => (held <= n ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ at: n, resolve }))),
  });
}

/** Transforms pages in this thread (also what each worker runs). */
export async function transformInline(pages: SourcePage[], options: TransformOptions, highlights?: HighlightCache): Promise<TransformedPage[]> {
  const plugins = options.plugins ? await pluginsOf(options.plugins) : undefined;
  const processors = options.checkOnly ? checkingProcessors(plugins) : await highlightingProcessors(options.langs, highlights, plugins);
  const assets = new AssetRegistry(options.baseUrl, options.roots);
  const routeOfFile = routeLookup(options.routes);
  const mdx = pages.some((p) => isMdxPage(p, options.mdx?.format)) ? mdxPipeline(options, processors, plugins, options.checkOnly ? undefined : await getHighlighter(options.langs)) : undefined;
  const out: TransformedPage[] = [];
  // In order: an MDX page's render (an await) must not interleave with another page's.
  for (const page of pages)
    out.push(await transformPage(page, { toc: options.toc, routeOfFile, docsDir: options.docsDir, rootDir: options.rootDir, assets, checkOnly: options.checkOnly, mdx }, processors));
  return out;
}

/** What an MDX page's transform uses besides its own context: the plugin lists of the markdown pipeline, and the site. */
interface MdxPipeline {
  remarkPlugins: PluggableList;
  rehypePlugins: PluggableList;
  site?: MdxSite;
  /** A fenced code block, as markdown renders it: what `@theme/CodeBlock` shows. */
  highlight: (code: string, language: string | undefined, meta: string) => string;
}

function mdxPipeline(options: TransformOptions, processors: Processors, plugins: MarkdownPlugins | undefined, highlighter: Highlighter | undefined): MdxPipeline {
  return {
    remarkPlugins: [remarkGfm, remarkDirective, ...(plugins?.beforeRemark ?? []), remarkDocsgen, ...(plugins?.remark ?? [])],
    rehypePlugins: [...(plugins?.beforeRehype ?? []), ...(plugins?.rehype ?? []), ...(highlighter ? [rehypeHighlight(highlighter, undefined)] : []), rehypeScrollTables],
    site: options.mdx,
    highlight: (code, language, meta) => {
      if (!highlighter) return ''; // a check: no HTML
      const fence = '`'.repeat(Math.max(3, ...[...code.matchAll(/`+/g)].map((m) => m[0].length + 1)));
      const markdown = `${fence}${language ?? ''} ${meta}\n${code}\n${fence}\n`;
      const ctx: DocsgenMarkdownContext = {
        file: '',
        pageRoute: '/',
        lineOffset: 0,
        toc: { min: 7, max: 7 },
        routeOfFile: () => undefined,
        resolvePath: (p) => p,
        imageUrl: () => undefined,
        imageProblem: () => undefined,
      };
      const vfile = new VFile({ value: markdown, data: { docsgen: { ctx, out: { headings: [], toc: [], links: [], images: [], diagnostics: [] } } } });
      const processor = processors();
      return String(processor.stringify(processor.runSync(processor.parse(vfile), vfile), vfile));
    },
  };
}

async function highlightingProcessors(langs: string[], highlights: HighlightCache | undefined, plugins: MarkdownPlugins | undefined): Promise<Processors> {
  const highlighter = await getHighlighter(langs);
  if (!highlights) return processorsFor(highlighter, undefined, plugins);
  // A grammar loaded since can change how embedded code in another language highlights.
  const loaded = highlighter.getLoadedLanguages().length;
  if (highlights.blocks.size > MAX_CACHED_HIGHLIGHTS || loaded !== highlights.languages) highlights.blocks.clear();
  highlights.languages = loaded;
  return processorsFor(highlighter, highlights.blocks, plugins);
}

/**
 * A watch rebuild hands back the same SourcePage object for every file that did not change, so
 * what is derived from a page alone is remembered per object rather than recomputed on each save.
 */
const keyMemo = new WeakMap<SourcePage, { context: string; key: string }>();
const langMemo = new WeakMap<SourcePage, string[]>();

/** The languages of the code blocks of these pages that shiki knows. */
export function siteLanguages(pages: SourcePage[]): string[] {
  const all = new Set<string>();
  for (const page of pages) {
    let langs = langMemo.get(page);
    if (!langs) langMemo.set(page, (langs = languagesUsed([page.body])));
    for (const l of langs) all.add(l);
  }
  return [...all].sort();
}

/**
 * A page's key: the compiler version, what the page is (file relative to the project, route, body,
 * title, TOC levels) and nothing of other pages, whose part (where its links lead) is checked
 * through `reads` instead: adding or removing a page transforms again only the pages linking to it.
 */
function cacheKey(page: SourcePage, ctx: TransformContext): string {
  const context = `${ctx.rootDir}\0${ctx.toc.min}${ctx.toc.max}\0${ctx.plugins?.key ?? ''}\0${JSON.stringify(ctx.mdx ?? null)}`;
  const memo = keyMemo.get(page);
  if (memo?.context === context) return memo.key;
  const toc = pageTocLevels(page, ctx.toc);
  const title = page.frontmatter.hide_title === true ? '' : docTitle(page);
  const file = path.relative(ctx.rootDir, page.file).split(path.sep).join('/');
  const key = createHash('sha256')
    .update(
      `${COMPILER_CACHE_VERSION}\0${ctx.plugins?.key ?? ''}\0${isMdxPage(page, ctx.mdx?.format) ? JSON.stringify(ctx.mdx ?? null) : 'md'}\0${file}\0${page.route}\0${page.lineOffset}\0${toc.min}${toc.max}\0${page.isMdx}\0${title}\0`,
    )
    .update(page.body)
    .digest('hex');
  keyMemo.set(page, { context, key });
  return key;
}

/**
 * Highlighted code blocks by language, meta and code, kept by the site core (site.ts) for the
 * transforms made in its thread: in `serve --watch` an edit to a page's prose leaves its code
 * blocks as they were, and highlighting is most of a transform. Workers of a cold build keep none
 * (no block repeats often enough to pay for the memory).
 */
export class HighlightCache {
  readonly blocks = new Map<string, Root>();
  /** How many grammars the highlighter had loaded when the blocks were made. */
  languages = 0;
}
const MAX_CACHED_HIGHLIGHTS = 5000;

/** One processor per set of GFM gates (see gfm-per-page.ts), and one with all of GFM. */
type Processors = (gates?: GfmGates) => Processor;
const processorsMemo = new WeakMap<Highlighter, { cache?: Map<string, Root>; plugins?: MarkdownPlugins; processors: Processors }>();

let checking: { plugins?: MarkdownPlugins; processors: Processors } | undefined;

/** Processors that stop at the markdown tree (see TransformOptions.checkOnly). */
function checkingProcessors(plugins: MarkdownPlugins | undefined): Processors {
  if (!checking || checking.plugins !== plugins) checking = { plugins, processors: byGates((gates) => createProcessor(undefined, undefined, gates, plugins)) };
  return checking.processors;
}

/** Makes each processor the first time its set of GFM gates is asked for. */
function byGates(make: (gates?: GfmGates) => Processor): Processors {
  const made = new Map<string, Processor>();
  return (gates) => {
    const key = gates ? gatesKey(gates) : 'all';
    let processor = made.get(key);
    if (!processor) made.set(key, (processor = make(gates)));
    return processor;
  };
}

function processorsFor(highlighter: Highlighter, cache: Map<string, Root> | undefined, plugins: MarkdownPlugins | undefined): Processors {
  const memo = processorsMemo.get(highlighter);
  if (memo && memo.cache === cache && memo.plugins === plugins) return memo.processors;
  const processors = byGates((gates) => createProcessor(highlighter, cache, gates, plugins));
  processorsMemo.set(highlighter, { cache, plugins, processors });
  return processors;
}

/**
 * Without a highlighter, a processor that only parses and runs the remark plugins: no HTML. The
 * config's remark plugins run where Docusaurus runs them: `beforeDefaultRemarkPlugins` before
 * docsgen's own, `remarkPlugins` after; its rehype plugins before code highlighting.
 */
function createProcessor(highlighter: Highlighter | undefined, cache: Map<string, Root> | undefined, gates: GfmGates | undefined, plugins?: MarkdownPlugins): Processor {
  const remark = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(gates ? [[remarkGfmGated, gates]] : [])
    .use(remarkDirective)
    .use(plugins?.beforeRemark ?? [])
    .use(remarkDocsgen)
    .use(plugins?.remark ?? []);
  if (!highlighter) return remark.freeze() as unknown as Processor;
  return (
    remark
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(plugins?.beforeRehype ?? [])
      // Code is highlighted after the writers' rehype plugins, as Docusaurus highlights it in the
      // browser: rehype-katex finds `$$` blocks as the code blocks remark-math made of them.
      .use(plugins?.rehype ?? [])
      .use(rehypeHighlight(highlighter, cache))
      .use(rehypeScrollTables)
      .use(rehypeStringify, { allowDangerousHtml: true })
      .freeze() as unknown as Processor
  );
}

/** Code highlighting at build time, as a rehype plugin: for markdown and MDX pages alike. */
function rehypeHighlight(highlighter: Highlighter, cache: Map<string, Root> | undefined) {
  return function rehypeShiki() {
    return rehypeShikiFromHighlighter(highlighter as never, {
      theme: CODE_THEME,
      fallbackLanguage: 'text',
      defaultLanguage: 'text',
      transformers: [codeMetaTransformer],
      // No time limit per line: with one (shiki's default is 500 ms) a line tokenized while the
      // machine is busy, or before the grammar's patterns are compiled, ends early and
      // highlights differently, and two builds of the same input would differ.
      tokenizeTimeLimit: 0,
      ...(cache ? { cache } : {}),
    });
  };
}

/** The first node found deeper than the nesting limit, or undefined; iterative, as the tree may be very deep. */
function tooDeep(tree: MdastRoot): { position?: { start: { line: number; column: number } } } | undefined {
  const stack: [node: { children?: unknown[]; position?: { start: { line: number; column: number } } }, depth: number][] = [[tree, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > MAX_NESTING_DEPTH) return node;
    for (const child of node.children ?? []) stack.push([child as typeof node, depth + 1]);
  }
  return undefined;
}

function failedPage(rule: RuleId, file: string, at: { line: number; column: number }, message: string, hint: string): TransformedPage {
  return { html: '', headings: [], toc: [], links: [], images: [], diagnostics: [error(rule, { file, ...at }, message, hint)] };
}

/**
 * The heading levels of a page's TOC: its frontmatter's, else the site's. A level given alone
 * widens the other one if they would cross (`toc_min_heading_level: 4` on a site that stops at 3
 * lists h4 and below). Giving both the wrong way round is a frontmatter error (collect-docs.ts).
 */
export function pageTocLevels(page: Pick<SourcePage, 'frontmatter'>, site: { min: number; max: number }): { min: number; max: number } {
  const fm = page.frontmatter;
  const min = fm.toc_min_heading_level ?? Math.min(site.min, fm.toc_max_heading_level ?? site.min);
  const max = fm.toc_max_heading_level ?? Math.max(site.max, min);
  return { min, max };
}

function transformPage(
  page: SourcePage,
  ctx: { toc: { min: number; max: number }; routeOfFile: (abs: string) => string | undefined; docsDir?: string; rootDir: string; assets: AssetRegistry; checkOnly?: boolean; mdx?: MdxPipeline },
  processors: Processors,
): TransformedPage | Promise<TransformedPage> {
  const file = rel(page.file);
  const mdx = ctx.mdx && isMdxPage(page, ctx.mdx.site?.format) ? ctx.mdx : undefined;
  // An MDX page is compiled as MDX; an `.mdx` file that says `format: md` is read as markdown.
  const pre = preprocess(page.body, file, page.lineOffset, page.isMdx && !mdx);
  const result: DocsgenMarkdownResult = { headings: [], toc: [], links: [], images: [], diagnostics: [...pre.diagnostics] };
  const toc = pageTocLevels(page, ctx.toc);
  const dir = path.dirname(page.file);
  // Where this page's links lead is all it reads of other pages: recorded for its cache entry.
  const reads = new Map<string, string | null>();
  const routeOfFile = (abs: string) => {
    const route = ctx.routeOfFile(abs);
    reads.set(path.relative(ctx.rootDir, abs).split(path.sep).join('/'), route ?? null);
    return route;
  };
  const markdownCtx: DocsgenMarkdownContext = {
    file,
    pageRoute: page.route,
    lineOffset: page.lineOffset,
    toc,
    routeOfFile,
    resolvePath: (p: string) => path.resolve(dir, p),
    docsDir: ctx.docsDir,
    imageUrl: (abs: string) => ctx.assets.imageUrl(abs),
    imageProblem: (abs: string) => ctx.assets.problem(abs),
  };
  const shape = pageShapeProblem(pre.text);
  if (shape) return failedPage('page-too-complex', file, { line: shape.line + page.lineOffset, column: 1 }, shape.message, shape.hint);
  if (mdx) return transformMdxPage(page, pre.text, markdownCtx, result, reads, { ...ctx, mdx });
  const vfile = new VFile({ value: pre.text, data: { docsgen: { ctx: markdownCtx, out: result } } });
  let html: string;
  try {
    const { tree, processor } = parseWithGfmGates(vfile, processors);
    const deep = tooDeep(tree as MdastRoot);
    if (deep)
      return failedPage(
        'page-too-complex',
        file,
        { line: (deep.position?.start.line ?? 1) + page.lineOffset, column: deep.position?.start.column ?? 1 },
        `blocks nest more than ${MAX_NESTING_DEPTH} levels deep here`,
        'flatten the nested lists or quotes',
      );
    const hast = processor.runSync(tree as MdastRoot, vfile);
    html = ctx.checkOnly ? '' : String(processor.stringify(hast, vfile));
  } catch (e) {
    // Whatever a page makes the pipeline throw is that page's problem, reported at its file.
    const overflow = e instanceof RangeError && /call stack/i.test(e.message);
    return failedPage(
      'transform-failed',
      file,
      { line: 1, column: 1 },
      `could not transform this page: ${(e as Error)?.message ?? e}`,
      overflow
        ? `the page is too deeply nested or holds too long a run of one construct for the parser: split it (blocks nest at most ${MAX_NESTING_DEPTH} levels)`
        : 'this may be a bug in docsgen or a markdown plugin',
    );
  }
  // Made here rather than by the graph, so that no later stage holds a second, titled copy of the HTML.
  const titled = result.firstH1 === undefined && page.frontmatter.hide_title !== true && !ctx.checkOnly;
  return { html: titled ? `<h1>${escapeHtml(docTitle(page))}</h1>\n${html}` : html, ...result, ...(reads.size ? { reads: [...reads] } : {}) };
}

async function transformMdxPage(
  page: SourcePage,
  text: string,
  markdownCtx: DocsgenMarkdownContext,
  result: DocsgenMarkdownResult,
  reads: Map<string, string | null>,
  ctx: { rootDir: string; assets: AssetRegistry; checkOnly?: boolean; mdx: MdxPipeline },
): Promise<TransformedPage> {
  const { mdx } = ctx;
  const site = mdx.site ?? { format: 'md', siteDir: ctx.rootDir, siteConfig: { title: '', url: '', baseUrl: ctx.assets.baseUrl, customFields: {} } };
  // Loaded with the first MDX page: a site without MDX never compiles it (its first page served sooner).
  const { transformMdx } = await import('./mdx/transform-mdx.ts');
  const made = await transformMdx({
    text,
    ctx: markdownCtx,
    out: result,
    remarkPlugins: mdx.remarkPlugins,
    rehypePlugins: mdx.rehypePlugins,
    absFile: page.file,
    // A check renders too: what a component throws, or an import that does not resolve, fails a build.
    render: {
      siteDir: site.siteDir,
      rootDir: ctx.rootDir,
      baseUrl: ctx.assets.baseUrl,
      page: { baseUrl: ctx.assets.baseUrl, route: page.route, siteConfig: site.siteConfig, highlight: mdx.highlight },
      imageUrl: (abs) => ctx.assets.imageUrl(abs),
    },
  });
  const fromRoot = (abs: string) => path.relative(ctx.rootDir, abs).split(path.sep).join('/');
  const rendered = made.rendered;
  const images: ImageRef[] = (rendered?.images ?? []).map((abs) => ({ raw: fromRoot(abs), file: abs, url: ctx.assets.imageUrl(abs), line: 1, column: 1 }));
  const body = rendered && !ctx.checkOnly ? `${rendered.css ? `<style>${rendered.css.replace(/<\/style/gi, '<\\/style')}</style>\n` : ''}${rendered.html}` : '';
  const titled = result.firstH1 === undefined && page.frontmatter.hide_title !== true && !ctx.checkOnly;
  const imports = (rendered?.inputs ?? []).filter((f) => f !== page.file && !f.includes(`${path.sep}node_modules${path.sep}`)).map((f): [string, string | null] => [fromRoot(f), fileHash(f)]);
  return {
    html: titled ? `<h1>${escapeHtml(docTitle(page))}</h1>\n${body}` : body,
    ...result,
    images: [...result.images, ...images],
    diagnostics: [...result.diagnostics, ...made.diagnostics],
    ...(reads.size ? { reads: [...reads] } : {}),
    ...(imports.length ? { imports } : {}),
    ...(rendered?.islands.length && !ctx.checkOnly ? { islands: rendered.islands } : {}),
  };
}
