// The two search backends behind one interface: the static Pagefind index built with the site
// (default) and the hosted DocSearch/Algolia service. Both hand back results grouped by page, each
// hit with its heading and an excerpt already split into plain and highlighted text: nothing from
// a result or a query is ever parsed as HTML.
import { SHARDS_FILE, type SearchShellConfig } from '../../../shared/types.ts';

/** A run of text, highlighted when it matched the query. */
export interface Segment {
  text: string;
  mark: boolean;
}

export interface SearchHit {
  url: string;
  /** The heading of the section that matched (the page title when it matched above any heading). */
  heading: Segment[];
  excerpt: Segment[];
}

export interface SearchGroup {
  /** Page address without the section anchor. */
  url: string;
  title: string;
  hits: SearchHit[];
}

export interface SearchResults {
  query: string;
  /** How many results there are in all (pages for the static index, records for the hosted one). */
  total: number;
  groups: SearchGroup[];
  /** Whether asking again for more batches gives more results. */
  more: boolean;
}

export interface SearchBackend {
  /**
   * The first `batches` batches of results for a query: a batch is a few result pages from the
   * static index, or one request's worth of records from the hosted service. The modal shows one.
   */
  search(query: string, batches: number, onPartial?: (partial: SearchResults) => void): Promise<SearchResults>;
}

/** Thrown when the index or the service cannot be reached: the UI says to check the network. */
export class SearchFetchError extends Error {
  constructor(cause: unknown) {
    super(`search: could not fetch results (${cause instanceof Error ? cause.message : String(cause)})`);
    this.name = 'SearchFetchError';
  }
}

const OPEN = '<mark>';
const CLOSE = '</mark>';

/**
 * Splits text with `<mark>` tags into segments. Pagefind escapes `<` and `>` in page text before
 * adding its marks, so those two entities are decoded for it; Algolia returns raw text.
 */
export function toSegments(marked: string, decodeAngles: boolean): Segment[] {
  const decode = (s: string) => (decodeAngles ? s.replace(/&lt;/g, '<').replace(/&gt;/g, '>') : s);
  const out: Segment[] = [];
  const push = (text: string, mark: boolean) => {
    if (!text) return;
    const last = out[out.length - 1];
    if (last && last.mark === mark) last.text += text;
    else out.push({ text, mark });
  };
  let rest = marked;
  let mark = false;
  while (rest.length) {
    const tag = mark ? CLOSE : OPEN;
    const i = rest.indexOf(tag);
    const text = decode(i < 0 ? rest : rest.slice(0, i));
    // Pagefind marks whole whitespace-separated words: the word is highlighted, not its punctuation.
    const trailing = mark ? (/[.,;:!?)\]}"']+$/.exec(text)?.[0] ?? '') : '';
    push(text.slice(0, text.length - trailing.length), mark);
    push(trailing, false);
    if (i < 0) break;
    rest = rest.slice(i + tag.length);
    mark = !mark;
  }
  return out;
}

const plain = (text: string): Segment[] => (text ? [{ text, mark: false }] : []);

export function createBackend(config: SearchShellConfig): SearchBackend {
  return config.provider === 'algolia' ? new AlgoliaBackend(config) : new PagefindBackend(config.indexUrl);
}

// ---------------------------------------------------------------------------------------------
// Static index (Pagefind). pagefind.js is written into the index folder by the build and loaded on
// first use; it then fetches only the word chunks a query needs and the fragments of shown results.

interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
  weighted_locations?: { weight: number; balanced_score: number; location: number }[];
  anchor?: { element: string; id: string };
}

interface PagefindFragment {
  url: string;
  excerpt: string;
  meta: Record<string, string>;
  sub_results: PagefindSubResult[];
}

interface PagefindModule {
  options(o: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  mergeIndex(url: string, o: Record<string, unknown>): Promise<void>;
  search(term: string): Promise<{ results: { id: string; score: number; data: () => Promise<PagefindFragment> }[] } | null>;
}

/**
 * Documentation readers search for what pages are called: a match in the title counts double
 * Pagefind's default (5), and how often a word occurs counts for less (termFrequency, default 1;
 * termSaturation, default 1.1), so twenty tutorials that each say "feature flags" fifty times do
 * not outrank the page about feature flags.
 */
const RANKING = { metaWeights: { title: 10 }, termSaturation: 0.6, termFrequency: 0.5 };

/** Sections shown per page, most relevant first. */
const HITS_PER_PAGE = 3;
/** Result pages per batch: each costs one small fragment download. */
const PAGES_PER_BATCH = 8;

/**
 * Pagefind logs a failed download of an index chunk and answers as if the words it holds matched
 * nothing: an offline reader would be told there are no results. Its downloads go through this
 * count of failed requests under the index folder (installed once, on the first search).
 */
let failedIndexFetches: (() => number) | undefined;

function countFailedFetches(indexUrl: string): () => number {
  const prefix = new URL(indexUrl, location.href).href;
  const original = window.fetch.bind(window);
  let failed = 0;
  window.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href).href;
    const ours = url.startsWith(prefix);
    try {
      const response = await original(input, init);
      if (ours && !response.ok) failed++;
      return response;
    } catch (e) {
      if (ours) failed++;
      throw e;
    }
  };
  return () => failed;
}

class PagefindBackend implements SearchBackend {
  private module?: Promise<PagefindModule>;
  private last?: { query: string; results: { data: () => Promise<PagefindFragment> }[] };
  private fragments = new Map<unknown, Promise<SearchGroup>>();

  constructor(private readonly indexUrl: string) {}

  private load(): Promise<PagefindModule> {
    if (!this.module) {
      const url = `${this.indexUrl}pagefind.js`;
      // A large site's index is several (see SHARD_PAGES in the compiler), searched together.
      const shards = fetch(`${this.indexUrl}${SHARDS_FILE}`).then(async (r) => (r.ok ? ((await r.json()) as { indexes: string[] }).indexes : []));
      shards.catch(() => {}); // awaited below
      this.module = (import(/* webpackIgnore: true */ url) as Promise<PagefindModule>).then(async (pf) => {
        // The worker would cost another 43 kB of JS to save well under a millisecond per query.
        const options = { excerptLength: 24, baseUrl: '/', ranking: RANKING };
        await pf.options({ noWorker: true, ...options });
        await pf.init();
        for (const index of await shards) await pf.mergeIndex(`${this.indexUrl}${index}`, options);
        return pf;
      });
      // A failed load (offline) is tried again on the next query.
      this.module.catch(() => (this.module = undefined));
    }
    return this.module;
  }

  async search(query: string, batches: number, onPartial?: (partial: SearchResults) => void): Promise<SearchResults> {
    let results: { data: () => Promise<PagefindFragment> }[];
    try {
      if (this.last?.query === query) results = this.last.results;
      else {
        failedIndexFetches ??= countFailedFetches(this.indexUrl);
        const pf = await this.load();
        const failedBefore = failedIndexFetches();
        const response = await pf.search(query);
        // Pagefind forgets a chunk that failed, so the same query online again downloads it.
        if (failedIndexFetches() > failedBefore) throw new Error('a part of the search index could not be downloaded');
        results = response?.results ?? [];
        this.last = { query, results };
        this.fragments.clear();
      }
      const shown = results.slice(0, batches * PAGES_PER_BATCH);
      const more = results.length > shown.length;
      const loading = shown.map((r) => this.group(r));
      let relevant = false;
      // Each result page is a fragment download: the first ones are shown as soon as they are in,
      // in rank order, so results never jump around.
      if (onPartial) {
        const done: SearchGroup[] = [];
        let reported = 0;
        loading.forEach((p, i) =>
          p.then(
            (g) => {
              done[i] = g;
              let n = reported;
              while (n < shown.length && done[n]) n++;
              relevant ||= done.slice(0, n).some((group) => matchesQuery(group, query));
              if (relevant && n > reported && n < shown.length) onPartial({ query, total: results.length, groups: done.slice(0, n), more });
              reported = n;
            },
            () => {},
          ),
        );
      }
      const groups = await Promise.all(loading);
      if (!groups.some((group) => matchesQuery(group, query))) return { query, total: 0, groups: [], more: false };
      return { query, total: results.length, groups, more };
    } catch (e) {
      throw new SearchFetchError(e);
    }
  }

  private group(result: { data: () => Promise<PagefindFragment> }): Promise<SearchGroup> {
    let p = this.fragments.get(result);
    if (!p) {
      p = result.data().then(toGroup);
      this.fragments.set(result, p);
    }
    return p;
  }
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * Pagefind, finding no word that starts with a query's term, tries ever shorter beginnings of it,
 * so "asdfghjkl" matches every "as" on the site. A result page counts only if a highlighted word
 * of it, or of its title, shares most of the beginning of a term: 3 letters, or 60% of a longer
 * term ("rollouts" finds "rollout"). When no page of the first batch does, there are no results.
 */
export function matchesQuery(group: SearchGroup, query: string): boolean {
  const terms = words(query);
  const found = [
    ...words(group.title),
    ...group.hits
      .flatMap((hit) => [...hit.heading, ...hit.excerpt])
      .filter((segment) => segment.mark)
      .flatMap((segment) => words(segment.text)),
  ];
  return terms.some((term) => {
    const needed = Math.min(term.length, Math.max(3, Math.ceil(term.length * 0.6)));
    return found.some((word) => commonPrefix(word, term) >= needed);
  });
}

function toGroup(fragment: PagefindFragment): SearchGroup {
  const title = fragment.meta.title ?? fragment.url;
  const pageUrl = fragment.url.replace(/#.*$/, '');
  const score = (s: PagefindSubResult) => (s.weighted_locations ?? []).reduce((n, l) => n + l.balanced_score, 0);
  const subs = [...(fragment.sub_results ?? [])].filter((s) => (s.weighted_locations ?? []).length > 0 || fragment.sub_results.length === 1);
  subs.sort((a, b) => score(b) - score(a));
  const hits: SearchHit[] = subs.slice(0, HITS_PER_PAGE).map((s) => ({
    url: s.url,
    heading: plain(s.anchor ? s.title : title),
    excerpt: toSegments(s.excerpt, true),
  }));
  if (hits.length === 0) hits.push({ url: fragment.url, heading: plain(title), excerpt: toSegments(fragment.excerpt, true) });
  return { url: pageUrl, title, hits };
}

// ---------------------------------------------------------------------------------------------
// Hosted search: Algolia's multi-query REST endpoint with DocSearch's record shape.

interface AlgoliaHighlight {
  value: string;
}

interface AlgoliaHit {
  url: string;
  type?: string;
  content?: string | null;
  hierarchy: Record<string, string | null>;
  _highlightResult?: { hierarchy?: Record<string, AlgoliaHighlight>; content?: AlgoliaHighlight };
  _snippetResult?: { content?: AlgoliaHighlight; hierarchy?: Record<string, AlgoliaHighlight> };
}

interface AlgoliaResponse {
  results: { hits: AlgoliaHit[]; nbHits: number; page: number; nbPages: number }[];
}

type AlgoliaConfig = Extract<SearchShellConfig, { provider: 'algolia' }>;

/** Records per request. */
const HITS_PER_REQUEST = 20;
const LEVELS = ['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2', 'lvl1'];

class AlgoliaBackend implements SearchBackend {
  private external?: RegExp;
  private pagesCache = new Map<string, Promise<AlgoliaResponse['results'][number]>>();

  constructor(private readonly config: AlgoliaConfig) {
    if (config.externalUrlRegex) this.external = new RegExp(config.externalUrlRegex);
  }

  async search(query: string, batches: number): Promise<SearchResults> {
    const results = [];
    for (let page = 0; page < Math.max(1, batches); page++) {
      const r = await this.request(query, page);
      results.push(r);
      if (page + 1 >= r.nbPages) break;
    }
    const last = results[results.length - 1];
    const groups = new Map<string, SearchGroup>();
    for (const hit of results.flatMap((r) => r.hits)) {
      const url = this.localUrl(hit.url);
      const pageUrl = url.replace(/#.*$/, '');
      const title = hit.hierarchy.lvl1 ?? hit.hierarchy.lvl0 ?? pageUrl;
      let group = groups.get(pageUrl);
      if (!group) groups.set(pageUrl, (group = { url: pageUrl, title, hits: [] }));
      group.hits.push({ url, heading: this.heading(hit), excerpt: this.excerpt(hit) });
    }
    return { query, total: results[0].nbHits, groups: [...groups.values()], more: last.page + 1 < last.nbPages };
  }

  private request(query: string, page: number): Promise<AlgoliaResponse['results'][number]> {
    const key = `${page}\0${query}`;
    let p = this.pagesCache.get(key);
    if (!p) {
      p = this.fetch(query, page);
      p.catch(() => this.pagesCache.delete(key));
      this.pagesCache.set(key, p);
    }
    return p;
  }

  private async fetch(query: string, page: number): Promise<AlgoliaResponse['results'][number]> {
    const { origin, appId, apiKey, indexName, facetFilters } = this.config;
    const params = new URLSearchParams({
      query,
      hitsPerPage: String(HITS_PER_REQUEST),
      page: String(page),
      attributesToRetrieve: JSON.stringify(['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url']),
      attributesToSnippet: JSON.stringify(['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'hierarchy.lvl3:10', 'hierarchy.lvl4:10', 'hierarchy.lvl5:10', 'hierarchy.lvl6:10', 'content:20']),
      snippetEllipsisText: '…',
      highlightPreTag: OPEN,
      highlightPostTag: CLOSE,
    });
    if (facetFilters.length) params.set('facetFilters', JSON.stringify(facetFilters));
    let response: Response;
    try {
      response = await fetch(`${origin}/1/indexes/*/queries`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Algolia-Application-Id': appId, 'X-Algolia-API-Key': apiKey },
        body: JSON.stringify({ requests: [{ indexName, params: params.toString() }] }),
      });
    } catch (e) {
      throw new SearchFetchError(e);
    }
    if (!response.ok) throw new SearchFetchError(`${response.status} ${response.statusText}`);
    let body: AlgoliaResponse;
    try {
      body = (await response.json()) as AlgoliaResponse;
    } catch (e) {
      throw new SearchFetchError(e);
    }
    const result = body.results?.[0];
    if (!result || !Array.isArray(result.hits)) throw new SearchFetchError('unexpected response');
    return result;
  }

  /** Local paths for this site's pages, so the router opens them; external ones stay absolute. */
  localUrl(url: string): string {
    if (this.external?.test(url)) return url;
    try {
      const u = new URL(url, location.href);
      return `${u.pathname}${u.search}${u.hash}`;
    } catch {
      return url;
    }
  }

  private heading(hit: AlgoliaHit): Segment[] {
    for (const lvl of LEVELS) {
      if (hit.hierarchy[lvl]) {
        const h = hit._highlightResult?.hierarchy?.[lvl]?.value;
        return h !== undefined ? toSegments(h, false) : plain(hit.hierarchy[lvl] ?? '');
      }
    }
    return plain(hit.hierarchy.lvl0 ?? '');
  }

  private excerpt(hit: AlgoliaHit): Segment[] {
    const snippet = hit._snippetResult?.content?.value;
    if (snippet !== undefined && snippet !== null) return toSegments(snippet, false);
    return plain(hit.content ?? '');
  }
}
