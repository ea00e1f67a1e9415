// Content is untrusted: no page, link, image or file name may make docsgen read, write or publish
// outside the project's folders, and no input crashes it. Each test copies the hostile-site
// fixture into a folder of its own, makes it hostile in one way, and builds it with the real CLI.
import { cpSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, runCli, tempDir, type CliResult } from '../helpers/run.ts';
import { IncrementalWriter, OutputWriter, outputFile, recoverInterruptedBuilds } from '../../src/compiler/write-output.ts';
import { createStaticServer } from '../../src/server/static-server.ts';

interface Project {
  /** The folder the project sits in: files here are outside it. */
  outside: string;
  root: string;
  out: string;
  write(rel: string, text: string | Buffer): void;
  link(rel: string, target: string): void;
  build(args?: string[]): CliResult;
}

function project(): Project {
  const outside = tempDir('docsgen-hostile-');
  const root = path.join(outside, 'project');
  cpSync(fixture('hostile-site'), root, { recursive: true });
  writeFileSync(path.join(outside, 'secret.txt'), 'TOP-SECRET\n');
  const at = (rel: string) => path.join(root, rel);
  return {
    outside,
    root,
    out: at('build'),
    write: (rel, text) => {
      mkdirSync(path.dirname(at(rel)), { recursive: true });
      writeFileSync(at(rel), text);
    },
    link: (rel, target) => symlinkSync(target, at(rel)),
    build: (args = []) => runCli(['build', '--out', 'build', ...args], root),
  };
}

/** Gives the project an OpenAPI source read from content/openapi/api.json. */
function withOpenApi(p: Project): void {
  const config = readFileSync(path.join(p.root, 'site/docsgen.config.ts'), 'utf8');
  p.write('site/docsgen.config.ts', config.replace('redirects:', "openapi: [{ id: 'a', spec: '../content/openapi/api.json', route: '/api' }],\n  redirects:"));
}

/** Every file below a folder, and whether any is a link. */
function tree(dir: string): { files: string[]; links: string[] } {
  const files: string[] = [];
  const links: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isSymbolicLink()) links.push(path.relative(dir, p));
      else if (e.isDirectory()) walk(p);
      else files.push(path.relative(dir, p));
    }
  };
  walk(dir);
  return { files, links };
}

function failed(r: CliResult): string {
  expect(r.status).toBe(1);
  expect(r.stderr).not.toMatch(/^\s+at /m);
  expect(r.stderr).not.toMatch(/internal error/);
  return r.stderr;
}

describe('routes cannot leave the output folder', () => {
  it('the fixture builds as given (a raw-HTML <a id> is an anchor links may use)', () => {
    const p = project();
    const r = p.build();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('a slug with .. segments is an error at its line, and nothing is written outside', () => {
    const p = project();
    p.write('content/docs/evil.md', '---\ntitle: Evil\nslug: /../../package\n---\n\nText.\n');
    const err = failed(p.build());
    expect(err).toContain('content/docs/evil.md:3:1  invalid route "/../../package" from its slug "/../../package": it has a "." or ".." segment');
    expect(existsSync(path.join(p.outside, 'package'))).toBe(false);
    expect(existsSync(path.join(p.root, 'package'))).toBe(false);
    expect(existsSync(p.out)).toBe(false);
  });

  it('an id of ".." cannot replace the home page', () => {
    const p = project();
    p.write('content/docs/guides/dots.md', '---\nid: ".."\n---\n\n# Dots\n');
    expect(failed(p.build())).toContain('content/docs/guides/dots.md:2:1  invalid route "/guides/.." from its id ".."');
  });

  it('a redirect from a path with .. segments is an error, and writes no stub', () => {
    const p = project();
    p.write('site/docsgen.config.ts', readFileSync(path.join(p.root, 'site/docsgen.config.ts'), 'utf8').replace("from: '/old-home'", "from: '/../../stub'"));
    expect(failed(p.build())).toContain('redirect from "/../../stub": it has a "." or ".." segment');
    expect(existsSync(path.join(p.outside, 'stub.html'))).toBe(false);
  });

  it('a writer never writes through a link placed in the output folder', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'out');
    mkdirSync(path.join(dir, 'elsewhere'), { recursive: true });
    mkdirSync(out);
    writeFileSync(path.join(dir, 'victim.txt'), 'untouched');
    symlinkSync(path.join(dir, 'victim.txt'), path.join(out, 'page.html'));
    symlinkSync(path.join(dir, 'elsewhere'), path.join(out, 'sub'));
    const writer = new IncrementalWriter(out);
    // The watch writer writes a build's files when it commits the build.
    await writer.begin();
    await writer.write('page.html', 'new');
    await writer.commit();
    expect(readFileSync(path.join(dir, 'victim.txt'), 'utf8')).toBe('untouched');
    expect(lstatSync(path.join(out, 'page.html')).isFile()).toBe(true);
    await writer.begin();
    await writer.write('sub/x.html', 'y');
    await expect(writer.commit()).rejects.toThrow(/through a link in the output folder/);
    expect(readdirSync(path.join(dir, 'elsewhere'))).toEqual([]);
  });

  it("a build's writer refuses a second write to one path: nothing of a build overwrites another part of it", async () => {
    const dir = tempDir();
    const writer = new OutputWriter(path.join(dir, 'out'));
    await writer.begin();
    await writer.write('guides/index.html', 'the page');
    await expect(writer.write('guides/index.html', 'something else')).rejects.toThrow(/twice in one build/);
    await writer.abort();
  });

  it('the watch writer replaces a hard link placed in the output folder, and never writes into the file it shares', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'out');
    mkdirSync(out);
    writeFileSync(path.join(dir, 'victim.txt'), 'untouched');
    const writer = new IncrementalWriter(out);
    await writer.begin();
    await writer.write('page.html', 'first');
    await writer.commit();
    // What someone with a shell on the machine could do while serve --watch runs.
    rmSync(path.join(out, 'page.html'));
    linkSync(path.join(dir, 'victim.txt'), path.join(out, 'page.html'));
    await writer.begin();
    await writer.write('page.html', 'second');
    await writer.commit();
    expect(readFileSync(path.join(dir, 'victim.txt'), 'utf8')).toBe('untouched');
    expect(readFileSync(path.join(out, 'page.html'), 'utf8')).toBe('second');
    expect(statSync(path.join(out, 'page.html')).ino).not.toBe(statSync(path.join(dir, 'victim.txt')).ino);
  });

  it('the watch writer checks its folders again on every build: one replaced by a link since is refused', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'out');
    mkdirSync(path.join(dir, 'victim'));
    const writer = new IncrementalWriter(out);
    await writer.begin();
    await writer.write('sec/a/index.html', 'one');
    await writer.commit();
    // Between two builds someone swaps the folder for a link out of the output.
    rmSync(path.join(out, 'sec'), { recursive: true });
    symlinkSync(path.join(dir, 'victim'), path.join(out, 'sec'));
    await writer.begin();
    await writer.write('sec/a/index.html', 'two');
    await expect(writer.commit()).rejects.toThrow(/through a link in the output folder/);
    expect(readdirSync(path.join(dir, 'victim'))).toEqual([]);
  });

  it('the watch writer never removes a file through a link placed in the output folder', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'out');
    mkdirSync(path.join(dir, 'victim'));
    writeFileSync(path.join(dir, 'victim/a.png'), 'keep');
    writeFileSync(path.join(dir, 'victim/b.png'), 'keep');
    const writer = new IncrementalWriter(out);
    await writer.begin();
    await writer.write('img/a.png', 'one');
    await writer.write('img/b.png', 'two');
    await writer.commit();
    // The folder swapped for a link out of the output, then a build that no longer has the files.
    rmSync(path.join(out, 'img'), { recursive: true });
    symlinkSync(path.join(dir, 'victim'), path.join(out, 'img'));
    await writer.begin(true);
    writer.remove('img/a.png');
    await writer.commit();
    await writer.begin();
    await writer.commit();
    expect(readdirSync(path.join(dir, 'victim')).sort()).toEqual(['a.png', 'b.png']);
    expect(() => writer.remove('../victim/a.png')).toThrow(/outside the output folder/);
  });

  it('the watch writer removes only the empty folders a removal leaves in the output, never a link or the output folder', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'out');
    const writer = new IncrementalWriter(out);
    await writer.begin();
    await writer.write('x/only.html', 'one');
    await writer.write('deep/a/b/page.html', 'two');
    await writer.write('index.html', 'home');
    await writer.commit();
    // A link in the output to a folder in it: a removal through it may remove the file, not the link.
    symlinkSync(path.join(out, 'x'), path.join(out, 'alias'));
    await writer.begin(true);
    writer.remove('alias/only.html');
    writer.remove('deep/a/b/page.html');
    writer.remove('index.html');
    await writer.commit();
    expect(lstatSync(path.join(out, 'alias')).isSymbolicLink()).toBe(true);
    expect(existsSync(path.join(out, 'x'))).toBe(true);
    expect(existsSync(path.join(out, 'deep'))).toBe(false);
    expect(existsSync(out)).toBe(true);
  });

  it('the output sink refuses any path that resolves outside the output folder', () => {
    const root = tempDir();
    expect(() => outputFile(root, '../package.json')).toThrow(/outside the output folder/);
    expect(() => outputFile(root, 'a/../../x')).toThrow(/outside the output folder/);
    expect(() => outputFile(root, '/etc/passwd')).toThrow(/outside the output folder/);
    expect(outputFile(root, 'a/b/index.html')).toBe(path.join(root, 'a/b/index.html'));
  });
});

describe('only files inside the project are published', () => {
  it('a static file or image replaced by a link after it was listed is not copied', async () => {
    const p = project();
    p.write('site/static/notes.txt', 'public\n');
    p.write('site/static/dir/a.txt', 'public\n');
    const listed = [path.join(p.root, 'site/static/notes.txt'), path.join(p.root, 'site/static/dir/a.txt')].map((f) => realpathSync(f));
    // What a checkout (or another process) can do between the listing and the copy.
    rmSync(listed[0]);
    symlinkSync(path.join(p.outside, 'secret.txt'), listed[0]);
    mkdirSync(path.join(p.outside, 'dir'));
    writeFileSync(path.join(p.outside, 'dir/a.txt'), 'TOP-SECRET\n');
    rmSync(path.dirname(listed[1]), { recursive: true });
    symlinkSync(path.join(p.outside, 'dir'), path.dirname(listed[1]));
    for (const writer of [new OutputWriter(path.join(p.root, 'out1')), new IncrementalWriter(path.join(p.root, 'out2'))]) {
      // The watch writer copies a build's files when it commits the build.
      const copy = async (from: string, to: string) => {
        await writer.begin();
        await writer.copy(from, to);
        if (writer instanceof IncrementalWriter) await writer.commit();
      };
      await expect(copy(listed[0], 'notes.txt')).rejects.toThrow(/replaced by a link while the build ran/);
      await expect(copy(listed[1], 'dir/a.txt')).rejects.toThrow(/replaced by a link while the build ran/);
    }
    expect(tree(path.join(p.root, 'out1.docsgen-tmp-' + process.pid)).files).toEqual([]);
    expect(tree(path.join(p.root, 'out2')).files).toEqual([]);
  });

  it('a markdown file linked to a file outside the project is an error naming it', () => {
    const p = project();
    p.link('content/docs/passwd.md', path.join(p.outside, 'secret.txt'));
    const err = failed(p.build());
    expect(err).toContain('content/docs/passwd.md  passwd.md is a link to');
    expect(err).toContain("outside the project's content and docs folders");
  });

  it('a markdown file linked to a file of the site folder is not published', () => {
    const p = project();
    p.write('site/.env', 'API_KEY=TOP-SECRET\n');
    p.link('content/docs/env.md', path.join(p.root, 'site/.env'));
    const err = failed(p.build());
    expect(err).toContain('content/docs/env.md  env.md is a link to');
    expect(existsSync(p.out)).toBe(false);
  });

  it('one image at two paths is one published file, not a clash', () => {
    const p = project();
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    p.write('content/docs/a/logo.png', png);
    p.write('content/docs/b/logo.png', png);
    p.write('content/docs/a/index.md', '# A\n\n![A](./logo.png)\n');
    p.write('content/docs/b/index.md', '# B\n\n![B](./logo.png)\n');
    const r = p.build();
    expect(r.stderr).toBe('');
    expect(readdirSync(path.join(p.out, 'assets/images')).filter((f) => f.startsWith('logo-'))).toHaveLength(1);
  });

  it('a markdown file linked within the content folder is a page', () => {
    const p = project();
    p.link('content/docs/alias.md', path.join(p.root, 'content/docs/guides/setup.md'));
    expect(p.build().status).toBe(0);
    expect(existsSync(path.join(p.out, 'alias/index.html'))).toBe(true);
  });

  it('an image path that climbs out of the project publishes nothing', () => {
    const p = project();
    writeFileSync(path.join(p.outside, 'secret.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    p.write('content/docs/steal.md', '# Steal\n\n![x](../../../secret.png)\n');
    expect(failed(p.build())).toContain('content/docs/steal.md:3:1  broken image ../../../secret.png: the file lies outside the content, site and static folders');
  });

  it('a cache entry that lists an image outside the project publishes nothing of it', () => {
    const p = project();
    writeFileSync(path.join(p.outside, 'secret.png'), Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('TOP-SECRET')]));
    expect(p.build().status).toBe(0);
    // What a committed or restored .docsgen-cache could say: every kept page uses the outside file.
    const store = readdirSync(path.join(p.root, '.docsgen-cache')).find((n) => n.startsWith('transforms-'))!;
    const entries = tree(path.join(p.root, '.docsgen-cache', store)).files.map((f) => path.join(p.root, '.docsgen-cache', store, f));
    expect(entries.length).toBeGreaterThan(1);
    for (const entry of entries) {
      const [outline, html] = readFileSync(entry, 'utf8').split('\n');
      const page = JSON.parse(outline) as { images: unknown[] };
      page.images.push({ raw: '../secret.png', file: '../secret.png', url: '/assets/secret.png', line: 1, column: 1 });
      writeFileSync(entry, `${JSON.stringify(page)}\n${html}`);
    }
    expect(p.build().status).toBe(0);
    const published = tree(p.out).files;
    expect(published.length).toBeGreaterThan(3);
    for (const f of published) expect(readFileSync(path.join(p.out, f)).includes('TOP-SECRET'), f).toBe(false);
  });

  it('cache entries of the wrong shape are not taken: frontmatter, search index files, a client bundle', () => {
    const p = project();
    expect(p.build().status).toBe(0);
    const cache = path.join(p.root, '.docsgen-cache');
    const entry = (prefix: string) =>
      path.join(
        cache,
        readdirSync(cache).find((n) => n.startsWith(prefix))!,
      );
    const edit = (file: string, change: (value: any) => void) => {
      const kept = JSON.parse(readFileSync(file, 'utf8'));
      change(kept.value);
      writeFileSync(file, JSON.stringify(kept));
    };
    const home = readFileSync(path.join(p.out, 'index.html'), 'utf8');
    // A page's frontmatter that no page could have: a title that is not text.
    edit(entry('frontmatter-'), (memo: [string, unknown][]) => {
      for (const item of memo) item[1] = { title: { x: 1 } };
    });
    // An index file whose path leaves the index folder, onto a page.
    edit(entry('search-index-'), (files: { path: string; base64: string }[]) => {
      files.push({ path: '../index.html', base64: Buffer.from('<h1>replaced by the cache</h1>').toString('base64') });
    });
    // A bundle made from nothing, with code of its own.
    edit(entry('client-bundle-'), (kept: { inputs: unknown[]; bundle: { files: { path: string; base64: string }[] } }) => {
      kept.inputs = [];
      for (const f of kept.bundle.files) if (f.path.endsWith('.js')) f.base64 = Buffer.from('window.INJECTED = 1;').toString('base64');
    });
    // The output goes too, so that nothing of it is taken as it is.
    rmSync(p.out, { recursive: true });
    const r = p.build();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/internal error|^\s+at /m);
    expect(readFileSync(path.join(p.out, 'index.html'), 'utf8')).toBe(home);
    for (const f of tree(p.out).files) expect(readFileSync(path.join(p.out, f), 'utf8'), f).not.toMatch(/INJECTED|replaced by the cache/);
  });

  it('a file that is not an image is not published as one', () => {
    const p = project();
    p.write('content/docs/fake.png', 'not a png\n');
    p.write('content/docs/text.md', '# Text\n\n![x](./fake.png) ![y](./index.md)\n');
    const err = failed(p.build());
    expect(err).toContain('content/docs/text.md:3:1  broken image ./fake.png: its contents are not PNG data');
    expect(err).toContain('content/docs/text.md:3:18  broken image ./index.md: .md is not an image format');
  });

  it('an OpenAPI document linked to a file outside the project is not read', () => {
    const p = project();
    writeFileSync(path.join(p.outside, 'secret.json'), JSON.stringify({ openapi: '3.0.0', info: { title: 'TOP-SECRET', version: '1' }, paths: {} }));
    mkdirSync(path.join(p.root, 'content/openapi'), { recursive: true });
    p.link('content/openapi/api.json', path.join(p.outside, 'secret.json'));
    withOpenApi(p);
    const err = failed(p.build());
    expect(err).toContain('content/openapi/api.json  the OpenAPI document of source "a" is a link to');
    expect(err).not.toContain('TOP-SECRET');
  });

  it('an OpenAPI document in a content folder linked out of the project is not read either', () => {
    const p = project();
    mkdirSync(path.join(p.outside, 'elsewhere'));
    writeFileSync(path.join(p.outside, 'elsewhere/api.json'), JSON.stringify({ openapi: '3.0.0', info: { title: 'TOP-SECRET', version: '1' }, paths: {} }));
    rmSync(path.join(p.root, 'content/openapi'), { recursive: true, force: true });
    p.link('content/openapi', path.join(p.outside, 'elsewhere'));
    withOpenApi(p);
    const err = failed(p.build());
    expect(err).toContain('content/openapi/api.json  the OpenAPI document of source "a" is a link to');
    expect(err).not.toContain('TOP-SECRET');
  });

  it('a link in the static folder that leaves the project is an error; one inside is copied as a file', () => {
    const p = project();
    p.link('site/static/leak.txt', path.join(p.outside, 'secret.txt'));
    expect(failed(p.build())).toContain('site/static/leak.txt  leak.txt is a link to');
    const q = project();
    q.link('site/static/img/alias.svg', path.join(q.root, 'site/static/img/logo.svg'));
    expect(q.build().status).toBe(0);
    expect(tree(q.out).links).toEqual([]);
    expect(lstatSync(path.join(q.out, 'img/alias.svg')).isFile()).toBe(true);
  });

  it('a link in the static folder into the site folder publishes nothing of it', () => {
    const p = project();
    p.write('site/.env', 'API_KEY=TOP-SECRET\n');
    p.link('site/static/env.txt', path.join(p.root, 'site/.env'));
    p.link('site/static/site', path.join(p.root, 'site'));
    const err = failed(p.build());
    expect(err).toContain('site/static/env.txt  env.txt is a link to');
    expect(err).toContain('outside the static folder');
    expect(err).toContain('site/static/site  site is a link to');
    expect(existsSync(p.out)).toBe(false);
  });
});

describe('no two parts of a site write the same output file', () => {
  it('a page whose slug is a file docsgen writes is an error at the page', () => {
    const p = project();
    p.write('content/docs/map.md', '---\ntitle: Map\nslug: /sitemap.xml\n---\n\nText.\n');
    p.write('content/docs/chunk.md', '---\ntitle: Chunk\nslug: /_data/guides/setup\n---\n\nText.\n');
    const err = failed(p.build());
    expect(err).toContain('content/docs/map.md:1:1  the page at /sitemap.xml would write sitemap.xml/index.html, inside sitemap.xml, which docsgen writes as a file');
    expect(err).toContain('content/docs/chunk.md:1:1  the page at /_data/guides/setup would write _data/guides/setup/index.html, which docsgen writes itself');
    expect(existsSync(p.out)).toBe(false);
  });

  it("a static file in the place of a page, of docsgen's 404 page or inside a page's folder is an error at the file", () => {
    const p = project();
    p.write('site/static/guides/setup/index.html', '<p>shadow</p>');
    p.write('site/static/404.html', '<p>mine</p>');
    const err = failed(p.build());
    expect(err).toContain('site/static/guides/setup/index.html  the static file guides/setup/index.html would write guides/setup/index.html, as the page at /guides/setup does');
    expect(err).toContain('site/static/404.html  the static file 404.html would write 404.html, which docsgen writes itself');
  });

  it('a static file in the place of a redirect stub is an error at the file', () => {
    const p = project();
    p.write('site/static/old-home.html', '<p>old</p>');
    expect(failed(p.build())).toContain('site/static/old-home.html  the static file old-home.html would write old-home.html, as the redirect from /old-home does');
  });

  it('a tag or a slug too long for a file name is a located error, not ENAMETOOLONG', () => {
    const p = project();
    // A tag's page takes its route from the tag's label: every page's route is checked, wherever it comes from.
    p.write('content/docs/tagged.md', `---\ntitle: Tagged\ntags: [${'t'.repeat(300)}]\n---\n\nText.\n`);
    expect(failed(p.build())).toMatch(/content\/docs\/tagged\.md:1:1 {2}the page "t{300}" would be at "\/tags\/t{300}": its segment "t{40}…" is longer than 200 bytes/);
    const q = project();
    q.write('content/docs/long.md', `---\ntitle: Long\nslug: /${'a'.repeat(300)}\n---\n\nText.\n`);
    const err = failed(q.build());
    expect(err).toMatch(/content\/docs\/long\.md:3:1 {2}invalid route "\/a{300}" from its slug .*: its segment "a{40}…" is longer than 200 bytes/);
    expect(err).not.toContain('ENAMETOOLONG');
  });
});

describe('the server serves only real files inside its root', () => {
  const get = (port: number, urlPath: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
        .on('error', reject)
        .end();
    });
  const listen = async (options: Parameters<typeof createStaticServer>[0]) => {
    const server = createStaticServer(options);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as { port: number }).port, close: () => server.close() };
  };

  it('does not follow a link placed in the output folder to a file outside it', async () => {
    const dir = tempDir();
    const root = path.join(dir, 'out');
    mkdirSync(root);
    writeFileSync(path.join(dir, 'secret.txt'), 'TOP-SECRET');
    writeFileSync(path.join(root, 'page.txt'), 'fine');
    symlinkSync(path.join(dir, 'secret.txt'), path.join(root, 'leak.txt'));
    const s = await listen({ root: () => root, redirects: () => new Map() });
    try {
      expect(await get(s.port, '/page.txt')).toEqual({ status: 200, body: 'fine' });
      const leak = await get(s.port, '/leak.txt');
      expect(leak.status).toBe(404);
      expect(leak.body).not.toContain('TOP-SECRET');
    } finally {
      s.close();
    }
  });

  it('answers 404 for a file removed between finding it and reading it, and keeps serving', async () => {
    const root = tempDir();
    writeFileSync(path.join(root, 'small.txt'), 'small');
    writeFileSync(path.join(root, 'large.txt'), 'compressible text '.repeat(200));
    writeFileSync(path.join(root, 'other.txt'), 'still here');
    const read: string[] = [];
    // Removes the file at the last moment; for a compressed copy (kept outside the root), the file it was made from too.
    const beforeRead = (file: string) => {
      read.push(file);
      if (file.endsWith('other.txt')) return;
      rmSync(file);
      if (!file.startsWith(root)) rmSync(path.join(root, 'large.txt'));
    };
    const s = await listen({ root: () => root, redirects: () => new Map(), beforeRead });
    try {
      expect(await get(s.port, '/small.txt')).toEqual({ status: 404, body: 'Not found\n' });
      expect(await get(s.port, '/large.txt', { 'accept-encoding': 'br' })).toEqual({ status: 404, body: 'Not found\n' });
      // Both were found, and removed only once their headers were set.
      expect(read.filter((f) => !f.endsWith('other.txt'))).toHaveLength(2);
      expect(await get(s.port, '/other.txt')).toEqual({ status: 200, body: 'still here' });
    } finally {
      s.close();
    }
  });

  it('answers a failure with a generic 500: no message, stack or path', async () => {
    const s = await listen({
      root: () => {
        throw new Error('EACCES /home/someone/secret/path');
      },
      redirects: () => new Map(),
    });
    try {
      const r = await get(s.port, '/x');
      expect(r.status).toBe(500);
      expect(r.body).toBe('Internal server error\n');
    } finally {
      s.close();
    }
  });
});

describe('pathological pages fail at their location', () => {
  it('a page over the size limit', () => {
    const p = project();
    p.write('content/docs/huge.md', `# Huge\n\n${'word '.repeat(450_000)}\n`);
    expect(failed(p.build())).toContain('content/docs/huge.md:1:1  page is 2.1 MB, over the limit of 2.0 MB');
  });

  it('quotes nested deeper than the limit', () => {
    const p = project();
    p.write('content/docs/deep.md', `# Deep\n\n${'> '.repeat(3000)}x\n`);
    expect(failed(p.build())).toMatch(/content\/docs\/deep\.md:3:\d+ {2}blocks nest more than 100 levels deep here/);
  });

  it('shapes the parser takes quadratic time on fail at their line before parsing', () => {
    const p = project();
    // 1,000 lists nested by indentation (a 1 MB page) took 22 s to parse before the nesting check.
    p.write('content/docs/lists.md', `# Lists\n\n${Array.from({ length: 1000 }, (_, i) => `${' '.repeat(2 * i)}- x`).join('\n')}\n`);
    // 50,000 nested brackets (100 KB) took 11 s.
    p.write('content/docs/brackets.md', `# Brackets\n\n${'['.repeat(50_000)}x${']'.repeat(50_000)}\n`);
    const err = failed(p.build());
    expect(err).toContain('content/docs/lists.md:103:1  blocks nest more than 100 levels deep here');
    expect(err).toContain('content/docs/brackets.md:3:1  more than 1000 brackets are open at once in this paragraph');
  });

  it('a YAML alias bomb in frontmatter', () => {
    const p = project();
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x]', ...'bcdefg'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefg'[i]}`).join(', ')}]`)];
    p.write('content/docs/bomb.md', `---\n${levels.join('\n')}\n---\n\n# Bomb\n`);
    expect(failed(p.build())).toMatch(/content\/docs\/bomb\.md:2:1 {2}invalid frontmatter: .*alias/i);
  });

  it('frontmatter or a category file over 64 KB is refused before YAML reads it', () => {
    const p = project();
    const anchors = Array.from({ length: 8000 }, (_, i) => `k${i}: &a${i} v`).join('\n');
    p.write('content/docs/big.md', `---\ntitle: Big\n${anchors}\n---\n\nText.\n`);
    p.write('content/docs/guides/_category_.yml', `label: Guides\n${anchors}\n`);
    const err = failed(p.build());
    expect(err).toContain('content/docs/big.md:1:1  frontmatter is larger than 64 KB');
    expect(err).toContain('content/docs/guides/_category_.yml:1:1  category file is larger than 64 KB');
  });

  it('a category file of the wrong shape is an error at its key, and a YAML alias bomb in one is stopped', () => {
    const p = project();
    p.write('content/docs/guides/_category_.json', '{\n  "label": "Guides",\n  "position": "first",\n  "link": { "type": "generated-index", "slug": 7 }\n}\n');
    let err = failed(p.build());
    expect(err).toContain('content/docs/guides/_category_.json:3:3  category.position: Invalid input: expected number, received string');
    expect(err).toContain('content/docs/guides/_category_.json:4:40  category.link.slug: Invalid input: expected string, received number');
    const q = project();
    const bomb = [
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`,
      ),
      'label: *i',
    ];
    q.write('content/docs/guides/_category_.yml', `${bomb.join('\n')}\n`);
    err = failed(q.build());
    expect(err).toContain('content/docs/guides/_category_.yml:1:1  invalid category file: Excessive alias count');
  });

  it('malformed percent-encoding in a link or image', () => {
    const p = project();
    p.write('content/docs/pct.md', '# Pct\n\n[x](/quickstart%zz) ![y](./a%zz.png)\n');
    const err = failed(p.build());
    expect(err).toContain('content/docs/pct.md:3:1  malformed percent-encoding in /quickstart%zz');
    expect(err).toContain('content/docs/pct.md:3:21  malformed percent-encoding in ./a%zz.png');
  });

  it('a config that throws is one line at its own file:line', () => {
    const r = runCli(['build', '--no-cache', '--out', path.join(tempDir(), 'out')], fixture('config-throws'));
    const err = failed(r);
    expect(err.split('\n')[0]).toBe("site/docsgen.config.ts:6:64  site/docsgen.config.ts threw an error while loading: Cannot read properties of undefined (reading 'map')");
    expect(err).not.toContain('data:text/javascript');
  });
});

describe('a killed build leaves nothing behind', () => {
  const dead = 2 ** 22 + 12345; // above Linux's default pid_max: never a running process

  it('the next build removes temporary folders of killed builds', () => {
    const p = project();
    mkdirSync(`${p.out}.docsgen-tmp-${dead}`, { recursive: true });
    mkdirSync(`${p.out}.docsgen-old-${dead}`, { recursive: true });
    // Folders of someone else's named much like them stay.
    mkdirSync(`${p.out}.old-${dead}`);
    mkdirSync(`${p.out}.tmp-2024`);
    expect(p.build().status).toBe(0);
    expect(readdirSync(p.root).filter((n) => n.startsWith('build'))).toEqual(['build', `build.old-${dead}`, 'build.tmp-2024']);
  });

  it('a previous site left by a kill between the two renames is put back', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'build');
    mkdirSync(`${out}.docsgen-old-${dead}`);
    writeFileSync(path.join(`${out}.docsgen-old-${dead}`, 'index.html'), 'previous');
    await recoverInterruptedBuilds(out);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(dir)).toEqual(['build']);
  });
});

describe('what is published is well formed', () => {
  it('a file name with & gives a valid sitemap', () => {
    const p = project();
    p.write('content/docs/q&a.md', '# Q&A\n');
    expect(p.build().status).toBe(0);
    const sitemap = readFileSync(path.join(p.out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://docs.example.com/q&amp;a</loc>');
    expect(sitemap).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#)/);
  });

  it('javascript: and data: links are dropped with a located warning', () => {
    const p = project();
    p.write('content/docs/js.md', '# JS\n\n[click](javascript:alert(1)) and [data](data:text/html,x) and [ref][r]\n\n[r]: JavaScript:alert(2)\n');
    const r = p.build();
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('content/docs/js.md:3:1  warning: link to javascript: URL removed');
    expect(r.stderr).toContain('content/docs/js.md:3:34  warning: link to data: URL removed');
    const html = readFileSync(path.join(p.out, 'js/index.html'), 'utf8');
    expect(html).not.toMatch(/javascript:|data:text/i);
    expect(html).toContain('<span>click</span>');
  });

  it('an image from a javascript: URL is dropped with a located warning; a data:image/ URL is kept', () => {
    const p = project();
    p.write('content/docs/img.md', '# Img\n\n![bad](javascript:alert(1)) ![dot](data:image/gif;base64,R0lGODlhAQABAAAAACw=)\n');
    const r = p.build();
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('content/docs/img.md:3:1  warning: image from javascript: URL removed');
    const html = readFileSync(path.join(p.out, 'img/index.html'), 'utf8');
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('<span>bad</span>');
    expect(html).toContain('src="data:image/gif;base64,R0lGODlhAQABAAAAACw="');
  });

  it('heading ids are unique and never empty', () => {
    const p = project();
    p.write('content/docs/ids.md', '# Ids\n\n## 🎉\n\n## Setup\n\n## Setup\n\n## Other {#setup}\n');
    expect(p.build().status).toBe(0);
    const html = readFileSync(path.join(p.out, 'ids/index.html'), 'utf8');
    const ids = [...html.matchAll(/<h2 id="([^"]*)"/g)].map((m) => m[1]);
    expect(ids).toEqual(['heading', 'setup-1', 'setup-2', 'setup']);
  });

  it('an unclosed :::note is a located warning', () => {
    const p = project();
    p.write('content/docs/open.md', '# Open\n\n:::note\nclosed\n:::\n\n:::tip\nnever closed\n\n## Later\n');
    const r = p.build();
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('content/docs/open.md:7:1  warning: :::tip is not closed');
    expect(r.stderr).not.toContain(':::note is not closed');
  });

  it('a doc listed twice in a sidebar is a warning', () => {
    const p = project();
    p.write('site/sidebars.ts', "export default { docs: ['index', 'guides/setup', 'guides/setup'] };\n");
    const r = p.build();
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('sidebar "docs" lists doc id "guides/setup" more than once');
  });

  it('an OpenAPI $ref to a URL is not fetched unless the source allows it', () => {
    const p = project();
    p.write(
      'content/openapi/api.json',
      JSON.stringify(
        { openapi: '3.0.0', info: { title: 'A', version: '1' }, paths: { '/x': { get: { operationId: 'getX', responses: { 200: { $ref: 'http://127.0.0.1:9/remote.json#/R' } } } } } },
        null,
        2,
      ),
    );
    withOpenApi(p);
    expect(failed(p.build())).toContain('is not fetched: set remoteRefs: true on the openapi source to allow it');
  });
});
