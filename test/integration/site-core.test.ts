// The site core (src/compiler/site.ts): a route made on demand is the route the build writes, and
// a change makes again only what depends on it.
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, BuildSuperseded } from '../../src/compiler/build.ts';
import { Site } from '../../src/compiler/site.ts';
import { dataChunkUrl } from '../../src/shared/types.ts';
import { htmlPathOf, IncrementalWriter } from '../../src/compiler/write-output.ts';
import { fixture, tempDir } from '../helpers/run.ts';
import { esbuildChildren } from '../helpers/processes.ts';
import { esbuildBuild, releaseEsbuild } from '../../src/compiler/esbuild-service.ts';

const site = tempDir('docsgen-site-core-');
const out = path.join(site, 'build');
const config = path.join(site, 'site/docsgen.config.ts');
let routes: string[] = [];

beforeAll(async () => {
  cpSync(fixture('good-site'), site, { recursive: true });
  const result = await build({ config, outDir: out, cacheDir: false });
  routes = [...result.graph.pages.keys()];
}, 120_000);

describe('the site core', () => {
  it.runIf(existsSync('/proc/self/task'))('a one-off build leaves no esbuild process behind (it keeps what it bundled)', async () => {
    // This process may hold services of other test files' module instances: only this one's count.
    releaseEsbuild();
    const others = esbuildChildren();
    await esbuildBuild({ stdin: { contents: 'export default 1;' }, write: false });
    const [service] = [...esbuildChildren()].filter((pid) => !others.has(pid));
    expect(service).toBeDefined();
    await build({ config, outDir: path.join(tempDir('docsgen-one-off-'), 'build'), cacheDir: false });
    expect([...esbuildChildren()].filter((pid) => !others.has(pid))).toEqual([]);
  });

  it('makes every route on demand, without a build, byte for byte as the build wrote it', async () => {
    // A site of its own: nothing the build transformed or rendered is in its memo.
    const fresh = new Site({ config, cacheDir: false });
    expect(routes.length).toBeGreaterThan(5);
    // Index pages show their docs' first paragraphs: those come from transforms the route asks for.
    expect(routes.some((r) => readFileSync(path.join(out, htmlPathOf(r)), 'utf8').includes('class="card'))).toBe(true);
    for (const route of routes) {
      const page = await fresh.respond(route);
      expect(page?.body, route).toBe(readFileSync(path.join(out, htmlPathOf(route)), 'utf8'));
      const chunk = await fresh.respond(dataChunkUrl('/', route));
      expect(chunk?.body, route).toBe(readFileSync(path.join(out, dataChunkUrl('/', route).slice(1)), 'utf8'));
    }
  });

  it("makes pages with code byte for byte as the build wrote them after this thread's highlighter is warmed up", async () => {
    const warmed = new Site({ config, cacheDir: false });
    await warmed.warmUp();
    const withCode = routes.filter((r) => readFileSync(path.join(out, htmlPathOf(r)), 'utf8').includes('class="code-block"'));
    expect(withCode.length).toBeGreaterThan(0);
    for (const route of withCode) expect((await warmed.respond(route))?.body, route).toBe(readFileSync(path.join(out, htmlPathOf(route)), 'utf8'));
  });

  it('finds each saved page, as last saved, after many saves of a few pages', async () => {
    const copy = tempDir('docsgen-site-core-saves-');
    cpSync(fixture('good-site'), copy, { recursive: true });
    const core = new Site({ config: path.join(copy, 'site/docsgen.config.ts'), cacheDir: false });
    const pages = [
      ['/guides/advanced', path.join(copy, 'content/docs/guides/advanced.md')],
      ['/', path.join(copy, 'content/docs/intro.md')],
    ];
    const first = await core.state();
    for (let i = 1; i <= 6; i++) {
      const [route, file] = pages[i % 2];
      writeFileSync(
        file,
        `${readFileSync(file, 'utf8')}
Save number ${i}.
`,
      );
      core.invalidate({ files: new Set([file]), structural: false });
      expect((await core.respond(route))?.body, route).toContain(`Save number ${i}.`);
      expect(core.pageOf(file)?.body).toContain(`Save number ${i}.`);
      // The other page is as its last save left it.
      const [otherRoute, otherFile] = pages[(i + 1) % 2];
      if (i > 1) expect((await core.respond(otherRoute))?.body, otherRoute).toContain(`Save number ${i - 1}.`);
      expect(core.pageOf(otherFile)).toBe((await core.state()).site.pages.find((p) => p.file === otherFile));
    }
    // Only text changed: the graph is the first one all along.
    expect((await core.state()).graph).toBe(first.graph);
  });

  it('after a change, reads and transforms again only the page changed', async () => {
    const core = new Site({ config, cacheDir: false });
    const file = path.join(site, 'content/docs/guides/advanced.md');
    await core.respond('/guides/advanced');
    await core.respond('/');
    const before = new Set(core.transformed.values());
    const { site: loaded } = await core.state();
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nAdded by the test.\n`);
    core.invalidate({ files: new Set([file]), structural: false });
    expect((await core.respond('/guides/advanced'))?.body).toContain('Added by the test.');
    await core.respond('/');
    const after = await core.state();
    // The unchanged page is the same object, read once; the changed one is new.
    expect(after.site.pages.find((p) => p.route === '/')).toBe(loaded.pages.find((p) => p.route === '/'));
    expect(after.site.pages.find((p) => p.route === '/guides/advanced')).not.toBe(loaded.pages.find((p) => p.route === '/guides/advanced'));
    const made = [...core.transformed.values()].filter((t) => !before.has(t));
    expect(made).toHaveLength(1);
    expect(made[0].html).toContain('Added by the test.');
  });
});

describe('the graph after an edit', () => {
  it("is the one made before when only pages' text changed, and made again when a title did", async () => {
    const copy = tempDir('docsgen-graph-');
    cpSync(fixture('good-site'), copy, { recursive: true });
    const core = new Site({ config: path.join(copy, 'site/docsgen.config.ts'), cacheDir: false });
    const file = path.join(copy, 'content/docs/guides/advanced.md');
    const before = await core.state();
    // Text below the frontmatter and the first heading: the graph reads none of it.
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nA paragraph added.\n`);
    core.invalidate({ files: new Set([file]), structural: false });
    const edited = await core.state();
    expect(edited.site.pages.find((p) => p.file === file)?.body).toContain('A paragraph added.');
    expect(edited.graph).toBe(before.graph);
    // A language no page used before, in a save that keeps the graph: highlighted as a fresh site
    // highlights it (the site's languages are those before and the saved page's).
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n\`\`\`rust\nfn main() { let answer = 42; }\n\`\`\`\n`);
    core.invalidate({ files: new Set([file]), structural: false });
    expect((await core.state()).graph).toBe(before.graph);
    const kept = String((await core.respond('/guides/advanced'))?.body);
    const fresh = String((await new Site({ config: path.join(copy, 'site/docsgen.config.ts'), cacheDir: false }).respond('/guides/advanced'))?.body);
    expect(kept).toContain('answer');
    expect(kept).toBe(fresh);
    // A new title changes the page's sidebar label and everyone's sidebar: a new graph, with it.
    writeFileSync(file, `---\ntitle: Renamed page\n---\n${readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '')}`);
    core.invalidate({ files: new Set([file]), structural: false });
    const renamed = await core.state();
    expect(renamed.graph).not.toBe(before.graph);
    expect(renamed.graph.pages.get('/guides/advanced')?.title).toBe('Renamed page');
    // A save of the same text changes nothing a reader sees; any other save does.
    const page = core.pageOf(file);
    writeFileSync(file, readFileSync(file, 'utf8'));
    core.invalidate({ files: new Set([file]), structural: false });
    expect(await core.savesChange(new Map([[file, page]]))).toBe('nothing');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nMore.\n`);
    core.invalidate({ files: new Set([file]), structural: false });
    expect(await core.savesChange(new Map([[file, core.pageOf(file)]]))).toBe('pages');
    // A file that is no page shows in the output once a build has written it, not before.
    const logo = path.join(site, 'site/static/img/logo.svg');
    expect(await core.savesChange(new Map([[logo, core.pageOf(logo)]]))).toBe('files');
    expect(
      await core.savesChange(
        new Map([
          [logo, undefined],
          [file, core.pageOf(file)],
        ]),
      ),
    ).toBe('files');
  });
});

describe('workers and the persistent cache, as options', () => {
  /** A site of `n` pages with code in several languages: enough pages for the transform to use workers. */
  function manyPages(n: number): string {
    const root = tempDir('docsgen-many-');
    cpSync(fixture('good-site'), root, { recursive: true });
    for (let i = 0; i < n; i++) {
      const lang = ['ts', 'python', 'go', 'sh'][i % 4];
      writeFileSync(
        path.join(root, `content/docs/guides/page-${i}.md`),
        `---\ntitle: Page ${i}\n---\n\nText of page ${i}, see [the intro](../intro.md).\n\n## Part ${i}\n\n\`\`\`${lang}\nvalue = ${i}\n\`\`\`\n`,
      );
    }
    return root;
  }

  it('transforms in worker threads when asked, to the same output as in this thread', async () => {
    const root = manyPages(48);
    const cfg = path.join(root, 'site/docsgen.config.ts');
    await build({ config: cfg, outDir: path.join(root, 'one'), cacheDir: false, workers: 0 });
    await build({ config: cfg, outDir: path.join(root, 'three'), cacheDir: false, workers: 2 });
    for (const route of ['/guides/page-0', '/guides/page-47', '/']) {
      expect(readFileSync(path.join(root, 'three', htmlPathOf(route)), 'utf8'), route).toBe(readFileSync(path.join(root, 'one', htmlPathOf(route)), 'utf8'));
    }
  }, 120_000);

  it('keeps transforms on disk that a copy of the project at another path uses as they are', async () => {
    const a = manyPages(3);
    await build({ config: path.join(a, 'site/docsgen.config.ts'), outDir: path.join(a, 'build'), cacheDir: path.join(a, 'cache') });
    const saved = readdirSync(path.join(a, 'cache')).filter((f) => f.startsWith('transforms-'));
    expect(saved).toHaveLength(1);
    // A file per page: its outline on the first line, its HTML on the second.
    const entries = (root: string) =>
      new Map(
        readdirSync(path.join(root, 'cache', saved[0]), { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => [path.relative(root, path.join(e.parentPath, e.name)), readFileSync(path.join(e.parentPath, e.name), 'utf8')]),
      );
    const before = entries(a);
    expect(before.size).toBeGreaterThan(3);
    // Image files are kept relative to the project, not at the checkout's own path.
    const images = [...before.values()].map((text) => JSON.parse(text.split('\n')[0]) as { images: { file?: string }[] }).flatMap((t) => t.images.flatMap((i) => i.file ?? []));
    expect(images.length).toBeGreaterThan(0);
    for (const file of images) expect(path.isAbsolute(file), file).toBe(false);
    // Restored elsewhere, with the first checkout gone (its absolute paths lead nowhere).
    const b = tempDir('docsgen-moved-');
    cpSync(a, b, { recursive: true });
    rmSync(a, { recursive: true, force: true });
    const core = new Site({ config: path.join(b, 'site/docsgen.config.ts'), cacheDir: path.join(b, 'cache') });
    await build({ config: core.options.config, outDir: path.join(b, 'build'), site: core });
    // Every page came from the cache: nothing new was transformed, so no entry was written again.
    expect(entries(b)).toEqual(before);
    expect(core.transformed.size).toBeGreaterThan(3);
  }, 120_000);
});

describe('what the core takes for a changed file', () => {
  it('a page renamed over another of the same size and time is read again; a pipe put in its place is not read', async () => {
    const dir = tempDir('docsgen-site-core-rename-');
    cpSync(fixture('good-site'), dir, { recursive: true });
    const docs = path.join(dir, 'content/docs');
    const one = path.join(docs, 'one.md');
    const two = path.join(docs, 'two.md');
    writeFileSync(one, '# Page 01\n\nThe first.\n');
    writeFileSync(two, '# Page 02\n\nThe other.\n');
    // Files one script writes often share their time: the filesystem's clock is coarse.
    expect(spawnSync('touch', ['-r', one, two]).status).toBe(0);
    const core = new Site({ config: path.join(dir, 'site/docsgen.config.ts'), cacheDir: false });
    const body = async (route: string) => (await core.state()).site.pages.find((p) => p.route === route)?.body;
    expect(await body('/one')).toContain('Page 01');
    renameSync(two, one);
    core.invalidate({ files: new Set([one, two]), structural: true });
    expect(await body('/one')).toContain('Page 02');
    rmSync(one);
    expect(spawnSync('mkfifo', [one]).status).toBe(0);
    core.invalidate({ files: new Set([one]), structural: false });
    // Reading the pipe would wait for a writer for ever: the page is left out instead.
    expect(await body('/one')).toBeUndefined();
  });
});

describe('a build of serve --watch that a save makes out of date', () => {
  it('stops at a pause before writing anything, and the build after it writes the save', async () => {
    const dir = tempDir('docsgen-site-core-superseded-');
    cpSync(fixture('good-site'), dir, { recursive: true });
    const configFile = path.join(dir, 'site/docsgen.config.ts');
    const served = path.join(dir, 'served');
    const core = new Site({ config: configFile, cacheDir: false, drafts: true });
    const sink = new IncrementalWriter(served);
    await build({ config: configFile, outDir: served, site: core, sink, drafts: true });
    const file = path.join(dir, 'content/docs/guides/advanced.md');
    const html = path.join(served, htmlPathOf('/guides/advanced'));
    const before = readFileSync(html, 'utf8');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nSaved while a build ran.\n`);
    core.invalidate({ files: new Set([file]), structural: false });
    // Asked at each pause: the build stops at the first, whatever stage it is in.
    let asked = 0;
    const stopped = build({ config: configFile, outDir: served, site: core, sink, drafts: true, superseded: () => ++asked > 0 });
    await expect(stopped).rejects.toBeInstanceOf(BuildSuperseded);
    expect(asked).toBe(1);
    expect(sink.written).toEqual([]);
    expect(readFileSync(html, 'utf8')).toBe(before);
    // The build queued behind the save writes it; one that is still wanted is never stopped.
    await build({ config: configFile, outDir: served, site: core, sink, drafts: true, superseded: () => false });
    expect(readFileSync(html, 'utf8')).toContain('Saved while a build ran.');
    expect(sink.written).toContain(htmlPathOf('/guides/advanced'));
  }, 120_000);
});

describe('a build of serve --watch after saves of pages’ text alone', () => {
  /** Every file of a folder but the search index (made after a build, when the writer pauses), by path. */
  const files = (dir: string): Map<string, string> =>
    new Map(
      (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .filter((f) => !f.startsWith('_search/'))
        .map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]),
    );
  /** The output a full build of the project as it is now writes. */
  const fullBuild = async (configFile: string) => {
    const dir = tempDir('docsgen-site-core-full-');
    const result = await build({ config: configFile, outDir: dir, site: new Site({ config: configFile, cacheDir: false }), sink: new IncrementalWriter(dir) });
    expect(result.timings).toHaveProperty('content');
    return files(dir);
  };
  /** A copy of a fixture, built as serve --watch builds it: a kept site, and a writer into the served folder. */
  const keptSite = (name: string) => {
    const dir = tempDir(`docsgen-site-core-${name}-`);
    cpSync(fixture(name), dir, { recursive: true });
    const configFile = path.join(dir, 'site/docsgen.config.ts');
    const served = path.join(dir, 'served');
    const core = new Site({ config: configFile, cacheDir: false });
    const sink = new IncrementalWriter(served);
    return {
      dir,
      configFile,
      served,
      core,
      rebuild: () => build({ config: configFile, outDir: served, site: core, sink }),
      /** Writes a file and tells the site, as the watcher does. */
      save: (file: string, text: string) => {
        writeFileSync(file, text);
        core.invalidate({ files: new Set([file]), structural: false });
      },
    };
  };

  it('updates the output to what a full build writes, checks the pages linking to a saved page, and builds in full when the graph changed', async () => {
    const { dir, configFile, served, core, rebuild, save } = keptSite('good-site');
    // The first build checks and renders the whole site (its stages say so).
    expect((await rebuild()).timings).toHaveProperty('content');

    // New first paragraph: the page, and the generated index whose card shows it, change.
    const advanced = path.join(dir, 'content/docs/guides/advanced.md');
    save(advanced, readFileSync(advanced, 'utf8').replace('Back to', 'A new lead paragraph. Back to'));
    const updated = await rebuild();
    expect(updated.timings).not.toHaveProperty('content');
    expect(readFileSync(path.join(served, htmlPathOf('/guides')), 'utf8')).toContain('A new lead paragraph.');
    expect(files(served)).toEqual(await fullBuild(configFile));
    // The site still knows the images of the pages it did not transform again.
    const diagram = /\/assets\/images\/diagram-\w+\.svg/.exec(readFileSync(path.join(served, htmlPathOf('/guides/basics/install')), 'utf8'))?.[0];
    expect((await core.respond(String(diagram)))?.status).toBe(200);

    // A heading another page links to, removed: that page's link is reported, and nothing is written.
    const configure = path.join(dir, 'content/docs/guides/01-basics/02-configure.md');
    const text = readFileSync(configure, 'utf8');
    const before = files(served);
    save(configure, text.replace('## Set options {#set-options}', '## Options'));
    const failed = await rebuild().then(
      () => undefined,
      (e: unknown) => e as { diagnostics?: { rule: string; file?: string; line?: number }[] },
    );
    expect(failed?.diagnostics?.map((d) => [d.rule, path.resolve(String(d.file)), d.line])).toEqual([['broken-anchor', path.join(dir, 'content/docs/guides/01-basics/01-install.md'), 21]]);
    expect(files(served)).toEqual(before);

    // Put back, with more text: the saves since the last good build are all in the next.
    save(configure, `${text}\nA line added.\n`);
    expect((await rebuild()).timings).not.toHaveProperty('content');
    expect(readFileSync(path.join(served, htmlPathOf('/guides/basics/configure')), 'utf8')).toContain('A line added.');
    expect(files(served)).toEqual(await fullBuild(configFile));

    // An image a saved page no longer uses goes, from the folder and from what the site serves.
    const install = path.join(dir, 'content/docs/guides/01-basics/01-install.md');
    save(install, readFileSync(install, 'utf8').replace('![A diagram](../img/diagram.svg)', 'No image.'));
    expect((await rebuild()).timings).not.toHaveProperty('content');
    expect(existsSync(path.join(served, String(diagram)))).toBe(false);
    expect((await core.respond(String(diagram)))?.status).not.toBe(200);
    expect(files(served)).toEqual(await fullBuild(configFile));

    // Saved many times, a page's older transforms are not kept (the site holds one per page).
    const held = core.transformed.size;
    for (let i = 0; i < 5; i++) {
      save(advanced, `${readFileSync(advanced, 'utf8')}\nSave ${i}.\n`);
      expect((await rebuild()).timings).not.toHaveProperty('content');
    }
    expect(core.transformed.size).toBe(held);

    // A new title changes every page's sidebar: a full build.
    save(advanced, readFileSync(advanced, 'utf8').replace('title: Advanced use', 'title: Advanced topics'));
    expect((await rebuild()).timings).toHaveProperty('content');
    expect(files(served)).toEqual(await fullBuild(configFile));

    // Two files with one doc id fail the build, whichever of them is saved; once one has its own id, both are pages.
    writeFileSync(path.join(dir, 'content/docs/p1.md'), '---\nid: same\n---\n# Same one\n\nOne.\n');
    writeFileSync(path.join(dir, 'content/docs/p2.md'), '---\nid: same\n---\n# Same two\n\nTwo.\n');
    core.invalidate();
    await expect(rebuild()).rejects.toThrow(/doc id "same" is taken by 2 files/);
    save(path.join(dir, 'content/docs/p1.md'), '---\nid: same\n---\n# Same one\n\nOne, edited.\n');
    await expect(rebuild()).rejects.toThrow(/doc id "same" is taken by 2 files/);
    save(path.join(dir, 'content/docs/p1.md'), '---\nid: other\n---\n# Same one\n\nOne, edited.\n');
    expect((await rebuild()).timings).toHaveProperty('content');
    expect(files(served)).toEqual(await fullBuild(configFile));
  }, 120_000);

  it('writes a page a failed build rendered, once a build succeeds', async () => {
    const { dir, configFile, served, core, rebuild, save } = keptSite('good-site');
    await rebuild();
    // A new title (a full build, which renders the page as it goes) and a broken link elsewhere: it fails.
    const advanced = path.join(dir, 'content/docs/guides/advanced.md');
    const install = path.join(dir, 'content/docs/guides/01-basics/01-install.md');
    const text = readFileSync(install, 'utf8');
    writeFileSync(advanced, readFileSync(advanced, 'utf8').replace('title: Advanced use', 'title: Advanced topics'));
    writeFileSync(install, `${text}\nSee [nothing](/nowhere).\n`);
    core.invalidate({ files: new Set([advanced, install]), structural: false });
    await expect(rebuild()).rejects.toThrow(/broken link/);
    expect(readFileSync(path.join(served, htmlPathOf('/guides/advanced')), 'utf8')).not.toContain('Advanced topics');
    // The link fixed: the page rendered by the failed build, unchanged since, is written now.
    save(install, text);
    await rebuild();
    expect(readFileSync(path.join(served, htmlPathOf('/guides/advanced')), 'utf8')).toContain('Advanced topics');
    expect(files(served)).toEqual(await fullBuild(configFile));
  }, 120_000);

  it('removes the MDX island a saved page no longer uses', async () => {
    const { dir, configFile, served, rebuild, save } = keptSite('mdx-css-modules');
    await rebuild();
    // The folder goes with its last island, as from a full build's output.
    const islands = () => (existsSync(path.join(served, 'assets/islands')) ? readdirSync(path.join(served, 'assets/islands')).filter((f) => f.startsWith('Toggle-')) : []);
    expect(islands()).toHaveLength(1);
    const page = path.join(dir, 'content/docs/index.mdx');
    save(
      page,
      readFileSync(page, 'utf8')
        .replace(/^import Toggle.*\n/m, '')
        .replace('<Toggle label="Switch" />', ''),
    );
    expect((await rebuild()).timings).not.toHaveProperty('content');
    expect(islands()).toEqual([]);
    expect(files(served)).toEqual(await fullBuild(configFile));
  }, 120_000);
});
