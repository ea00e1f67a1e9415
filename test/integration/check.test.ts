// `docsgen check`, `--format json|github` and the `checks` severities, through the real CLI.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, runCli, runCliAsync, snapshotTree, tempDir } from '../helpers/run.ts';

/** A project in a temporary folder, from a fixture or from nothing, with files given as text. */
function project(files: Record<string, string>, from?: string): { root: string; write: (rel: string, text: string) => void; remove: (rel: string) => void } {
  const root = tempDir('docsgen-check-');
  if (from) cpSync(fixture(from), root, { recursive: true });
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  for (const [rel, text] of Object.entries(files)) write(rel, text);
  return { root, write, remove: (rel) => rmSync(path.join(root, rel)) };
}

const CONFIG = (extra = '') => `import { defineConfig } from 'docsgen';\nexport default defineConfig({ title: 'Check fixture', url: 'https://check.example.com'${extra} });\n`;

/** The JSON lines of --format json: every line must be one. */
function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const located = (lines: Record<string, unknown>[]) => lines.filter((l) => l.type === 'diagnostic').map((l) => `${l.file}:${l.line}:${l.column} ${l.rule} ${l.severity}`);

describe('docsgen check', () => {
  it('reports what the build reports, in the same words, and writes nothing but its cache', () => {
    const { root } = project({ 'build/keep.txt': 'the last build\n' }, 'broken-refs');
    const before = snapshotTree(root);
    const build = runCli(['build'], root);
    const check = runCli(['check'], root);
    expect(check.status).toBe(1);
    const lines = (s: string) => s.split('\n').filter((l) => /^\S+:\d+:\d+ {2}|^ {4}hint:/.test(l));
    expect(lines(check.stderr)).toEqual(lines(build.stderr));
    expect(lines(check.stderr)).toHaveLength(10);
    expect(check.stderr).toMatch(/^docsgen: checked 3 pages in \d+ ms: 5 errors, 0 warnings$/m);
    // The build failed and left the output alone; the check wrote nothing there or anywhere else.
    const after = snapshotTree(root);
    for (const file of after.keys()) if (file.startsWith('.docsgen-cache/')) after.delete(file);
    expect(after).toEqual(before);
  });

  it('finds the problems the markdown transform reports as the build does, and its cache never stands in for the build cache', () => {
    const page = [
      '# Home',
      '',
      'Some words to render.',
      '',
      ':::nonsense',
      'x',
      ':::',
      '',
      '## Twice {#same}',
      '',
      '## Again {#same}',
      '',
      'A [bad escape](/a%zz) and a [script](javascript:alert(1)).',
      '',
      ':::note',
      'never closed',
    ].join('\n');
    const { root, write } = project({ 'site/docsgen.config.ts': CONFIG(), 'content/docs/index.md': page, 'content/docs/comp.mdx': '# Comp\n\n<Tabs>\n' });
    const byBuild = located(jsonLines(runCli(['build', '--format', 'json'], root).stdout));
    const byCheck = located(jsonLines(runCli(['check', '--format', 'json'], root).stdout));
    expect(byCheck).toEqual(byBuild);
    expect(byCheck).toEqual([
      'content/docs/comp.mdx:3:1 unsupported-mdx error',
      'content/docs/index.md:5:1 invalid-directive error',
      'content/docs/index.md:11:1 duplicate-heading-id warning',
      'content/docs/index.md:13:3 malformed-url error',
      'content/docs/index.md:13:29 unsafe-link warning',
      'content/docs/index.md:15:1 invalid-directive warning',
    ]);
    // The check cached its transforms, which have no HTML: the build must not take them for its own.
    write('content/docs/comp.mdx', '# Comp\n');
    write('content/docs/index.md', '# Home\n\nSome words to render.\n');
    expect(runCli(['check'], root).status).toBe(0);
    expect(runCli(['build'], root).status).toBe(0);
    expect(readFileSync(path.join(root, 'build/index.html'), 'utf8')).toContain('Some words to render.');
  });

  it('checks the output plan as the build does: two things that would write one file', () => {
    const { root } = project({ 'site/docsgen.config.ts': CONFIG(), 'content/docs/index.md': '# Home\n', 'site/static/404.html': '<p>mine</p>\n' });
    const byBuild = jsonLines(runCli(['build', '--format', 'json'], root).stdout);
    const byCheck = jsonLines(runCli(['check', '--format', 'json'], root).stdout);
    expect(located(byCheck)).toEqual(['site/static/404.html:null:null output-conflict error']);
    expect(byCheck.filter((l) => l.type === 'diagnostic')).toEqual(byBuild.filter((l) => l.type === 'diagnostic'));
  });

  it('checks a good site without touching its output folder', () => {
    const { root } = project({}, 'good-site');
    expect(runCli(['build'], root).status).toBe(0);
    const output = snapshotTree(path.join(root, 'build'));
    const r = runCli(['check', '--format', 'json'], root);
    expect(r.status).toBe(0);
    const lines = jsonLines(r.stdout);
    expect(located(lines)).toEqual(['content/docs/reference/tabs.mdx:6:1 unsupported-mdx warning']);
    expect(lines.at(-1)).toEqual({ type: 'summary', command: 'check', ok: true, errors: 0, warnings: 1, pages: 8, checkedPages: 8, durationMs: expect.any(Number) });
    expect(snapshotTree(path.join(root, 'build'))).toEqual(output);
  });

  it('never reads the network without --external, nor does a build', async () => {
    const server = await countingServer();
    try {
      const { root } = project({ 'site/docsgen.config.ts': CONFIG(', externalLinks: { privateHosts: true }'), 'content/docs/index.md': `# Home\n\n[out](${server.url}/page)\n` });
      expect((await runCliAsync(['build'], root)).status).toBe(0);
      expect((await runCliAsync(['check'], root)).status).toBe(0);
      expect(server.hits()).toBe(0);
      // The same page checked with --external does reach the server.
      expect((await runCliAsync(['check', '--external'], root)).status).toBe(0);
      expect(server.hits()).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  });

  it('says which git ref it cannot find, with exit code 2', () => {
    const { root } = project({}, 'broken-refs');
    const r = runCli(['check', '--changed-since', 'main'], root);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--changed-since needs a git repository/);
  });
});

describe('--format', () => {
  it('json: one object a line with every key, then a summary; nothing else on stdout', () => {
    const { root } = project({}, 'broken-refs');
    for (const command of ['build', 'check']) {
      const r = runCli([command, '--format', 'json'], root);
      expect(r.status).toBe(1);
      const lines = jsonLines(r.stdout);
      expect(lines.at(-1)).toEqual({ type: 'summary', command, ok: false, errors: 5, warnings: 0, durationMs: expect.any(Number), ...(command === 'check' ? { pages: 3, checkedPages: 3 } : {}) });
      expect(lines[0]).toEqual({
        type: 'diagnostic',
        file: 'content/docs/index.md',
        line: 3,
        column: 30,
        rule: 'broken-link',
        severity: 'error',
        message: 'broken link to /nowhere: no page at /nowhere',
        hint: 'check the route; pages are matched exactly',
      });
      expect(located(lines)).toEqual([
        'content/docs/index.md:3:30 broken-link error',
        'content/docs/index.md:5:3 broken-anchor error',
        'content/docs/index.md:7:3 broken-markdown-link error',
        'content/docs/index.md:7:38 broken-anchor error',
        'content/docs/index.md:9:1 broken-image error',
      ]);
    }
  });

  it('json: a diagnostic without a line has null line, column and hint; warnings of a good build are reported', () => {
    const { root } = project({ 'site/docsgen.config.ts': CONFIG(", redirects: [{ from: '/a', to: '/nowhere' }]"), 'content/docs/index.md': '# Home\n' });
    const failed = jsonLines(runCli(['build', '--format', 'json'], root).stdout);
    expect(failed[0]).toEqual({
      type: 'diagnostic',
      file: 'site/docsgen.config.ts',
      line: null,
      column: null,
      rule: 'redirect-target',
      severity: 'error',
      message: 'redirect to /nowhere: no page at /nowhere',
      hint: 'redirect targets must be pages of the site',
    });

    const warned = project({ 'site/docsgen.config.ts': CONFIG(), 'content/docs/index.mdx': 'import X from "x";\n\n# Home\n' });
    const r = runCli(['build', '--format', 'json'], warned.root);
    expect(r.status).toBe(0);
    const lines = jsonLines(r.stdout);
    expect(located(lines)).toEqual(['content/docs/index.mdx:1:1 unsupported-mdx warning']);
    expect(lines.at(-1)).toMatchObject({ type: 'summary', command: 'build', ok: true, errors: 0, warnings: 1, pages: 2, out: 'build' });
  });

  it('github: workflow commands at each file, line and column, titled with the rule, message and hint escaped', () => {
    const { root } = project({ 'content/docs/index.md': '# Home\n\nA [bad, really: bad](/no,where%25) link.\n' }, 'broken-refs');
    const r = runCli(['build', '--format', 'github'], root);
    expect(r.status).toBe(1);
    expect(r.stdout.trim().split('\n')).toEqual([
      '::error file=content/docs/index.md,line=3,col=3,title=broken-link::broken link to /no,where%2525: no page at /no,where%25%0Ahint: check the route; pages are matched exactly',
    ]);
    expect(r.stderr.trim()).toBe('docsgen: build failed with 1 error; the previous output was left untouched.');
  });

  it('rejects an unknown format as bad usage', () => {
    const r = runCli(['build', '--format', 'xml'], project({}, 'broken-refs').root);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/Allowed choices are text, json, github/);
  });
});

describe('checks severities', () => {
  const site = (checks: string) =>
    project(
      { 'site/docsgen.config.ts': `import { defineConfig } from 'docsgen';\nexport default defineConfig({ title: 'Bad fixture', url: 'https://bad.example.com', checks: ${checks} });\n` },
      'broken-refs',
    );

  it('warn makes a rule a warning and ignore silences it; the others stay errors', () => {
    const r = runCli(['build', '--format', 'json'], site("{ brokenLinks: 'warn', brokenAnchors: 'ignore' }").root);
    expect(r.status).toBe(1);
    expect(located(jsonLines(r.stdout))).toEqual([
      'content/docs/index.md:3:30 broken-link warning',
      'content/docs/index.md:7:3 broken-markdown-link error',
      'content/docs/index.md:9:1 broken-image error',
    ]);
  });

  it('a site whose problems are all warnings or ignored builds, and prints the warnings', () => {
    const { root } = site("{ brokenLinks: 'warn', brokenMarkdownLinks: 'warn', brokenAnchors: 'ignore', brokenImages: 'ignore' }");
    const r = runCli(['build'], root);
    expect(r.status).toBe(0);
    expect(r.stderr.split('\n').filter((l) => /^\S+:\d+:\d+ {2}/.test(l))).toEqual([
      'content/docs/index.md:3:30  warning: broken link to /nowhere: no page at /nowhere',
      'content/docs/index.md:7:3  warning: broken link to ./missing.md: no page at ./missing.md',
    ]);
    expect(existsSync(path.join(root, 'build/index.html'))).toBe(true);
    const check = runCli(['check'], root);
    expect(check.status).toBe(0);
    expect(check.stdout).toMatch(/checked 3 pages in \d+ ms: 0 errors, 2 warnings/);
  });

  it('a severity that is not error, warn or ignore is a config error at its key', () => {
    const r = runCli(['build'], site("{ brokenLinks: 'off' }").root);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^site\/docsgen\.config\.ts:2:\d+ {2}config\.checks\.brokenLinks: Invalid option: expected one of "error"\|"warn"\|"ignore"$/m);
  });
});

describe('docsgen check --external', () => {
  let server: Awaited<ReturnType<typeof countingServer>>;
  beforeAll(async () => {
    server = await countingServer();
  });
  afterAll(() => server.close());

  it('reports each broken link at its file and line, and caches the working ones', async () => {
    const { root } = project({
      'site/docsgen.config.ts': CONFIG(', externalLinks: { retries: 0, timeout: 2000, privateHosts: true }'),
      'content/docs/index.md': `# Home\n\nSee [the page](${server.url}/page) and\n[a gone page](${server.url}/gone).\n`,
      'content/docs/other.md': `# Other\n\n![A picture](${server.url}/gone)\n\n[ref]: ${server.url}/page#part\n\n[Reference][ref]\n`,
    });
    const r = await runCliAsync(['check', '--external', '--format', 'github'], root);
    expect(r.status).toBe(1);
    expect(r.stdout.trim().split('\n')).toEqual([
      `::error file=content/docs/index.md,line=4,col=1,title=external-link::external link ${server.url}/gone is broken: HTTP 404%0Ahint: fix or remove the link; a host that refuses link checkers can go in externalLinks.skip in the config`,
      `::error file=content/docs/other.md,line=3,col=1,title=external-link::external link ${server.url}/gone is broken: HTTP 404%0Ahint: fix or remove the link; a host that refuses link checkers can go in externalLinks.skip in the config`,
    ]);
    expect(r.stderr).toMatch(/checked 3 pages; 2 external links: 2 requested, 0 known good, 0 skipped in \d+ ms: 2 errors, 0 warnings/);
    const again = await runCliAsync(['check', '--external'], root);
    expect(again.stderr).toMatch(/2 external links: 1 requested, 1 known good, 0 skipped/);
  });

  it('checks.externalLinks: warn reports broken external links without failing', async () => {
    const { root } = project({
      'site/docsgen.config.ts': CONFIG(", checks: { externalLinks: 'warn' }, externalLinks: { retries: 0, privateHosts: true }"),
      'content/docs/index.md': `# Home\n\n[gone](${server.url}/gone)\n`,
    });
    const r = await runCliAsync(['check', '--external', '--no-cache', '--format', 'json'], root);
    expect(r.status).toBe(0);
    expect(located(jsonLines(r.stdout))).toEqual(['content/docs/index.md:3:1 external-link warning']);
    expect(existsSync(path.join(root, '.docsgen-cache'))).toBe(false);
  });
});

describe('docsgen check --changed-since', () => {
  const git = (root: string, ...args: string[]) =>
    execFileSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' },
    });

  /** A green site, but for two old problems in a page no change touches (one found by the site graph, one by the link check). */
  function repo() {
    const p = project({
      'site/docsgen.config.ts': CONFIG(),
      'content/docs/index.md': '# Home\n\nStart with [the guide](/guide).\n',
      'content/docs/guide.md': '# Guide\n\n## Setup\n\nText.\n',
      'content/docs/linker.md': '# Linker\n\nSee [setup](/guide#setup).\n',
      'content/docs/folder/deep.md': '# Deep\n\nSee [setup](../guide.md#setup).\n\nUp to [its part](./#part).\n',
      'content/docs/folder/index.md': '# Folder\n\n## Part\n',
      'content/docs/old.md': '---\nslug: /legacy-name\n---\n\n# Old\n',
      'content/docs/old-linker.md': '# Old linker\n\nSee [the old page](/legacy-name).\n',
      'content/docs/unrelated.md': '---\ndisplayed_sidebar: nope\n---\n\n# Unrelated\n\nAn [old broken link](/nowhere).\n',
      '.gitignore': '.docsgen-cache/\nbuild/\n',
    });
    git(p.root, 'init', '-q', '-b', 'main');
    git(p.root, 'add', '.');
    git(p.root, 'commit', '-qm', 'site');
    return p;
  }

  const checkSince = (root: string, ref: string) => {
    const r = runCli(['check', '--changed-since', ref, '--format', 'json'], root);
    const lines = jsonLines(r.stdout);
    return { status: r.status, problems: lines.filter((l) => l.type === 'diagnostic').map((l) => `${l.file}:${l.line} ${l.rule}`), summary: lines.at(-1)! };
  };

  it('a change to one page checks it and the pages linking to it, not the rest', () => {
    const { root, write } = repo();
    expect(checkSince(root, 'HEAD')).toMatchObject({ status: 0, problems: [], summary: { checkedPages: 0 } });
    write('content/docs/guide.md', '# Guide\n\n## Installation\n\nSee [a missing page](/missing).\n');
    const r = checkSince(root, 'HEAD');
    expect(r.problems).toEqual(['content/docs/folder/deep.md:3 broken-anchor', 'content/docs/guide.md:5 broken-link', 'content/docs/linker.md:3 broken-anchor']);
    // guide, and index, linker and folder/deep, which link to it.
    expect(r.summary).toMatchObject({ ok: false, errors: 3, checkedPages: 4 });
    // The whole site has the old broken link too.
    expect(runCli(['check'], root).stderr).toMatch(/content\/docs\/unrelated\.md:7:4 {2}broken link to \/nowhere/);
  });

  it('a link with no name in it (./#part) still finds the page it links to', () => {
    const { root, write } = repo();
    write('content/docs/folder/index.md', '# Folder\n\n## Whole\n');
    const r = checkSince(root, 'HEAD');
    expect(r.problems).toEqual(['content/docs/folder/deep.md:5 broken-anchor']);
    expect(r.summary).toMatchObject({ checkedPages: 2 });
  });

  it('an image or a static file removed: the pages using them are checked', () => {
    const { root, write, remove } = repo();
    write('content/docs/img/pic.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
    write('site/static/files/guide.pdf', '%PDF-1.4\n');
    write('content/docs/picture.md', '# Picture\n\n![A picture](./img/pic.svg)\n');
    write('content/docs/pdf.md', '# PDF\n\nThe [guide as a PDF](/files/guide.pdf).\n');
    git(root, 'add', '.');
    git(root, 'commit', '-qm', 'media');
    remove('content/docs/img/pic.svg');
    remove('site/static/files/guide.pdf');
    const r = checkSince(root, 'HEAD');
    expect(r.problems).toEqual(['content/docs/pdf.md:3 broken-link', 'content/docs/picture.md:3 broken-image']);
    expect(r.summary).toMatchObject({ checkedPages: 2 });
  });

  it('a page removed on a branch: the pages linking to it are checked, from the merge base', () => {
    const { root, remove, write } = repo();
    git(root, 'checkout', '-qb', 'feature');
    remove('content/docs/old.md');
    git(root, 'commit', '-qam', 'remove the old page');
    // Work on main since the branch started is not the branch's change.
    git(root, 'checkout', '-q', 'main');
    write('content/docs/guide.md', '# Guide\n');
    git(root, 'commit', '-qam', 'main moves on');
    git(root, 'checkout', '-q', 'feature');
    const r = checkSince(root, 'main');
    expect(r.problems).toEqual(['content/docs/old-linker.md:3 broken-link']);
    expect(r.summary).toMatchObject({ checkedPages: 1 });
  });

  it('a change to the config checks every page', () => {
    const { root, write } = repo();
    write('site/docsgen.config.ts', CONFIG(", tagline: 'new'"));
    const r = checkSince(root, 'HEAD');
    expect(r.problems).toEqual(['content/docs/unrelated.md:2 invalid-frontmatter', 'content/docs/unrelated.md:7 broken-link']);
    expect(runCli(['check', '--changed-since', 'HEAD'], root).stderr).toMatch(/checked 9 pages \(site\/docsgen\.config\.ts changed, so every page\)/);
  });

  it('an unknown ref is bad usage', () => {
    const { root } = repo();
    const r = runCli(['check', '--changed-since', 'no-such-branch'], root);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/no commit "no-such-branch"/);
  });
});

/** A server of this test's that answers /page with 200 and the rest with 404, counting requests. */
async function countingServer(): Promise<{ url: string; hits: () => number; close: () => void }> {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    if (req.url === '/page') res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
