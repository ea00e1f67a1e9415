// Builds the good fixture through the real CLI and checks what a static host would serve.
import { existsSync, readFileSync, writeFileSync, cpSync, mkdirSync, rmSync, statSync, symlinkSync, lstatSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LinkChecker } from 'linkinator';
import { createStaticServer } from '../../src/server/static-server.ts';
import { fixture, repoRoot, runCli, runCliAsync, snapshotTree, startServe, tempDir } from '../helpers/run.ts';
import { spawnSync } from 'node:child_process';

const site = tempDir('docsgen-good-');
const out = path.join(site, 'build');

beforeAll(() => {
  cpSync(fixture('good-site'), site, { recursive: true });
  const r = runCli(['build'], site);
  expect(r.stderr).not.toMatch(/error/i);
  expect(r.status).toBe(0);
});

const read = (rel: string) => readFileSync(path.join(out, rel), 'utf8');

describe('docsgen build on a good site', () => {
  it('writes one HTML file per route, with title, description, canonical and Open Graph tags', () => {
    for (const f of [
      'index.html',
      'guides/index.html',
      'guides/basics/install/index.html',
      'guides/basics/configure/index.html',
      'guides/advanced/index.html',
      'reference/config/index.html',
      'reference/tabs/index.html',
    ]) {
      expect(existsSync(path.join(out, f)), f).toBe(true);
    }
    const home = read('index.html');
    expect(home).toContain('<title>Introduction | Fixture Docs</title>');
    expect(home).toContain('<meta name="description" content="The fixture&#x27;s home page.">'.replace('&#x27;', "'"));
    expect(home).toContain('<link rel="canonical" href="https://fixture.example.com/">');
    expect(home).toContain('<meta property="og:title" content="Introduction | Fixture Docs">');
  });

  it('renders content, sidebar, TOC and navigation into the HTML (works without JavaScript)', () => {
    const html = read('guides/basics/install/index.html');
    expect(html).toContain('<h1 id="install-the-tool">Install the tool</h1>');
    expect(html).toContain('class="admonition admonition-tip"');
    expect(html).toMatch(/<nav class="sidebar"[\s\S]*The Basics[\s\S]*Configure/);
    expect(html).toMatch(/<nav class="sidebar"[\s\S]*<a href="\/guides\/basics\/install" aria-current="page">/);
    expect(html).toMatch(/<nav class="breadcrumbs"[\s\S]*Guides[\s\S]*The Basics/);
    expect(html).toMatch(/class="pagination"[\s\S]*Configure/);
    const config = read('reference/config/index.html');
    expect(config).toMatch(/<nav class="toc"[\s\S]*href="#options"[\s\S]*href="#options-1"/);
  });

  it('gives the page its title as h1 when the markdown has none', () => {
    expect(read('reference/config/index.html')).toContain('<h1>Configuration reference</h1>');
  });

  it('writes a data chunk per route at a URL derived from the route, with only the part of the sidebar it shows', () => {
    const chunk = JSON.parse(read('_data/guides/basics/install.json'));
    expect(chunk.route).toBe('/guides/basics/install');
    expect(chunk.html).toContain('Install the tool');
    expect(chunk.sidebar.file).toMatch(/^\/_sidebars\/docs-[0-9a-f]{10}\.json$/);
    expect(existsSync(path.join(out, chunk.sidebar.file))).toBe(true);
    // The rest of the sidebar is a separate cached file: the items of a closed category are not in the chunk.
    const elsewhere = JSON.parse(read('_data/reference/config.json'));
    expect(JSON.stringify(elsewhere.sidebar)).not.toContain('Advanced use');
    expect(elsewhere.sidebar.items[1]).toMatchObject({ label: 'Guides', items: [], itemsIn: chunk.sidebar.file });
    expect(JSON.parse(read('_data/index.json')).route).toBe('/');
  });

  it('does not ship the content twice in a page', () => {
    const html = read('guides/basics/configure/index.html');
    expect(html.split('The footnote.').length - 1).toBe(1);
  });

  it('copies images with content-hashed names and the static folder as is', () => {
    const html = read('guides/basics/install/index.html');
    const src = /src="(\/assets\/images\/diagram-[0-9a-f]{10}\.svg)"/.exec(html)![1];
    expect(readFileSync(path.join(out, src), 'utf8')).toContain('<circle');
    expect(existsSync(path.join(out, 'img/logo.svg'))).toBe(true);
  });

  it('bundles the client with content-hashed, minified JS and CSS', () => {
    const html = read('index.html');
    const js = /<script type="module" src="(\/assets\/js\/main-[A-Z0-9]+\.js)"/.exec(html)![1];
    const css = /<link rel="stylesheet" href="(\/assets\/js\/main-[A-Z0-9]+\.css)"/.exec(html)![1];
    const code = read(js.slice(1));
    expect(code.length / code.split('\n').length).toBeGreaterThan(1000);
    expect(read(css.slice(1))).toContain('.admonition');
  });

  it('writes redirect stubs for each source and its .html/.htm twins, plus _redirects', () => {
    for (const f of ['old-intro/index.html', 'old-intro.html', 'old-intro.htm', 'legacy/config/index.html', 'docs/legacy/config.htm']) {
      const stub = read(f);
      expect(stub, f).toContain('<meta http-equiv="refresh" content="0; url=');
      expect(stub).toContain('location.replace');
    }
    expect(read('legacy/config.html')).toContain('<link rel="canonical" href="/reference/config">');
    expect(read('_redirects')).toContain('/legacy/config.htm /reference/config 301');
  });

  it('writes 404.html and a sitemap of every page', () => {
    expect(read('404.html')).toContain('Page Not Found');
    const sitemap = read('sitemap.xml');
    expect(sitemap).toContain('<loc>https://fixture.example.com/guides/basics/install</loc>');
    expect(sitemap).toContain('<loc>https://fixture.example.com/guides</loc>');
    expect(sitemap).not.toContain('old-intro');
  });

  it('has no broken links according to linkinator', async () => {
    const server = createStaticServer({ root: () => out, redirects: () => new Map() });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const checker = new LinkChecker();
      const result = await checker.check({ path: `http://127.0.0.1:${port}/`, recurse: true, linksToSkip: ['^(?!http://127\\.0\\.0\\.1)'] });
      const broken = result.links.filter((l) => l.state === 'BROKEN');
      expect(broken.map((l) => `${l.url} (from ${l.parent})`)).toEqual([]);
      expect(result.links.length).toBeGreaterThan(15);
    } finally {
      server.close();
    }
  });

  it('is deterministic: a second build is byte-identical', () => {
    const second = path.join(site, 'build-2');
    expect(runCli(['build', '--out', 'build-2'], site).status).toBe(0);
    const a = snapshotTree(out);
    const b = snapshotTree(second);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [file, bytes] of a) expect(b.get(file), file).toBe(bytes);
  });

  it('builds again into the same folder without writing again what did not change', () => {
    const copy = tempDir('docsgen-again-');
    cpSync(fixture('good-site'), copy, { recursive: true });
    expect(runCli(['build'], copy).status).toBe(0);
    const file = (rel: string) => path.join(copy, 'build', rel);
    const inode = (rel: string) => statSync(file(rel)).ino;
    const before = new Map(['index.html', 'guides/advanced/index.html', 'reference/config/index.html', '_data/reference/config.json', 'sitemap.xml'].map((f) => [f, inode(f)]));
    // A page's source changes, and someone edits another page's file in the output by hand.
    const source = path.join(copy, 'content/docs/guides/advanced.md');
    writeFileSync(source, `${readFileSync(source, 'utf8')}\nA sentence added since.\n`);
    writeFileSync(file('reference/config/index.html'), 'edited by hand');
    const r = runCli(['build'], copy);
    expect(r.status, r.stderr).toBe(0);
    // What did not change is the very file the first build wrote; what did is new.
    expect(inode('index.html')).toBe(before.get('index.html'));
    expect(inode('_data/reference/config.json')).toBe(before.get('_data/reference/config.json'));
    expect(inode('sitemap.xml')).toBe(before.get('sitemap.xml'));
    expect(inode('guides/advanced/index.html')).not.toBe(before.get('guides/advanced/index.html'));
    expect(readFileSync(file('guides/advanced/index.html'), 'utf8')).toContain('A sentence added since.');
    // The file edited by hand is made again, not taken as it is.
    expect(readFileSync(file('reference/config/index.html'), 'utf8')).toContain('<title>');
    // And the whole is what a build from nothing makes.
    expect(runCli(['build', '--no-cache', '--out', 'fresh'], copy).status).toBe(0);
    const fresh = snapshotTree(path.join(copy, 'fresh'));
    const again = snapshotTree(path.join(copy, 'build'));
    expect([...again.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [f, bytes] of fresh) expect(again.get(f), f).toBe(bytes);
  });

  it('leaves the previous output untouched when a build fails', () => {
    const copy = tempDir('docsgen-atomic-');
    cpSync(site, copy, { recursive: true });
    const before = snapshotTree(path.join(copy, 'build'));
    writeFileSync(path.join(copy, 'content/docs/broken.md'), '# Broken\n\n[nowhere](/no/such/page)\n');
    const r = runCli(['build'], copy);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('content/docs/broken.md:3:1  broken link to /no/such/page');
    expect(snapshotTree(path.join(copy, 'build'))).toEqual(before);
    expect(existsSync(path.join(copy, `build.docsgen-tmp-${process.pid}`))).toBe(false);
  });
});

describe('docsgen CLI', () => {
  it('prints help and version with exit 0, and exits 2 on bad usage', () => {
    const cwd = tempDir();
    const help = runCli(['--help'], cwd);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('build');
    expect(help.stdout).toContain('serve');
    const version = runCli(['--version'], cwd);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')).version);
    expect(runCli(['frobnicate'], cwd).status).toBe(2);
    expect(runCli(['build', '--no-such-flag'], cwd).status).toBe(2);
    expect(runCli(['serve', '--port', 'abc'], cwd).status).toBe(2);
  });

  it('runs the same in the main thread when Node is started with the young-generation flag (bin/docsgen.js then starts no worker)', () => {
    const cwd = tempDir();
    const cli = (args: string[]) => spawnSync(process.execPath, ['--max-semi-space-size=32', path.join(repoRoot, 'bin/docsgen.js'), ...args], { cwd, encoding: 'utf8' });
    expect(cli(['--version']).stdout.trim()).toBe(runCli(['--version'], cwd).stdout.trim());
    expect(cli(['frobnicate']).status).toBe(2);
    const missing = cli(['build']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe(runCli(['build'], cwd).stderr);
  });

  it('exits 1 with a hint when the config is missing', () => {
    const cwd = tempDir();
    mkdirSync(path.join(cwd, 'site'));
    const r = runCli(['build'], cwd);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('site/docsgen.config.ts  config file not found');
    expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/);
  });
});

describe('docsgen build into a folder it must not replace', () => {
  it('refuses the project, a folder holding it, its sources or a folder inside the docs, and loses nothing', () => {
    // The project is a folder of its own inside the test's: a `--out ..` that got through replaces only that.
    const parent = tempDir('docsgen-outguard-');
    const dir = path.join(parent, 'project');
    cpSync(fixture('good-site'), dir, { recursive: true });
    writeFileSync(path.join(parent, 'keep.txt'), 'not the output');
    const sources = () => [snapshotTree(path.join(dir, 'content')), snapshotTree(path.join(dir, 'site')), readFileSync(path.join(parent, 'keep.txt'), 'utf8')];
    const before = sources();
    const refused: [string, string][] = [
      ['.', 'is the project folder (.)'],
      ['..', 'holds the project folder (.)'],
      [parent, 'holds the project folder (.)'],
      ['site', 'holds the config file (site/docsgen.config.ts)'],
      ['content', 'holds the docs folder (content/docs)'],
      ['content/docs/out', 'is inside the docs folder (content/docs)'],
      ['.docsgen-cache', 'is the cache folder (.docsgen-cache)'],
      ['.git', "is the project's git folder (.git)"],
      ['node_modules/.cache/site', "is inside the project's node_modules (node_modules)"],
    ];
    for (const [out, why] of refused) {
      const r = runCli(['build', '--out', out], dir);
      expect(r.status, `--out ${out}: ${r.stdout}${r.stderr}`).toBe(1);
      expect(r.stderr).toContain(`refused as the output folder: it ${why}`);
      expect(r.stderr).toContain('hint: pass --out a folder of its own');
    }
    // Through links: a folder that holds the project by its real path, or holds the link the
    // shell runs docsgen from (its $PWD), is refused too.
    mkdirSync(path.join(parent, 'home'));
    symlinkSync(dir, path.join(parent, 'home/site'));
    symlinkSync(parent, path.join(parent, 'around'));
    const viaLink = runCli(['build', '--out', path.join(parent, 'home')], path.join(parent, 'home/site'), { PWD: path.join(parent, 'home/site') });
    expect(viaLink.status, viaLink.stdout).toBe(1);
    expect(viaLink.stderr).toContain('refused as the output folder: it holds the folder docsgen runs in');
    const aroundLink = runCli(['build', '--out', path.join(parent, 'around')], dir);
    expect(aroundLink.status, aroundLink.stdout).toBe(1);
    expect(aroundLink.stderr).toContain('refused as the output folder: it holds the project folder');
    expect(lstatSync(path.join(parent, 'home/site')).isSymbolicLink()).toBe(true);
    expect(sources()).toEqual(before);
    // Outside the project, a folder that holds what docsgen did not write there; the home folder;
    // a file, or a path through one.
    mkdirSync(path.join(parent, 'papers'));
    writeFileSync(path.join(parent, 'papers/thesis.txt'), 'years of work');
    mkdirSync(path.join(parent, 'homes/me'), { recursive: true });
    const other: [string[], string, Record<string, string>?][] = [
      [['--out', '../papers'], 'it is outside the project and holds files docsgen did not write there'],
      [['--out', '../papers', '--no-cache'], 'it is outside the project and holds files docsgen did not write there'],
      [['--out', path.join(parent, 'homes')], 'it holds your home folder', { HOME: path.join(parent, 'homes/me') }],
      [['--out', 'site/docsgen.config.ts'], 'it is a file'],
      [['--out', 'site/docsgen.config.ts/out'], 'a file is in the way (site/docsgen.config.ts)'],
    ];
    for (const [args, why, env] of other) {
      const r = runCli(['build', ...args], dir, env);
      expect(r.status, `${args.join(' ')}: ${r.stdout}${r.stderr}`).toBe(1);
      expect(r.stderr).toContain(`refused as the output folder: ${why}`);
    }
    expect(readFileSync(path.join(parent, 'papers/thesis.txt'), 'utf8')).toBe('years of work');
    expect(sources()).toEqual(before);
    // A folder of its own, even outside the project, is built into, and again once it holds the build.
    for (let i = 0; i < 2; i++) {
      const ok = runCli(['build', '--out', '../site-out'], dir);
      expect(ok.status, ok.stderr).toBe(0);
    }
    expect(existsSync(path.join(parent, 'site-out/index.html'))).toBe(true);
    expect(sources()).toEqual(before);
  });

  it('serve exits at once for such a folder, and serves nothing from it', async () => {
    const parent = tempDir('docsgen-outguard-serve-');
    const dir = path.join(parent, 'project');
    cpSync(fixture('good-site'), dir, { recursive: true });
    writeFileSync(path.join(parent, 'keep.txt'), 'not the output');
    for (const args of [['--watch'], []]) {
      const r = await runCliAsync(['serve', '--port', '0', '--out', '..', ...args], dir);
      expect(r.status, r.stdout + r.stderr).toBe(1);
      expect(r.stderr).toContain('refused as the output folder: it holds the project folder');
      expect(r.stderr).not.toContain('still serving');
    }
    // Nothing of the folder is answered while the check runs: the page asked for is made from the sources.
    const server = await startServe(dir, ['--watch', '--out', '..']);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    const answers = await Promise.all(
      ['/keep.txt', '/project/site/docsgen.config.ts'].map((p) =>
        fetch(`http://127.0.0.1:${server.port}${p}`).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    expect(answers.filter((status) => status === 200)).toEqual([]);
    expect(await exited).toBe(1);
    expect(readFileSync(path.join(parent, 'keep.txt'), 'utf8')).toBe('not the output');
  });
});

describe('docsgen build across threads', () => {
  const generator = path.resolve(repoRoot, '../shared/bench/gen-corpus.mjs');

  // Pages are shared between this thread and workers chunk by chunk, whichever is free first: the
  // output must not depend on which thread made which page.
  it.skipIf(!existsSync(generator))(
    'gives the same bytes with no worker, one, or three',
    () => {
      const site = tempDir('docsgen-threads-');
      spawnSync(process.execPath, [generator, site, '120', '3'], { stdio: 'ignore' });
      writeFileSync(
        path.join(site, 'docsgen.config.ts'),
        "import { defineConfig } from 'docsgen';\nexport default defineConfig({ title: 'Corpus', url: 'https://example.com', docs: { path: 'docs', sidebarPath: 'sidebars.js' }, staticDir: 'static', navbar: { items: [] } });\n",
      );
      const trees = ['0', '1', '3'].map((workers) => {
        const r = runCli(['build', '--no-cache', '--config', 'docsgen.config.ts', '--out', `out-${workers}`], site, { DOCSGEN_WORKERS: workers });
        expect(r.status, r.stderr).toBe(0);
        return snapshotTree(path.join(site, `out-${workers}`));
      });
      expect(trees[0].size).toBeGreaterThan(120);
      for (const tree of trees.slice(1)) {
        expect([...tree.keys()].sort()).toEqual([...trees[0].keys()].sort());
        for (const [file, bytes] of trees[0]) expect(tree.get(file), file).toBe(bytes);
      }
    },
    180_000,
  );
});

describe('docsgen build with nothing to do', () => {
  /** Rewrites a file in place as `cp -p`, rsync or tar do: its size, and its time to the nanosecond (which utimes cannot set), kept. */
  function sameSizeAndTime(file: string, change: (text: string) => string): string {
    const before = statSync(file);
    const text = readFileSync(file, 'utf8');
    expect(spawnSync('cp', ['-p', file, `${file}.was`]).status).toBe(0);
    writeFileSync(file, change(text));
    expect(spawnSync('touch', ['-r', `${file}.was`, file]).status).toBe(0);
    rmSync(`${file}.was`);
    const after = statSync(file);
    expect([after.ino, after.size, after.mtimeMs]).toEqual([before.ino, before.size, before.mtimeMs]);
    return text;
  }

  /** A copy of the good site built once; its files are older than the build, as a checkout's are. */
  async function built(): Promise<{ dir: string; build: (...args: string[]) => ReturnType<typeof runCli>; inodes: () => Map<string, number> }> {
    const dir = tempDir('docsgen-uptodate-');
    cpSync(fixture('good-site'), dir, { recursive: true });
    // A file changed at the moment a build starts may have been read before the change: such a
    // build is not recorded (see up-to-date.ts). A checkout is older than that.
    await new Promise((r) => setTimeout(r, 200));
    const build = (...args: string[]) => runCli(['build', ...args], dir);
    const first = build();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/built \d+ pages/);
    const inodes = () => new Map([...snapshotTree(path.join(dir, 'build')).keys()].map((f) => [f, statSync(path.join(dir, 'build', f)).ino]));
    return { dir, build, inodes };
  }

  it('says the output is up to date, touches none of it, and reports the same warnings again', async () => {
    const { dir, build, inodes } = await built();
    const before = inodes();
    const first = build();
    const again = build();
    for (const r of [first, again]) {
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/build\/ is up to date: \d+ pages and \d+ redirects/);
    }
    expect(again.stderr).toBe(first.stderr);
    expect(inodes()).toEqual(before);
    // --no-cache knows nothing of the last build: it builds.
    expect(build('--no-cache').stdout).toMatch(/built \d+ pages/);
    expect(existsSync(path.join(dir, 'build/index.html'))).toBe(true);
  });

  it('builds when a source changes, even to the same size and time', async () => {
    const { dir, build } = await built();
    const page = path.join(dir, 'content/docs/guides/advanced.md');
    sameSizeAndTime(page, (text) => text.replace(/[a-z]/, (c) => (c === 'a' ? 'b' : 'a')));
    expect(build().stdout).toMatch(/built \d+ pages/);
  });

  it('a static file or an output file rewritten to the same size and time is made again', async () => {
    const { dir, build } = await built();
    mkdirSync(path.join(dir, 'site/static'), { recursive: true });
    writeFileSync(path.join(dir, 'site/static/notes.txt'), 'version one\n');
    expect(build().stdout).toMatch(/built \d+ pages/);
    sameSizeAndTime(path.join(dir, 'site/static/notes.txt'), () => 'version two\n');
    const html = sameSizeAndTime(path.join(dir, 'build/guides/advanced/index.html'), (t) => t.replace('<title>', '<TITLE>'));
    expect(build().stdout).toMatch(/built \d+ pages/);
    expect(readFileSync(path.join(dir, 'build/notes.txt'), 'utf8')).toBe('version two\n');
    expect(readFileSync(path.join(dir, 'build/guides/advanced/index.html'), 'utf8')).toBe(html);
  });

  it('builds when the output was changed by hand, and puts it back', async () => {
    const { dir, build } = await built();
    const out = (rel: string) => path.join(dir, 'build', rel);
    const html = readFileSync(out('guides/advanced/index.html'), 'utf8');
    writeFileSync(out('guides/advanced/index.html'), 'edited by hand');
    expect(build().stdout).toMatch(/built \d+ pages/);
    expect(readFileSync(out('guides/advanced/index.html'), 'utf8')).toBe(html);
    rmSync(out('sitemap.xml'));
    expect(build().stdout).toMatch(/built \d+ pages/);
    expect(existsSync(out('sitemap.xml'))).toBe(true);
    writeFileSync(out('stray.html'), 'not made by docsgen');
    expect(build().stdout).toMatch(/built \d+ pages/);
    expect(existsSync(out('stray.html'))).toBe(false);
    // A page replaced by a link to a file outside: built again, and the output holds no link.
    writeFileSync(path.join(dir, '..', 'outside.txt'), 'TOP-SECRET');
    rmSync(out('guides/advanced/index.html'));
    symlinkSync(path.join(dir, '..', 'outside.txt'), out('guides/advanced/index.html'));
    expect(build().stdout).toMatch(/built \d+ pages/);
    expect(lstatSync(out('guides/advanced/index.html')).isFile()).toBe(true);
    expect(readFileSync(out('guides/advanced/index.html'), 'utf8')).toBe(html);
    expect(readFileSync(path.join(dir, '..', 'outside.txt'), 'utf8')).toBe('TOP-SECRET');
    expect(build().stdout).toMatch(/is up to date/);
  });

  it('builds when the config, a page added or a file of the static folder changes', async () => {
    const { dir, build } = await built();
    const config = path.join(dir, 'site/docsgen.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace(/title: '([^']*)'/, "title: '$1 again'"));
    expect(build().stdout).toMatch(/built \d+ pages/);
    writeFileSync(path.join(dir, 'content/docs/new-page.md'), '# A new page\n\nIt is here now.\n');
    expect(build().stdout).toMatch(/built \d+ pages/);
    expect(existsSync(path.join(dir, 'build/new-page/index.html'))).toBe(true);
    mkdirSync(path.join(dir, 'site/static'), { recursive: true });
    writeFileSync(path.join(dir, 'site/static/robots.txt'), 'User-agent: *\n');
    expect(build().stdout).toMatch(/built \d+ pages/);
    expect(readFileSync(path.join(dir, 'build/robots.txt'), 'utf8')).toBe('User-agent: *\n');
  });

  it('builds when what the config reads from the environment changes, and not when it is the same again', async () => {
    const { dir, build } = await built();
    const config = path.join(dir, 'site/docsgen.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace(/title: '([^']*)'/, "title: process.env.DOCS_TITLE ?? '$1'"));
    const withTitle = (title: string) => runCli(['build'], dir, { DOCS_TITLE: title });
    expect(withTitle('One').stdout).toMatch(/built \d+ pages/);
    expect(withTitle('One').stdout).toMatch(/is up to date/);
    expect(withTitle('Two').stdout).toMatch(/built \d+ pages/);
    expect(readFileSync(path.join(dir, 'build/index.html'), 'utf8')).toContain('Two');
    expect(build().stdout).toMatch(/built \d+ pages/);
  });
});
