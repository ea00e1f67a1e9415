// External links are checked against servers of the test's own on 127.0.0.1: never the internet.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExternalLinks, hostRateLimiter, type ExternalRef } from '../../src/compiler/check-external.ts';
import { tempDir } from '../helpers/run.ts';

/** Requests each path got (HEAD and GET alike). */
const hits = new Map<string, number>();
let server: Server;
let base: string;
let refusedBase: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const p = req.url ?? '/';
    const n = (hits.get(p) ?? 0) + 1;
    hits.set(p, n);
    if (p === '/ok' || p === '/ok-too') return res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    if (p === '/chain-1') return res.writeHead(301, { location: '/chain-2' }).end();
    if (p === '/chain-2') return res.writeHead(301, { location: '/ok' }).end();
    // Busy for linkinator's HEAD and the GET it tries next: only a retry gets the 200.
    if (p === '/busy') return n <= 2 ? res.writeHead(429, { 'retry-after': '1' }).end() : res.writeHead(200).end('ok');
    if (p === '/always-busy') return res.writeHead(429, { 'retry-after': '1' }).end();
    if (p === '/slow') return; // never answers
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port nothing listens on: bound, noted and closed again.
  const gone = createServer();
  await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
  refusedBase = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
  await new Promise<void>((r) => gone.close(() => r()));
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const ref = (url: string, line: number, file = 'content/docs/page.md'): ExternalRef => ({ url, file, line, column: 3 });
const problems = (r: { diagnostics: { file: string; line?: number; message: string; rule: string }[] }) => r.diagnostics.map((d) => `${d.file}:${d.line}  ${d.rule}  ${d.message}`);

describe('checkExternalLinks', () => {
  it('passes a 200, a chain of 301s and a 429 that works on retry; reports a 404 at every place it is written', async () => {
    const result = await checkExternalLinks(
      [ref(`${base}/ok`, 1), ref(`${base}/chain-1`, 2), ref(`${base}/busy`, 3), ref(`${base}/missing`, 4), ref(`${base}/missing#part`, 9, 'content/docs/other.md'), ref(`${base}/ok#anchor`, 5)],
      { settings: { retries: 1, timeout: 5000, privateHosts: true } },
    );
    expect(problems(result)).toEqual([
      `content/docs/page.md:4  external-link  external link ${base}/missing is broken: HTTP 404`,
      `content/docs/other.md:9  external-link  external link ${base}/missing#part is broken: HTTP 404`,
    ]);
    // Four distinct URLs (a fragment is not another URL), each requested in this run.
    expect(result).toMatchObject({ links: 4, checked: 4, cached: 0, skipped: 0 });
    expect(hits.get('/busy')).toBeGreaterThanOrEqual(3);
    expect(hits.get('/chain-2')).toBeGreaterThanOrEqual(1);
  });

  it('reports a server that never answers and a refused connection, without retries when retries is 0', async () => {
    const result = await checkExternalLinks([ref(`${base}/slow`, 1), ref(`${refusedBase}/x`, 2), ref(`${base}/always-busy`, 3)], { settings: { retries: 0, timeout: 300, privateHosts: true } });
    expect(problems(result)).toEqual([
      `content/docs/page.md:1  external-link  external link ${base}/slow is broken: no response within 300 ms`,
      `content/docs/page.md:2  external-link  external link ${refusedBase}/x is broken: connection refused`,
      `content/docs/page.md:3  external-link  external link ${base}/always-busy is broken: HTTP 429`,
    ]);
  });

  it('skips what the config says, by prefix or regular expression, without a request', async () => {
    const before = hits.get('/never') ?? 0;
    const result = await checkExternalLinks([ref(`${base}/never`, 1), ref(`${base}/never-either`, 2), ref(`${base}/ok-too`, 3)], {
      settings: { skip: [`${base}/never`, /never-either$/], privateHosts: true },
    });
    expect(problems(result)).toEqual([]);
    expect(result).toMatchObject({ links: 3, checked: 1, skipped: 2 });
    expect(hits.get('/never') ?? 0).toBe(before);
  });

  it('remembers working links for cacheHours, and checks broken ones every time', async () => {
    const cacheDir = tempDir('docsgen-links-cache-');
    let now = Date.UTC(2025, 0, 1);
    const refs = [ref(`${base}/ok-too`, 1), ref(`${base}/missing`, 2)];
    const run = () => checkExternalLinks(refs, { settings: { retries: 0, cacheHours: 24, privateHosts: true }, cacheDir, now: () => now });
    const first = await run();
    expect(first).toMatchObject({ checked: 2, cached: 0 });
    const [okHits, missingHits] = [hits.get('/ok-too'), hits.get('/missing')];

    now += 23 * 3_600_000;
    const second = await run();
    expect(second).toMatchObject({ checked: 1, cached: 1 });
    expect(problems(second)).toHaveLength(1);
    expect(hits.get('/ok-too')).toBe(okHits);
    expect(hits.get('/missing')).toBeGreaterThan(missingHits!);
    expect(Object.keys(JSON.parse(readFileSync(path.join(cacheDir, 'external-links.json'), 'utf8')).ok)).toEqual([`${base}/ok-too`]);

    now += 2 * 3_600_000; // 25 hours after the first check: stale
    const third = await run();
    expect(third).toMatchObject({ checked: 2, cached: 0 });
    expect(hits.get('/ok-too')).toBeGreaterThan(okHits!);
  });

  it('does not request loopback, private or link-local addresses or intranet names unless privateHosts is set', async () => {
    const before = hits.get('/ok') ?? 0;
    const result = await checkExternalLinks([
      ref(`${base}/ok`, 1),
      ref('http://169.254.169.254/latest/meta-data/', 2),
      ref('http://10.0.0.8/admin', 3),
      ref('http://[::1]:9/x', 4),
      ref('http://[::ffff:192.168.1.1]/x', 5),
      ref('http://localhost:9/x', 6),
      ref('http://jenkins/job', 7),
    ]);
    expect(problems(result)).toEqual([]);
    expect(result).toMatchObject({ links: 7, checked: 0, skipped: 7 });
    expect(hits.get('/ok') ?? 0).toBe(before);
  });

  it('reports a URL that cannot be parsed where it is written', async () => {
    const result = await checkExternalLinks([ref('http://exa mple.com/', 7)]);
    expect(problems(result)).toEqual(['content/docs/page.md:7  external-link  external link http://exa mple.com/ is not a valid URL']);
  });
});

describe('hostRateLimiter', () => {
  it('spaces the requests to one host 1/perSecond apart, and leaves other hosts alone', async () => {
    let now = 0;
    const slept: string[] = [];
    const pace = hostRateLimiter(4, { now: () => now, sleep: async (ms) => void slept.push(`${ms}`) });
    for (const host of ['a', 'a', 'a', 'b']) {
      await pace(host);
      slept.push(`|${host}`);
    }
    expect(slept).toEqual(['|a', '250', '|a', '500', '|a', '|b']);
    now = 1000; // long after: no wait
    await pace('a');
    expect(slept.at(-1)).toBe('|b');
  });
});
