// `docsgen serve` as a static host, and `--watch` as the writers' loop.
import { cpSync, writeFileSync, readFileSync, readdirSync, rmSync, existsSync, renameSync, mkdirSync, symlinkSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { safePath } from '../../src/server/static-server.ts';
import { fixture, repoRoot, startServe, tempDir } from '../helpers/run.ts';
import { launchBrowser } from '../helpers/browser.ts';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as sent, still compressed if it was. */
  bytes: Buffer;
}

function request(port: number, rawPath: string, method = 'GET', headers: http.OutgoingHttpHeaders = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    // http.request keeps the path as written, so encoded dots and slashes reach the server.
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('safePath', () => {
  it('rejects every spelling of a way out of the root', () => {
    for (const p of ['/../etc/passwd', '/a/../../x', '/%2e%2e/etc/passwd', '/%2E%2E%2Fetc', '/a%2fb', '/a%5c..%5cb', '/..\\x', '/a%00b', '/%E0%A4%A']) {
      expect(safePath(p), p).toBeUndefined();
    }
  });
  it('decodes ordinary paths', () => {
    expect(safePath('/a%20b/c?q=1#x')).toBe('/a b/c');
    expect(safePath('/')).toBe('/');
  });
});

describe('docsgen serve', () => {
  const site = tempDir('docsgen-serve-');
  let server: Awaited<ReturnType<typeof startServe>>;
  beforeAll(async () => {
    cpSync(fixture('good-site'), site, { recursive: true });
    server = await startServe(site, []);
  });
  afterAll(() => server?.child.kill());

  it('serves clean URLs, and .html and /index as the same page', async () => {
    for (const p of ['/guides/basics/install', '/guides/basics/install/', '/guides/basics/install.html', '/guides/basics/install/index', '/guides/basics/install/index.html']) {
      const r = await request(server.port, p);
      expect(r.status, p).toBe(200);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.body).toContain('Install the tool');
    }
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    const r = await request(server.port, '/no/such/page');
    expect(r.status).toBe(404);
    expect(r.body).toContain('Page Not Found');
  });

  it('answers configured redirects with 301, keeping the query', async () => {
    const r = await request(server.port, '/legacy/config.htm?x=1');
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe('/reference/config?x=1');
  });

  it('sends the right content types, and HEAD without a body', async () => {
    const home = await request(server.port, '/');
    const js = /src="(\/assets\/js\/[^"]+\.js)"/.exec(home.body)![1];
    const css = /href="(\/assets\/js\/[^"]+\.css)"/.exec(home.body)![1];
    expect((await request(server.port, js)).headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await request(server.port, css)).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await request(server.port, '/img/logo.svg')).headers['content-type']).toBe('image/svg+xml');
    expect((await request(server.port, '/sitemap.xml')).headers['content-type']).toBe('application/xml; charset=utf-8');
    const head = await request(server.port, '/', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(home.body));
  });

  it('never serves a file outside the output folder', async () => {
    writeFileSync(path.join(site, 'secret.txt'), 'top secret');
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/%2e%2e%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt']) {
      const r = await request(server.port, p);
      expect(r.body, p).not.toContain('top secret');
      expect([400, 404], p).toContain(r.status);
    }
  });
});

describe('docsgen serve as a static host', () => {
  const site = tempDir('docsgen-host-');
  let server: Awaited<ReturnType<typeof startServe>>;
  let script: string;
  beforeAll(async () => {
    cpSync(fixture('good-site'), site, { recursive: true });
    server = await startServe(site, []);
    script = /src="(\/assets\/js\/[^"]+\.js)"/.exec((await request(server.port, '/')).body)![1];
  });
  afterAll(() => server?.child.kill());

  it('compresses with brotli or gzip, as the client accepts', async () => {
    for (const p of ['/', script, '/no/such/page']) {
      const plain = await request(server.port, p);
      expect(plain.headers['content-encoding'], p).toBeUndefined();
      expect(plain.headers.vary, p).toBe('Accept-Encoding');
      const br = await request(server.port, p, 'GET', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status, p).toBe(plain.status);
      expect(br.headers['content-encoding'], p).toBe('br');
      expect(br.headers.vary, p).toBe('Accept-Encoding');
      expect(br.bytes.length, p).toBeLessThan(plain.bytes.length / 2);
      expect(brotliDecompressSync(br.bytes).equals(plain.bytes), p).toBe(true);
      const gz = await request(server.port, p, 'GET', { 'accept-encoding': 'br;q=0, gzip' });
      expect(gz.headers['content-encoding'], p).toBe('gzip');
      expect(gunzipSync(gz.bytes).equals(plain.bytes), p).toBe(true);
      expect((await request(server.port, p, 'GET', { 'accept-encoding': 'identity' })).headers['content-encoding'], p).toBeUndefined();
    }
  });

  it('stops on Ctrl+C and on SIGTERM with status 0, removing its compressed copies', async () => {
    // bin/docsgen.js runs the CLI in a worker thread, which signals do not reach: they are passed on.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const tmp = tempDir('docsgen-serve-tmp-');
      const own = await startServe(site, [], { TMPDIR: tmp });
      onTestFinished(() => void own.child.kill('SIGKILL'));
      expect((await request(own.port, '/', 'GET', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
      expect(readdirSync(tmp).filter((n) => n.startsWith('docsgen-compressed-'))).toHaveLength(1);
      const exited = new Promise<[number | null, string | null]>((resolve) => own.child.once('exit', (code, sig) => resolve([code, sig])));
      own.child.kill(signal);
      expect(await exited, signal).toEqual([0, null]);
      expect(readdirSync(tmp), signal).toEqual([]);
    }
    // serve --watch runs the CLI in the process's own thread: the signals reach it there.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const watching = await startServe(site, ['--watch']);
      onTestFinished(() => void watching.child.kill('SIGKILL'));
      expect((await request(watching.port, '/')).status).toBe(200);
      const exited = new Promise<[number | null, string | null]>((resolve) => watching.child.once('exit', (code, sig) => resolve([code, sig])));
      watching.child.kill(signal);
      expect(await exited, signal).toEqual([0, null]);
    }
  });

  it('lets browsers keep hashed assets for good, and revalidate pages', async () => {
    expect((await request(server.port, script)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(server.port, '/guides/advanced')).headers['cache-control']).toBe('no-cache');
  });

  it('answers If-None-Match with 304 for each encoding of a file', async () => {
    for (const encoding of ['identity', 'br', 'gzip']) {
      const first = await request(server.port, '/guides/advanced', 'GET', { 'accept-encoding': encoding });
      const etag = first.headers.etag!;
      expect(etag, encoding).toMatch(/^W\/"/);
      const again = await request(server.port, '/guides/advanced', 'GET', { 'accept-encoding': encoding, 'if-none-match': etag });
      expect(again.status, encoding).toBe(304);
      expect(again.body, encoding).toBe('');
      expect(again.headers.etag, encoding).toBe(etag);
      const other = await request(server.port, '/guides/advanced', 'GET', { 'accept-encoding': encoding, 'if-none-match': 'W/"0-0"' });
      expect(other.status, encoding).toBe(200);
    }
    // A compressed copy is a representation of its own: its tag does not validate the plain file.
    const br = (await request(server.port, '/', 'GET', { 'accept-encoding': 'br' })).headers.etag!;
    expect((await request(server.port, '/', 'GET', { 'if-none-match': br })).status).toBe(200);
  });

  it('answers If-Modified-Since with 304 when the file is not newer', async () => {
    for (const encoding of ['identity', 'br']) {
      const first = await request(server.port, script, 'GET', { 'accept-encoding': encoding });
      const modified = first.headers['last-modified']!;
      expect(new Date(modified).getTime(), encoding).toBeGreaterThan(0);
      const same = await request(server.port, script, 'GET', { 'accept-encoding': encoding, 'if-modified-since': modified });
      expect(same.status, encoding).toBe(304);
      const earlier = new Date(new Date(modified).getTime() - 60_000).toUTCString();
      expect((await request(server.port, script, 'GET', { 'accept-encoding': encoding, 'if-modified-since': earlier })).status, encoding).toBe(200);
    }
  });

  it('answers a Range with 206 and those bytes, uncompressed', async () => {
    const whole = (await request(server.port, script)).bytes;
    expect(whole.length).toBeGreaterThan(100);
    const cases: [string, number, number][] = [
      ['bytes=0-0', 0, 0],
      ['bytes=10-19', 10, 19],
      ['bytes=-5', whole.length - 5, whole.length - 1],
      ['bytes=50-', 50, whole.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const r = await request(server.port, script, 'GET', { range, 'accept-encoding': 'br, gzip' });
      expect(r.status, range).toBe(206);
      expect(r.headers['content-encoding'], range).toBeUndefined();
      expect(r.headers['content-range'], range).toBe(`bytes ${start}-${end}/${whole.length}`);
      expect(r.bytes.equals(whole.subarray(start, end + 1)), range).toBe(true);
    }
    expect((await request(server.port, script, 'HEAD')).headers['accept-ranges']).toBe('bytes');
  });

  it('answers a Range past the end with 416', async () => {
    const size = (await request(server.port, script)).bytes.length;
    const r = await request(server.port, script, 'GET', { range: `bytes=${size}-` });
    expect(r.status).toBe(416);
    expect(r.headers['content-range']).toBe(`bytes */${size}`);
    expect(r.body).toBe('');
    // The server is still up.
    expect((await request(server.port, script)).status).toBe(200);
  });
});

describe('docsgen serve --watch', () => {
  const site = tempDir('docsgen-watch-');
  let server: Awaited<ReturnType<typeof startServe>>;
  beforeAll(async () => {
    cpSync(fixture('good-site'), site, { recursive: true });
    server = await startServe(site, ['--watch']);
    // These tests are about the loop after the first full build (the test below covers before it).
    onDemandPage = (await request(server.port, '/guides/advanced')).body;
    for (let waited = 0; !server.output().includes('docsgen: built') && waited < 60_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  });
  let onDemandPage = '';

  it('renders a page on demand exactly as the full build does', async () => {
    expect(onDemandPage).toContain('<h1');
    expect((await request(server.port, '/guides/advanced')).body).toBe(onDemandPage);
  });
  afterAll(() => server?.child.kill());

  /**
   * Collects server-sent events until one of the wanted kind arrives; `connected` resolves once the
   * server has taken the connection (its first comment), so a change made after it is seen.
   */
  function nextEvent(kind: string): Promise<string> & { connected: Promise<void> } {
    let connected = () => {};
    const ready = new Promise<void>((resolve) => (connected = resolve));
    const event = new Promise<string>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: server.port, path: '/__docsgen/events' }, (res) => {
        let buf = '';
        res.on('data', (c) => {
          buf += c;
          if (buf.startsWith(': connected')) connected();
          const m = new RegExp(`event: ${kind}\\ndata: (.*)\\n`).exec(buf);
          if (m) {
            req.destroy();
            resolve(JSON.parse(m[1]));
          }
        });
      });
      req.on('error', reject);
      setTimeout(() => reject(new Error(`no ${kind} event`)), 30_000);
    });
    return Object.assign(event, { connected: ready });
  }

  /** Makes a change to the sources and waits for the reload of the build that follows. */
  async function afterReload(change: () => void): Promise<void> {
    const reload = nextEvent('reload');
    await reload.connected;
    change();
    await reload;
  }

  const saveAndReload = (file: string, text: string) => afterReload(() => writeFileSync(file, text));

  it('shows a new frontmatter title as the heading of a page that has no h1 of its own', async () => {
    const file = path.join(site, 'content/docs/guides/advanced.md');
    const before = readFileSync(file, 'utf8');
    expect(before).not.toMatch(/^# /m);
    await saveAndReload(file, before.replace('title: Advanced use', 'title: Advanced & renamed'));
    try {
      const body = (await request(server.port, '/guides/advanced')).body;
      expect(body).toContain('<h1>Advanced &amp; renamed</h1>');
      expect(body).not.toContain('Advanced use</h1>');
    } finally {
      await saveAndReload(file, before);
    }
    expect((await request(server.port, '/guides/advanced')).body).toContain('<h1>Advanced use</h1>');
  });

  it('injects the live-reload client into pages, and compresses them', async () => {
    const r = await request(server.port, '/');
    expect(r.body).toContain('new EventSource("/__docsgen/events")');
    const br = await request(server.port, '/', 'GET', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.bytes).toString()).toBe(r.body);
  });

  it('builds the last of two saves close together', async () => {
    // chokidar reports no change to a file within 50 ms of the one before it.
    const file = path.join(site, 'content/docs/guides/advanced.md');
    const good = readFileSync(file, 'utf8');
    const reload = nextEvent('reload');
    await reload.connected;
    writeFileSync(file, `${good}\nFirst save.\n`);
    await new Promise((r) => setTimeout(r, 25));
    writeFileSync(file, `${good}\nSecond save.\n`);
    await reload;
    try {
      await expect.poll(async () => (await request(server.port, '/guides/advanced')).body, { timeout: 3000 }).toContain('Second save.');
    } finally {
      // The reload of the second save's build comes right after its page is written: not for the restore below.
      await new Promise((r) => setTimeout(r, 300));
      await saveAndReload(file, good);
    }
  });

  it('rebuilds on save and tells open pages to reload', async () => {
    const file = path.join(site, 'content/docs/guides/advanced.md');
    const reload = nextEvent('reload');
    await reload.connected;
    writeFileSync(file, readFileSync(file, 'utf8').replace('Back to', 'Edited: back to'));
    await reload;
    expect((await request(server.port, '/guides/advanced')).body).toContain('Edited: back to');
  });

  it('shows a broken edit as an error, keeps serving the last good build, and recovers', async () => {
    const file = path.join(site, 'content/docs/guides/advanced.md');
    const good = readFileSync(file, 'utf8');
    const failed = nextEvent('build-error');
    await failed.connected;
    writeFileSync(file, `${good}\n[broken](/missing/page)\n`);
    const message = await failed;
    expect(message).toContain('content/docs/guides/advanced.md:');
    expect(message).toContain('broken link to /missing/page');
    // The page is the last good build's, not the broken edit.
    const served = await request(server.port, '/guides/advanced');
    expect(served.status).toBe(200);
    expect(served.body).not.toContain('/missing/page');
    expect(server.child.exitCode).toBeNull();
    const reload = nextEvent('reload');
    await reload.connected;
    writeFileSync(file, good);
    await reload;
  });

  /** Resolves with the events of these kinds seen within `ms`. */
  function eventsWithin(ms: number, kinds = ['reload', 'build-error']): Promise<string[]> & { connected: Promise<void> } {
    let connected = () => {};
    const ready = new Promise<void>((resolve) => (connected = resolve));
    const events = new Promise<string[]>((resolve) => {
      const seen: string[] = [];
      const req = http.get({ host: '127.0.0.1', port: server.port, path: '/__docsgen/events' }, (res) => {
        res.on('data', (c) => {
          if (String(c).startsWith(': connected')) connected();
          for (const m of String(c).matchAll(/event: (\S+)/g)) if (kinds.includes(m[1])) seen.push(m[1]);
        });
      });
      req.on('error', () => resolve(seen));
      setTimeout(() => {
        req.destroy();
        resolve(seen);
      }, ms);
    });
    return Object.assign(events, { connected: ready });
  }

  it('leaves open pages alone when a save changes nothing in the site', async () => {
    const file = path.join(site, 'content/docs/guides/advanced.md');
    const events = eventsWithin(2500);
    await events.connected;
    const builds = server.output().split('docsgen: built').length;
    writeFileSync(file, readFileSync(file, 'utf8'));
    expect(await events).toEqual([]);
    // It did rebuild: the save was seen, and found to change nothing.
    expect(server.output().split('docsgen: built').length).toBeGreaterThan(builds);
  });

  it('picks up pages added and removed while it runs', async () => {
    const file = path.join(site, 'content/docs/guides/added-later.md');
    await saveAndReload(file, '# Added later\n\nA page made while the server runs.\n');
    expect((await request(server.port, '/guides/added-later')).body).toContain('A page made while the server runs.');
    // An edit to an existing page right after still sees the new page (the listing was made again).
    const advanced = path.join(site, 'content/docs/guides/advanced.md');
    const good = readFileSync(advanced, 'utf8');
    await saveAndReload(advanced, `${good}\nSee [the new page](./added-later.md).\n`);
    expect((await request(server.port, '/guides/advanced')).body).toContain('href="/guides/added-later"');
    // Removing the page breaks that link: the build reports it rather than serve a dead link.
    const failed = nextEvent('build-error');
    await failed.connected;
    rmSync(file);
    expect(await failed).toContain('broken link');
    await saveAndReload(advanced, good);
    expect((await request(server.port, '/guides/added-later')).status).toBe(404);
    // Its folder goes with it, as from a full build's output; the folder that held it stays.
    expect(existsSync(path.join(site, 'build/guides/added-later'))).toBe(false);
    expect(existsSync(path.join(site, 'build/guides/advanced/index.html'))).toBe(true);
  });

  it('shows draft pages, which `docsgen build` leaves out, with their sidebar entries', async () => {
    const file = path.join(site, 'content/docs/guides/wip.md');
    await saveAndReload(file, '---\ntitle: Work in progress\ndraft: true\n---\n\nNot published yet.\n');
    const draft = await request(server.port, '/guides/wip');
    expect(draft.status).toBe(200);
    expect(draft.body).toContain('Not published yet.');
    expect(draft.body).toMatch(/<nav class="sidebar"[\s\S]*href="\/guides\/wip"/);
    await afterReload(() => rmSync(file));
  });

  it('serves a file added to the static folder, and stops serving it once removed', async () => {
    const file = path.join(site, 'site/static/img/added.txt');
    await saveAndReload(file, 'added while serving');
    expect((await request(server.port, '/img/added.txt')).body).toBe('added while serving');
    await afterReload(() => rmSync(file));
    expect((await request(server.port, '/img/added.txt')).status).toBe(404);
    // The rest of the folder is still there.
    expect((await request(server.port, '/img/logo.svg')).status).toBe(200);
    // A link in the folder is followed, as a full build's copy does.
    const linked = path.join(site, 'site/static/linked.svg');
    await afterReload(() => symlinkSync(path.join(site, 'site/static/img/logo.svg'), linked));
    expect((await request(server.port, '/linked.svg')).body).toBe(readFileSync(path.join(site, 'site/static/img/logo.svg'), 'utf8'));
    await afterReload(() => rmSync(linked));
  });

  /** Runs `check` with the config edited, then puts it back as it was. */
  async function withConfig(edit: (source: string) => string, check: () => Promise<void>): Promise<void> {
    const config = path.join(site, 'site/docsgen.config.ts');
    const good = readFileSync(config, 'utf8');
    await saveAndReload(config, edit(good));
    try {
      await check();
    } finally {
      await saveAndReload(config, good);
    }
  }

  it('reloads the configuration when it changes, and only then', async () => {
    await withConfig(
      (c) => c.replace("title: 'Fixture Docs'", "title: 'Renamed Docs'"),
      async () => {
        expect((await request(server.port, '/guides/advanced')).body).toContain('Renamed Docs</title>');
        // A markdown edit after it keeps the new configuration.
        const file = path.join(site, 'content/docs/intro.md');
        await saveAndReload(file, `${readFileSync(file, 'utf8')}\nOne more line.\n`);
        expect((await request(server.port, '/')).body).toContain('Renamed Docs</title>');
      },
    );
  });

  it("gives every page the site's new URL when only the URL changes", async () => {
    await withConfig(
      (c) => c.replace("url: 'https://fixture.example.com'", "url: 'https://moved.example.com'"),
      async () => {
        // In the canonical link of each page, not only in the sitemap.
        expect((await request(server.port, '/guides/advanced')).body).toContain('<link rel="canonical" href="https://moved.example.com/guides/advanced">');
      },
    );
  });

  it('after a failed build, reads again what that build was told of', async () => {
    // The config breaks, a page is edited while it is broken (that build stops before reading
    // pages), then the config is fixed: the edit must be in the next build.
    const config = path.join(site, 'site/docsgen.config.ts');
    const goodConfig = readFileSync(config, 'utf8');
    const page = path.join(site, 'content/docs/reference/config.md');
    const goodPage = readFileSync(page, 'utf8');
    try {
      let failed = nextEvent('build-error');
      await failed.connected;
      writeFileSync(config, goodConfig.replace('export default defineConfig({', 'export default defineConfig({ {'));
      await failed;
      failed = nextEvent('build-error');
      await failed.connected;
      writeFileSync(page, `${goodPage}\nEdited while the config was broken.\n`);
      await failed;
      const reload = nextEvent('reload');
      await reload.connected;
      writeFileSync(config, goodConfig);
      await reload;
      expect((await request(server.port, '/reference/config')).body).toContain('Edited while the config was broken.');
    } finally {
      const back = nextEvent('reload');
      await back.connected;
      writeFileSync(config, goodConfig);
      writeFileSync(page, goodPage);
      await back;
    }
  });

  it('shows a broken edit as an overlay in the open page, and reloads it when fixed', async () => {
    const file = path.join(site, 'content/docs/guides/advanced.md');
    const good = readFileSync(file, 'utf8');
    const b = await launchBrowser();
    try {
      const page = await b.context.newPage();
      await page.goto(`http://127.0.0.1:${server.port}/guides/advanced`, { waitUntil: 'networkidle' });
      writeFileSync(file, `${good}\n[broken](/missing/overlay)\n`);
      const overlay = page.locator('#docsgen-error-overlay');
      await overlay.waitFor({ timeout: 30_000 });
      expect(await overlay.textContent()).toContain('content/docs/guides/advanced.md:');
      expect(await overlay.textContent()).toContain('broken link to /missing/overlay');
      writeFileSync(file, `${good}\nFixed after the overlay.\n`);
      await page.waitForFunction(() => document.body.textContent?.includes('Fixed after the overlay.'), null, { timeout: 30_000 });
      expect(await page.locator('#docsgen-error-overlay').count()).toBe(0);
    } finally {
      writeFileSync(file, good);
      await b.close();
    }
  });
});

describe('docsgen serve --watch with the output inside a watched folder', () => {
  it('does not rebuild because of its own writes', async () => {
    const site = tempDir('docsgen-watch-out-');
    cpSync(fixture('good-site'), site, { recursive: true });
    // The config's folder is watched; putting the output in it used to start a build on every write.
    const server = await startServe(site, ['--watch', '--out', 'site/out']);
    try {
      await expect.poll(() => server.output(), { timeout: 60_000 }).toContain('docsgen: built');
      const file = path.join(site, 'content/docs/intro.md');
      await new Promise((r) => setTimeout(r, 300));
      writeFileSync(file, `${readFileSync(file, 'utf8')}\nEdited once.\n`);
      // One build at the start and one for the edit; the edit's writes (and the search index
      // written a second later) start none.
      await new Promise((r) => setTimeout(r, 4000));
      expect(server.output().split('docsgen: built').length - 1).toBe(2);
    } finally {
      server.child.kill();
    }
  });
});

describe('docsgen serve --watch on a site that has never built', () => {
  it('says so when its first build fails, rather than claiming a last good build; once one succeeds, a failure keeps it', async () => {
    const site = tempDir('docsgen-watch-never-');
    cpSync(fixture('good-site'), site, { recursive: true });
    const file = path.join(site, 'content/docs/intro.md');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, `${good}\n[broken](/missing/page)\n`);
    const server = await startServe(site, ['--watch']);
    try {
      await expect.poll(() => server.output(), { timeout: 60_000 }).toContain('docsgen: build failed');
      expect(server.output()).toContain('no build has succeeded yet');
      expect(server.output()).not.toContain('last good build');
      await new Promise((r) => setTimeout(r, 300));
      writeFileSync(file, good);
      await expect.poll(() => server.output(), { timeout: 60_000 }).toContain('docsgen: built');
      await new Promise((r) => setTimeout(r, 300));
      writeFileSync(file, `${good}\n[broken](/missing/again)\n`);
      await expect.poll(() => server.output(), { timeout: 60_000 }).toContain('still serving the last good build');
    } finally {
      server.child.kill();
    }
  });
});

describe('docsgen serve --watch with the docs folder outside the project', () => {
  it('watches the folders the config names, wherever they are', async () => {
    const dir = tempDir('docsgen-watch-elsewhere-');
    const project = path.join(dir, 'project');
    cpSync(fixture('good-site'), project, { recursive: true });
    // The docs live beside the project, not in its content/ folder.
    renameSync(path.join(project, 'content/docs'), path.join(dir, 'notes'));
    const config = path.join(project, 'site/docsgen.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("title: 'Fixture Docs',", "title: 'Fixture Docs',\n  docs: { path: '../../notes' },"));
    const server = await startServe(project, ['--watch']);
    try {
      await expect.poll(() => server.output(), { timeout: 60_000 }).toContain('docsgen: built');
      await new Promise((r) => setTimeout(r, 300));
      const file = path.join(dir, 'notes/guides/advanced.md');
      writeFileSync(file, `${readFileSync(file, 'utf8')}\nEdited beside the project.\n`);
      await expect.poll(async () => (await request(server.port, '/guides/advanced')).body, { timeout: 20_000 }).toContain('Edited beside the project.');
    } finally {
      server.child.kill();
    }
  });
});

describe('docsgen serve --watch with sources outside the usual folders', () => {
  it('follows an OpenAPI document outside the site and content folders, deleted and written again', async () => {
    const dir = tempDir('docsgen-watch-spec-');
    cpSync(fixture('openapi-site'), dir, { recursive: true });
    mkdirSync(path.join(dir, 'api'));
    renameSync(path.join(dir, 'content/openapi/pets.json'), path.join(dir, 'api/pets.json'));
    const config = path.join(dir, 'site/docsgen.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace('../content/openapi/pets.json', '../api/pets.json'));
    const server = await startServe(dir, ['--watch']);
    onTestFinished(() => void server.child.kill());
    await expect.poll(() => server.output(), { timeout: 60_000 }).toContain('docsgen: built');
    const spec = path.join(dir, 'api/pets.json');
    const good = readFileSync(spec, 'utf8');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(spec);
    await expect.poll(() => server.output(), { timeout: 20_000 }).toContain('OpenAPI document not found');
    // Written again (as some tools do), then edited: both are followed.
    writeFileSync(spec, good);
    await expect.poll(() => server.output().split('docsgen: built').length - 1, { timeout: 20_000 }).toBe(2);
    writeFileSync(spec, good.replace('"summary": "List pets"', '"summary": "List every pet"'));
    await expect.poll(async () => (await request(server.port, '/reference/api/pets/list-pets')).body, { timeout: 20_000 }).toContain('List every pet');
  });

  it('builds again when an image missing from content/ is added', async () => {
    const dir = tempDir('docsgen-watch-content-image-');
    cpSync(fixture('good-site'), dir, { recursive: true });
    const intro = path.join(dir, 'content/docs/intro.md');
    // content/img is outside the docs folder, and does not exist yet.
    writeFileSync(intro, `${readFileSync(intro, 'utf8')}\n![A picture](../img/pic.svg)\n`);
    const server = await startServe(dir, ['--watch']);
    onTestFinished(() => void server.child.kill());
    await expect.poll(() => server.output(), { timeout: 60_000 }).toContain('broken image');
    mkdirSync(path.join(dir, 'content/img'));
    writeFileSync(path.join(dir, 'content/img/pic.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    await expect.poll(() => server.output(), { timeout: 20_000 }).toContain('docsgen: built');
    expect((await request(server.port, '/')).body).toMatch(/src="\/assets\/images\/pic-[0-9a-f]+\.svg"/);
  });

  // An image must be inside the content, site or static folder (SECURITY.md), not only the docs folder.
  it('follows an image a page uses from a folder of content/ outside the docs folder', async () => {
    const dir = tempDir('docsgen-watch-image-');
    cpSync(fixture('good-site'), dir, { recursive: true });
    mkdirSync(path.join(dir, 'content/art'));
    const image = path.join(dir, 'content/art/pic.svg');
    writeFileSync(image, '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    const intro = path.join(dir, 'content/docs/intro.md');
    writeFileSync(intro, `${readFileSync(intro, 'utf8')}\n![A picture](../art/pic.svg)\n`);
    const server = await startServe(dir, ['--watch']);
    onTestFinished(() => void server.child.kill());
    await expect.poll(() => server.output(), { timeout: 60_000 }).toContain('docsgen: built');
    const src = async () => /src="([^"]*pic-[^"]*)"/.exec((await request(server.port, '/')).body)?.[1];
    const before = await src();
    expect(before).toMatch(/^\/assets\/images\/pic-[0-9a-f]+\.svg$/);
    await new Promise((r) => setTimeout(r, 300));
    writeFileSync(image, '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>');
    // The image's name carries its content hash: an edit gives the page a new one.
    await expect.poll(src, { timeout: 20_000 }).not.toBe(before);
  });
});

describe('docsgen serve --watch before its first build is done', () => {
  const generator = path.resolve(repoRoot, '../shared/bench/gen-corpus.mjs');

  /** A generated corpus of 200 pages, big enough that its full build takes several seconds. */
  function corpusSite(prefix: string, seed: number): string {
    const site = tempDir(prefix);
    spawnSync(process.execPath, [generator, site, '200', String(seed)], { stdio: 'ignore' });
    writeFileSync(
      path.join(site, 'docsgen.config.ts'),
      "import { defineConfig } from 'docsgen';\nexport default defineConfig({ title: 'Corpus', url: 'https://example.com', docs: { path: 'docs', sidebarPath: 'sidebars.js' }, staticDir: 'static', navbar: { items: [] } });\n",
    );
    return site;
  }

  it.skipIf(!existsSync(generator))(
    'serves pages on demand at once, and shows an edit through them',
    async () => {
      const site = corpusSite('docsgen-on-demand-', 7);
      const doc = JSON.parse(readFileSync(path.join(site, 'manifest.json'), 'utf8')).docs[5] as { file: string; url: string; title: string };
      // --verbose: a rebuild stopped by a newer save says so.
      const server = await startServe(site, ['--watch', '--verbose', '--config', 'docsgen.config.ts']);
      try {
        const page = await request(server.port, doc.url);
        expect(page.status).toBe(200);
        expect(page.body).toContain(`<title>${doc.title} | Corpus</title>`);
        expect(page.body).toContain('new EventSource');
        const chunk = await request(server.port, `/_data${doc.url}.json`);
        expect(JSON.parse(chunk.body).route).toBe(doc.url);
        expect(server.output()).not.toContain('docsgen: built');

        // An edit now shows at once, through the on-demand pages.
        const file = path.join(site, 'docs', doc.file);
        const reload = new Promise<void>((resolve) => {
          const req = http.get({ host: '127.0.0.1', port: server.port, path: '/__docsgen/events' }, (res) => res.on('data', (c) => String(c).includes('event: reload') && (req.destroy(), resolve())));
        });
        // The watcher starts once the first page is served.
        await new Promise((r) => setTimeout(r, 1000));
        writeFileSync(file, `${readFileSync(file, 'utf8')}\nWritten before the first build was done.\n`);
        await reload;
        expect((await request(server.port, doc.url)).body).toContain('Written before the first build was done.');
        expect(server.output()).not.toContain('docsgen: built');
        // A second save, well apart from the first, most likely while the first build still runs.
        const builds = () => server.output().split('docsgen: built').length - 1;
        await new Promise((r) => setTimeout(r, 300));
        const builtBefore = builds();
        writeFileSync(file, `${readFileSync(file, 'utf8')}\nSaved again.\n`);

        // The full build, and the one rebuild both saves queued behind it, leave the page on disk up to date.
        await expect.poll(() => readFileSync(path.join(site, 'build', doc.url.slice(1), 'index.html'), 'utf8'), { timeout: 120_000, interval: 250 }).toContain('Saved again.');
        // No build follows: saves during a build do not each queue one. (Had the first build ended
        // before the second save, that save came during or after the rebuild of the first: one
        // more, finished or stopped by the save; the first build is never stopped.)
        await new Promise((r) => setTimeout(r, 1000));
        const stopped = server.output().split('docsgen: build stopped').length - 1;
        expect(builds() + stopped).toBe(builtBefore === 0 ? 2 : 3);
        expect(stopped).toBeLessThanOrEqual(builtBefore === 0 ? 0 : 1);
      } finally {
        server.child.kill();
      }
    },
    180_000,
  );

  it.skipIf(!existsSync(generator))(
    'stops at once on SIGTERM, even with its first build running in worker threads',
    async () => {
      const site = corpusSite('docsgen-stop-', 8);
      const server = await startServe(site, ['--watch', '--config', 'docsgen.config.ts']);
      // Stopped below; this is for an assertion failing before that.
      onTestFinished(() => void server.child.kill('SIGKILL'));
      expect((await request(server.port, '/')).status).toBe(200);
      // The first page starts the full build; give it a moment to be well under way.
      await new Promise((r) => setTimeout(r, 1500));
      expect(server.output()).not.toContain('docsgen: built');
      if (existsSync('/proc/self/task')) {
        // Its workers build at a lower priority than the thread that answers requests and saves.
        // bin/docsgen.js runs serve --watch in the process's main thread (see servesWatching there).
        const cli = server.child.pid!;
        const task = `/proc/${cli}/task`;
        // Field 19 of a thread's stat is its nice value; a thread may end while this reads.
        const nice = (tid: string) => {
          try {
            return Number(readFileSync(`${task}/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
          } catch {
            return undefined;
          }
        };
        const niced = () => readdirSync(task).filter((t) => nice(t) === 10).length;
        await expect.poll(niced, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(1);
        expect(nice(String(cli))).toBe(0);
      }
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      server.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // It did not wait for the build to finish first.
      expect(server.output()).not.toContain('docsgen: built');
    },
    60_000,
  );
});
