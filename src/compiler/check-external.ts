// `docsgen check --external`: every http(s) link and image of the pages, checked with linkinator.
// Only this command reads the network; a build never does. Each URL is requested once however many
// pages use it, and each failure is reported at every place the URL is written. Links found working
// are remembered in `.docsgen-cache/` for a while, so a CI run does not ask the same hosts again.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HttpResponse, LinkChecker, LinkResult } from 'linkinator';
import type { ExternalLinksConfig } from './define-config.ts';
import { error, type Diagnostic } from './errors.ts';
import { escapeHtml } from './escape-html.ts';

export interface ExternalRef {
  url: string;
  /** Where the link is written, as diagnostics name files. */
  file: string;
  line: number;
  column: number;
}

export interface ExternalCheckOptions {
  settings?: ExternalLinksConfig;
  /** Folder of the cache of working links; none: every link is checked. */
  cacheDir?: string;
  /** The cache's clock, for tests. */
  now?: () => number;
}

export interface ExternalCheckResult {
  diagnostics: Diagnostic[];
  /** Distinct URLs found. */
  links: number;
  /** Requested in this run. */
  checked: number;
  /** Found working by an earlier run, within `cacheHours`. */
  cached: number;
  /** Left out by `skip`, or by hosts that refuse checkers (linkinator's status 999, Cloudflare challenges). */
  skipped: number;
}

const EXTERNAL_DEFAULTS = { concurrency: 8, timeout: 10_000, retries: 2, perHostPerSecond: 5, cacheHours: 24 };
/** The longest a 429's Retry-After is waited for: a host asking for an hour would stall the check. */
const MAX_RETRY_AFTER_SECONDS = 60;
const CACHE_FILE = 'external-links.json';
const HINT = 'fix or remove the link; a host that refuses link checkers can go in externalLinks.skip in the config';

export async function checkExternalLinks(refs: ExternalRef[], options: ExternalCheckOptions = {}): Promise<ExternalCheckResult> {
  const settings = { ...EXTERNAL_DEFAULTS, ...options.settings };
  const now = options.now ?? Date.now;
  const diagnostics: Diagnostic[] = [];
  const byUrl = new Map<string, ExternalRef[]>();
  for (const ref of refs) {
    const key = urlKey(ref.url);
    if (key === undefined) diagnostics.push(error('external-link', ref, `external link ${ref.url} is not a valid URL`, HINT));
    else byUrl.set(key, [...(byUrl.get(key) ?? []), ref]);
  }
  const skip = settings.skip ?? [];
  const wanted = [...byUrl.keys()].filter((url) => !skip.some((s) => (typeof s === 'string' ? url.startsWith(s) || byUrl.get(url)!.some((r) => r.url.startsWith(s)) : s.test(url))));
  const cache = options.cacheDir && settings.cacheHours > 0 ? await readCache(options.cacheDir) : {};
  const fresh = (url: string) => cache[url] !== undefined && now() - cache[url] < settings.cacheHours * 3_600_000;
  const todo = wanted.filter((url) => !fresh(url));
  const results = todo.length ? await runLinkinator(todo, settings) : new Map<string, LinkResult>();
  let refused = 0;
  for (const url of todo) {
    const result = results.get(url);
    if (result?.state === 'OK') cache[url] = now();
    else if (result?.state === 'SKIPPED') refused++;
    else for (const ref of byUrl.get(url)!) diagnostics.push(error('external-link', ref, `external link ${ref.url} is broken: ${failure(result, settings.timeout)}`, HINT));
  }
  if (options.cacheDir && settings.cacheHours > 0) await writeCache(options.cacheDir, cache, (t) => now() - t < settings.cacheHours * 3_600_000);
  return { diagnostics, links: byUrl.size, checked: todo.length, cached: wanted.length - todo.length, skipped: byUrl.size - wanted.length + refused };
}

/** The URL as linkinator reports it: parsed, without its fragment (a page's anchors are not checked). */
function urlKey(url: string): string | undefined {
  try {
    const u = new URL(url);
    u.hash = '';
    return u.href;
  } catch {
    return undefined;
  }
}

/** Why a link failed, in a few words: an HTTP status, or what the connection did. */
function failure(result: LinkResult | undefined, timeout: number): string {
  if (!result) return 'no result';
  if (result.status) return `HTTP ${result.status}`;
  const errors = (result.failureDetails ?? []).filter((f): f is Error => f instanceof Error);
  if (errors.some((e) => e.name === 'TimeoutError' || e.name === 'AbortError')) return `no response within ${timeout} ms`;
  const cause = errors.map((e) => (e as Error & { cause?: { code?: string } }).cause?.code).find(Boolean);
  if (cause === 'ECONNREFUSED') return 'connection refused';
  if (cause === 'ENOTFOUND') return 'host not found';
  return cause ?? errors[0]?.message ?? 'no response';
}

/**
 * Linkinator checks the links of a page: the URLs go in a page of links of their own, served from
 * a temporary folder. Its skip hook runs before every request, retries included, which is where
 * each host's requests are spaced out.
 */
async function runLinkinator(urls: string[], settings: typeof EXTERNAL_DEFAULTS & ExternalLinksConfig): Promise<Map<string, LinkResult>> {
  const linkinator = await import('linkinator');
  const dir = await mkdtemp(path.join(tmpdir(), 'docsgen-links-'));
  try {
    const page = path.join(dir, 'links.html');
    await writeFile(page, `<!doctype html><body>\n${urls.map((u) => `<a href="${escapeHtml(u)}">link</a>`).join('\n')}\n</body>\n`);
    const wanted = new Set(urls);
    const pace = hostRateLimiter(settings.perHostPerSecond);
    const checker = cappedRetries(linkinator.LinkChecker, settings.retries);
    const result = await checker.check({
      path: page,
      recurse: false,
      concurrency: settings.concurrency,
      timeout: settings.timeout,
      retry: true,
      retryErrors: settings.retries > 0,
      // Linkinator retries once more than this count says.
      retryErrorsCount: settings.retries - 1,
      retryErrorsJitter: 500,
      linksToSkip: async (url) => {
        if (wanted.has(url)) await pace(new URL(url).host);
        return false;
      },
    });
    return new Map(result.links.filter((l) => wanted.has(l.url)).map((l) => [l.url, l]));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Linkinator waits out a 429's Retry-After as often and as long as a host asks: here at most
 * `retries` times and a minute each. After that the 429 counts as a failure (retried with backoff
 * like a 5xx when retries are on, then reported).
 */
function cappedRetries(Base: typeof LinkChecker, retries: number): LinkChecker {
  type Crawl = Parameters<LinkChecker['shouldRetryAfter']>[1];
  const waits = new Map<string, number>();
  class Capped extends Base {
    override shouldRetryAfter(response: HttpResponse, options: Crawl): boolean {
      if (response.status !== 429) return super.shouldRetryAfter(response, options);
      const n = (waits.get(options.url.href) ?? 0) + 1;
      waits.set(options.url.href, n);
      if (n > retries) return false;
      const seconds = Number(response.headers['retry-after']);
      const capped = Number.isFinite(seconds) ? { ...response, headers: { ...response.headers, 'retry-after': String(Math.min(seconds, MAX_RETRY_AFTER_SECONDS)) } } : response;
      return super.shouldRetryAfter(capped, options);
    }
  }
  return new Capped();
}

/** Spaces requests to each host `1 / perSecond` seconds apart; `clock` is for tests. */
export function hostRateLimiter(perSecond: number, clock = { now: () => performance.now(), sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)) }): (host: string) => Promise<void> {
  const next = new Map<string, number>();
  return async (host) => {
    const now = clock.now();
    const at = Math.max(now, next.get(host) ?? 0);
    next.set(host, at + 1000 / perSecond);
    if (at > now) await clock.sleep(at - now);
  };
}

type LinkCache = Record<string, number>;

async function readCache(dir: string): Promise<LinkCache> {
  const file = path.join(dir, CACHE_FILE);
  if (!existsSync(file)) return {};
  try {
    const data = JSON.parse(await readFile(file, 'utf8')) as { version?: number; ok?: LinkCache };
    return data.version === 1 && data.ok && typeof data.ok === 'object' ? data.ok : {};
  } catch {
    // A damaged cache only means more requests.
    return {};
  }
}

async function writeCache(dir: string, cache: LinkCache, keep: (checkedAt: number) => boolean): Promise<void> {
  const ok = Object.fromEntries(Object.entries(cache).filter(([, t]) => typeof t === 'number' && keep(t)));
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, CACHE_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify({ version: 1, ok }));
  await rename(tmp, file);
}
