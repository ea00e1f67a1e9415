// `docsgen check --external`: every http(s) link and image of the pages, checked with linkinator.
// Only this command requests the pages' links; a build requests only what the config names. Each
// URL is requested once however many pages use it, and each failure is reported at every place the
// URL is written. Links found working are remembered in `.docsgen-cache/` for a while, so a CI run
// does not ask the same hosts again.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HttpResponse, LinkChecker, LinkResult } from 'linkinator';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
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

const EXTERNAL_DEFAULTS = { concurrency: 8, timeout: 10_000, retries: 2, perHostPerSecond: 5, cacheHours: 24, privateHosts: false };
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
  const listed = [...byUrl.keys()].filter((url) => !skip.some((s) => (typeof s === 'string' ? url.startsWith(s) || byUrl.get(url)!.some((r) => r.url.startsWith(s)) : s.test(url))));
  const wanted = settings.privateHosts ? listed : await publicOnly(listed);
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

/**
 * The URLs whose host is on the public internet. Content comes from strangers' pull requests: a
 * link must not make the CI runner request its own network (a cloud metadata address, a service on
 * localhost). A host named as a private, loopback or link-local address, `localhost` or an intranet
 * name, or whose name resolves to such an address, is left out (counted as skipped).
 */
async function publicOnly(urls: string[]): Promise<string[]> {
  const verdicts = new Map<string, Promise<boolean>>();
  const isPublic = (host: string) => {
    let verdict = verdicts.get(host);
    if (!verdict) verdicts.set(host, (verdict = publicHost(host)));
    return verdict;
  };
  const keep = await Promise.all(urls.map((url) => isPublic(new URL(url).hostname)));
  return urls.filter((_, i) => keep[i]);
}

async function publicHost(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host)) return !privateAddress(host);
  if (!host.includes('.') || /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/.test(host)) return false;
  // A name that does not resolve is checked, and reported broken by the checker.
  const addresses = await lookup(host, { all: true }).catch(() => []);
  return addresses.every((a) => !privateAddress(a.address));
}

/**
 * Loopback, private, link-local, carrier-grade NAT and unspecified addresses, also as IPv4 carried
 * in IPv6 (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, in any spelling).
 */
export function privateAddress(address: string): boolean {
  const embedded = embeddedIPv4(address);
  if (embedded) return privateAddress(embedded);
  if (isIP(address) === 4) {
    const [a, b] = address.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b < 128) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b < 32) || (a === 192 && b === 168);
  }
  const v6 = address.toLowerCase();
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6);
}

/** The IPv4 address an IPv6 address carries in its last 32 bits, if it is of a kind that does. */
function embeddedIPv4(address: string): string | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail = ''] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = text.includes('::') ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups] : headGroups;
  const n = groups.map((g) => parseInt(g, 16));
  const zeros = (from: number, to: number) => n.slice(from, to).every((g) => g === 0);
  const carries = (zeros(0, 5) && (n[5] === 0 || n[5] === 0xffff)) || (n[0] === 0x64 && n[1] === 0xff9b && zeros(2, 6));
  if (!carries || zeros(0, 8) || (zeros(0, 7) && n[7] === 1)) return undefined; // `::` and `::1` are themselves
  return [n[6] >> 8, n[6] & 255, n[7] >> 8, n[7] & 255].join('.');
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
