// `remoteContent` in the config: validated like every other key, with its key path, and its
// snapshot folders kept inside the project.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, sourcePaths } from '../../src/compiler/load-config.ts';
import { remoteDocuments } from '../../src/compiler/collect-remote.ts';
import { DocsgenError } from '../../src/compiler/errors.ts';
import { tempDir } from '../helpers/run.ts';

function project(remoteContent: string): string {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'site'));
  mkdirSync(path.join(dir, 'content/docs'), { recursive: true });
  const file = path.join(dir, 'site/docsgen.config.ts');
  writeFileSync(file, `export default {\n  title: 'T',\n  url: 'https://x.io',\n  remoteContent: ${remoteContent},\n};\n`);
  return file;
}

const source = (documents: string, extra = '') => `[{ id: 'sdks', baseUrl: 'https://raw.githubusercontent.com/acme/'${extra}, documents: ${documents} }]`;

async function messages(remoteContent: string): Promise<string[]> {
  try {
    await loadConfig(project(remoteContent));
  } catch (e) {
    if (e instanceof DocsgenError) return e.diagnostics.map((d) => d.message);
    throw e;
  }
  throw new Error('expected the config to be rejected');
}

describe('remoteContent in the config', () => {
  it('accepts documents and works out their URLs, routes, ids and snapshot files', async () => {
    const file = project(
      source("[{ source: 'widget/main/README.md', route: '/reference/widget', title: 'Widget' }, { source: 'widget/main/docs/a.md', route: '/reference/widget/a', id: 'widget-a' }]"),
    );
    const config = await loadConfig(file);
    const { documents, diagnostics } = await remoteDocuments(config);
    expect(diagnostics).toEqual([]);
    expect(documents.map((d) => [d.url, d.route, d.id, path.relative(config.rootDir, d.snapshot)])).toEqual([
      ['https://raw.githubusercontent.com/acme/widget/main/README.md', '/reference/widget', 'reference/widget', 'content/remote/sdks/widget/main/README.md'],
      ['https://raw.githubusercontent.com/acme/widget/main/docs/a.md', '/reference/widget/a', 'widget-a', 'content/remote/sdks/widget/main/docs/a.md'],
    ]);
    // serve --watch watches the snapshots (here inside content/, which it watches already).
    expect(sourcePaths(config).dirs).toContain(path.join(config.rootDir, 'content'));
  });

  it('names the key path of an unknown or mistyped key in a document', async () => {
    expect(await messages(source("[{ source: 'w/README.md', route: '/w', titel: 'W' }]"))).toEqual(['config.remoteContent[0].documents[0]: unknown key "titel"']);
    expect(await messages(source("[{ source: 'w/README.md', route: '/w', keywords: 'w' }]"))).toEqual([
      'config.remoteContent[0].documents[0].keywords: Invalid input: expected array, received string',
    ]);
  });

  it.each([
    ['../other/README.md', 'has a "." or ".." segment'],
    ['/etc/passwd', 'must be relative to baseUrl (no leading "/")'],
    ['https://evil.example/x.md', 'has an empty segment'],
    ['https:evil.example/x.md', 'contains ":"'],
    ['w/README.md?token=1', 'contains "?"'],
    ['w%2F..%2FREADME.md', 'contains "%"'],
    ['w//README.md', 'has an empty segment'],
  ])('refuses the source %j, which could leave baseUrl or the snapshot folder', async (value, problem) => {
    const [message] = await messages(source(`[{ source: ${JSON.stringify(value)}, route: '/w' }]`));
    expect(message).toContain('config.remoteContent[0].documents[0].source: ');
    expect(message).toContain(problem);
  });

  it('refuses a route that is no route, and a baseUrl that cannot take a path', async () => {
    expect(await messages(source("[{ source: 'w/README.md', route: 'w' }]"))).toEqual(['config.remoteContent[0].documents[0].route: must start with "/"']);
    expect((await messages(source("[{ source: 'w/README.md', route: '/a/../b' }]")))[0]).toContain('has a "." or ".." segment');
    expect(await messages("[{ id: 's', baseUrl: 'https://raw.githubusercontent.com/acme', documents: [{ source: 'w/README.md', route: '/w' }] }]")).toEqual([
      'config.remoteContent[0].baseUrl: must end with "/" and have no query or fragment',
    ]);
    expect(await messages("[{ id: 's', baseUrl: 'file:///etc/', documents: [{ source: 'passwd', route: '/w' }] }]")).toEqual(['config.remoteContent[0].baseUrl: expected an http(s) URL']);
  });

  it('refuses a route or doc id used twice, and a header value with a line break', async () => {
    expect(await messages(source("[{ source: 'a/README.md', route: '/w' }, { source: 'b/README.md', route: '/w/' }]"))).toEqual([
      'config.remoteContent[0].documents[1].route: route "/w" is also the route of sdks/a/README.md',
    ]);
    expect(await messages(source("[{ source: 'a/README.md', route: '/w' }, { source: 'b/README.md', route: '/v', id: 'w' }]"))).toEqual([
      'config.remoteContent[0].documents[1].id: id "w" is also the id of sdks/a/README.md',
    ]);
    expect(await messages(source("[{ source: 'a/README.md', route: '/w' }]", ", headers: { Authorization: 'token x\\r\\nX-Evil: 1' }"))).toEqual([
      'config.remoteContent[0].headers.Authorization: must be a header value without line breaks or control characters',
    ]);
  });

  it('keeps the snapshot folder inside the project and out of the docs and static folders', async () => {
    for (const [snapshot, problem] of [
      ['../../elsewhere', 'is outside the project'],
      ['../content/docs/remote', 'overlaps the docs folder'],
      ['static', 'overlaps the static folder'],
    ]) {
      const config = await loadConfig(project(source("[{ source: 'w/README.md', route: '/w' }]", `, snapshot: '${snapshot}'`)));
      const { documents, diagnostics } = await remoteDocuments(config);
      expect(documents).toEqual([]);
      expect(diagnostics).toHaveLength(1);
      expect(diagnostics[0].message).toMatch(new RegExp(`^config\\.remoteContent\\[0\\]\\.snapshot: the snapshot folder .* ${problem}`));
      expect(diagnostics[0].line).toBe(4);
    }
  });

  it('follows a linked snapshot folder to where it really is', async () => {
    const file = project(source("[{ source: 'w/README.md', route: '/w' }]", ", snapshot: '../content/remote'"));
    const outside = tempDir();
    symlinkSync(outside, path.join(path.dirname(path.dirname(file)), 'content/remote'));
    const { diagnostics } = await remoteDocuments(await loadConfig(file));
    expect(diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('is outside the project')]);
  });
});
