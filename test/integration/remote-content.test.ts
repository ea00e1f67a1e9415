// Remote content against a local HTTP server: downloads with their links made absolute, conditional
// requests, snapshots for every way a host can fail, `docsgen snapshot`, and `serve --watch`.
import { cpSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, runCliAsync, startServe, tempDir } from '../helpers/run.ts';

const README_V2 = `# Widget

Downloaded widget README.

[![build](badge.svg)](https://ci.example.com/widget)

Read the [guide](docs/guide.md#configure), the [licence](LICENSE) and the [overview](/).

![Architecture](img/arch.png)

<img src="img/logo.png" alt="Logo">
`;
const GUIDE = '# Guide\n\nDownloaded guide.\n\n## Configure\n\nBack to the [README](../README.md).\n';
const FLAKY = '# Flaky\n\nDownloaded flaky README, on the second attempt.\n';

interface Logged {
  path: string;
  status: number;
  ifNoneMatch?: string;
  authorization?: string;
}

/** The documents' host: what it answers per path, and every request it got. */
function remoteHost(elsewhere: () => string) {
  const log: Logged[] = [];
  const files = new Map<string, string>([
    ['/acme/widget/main/README.md', README_V2],
    ['/acme/widget/main/docs/guide.md', GUIDE],
  ]);
  let flakyCalls = 0;
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const answer = (status: number, body = '', headers: http.OutgoingHttpHeaders = {}) => {
      log.push({ path: url, status, ifNoneMatch: req.headers['if-none-match'], authorization: req.headers.authorization });
      res.writeHead(status, headers).end(body);
    };
    if (url.startsWith('/slow/')) {
      // Answers after the fixture's 200 ms timeout.
      setTimeout(() => (res.destroyed ? undefined : answer(200, '# Too late\n')), 1500);
      return;
    }
    if (url === '/acme/renamed/main/README.md') return answer(301, '', { location: '/acme/widget/main/docs/guide.md' });
    if (url === '/acme/moved/main/README.md') return answer(302, '', { location: `${elsewhere()}moved.md` });
    if (url === '/acme/flaky/main/README.md') {
      flakyCalls++;
      return flakyCalls % 2 === 1 ? answer(503, 'busy') : answer(200, FLAKY);
    }
    const body = files.get(url);
    if (body === undefined) return answer(404, 'not found');
    const etag = `"${Buffer.from(body).toString('base64').slice(-12)}"`;
    if (req.headers['if-none-match'] === etag) return answer(304);
    answer(200, body, { etag, 'content-type': 'text/plain; charset=utf-8' });
  });
  return { server, log, files };
}

/** An origin nothing listens on: a port taken from the system, then closed. */
async function closedOrigin(): Promise<string> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return `http://127.0.0.1:${port}/`;
}

describe('remote content', () => {
  const host = remoteHost(() => env.REMOTE_TEST_DOWN);
  const site = tempDir('docsgen-remote-');
  let env: Record<string, string>;
  let origin = '';
  const out = (route: string) => path.join(site, 'build', route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
  const page = (route: string) => readFileSync(out(route), 'utf8');
  const build = (args: string[] = []) => runCliAsync(['build', ...args], site, env);
  const snapshotFiles = () => {
    const dir = path.join(site, 'content/remote');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.md'))
      .sort();
    return new Map(files.map((f) => [f, { bytes: readFileSync(path.join(dir, f)), mtimeMs: statSync(path.join(dir, f)).mtimeMs }]));
  };

  let first: Awaited<ReturnType<typeof build>>;
  let snapshotsBefore: ReturnType<typeof snapshotFiles>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => host.server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}/`;
    env = { REMOTE_TEST_ORIGIN: origin, REMOTE_TEST_DOWN: await closedOrigin() };
    cpSync(fixture('remote-site'), site, { recursive: true });
    snapshotsBefore = snapshotFiles();
    first = await build();
  }, 60_000);
  afterAll(() => new Promise((resolve) => host.server.close(resolve)));

  it("builds a downloaded document as a page, through the markdown pipeline, with the config's frontmatter", () => {
    expect(first.stderr).not.toContain('error');
    expect(first.status).toBe(0);
    const html = page('/widget');
    expect(html).toContain('Downloaded widget README.');
    expect(html).not.toContain('Snapshot of the widget README');
    expect(html).toContain('<title>Widget SDK |');
    expect(html).toContain('<meta name="description" content="The widget SDK, from its README.">');
    // Headings get ids and a TOC entry like any page's.
    expect(page('/widget/guide')).toMatch(/<h2 id="configure"/);
    // The sidebar label comes from the config too; the page is in the autogenerated sidebar.
    expect(page('/')).toMatch(/href="\/widget"[^>]*>Widget</);
  });

  it('makes relative links and images absolute URLs of the repository, and a link to another remote document its route', () => {
    const html = page('/widget');
    const base = `${origin}acme/widget/main/`;
    expect(html).toContain(`href="${base}LICENSE"`);
    expect(html).toContain(`src="${base}img/arch.png"`);
    expect(html).toContain(`src="${base}img/logo.png"`);
    expect(html).toContain(`src="${base}badge.svg"`);
    expect(html).toContain('href="/widget/guide#configure"');
    expect(html).toContain('href="/"');
    expect(page('/widget/guide')).toContain('href="/widget"');
    // A snapshot's relative links are rewritten the same way.
    expect(page('/gone')).toContain('href="/widget"');
  });

  it('sends the configured headers, and never prints them', () => {
    expect(host.log.find((l) => l.path === '/acme/widget/main/README.md')?.authorization).toBe('Bearer fixture-secret-token');
    expect(first.stdout + first.stderr).not.toContain('fixture-secret-token');
  });

  it('retries a request the host answered with a 5xx', () => {
    expect(host.log.filter((l) => l.path === '/acme/flaky/main/README.md').map((l) => l.status)).toEqual([503, 200]);
    expect(page('/flaky')).toContain('on the second attempt');
  });

  it('follows a redirect within the host', () => {
    expect(page('/renamed')).toContain('Downloaded guide.');
  });

  it('uses the snapshot on a 404, a timeout and an unreachable host, with one warning naming the documents', () => {
    expect(page('/gone')).toContain('Snapshot of the gone README');
    expect(page('/slow')).toContain('Snapshot of the slow README');
    expect(page('/down')).toContain('Snapshot of the down README');
    const warnings = first.stderr.split('\n').filter((l) => l.includes('warning:'));
    expect(warnings).toHaveLength(1);
    // At the config's remoteContent key.
    expect(warnings[0]).toMatch(/^site\/docsgen\.config\.ts:12:3  warning: 5 remote documents could not be fetched; built from their committed snapshots: /);
    expect(warnings[0]).toContain('acme/gone/main/README.md (HTTP 404)');
    expect(warnings[0]).toContain('slow/tool/main/README.md (no answer within 200 ms)');
    expect(warnings[0]).toContain('down/thing/main/README.md (connection refused)');
    expect(warnings[0]).toContain('nowhere/README.md (host remote-fixture.invalid not found)');
    expect(page('/nowhere')).toContain('Snapshot of a README whose host name does not resolve.');
    // A redirect to another host is not followed: the headers go nowhere the config does not name.
    expect(warnings[0]).toContain(`acme/moved/main/README.md (redirected to ${env.REMOTE_TEST_DOWN.slice(0, -1)}, which is not followed)`);
    expect(page('/moved')).toContain('Snapshot of the moved README');
  });

  it("gives a downloaded document its repository's edit link, unless the config says otherwise", () => {
    // The fixture's host is not GitHub: no edit page is known for it.
    expect(page('/widget')).not.toContain('class="edit-this-page"');
    expect(page('/widget/guide')).not.toContain('edit-this-page');
  });

  it('asks again with the ETag on the next build, and a 304 reuses the download', async () => {
    const before = page('/widget');
    const from = host.log.length;
    const second = await build();
    expect(second.status).toBe(0);
    const readme = host.log.slice(from).filter((l) => l.path === '/acme/widget/main/README.md');
    expect(readme).toHaveLength(1);
    expect(readme[0].ifNoneMatch).toMatch(/^"/);
    expect(readme[0].status).toBe(304);
    expect(page('/widget')).toBe(before);
  });

  it('never modifies the snapshots in a build', () => {
    const after = snapshotFiles();
    expect([...after.keys()]).toEqual([...snapshotsBefore.keys()]);
    for (const [file, { bytes, mtimeMs }] of snapshotsBefore) {
      expect(after.get(file)!.bytes.equals(bytes), file).toBe(true);
      expect(after.get(file)!.mtimeMs, file).toBe(mtimeMs);
    }
  });

  it("names the download or the snapshot, by the lines each has, in a page's diagnostics", async () => {
    const gone = path.join(site, 'content/remote/acme/gone/main/README.md');
    const goneBefore = readFileSync(gone, 'utf8');
    host.files.set('/acme/widget/main/README.md', `${README_V2}\nA [broken link](/no-such-page).\n`);
    writeFileSync(gone, `${goneBefore}\nAnother [broken link](/no-such-page).\n`);
    try {
      const r = await build();
      expect(r.status).toBe(1);
      const lines = README_V2.split('\n').length + 1;
      expect(r.stderr).toContain(`${origin}acme/widget/main/README.md:${lines}:3  broken link to /no-such-page`);
      expect(r.stderr).toContain(`content/remote/acme/gone/main/README.md:${goneBefore.split('\n').length + 1}:9  broken link to /no-such-page`);
    } finally {
      host.files.set('/acme/widget/main/README.md', README_V2);
      writeFileSync(gone, goneBefore);
    }
  });

  it('fails, naming the document, when it has neither a response nor a snapshot', async () => {
    const gone = path.join(site, 'content/remote/acme/gone/main/README.md');
    const text = readFileSync(gone);
    rmSync(gone);
    try {
      const before = page('/');
      const r = await build();
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`content/remote/acme/gone/main/README.md  remote document acme/gone/main/README.md (${origin}acme/gone/main/README.md): HTTP 404, and it has no snapshot`);
      expect(r.stderr).toContain('hint: commit a snapshot at content/remote/acme/gone/main/README.md: run docsgen snapshot while the host answers');
      expect(r.stderr).not.toContain('    at ');
      expect(page('/')).toBe(before);
    } finally {
      writeFileSync(gone, text);
    }
  });

  it("refuses a remote document that takes a markdown page's doc id", async () => {
    const local = path.join(site, 'content/docs/widget.md');
    writeFileSync(local, '# A local widget page\n');
    try {
      const r = await build();
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`content/docs/widget.md:1:1  this page has the doc id "widget", which remote document ${origin}acme/widget/main/README.md has too`);
    } finally {
      rmSync(local);
    }
  });

  it('docsgen snapshot writes what the hosts answer, byte for byte, and only what changed', async () => {
    const readme = path.join(site, 'content/remote/acme/widget/main/README.md');
    const slow = path.join(site, 'content/remote/slow/tool/main/README.md');
    const slowBefore = readFileSync(slow);
    const r = await runCliAsync(['snapshot'], site, env);
    // The documents that could not be fetched are errors, and keep their snapshots.
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('remote document acme/gone/main/README.md');
    expect(r.stderr).toContain('HTTP 404; its snapshot was left as it was');
    expect(readFileSync(slow).equals(slowBefore)).toBe(true);
    expect(r.stdout).toContain('wrote content/remote/acme/widget/main/README.md');
    expect(r.stdout).toContain('wrote content/remote/acme/flaky/main/README.md');
    expect(readFileSync(readme, 'utf8')).toBe(README_V2);
    expect(readFileSync(path.join(site, 'content/remote/acme/widget/main/docs/guide.md'), 'utf8')).toBe(GUIDE);

    const written = snapshotFiles();
    const again = await runCliAsync(['snapshot'], site, env);
    expect(again.stdout).not.toContain('wrote ');
    expect(again.stderr).toContain('0 snapshots written, 4 unchanged');
    expect(again.stderr).toContain('acme/moved/main/README.md');
    const after = snapshotFiles();
    for (const [file, { bytes, mtimeMs }] of written) {
      expect(after.get(file)!.bytes.equals(bytes), file).toBe(true);
      expect(after.get(file)!.mtimeMs, file).toBe(mtimeMs);
    }
    expect(r.stdout + r.stderr + again.stdout + again.stderr).not.toContain('fixture-secret-token');
  });

  it('serve --watch shows remote pages from the downloads and snapshots, and requests nothing on a save', async () => {
    const from = host.log.length;
    const { child, port, output } = await startServe(site, ['--watch'], env);
    try {
      const get = async (route: string) => (await fetch(`http://127.0.0.1:${port}${route}`)).text();
      expect(await get('/widget')).toContain('Downloaded widget README.');
      expect(await get('/slow')).toContain('Snapshot of the slow README');
      await waitFor(() => output().includes('docsgen: built'));
      const index = path.join(site, 'content/docs/index.md');
      writeFileSync(index, `${readFileSync(index, 'utf8')}\nSaved while serving.\n`);
      await waitFor(async () => (await get('/')).includes('Saved while serving.'));
      expect(await get('/widget')).toContain('Downloaded widget README.');
      // A page built from its snapshot follows a save of the snapshot.
      const slow = path.join(site, 'content/remote/slow/tool/main/README.md');
      writeFileSync(slow, `${readFileSync(slow, 'utf8')}\nEdited while serving.\n`);
      await waitFor(async () => (await get('/slow')).includes('Edited while serving.'));
      expect(host.log.slice(from)).toEqual([]);
      expect(output()).not.toContain('warning:');
    } finally {
      child.kill();
    }
  }, 90_000);
});

async function waitFor(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}
