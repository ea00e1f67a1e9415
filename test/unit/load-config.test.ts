import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, sourcePaths } from '../../src/compiler/load-config.ts';
import { DocsgenError } from '../../src/compiler/errors.ts';
import { tempDir } from '../helpers/run.ts';

function configFile(source: string): string {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'site'));
  const file = path.join(dir, 'site/docsgen.config.ts');
  writeFileSync(file, source);
  return file;
}

async function failure(source: string): Promise<DocsgenError> {
  try {
    await loadConfig(configFile(source));
  } catch (e) {
    if (e instanceof DocsgenError) return e;
    throw e;
  }
  throw new Error('expected the config to be rejected');
}

describe('loadConfig', () => {
  it('loads a TypeScript config through defineConfig and applies defaults', async () => {
    const file = configFile("import { defineConfig } from 'docsgen';\nconst t: string = 'T';\nexport default defineConfig({ title: t, url: 'https://x.io' });\n");
    const c = await loadConfig(file);
    expect(c.user.title).toBe('T');
    expect(c.baseUrl).toBe('/');
    expect(c.toc).toEqual({ min: 2, max: 3 });
    expect(c.rootDir).toBe(path.dirname(path.dirname(file)));
    expect(c.docsDir).toBe(path.join(c.rootDir, 'content/docs'));
  });

  it("resolves every path from the config file's folder, whatever the folder is called", async () => {
    const source = "export default { title: 'T', url: 'https://x.io', docs: { path: 'pages', sidebarPath: './nav.ts' }, staticDir: 'public' };\n";
    for (const name of ['site', 'website', 'docs-site']) {
      const dir = path.join(tempDir(), name);
      mkdirSync(path.join(dir, 'pages'), { recursive: true });
      writeFileSync(path.join(dir, 'docsgen.config.ts'), source);
      const c = await loadConfig(path.join(dir, 'docsgen.config.ts'));
      expect([c.docsDir, c.sidebarFile, c.staticDir, c.rootDir], name).toEqual([path.join(dir, 'pages'), path.join(dir, 'nav.ts'), path.join(dir, 'public'), dir]);
    }
  });

  it('says where a docs.path that names no folder was looked for', async () => {
    const e = await failure("export default {\n  title: 'T',\n  url: 'https://x.io',\n  docs: { path: 'content/docs' },\n};\n");
    expect(e.diagnostics[0]).toMatchObject({
      line: 4,
      message: expect.stringMatching(/^config\.docs\.path: no folder at .*site\/content\/docs$/),
      hint: "paths in the config are relative to the config file's folder",
    });
  });

  it('names the key path and line of an unknown key', async () => {
    const e = await failure("export default {\n  title: 'T',\n  url: 'https://x.io',\n  footer: { copyrigth: 'x' },\n};\n");
    expect(e.diagnostics).toHaveLength(1);
    expect(e.diagnostics[0]).toMatchObject({ line: 4, column: 13, message: 'config.footer: unknown key "copyrigth"' });
  });

  it('names the key path of a wrong type, inside arrays too', async () => {
    const e = await failure("export default { title: 'T', url: 'https://x.io', navbar: { items: [{ label: 'a' }, { label: 3 }] } };\n");
    expect(e.diagnostics.map((d) => d.message)).toEqual(['config.navbar.items[1].label: Invalid input: expected string, received number']);
  });

  it('rejects a request sample variable that is not an environment variable name', async () => {
    const e = await failure("export default { title: 'T', url: 'https://x.io', openapi: [{ id: 'a', spec: 'a.json', route: '/api', samples: { tokenVariable: 'MY TOKEN' } }] };\n");
    expect(e.diagnostics.map((d) => d.message)).toEqual(['config.openapi[0].samples.tokenVariable: expected an environment variable name: letters, digits and _']);
  });

  it('rejects a missing title and a bad URL at once', async () => {
    const e = await failure("export default { url: 'not a url' };\n");
    expect(e.diagnostics.map((d) => d.message.split(':')[0]).sort()).toEqual(['config.title', 'config.url']);
  });

  it('reports a syntax error with its position', async () => {
    const e = await failure("export default { title: 'T', url: 'https://x.io' \n");
    expect(e.diagnostics[0].line).toBe(2);
    expect(e.diagnostics[0].file).toMatch(/docsgen\.config\.ts$/);
  });

  it('says when the file is missing', async () => {
    await expect(loadConfig('/nonexistent/site/docsgen.config.ts')).rejects.toThrow('config file not found');
  });

  it('lists what a build reads, for serve --watch: folders and single files, nothing twice', async () => {
    const file = configFile(
      "export default { title: 'T', url: 'https://x.io', docs: { path: '../notes', sidebarPath: 'sidebars.ts' }, staticDir: '../public',\n" +
        "  openapi: [{ id: 'a', spec: '../api/openapi.json', route: '/api' }, { id: 'b', spec: 'https://x.io/o.json', snapshot: 'snap/o.json', route: '/b' }, { id: 'c', spec: 'https://x.io/c.json', route: '/c' }] };\n",
    );
    const site = path.dirname(file);
    const root = path.dirname(site);
    mkdirSync(path.join(root, 'notes'));
    // Every path is relative to the config's folder; the sidebars file and the snapshot are
    // inside it, so watching that folder covers them.
    expect(sourcePaths(await loadConfig(file))).toEqual({
      dirs: [path.join(root, 'content'), path.join(root, 'notes'), path.join(root, 'public'), site].sort(),
      files: [path.join(root, 'api/openapi.json')],
    });
  });
});
