// The search index stage through the real CLI: every page goes in (title, headings with their
// anchors, body text; the API operation pages of the Unleash site too), the index is split into
// many small files, two builds write the same bytes, and `search: false` leaves it all out.
import { spawn } from 'node:child_process';
import { appendFileSync, chmodSync, cpSync, existsSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, repoRoot, runCli, snapshotTree, tempDir } from '../helpers/run.ts';
import { builtSite } from '../helpers/sites.ts';

const site = tempDir('docsgen-search-index-');
const out = path.join(site, 'build');

beforeAll(() => {
  cpSync(fixture('search-site'), site, { recursive: true });
  const r = runCli(['build', '--verbose'], site);
  expect(r.status, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toMatch(/"search-index":\d+/);
});

interface Fragment {
  url: string;
  content: string;
  meta: Record<string, string>;
  anchors: { element: string; id: string; text: string }[];
}

/** Pagefind's fragment files: gzip, a signature, then the page's JSON. */
function fragments(build: string): Fragment[] {
  const dir = path.join(build, '_search/fragment');
  return readdirSync(dir).map((f) => {
    const bytes = gunzipSync(readFileSync(path.join(dir, f)));
    expect(bytes.subarray(0, 12).toString()).toBe('pagefind_dcd');
    return JSON.parse(bytes.subarray(12).toString()) as Fragment;
  });
}

/** Page routes as the sitemap lists them. */
function sitemapRoutes(build: string): string[] {
  return [...readFileSync(path.join(build, 'sitemap.xml'), 'utf8').matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
}

const contentOf = (build: string, route: string) => {
  const html = readFileSync(path.join(build, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`), 'utf8');
  return html.slice(html.indexOf('data-content=""'));
};

describe('search index', () => {
  it('holds every page once (but not the search page itself), under its URL and title', () => {
    const pages = sitemapRoutes(out).filter((r) => r !== '/search');
    const index = fragments(out);
    expect(index.map((f) => f.url).sort()).toEqual([...pages].sort());
    for (const f of index) {
      const h1 = /<h1[^>]*>([^<]*)<\/h1>/.exec(contentOf(out, f.url))![1];
      expect(f.meta.title, f.url).toBe(h1);
    }
  });

  it('keeps every heading with its anchor, and the body text without code blocks', () => {
    for (const f of fragments(out)) {
      const ids = [...contentOf(out, f.url).matchAll(/<h[2-3] id="([^"]+)"/g)].map((m) => m[1]);
      const anchors = f.anchors.map((a) => a.id);
      for (const id of ids) expect(anchors, `${f.url}#${id}`).toContain(id);
    }
    const rollouts = fragments(out).find((f) => f.url === '/rollouts')!;
    expect(rollouts.content).toContain('Each user keeps the same answer while the rollout grows');
    expect(rollouts.anchors.find((a) => a.id === 'sticky-assignment')?.text).toBe('Sticky assignment');
    expect(rollouts.content).not.toContain('--percent');
    // Inline code is prose and stays searchable.
    expect(fragments(out).find((f) => f.url === '/tokens')!.content).toContain('onerror=alert(2)');
  });

  it('is split into small files, and ships only what the client uses', () => {
    const files = readdirSync(path.join(out, '_search'));
    expect(files).toContain('pagefind.js');
    expect(files).toContain('pagefind-entry.json');
    expect(files).toContain('wasm.en.pagefind');
    expect(files.filter((f) => /ui|worker|highlight|unknown/.test(f))).toEqual([]);
    expect(readdirSync(path.join(out, '_search/index')).length).toBeGreaterThan(0);
  });

  it('writes the same bytes on a second build', () => {
    expect(runCli(['build', '--out', 'build-2'], site).status).toBe(0);
    const a = snapshotTree(path.join(out, '_search'));
    const b = snapshotTree(path.join(site, 'build-2/_search'));
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [file, bytes] of a) expect(b.get(file), file).toBe(bytes);
  });

  it('makes the /search page, outside every sidebar', () => {
    expect(contentOf(out, '/search')).toContain('data-search-page=""');
    for (const route of sitemapRoutes(out))
      expect(readFileSync(path.join(out, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`), 'utf8'), route).not.toMatch(/class="menu[^"]*"[^>]*href="\/search"/);
  });

  /**
   * Builds the search site with Pagefind's binary swapped (Pagefind's own override of where it is)
   * and checks that the build reports the failure itself: exit 1, the message and the hint, no
   * stack trace, and no output folder left or removed under a stage still writing.
   */
  function expectIndexFailure(binary: (dir: string) => string, message: string): void {
    const dir = tempDir('docsgen-search-pagefind-fails-');
    cpSync(fixture('search-site'), dir, { recursive: true });
    const r = runCli(['build'], dir, { PAGEFIND_EXTENDED_BINARY_PATH: binary(dir) });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`site/docsgen.config.ts  search index: ${message}`);
    expect(r.stderr).toContain('or set search: false in the config');
    expect(r.stderr).toContain('docsgen: build failed with 1 error');
    expect(r.stderr).not.toMatch(/docsgen\/dist\/.*\.js:\d+|internal error/);
    expect(readdirSync(dir).filter((f) => f.startsWith('build'))).toEqual([]);
  }

  it('fails with a hint when Pagefind cannot start, and leaves no half-written output', () => {
    expectIndexFailure((dir) => path.join(dir, 'no-such-pagefind'), 'could not start Pagefind');
  });

  it('fails with the same hint when Pagefind stops while it has pages', () => {
    // Stands in for Pagefind's service: answers the request for a new index as Pagefind does
    // (base64 JSON messages, each followed by a comma), then exits as if it had crashed.
    const answer = Buffer.from(JSON.stringify({ message_id: 1, payload: { type: 'NewIndex', index_id: 0 } })).toString('base64');
    expectIndexFailure((dir) => {
      const fake = path.join(dir, 'pagefind-that-dies.mjs');
      writeFileSync(fake, `#!/usr/bin/env node\nprocess.stdin.once('data', () => process.stdout.write('${answer},', () => process.exit(0)));\n`);
      chmodSync(fake, 0o755);
      return fake;
    }, 'Pagefind stopped while indexing');
  });

  it('keeps the last index while the indexed content of every page is the same, and makes a new one when it is not', () => {
    const dir = tempDir('docsgen-search-reuse-');
    cpSync(fixture('search-site'), dir, { recursive: true });
    const build = (out: string, env: Record<string, string> = {}) => runCli(['build', '--out', out], dir, env);
    // A Pagefind that cannot start: a build that succeeds with it did not need it.
    const noPagefind = { PAGEFIND_EXTENDED_BINARY_PATH: path.join(dir, 'no-such-pagefind') };
    expect(build('first').status).toBe(0);
    const first = snapshotTree(path.join(dir, 'first/_search'));
    const second = build('second', noPagefind);
    expect(second.status, second.stderr).toBe(0);
    expect(snapshotTree(path.join(dir, 'second/_search'))).toEqual(first);
    // A code block is not indexed: still the same index.
    const page = path.join(dir, 'content/docs/rollouts.md');
    writeFileSync(page, readFileSync(page, 'utf8').replace('rollout --percent 5', 'rollout --percent 10'));
    expect(build('third', noPagefind).status).toBe(0);
    expect(readFileSync(path.join(dir, 'third/rollouts/index.html'), 'utf8')).toContain('10');
    // Indexed text: Pagefind runs again, and only then is the new text found.
    appendFileSync(page, '\nThe rollout reached zanzibar.\n');
    expect(build('fourth', noPagefind).stderr).toContain('search index: could not start Pagefind');
    expect(build('fourth').status).toBe(0);
    expect(fragments(path.join(dir, 'fourth')).find((f) => f.url === '/rollouts')!.content).toContain('zanzibar');
    // --no-cache neither uses nor needs the kept index: Pagefind runs.
    expect(runCli(['build', '--no-cache', '--out', 'fifth'], dir, noPagefind).status).toBe(1);
  });

  it('builds neither the index nor the page with search: false', () => {
    const off = tempDir('docsgen-search-off-');
    cpSync(fixture('search-site'), off, { recursive: true });
    const file = path.join(off, 'site/docsgen.config.ts');
    const before = readFileSync(file, 'utf8');
    const after = before.replace(/search: \{[\s\S]*?\n {2}\},/, 'search: false,');
    expect(after).not.toBe(before);
    writeFileSync(file, after);
    expect(runCli(['build'], off).status).toBe(0);
    expect(existsSync(path.join(off, 'build/_search'))).toBe(false);
    expect(existsSync(path.join(off, 'build/search/index.html'))).toBe(false);
    expect(existsSync(path.join(off, 'build/rollouts/index.html'))).toBe(true);
  });
});

describe('search index of the Unleash site', () => {
  it('holds every page, the API operation pages included', async () => {
    const build = await builtSite('unleash');
    const pages = sitemapRoutes(build).filter((r) => r !== '/search');
    const api = pages.filter((r) => r.startsWith('/reference/api/unleash/'));
    expect(api.length).toBeGreaterThan(100);
    const index = fragments(build);
    expect(index.map((f) => f.url).sort()).toEqual([...pages].sort());
    const op = index.find((f) => f.url === api[0])!;
    expect(op.anchors.map((a) => a.element)).toContain('h2');
  });

  it('reads a table row as one sentence, each cell after its column name, for excerpts', async () => {
    const index = fragments(await builtSite('unleash'));
    const create = index.find((f) => f.url === '/reference/api/unleash/create-feature')!;
    expect(create.content).toContain('Path parameters. Name: projectId; Type: string; Required: yes; Description: The ID of the project.');
    expect(create.content).not.toContain('NameType');
    // Header cells no longer run together anywhere ("Property | Meaning" tables are common).
    expect(index.filter((f) => /PropertyMeaning|PropertyRequired/.test(f.content)).map((f) => f.url)).toEqual([]);
  });

  it('reads a schema property as name (type, flags): description, for excerpts', async () => {
    const index = fragments(await builtSite('unleash'));
    const users = index.find((f) => f.url === '/reference/api/unleash/get-users')!;
    expect(users.content).toContain('loginAttempts (integer): How many failed sign-in attempts the user has made since their last successful one.');
    expect(users.content).toContain("name (string, nullable): The user's full name.");
    expect(users.content).toMatch(/users \(userSchema\[\], required\):\.? The users\./);
    // Nowhere does a type run into the description after it.
    expect(index.filter((f) => /\b(string|integer|boolean) [A-Z][a-z]+ /.test(f.content) && f.url.startsWith('/reference/api/unleash/')).map((f) => f.url)).toEqual([]);
  });
});

/** The live-reload events a page would receive from `serve --watch` within `ms`. */
function eventsFor(port: number, ms: number): Promise<string[]> {
  return new Promise((resolve) => {
    const seen: string[] = [];
    const req = http.get({ host: '127.0.0.1', port, path: '/__docsgen/events' }, (res) => {
      res.on('data', (chunk) => {
        for (const m of String(chunk).matchAll(/^event: (\S+)/gm)) seen.push(m[1]);
      });
    });
    req.on('error', () => {});
    setTimeout(() => {
      req.destroy();
      resolve(seen);
    }, ms);
  });
}

describe('search index in serve --watch', () => {
  it('comes back once Pagefind can start, without restarting serve', async () => {
    const dir = tempDir('docsgen-search-watch-recover-');
    cpSync(fixture('search-site'), dir, { recursive: true });
    // Pagefind's binary is missing at first, as on a machine where its install failed.
    const binary = path.join(dir, 'pagefind-binary');
    const real = readdirSync(path.join(repoRoot, 'node_modules/@pagefind'))
      .map((d) => path.join(repoRoot, 'node_modules/@pagefind', d, 'bin/pagefind_extended'))
      .find((f) => existsSync(f))!;
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.js'), 'serve', '--watch', '--port', String(port)], {
      cwd: dir,
      env: { ...process.env, PAGEFIND_EXTENDED_BINARY_PATH: binary },
    });
    let log = '';
    child.stdout.on('data', (c) => (log += c));
    child.stderr.on('data', (c) => (log += c));
    const page = path.join(dir, 'content/docs/rollouts.md');
    try {
      await expect.poll(() => log, { timeout: 60_000 }).toContain('search index: could not start Pagefind');
      expect(existsSync(path.join(dir, 'build/_search'))).toBe(false);
      symlinkSync(real, binary);
      appendFileSync(page, '\nThe rollout reached zanzibar.\n');
      // Touched again while the watcher may still be settling, until the index has the edit.
      await expect
        .poll(
          () => {
            if (!existsSync(path.join(dir, 'build/_search'))) utimesSync(page, new Date(), new Date());
            return existsSync(path.join(dir, 'build/_search')) ? (fragments(path.join(dir, 'build')).find((f) => f.url === '/rollouts')?.content ?? '') : '';
          },
          { timeout: 60_000, interval: 500 },
        )
        .toContain('zanzibar');
    } finally {
      child.kill();
    }
  });

  it('follows an edit: the page at once, the index when Pagefind is done, without stale files', async () => {
    const dir = tempDir('docsgen-search-watch-');
    cpSync(fixture('search-site'), dir, { recursive: true });
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.js'), 'serve', '--watch', '--port', String(port)], { cwd: dir });
    let log = '';
    child.stdout.on('data', (c) => (log += c));
    child.stderr.on('data', (c) => (log += c));
    const build = path.join(dir, 'build');
    const content = (route: string) => fragments(build).find((f) => f.url === route)?.content ?? '';
    /** Appends to a page, then waits for its index entry; touches the file again while the watcher may not be ready yet. */
    const edit = async (file: string, route: string, text: string) => {
      const abs = path.join(dir, 'content/docs', file);
      appendFileSync(abs, text);
      await expect
        .poll(
          () => {
            if (!content(route).includes(text.trim().split(' ').pop()!.replace(/\W/g, ''))) utimesSync(abs, new Date(), new Date());
            return content(route);
          },
          { timeout: 60_000, interval: 500 },
        )
        .toContain(text.trim().split(' ').pop()!.replace(/\W/g, ''));
    };
    try {
      // Pages are served on demand at once; the index comes with the first full build.
      await expect.poll(() => log, { timeout: 60_000 }).toContain('docsgen: built');
      expect(content('/rollouts')).not.toContain('zanzibar');
      await edit('rollouts.md', '/rollouts', '\n## Regions\n\nThe rollout reached zanzibar.\n');
      expect(readFileSync(path.join(build, 'rollouts/index.html'), 'utf8')).toContain('zanzibar');
      // More edits: each index replaces the one before, and no file of an older one stays.
      await edit('tokens.md', '/tokens', '\nTokens expire in timbuktu.\n');
      await edit('intro.md', '/', '\nOne more line about kathmandu.\n');
      await expect.poll(() => fragments(build).length, { timeout: 60_000 }).toBe(sitemapRoutes(build).filter((r) => r !== '/search').length);
      // The index was brought up to date after the last build: a save that changes nothing still
      // rebuilds, and must not reload open pages (the next build used to find the new index files
      // unknown to it, and count them as changed).
      const builds = log.split('docsgen: built').length;
      const events = eventsFor(port, 3000);
      await new Promise((r) => setTimeout(r, 300));
      const intro = path.join(dir, 'content/docs/intro.md');
      writeFileSync(intro, readFileSync(intro, 'utf8'));
      expect(await events).toEqual([]);
      expect(log.split('docsgen: built').length).toBeGreaterThan(builds);
    } finally {
      child.kill();
    }
  });
});
