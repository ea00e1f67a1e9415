// The CLI's own compile (scripts/compile-cli.mjs): dependencies are bundled in, except the few that
// must be loaded from node_modules, chunks of earlier compiles do not pile up in dist/, and a
// compiled CLI older than the sources or the installed dependencies is compiled again.
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile, isStale } from '../../scripts/compile-cli.mjs';
import { tempDir } from '../helpers/run.ts';

const LOADED_FROM_NODE_MODULES = ['esbuild', 'pagefind', 'chokidar', '@apidevtools/swagger-parser'];

describe('compile-cli', () => {
  // One compile into a folder of the test's own: the shared dist/ may be in use by other test files.
  const out = tempDir('docsgen-compile-');

  it('bundles the dependencies, so a run does not load hundreds of module files', async () => {
    await compile(out);
    const files = [
      'cli.js',
      'transform-worker.js',
      ...readdirSync(path.join(out, 'chunks'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => `chunks/${f}`),
    ];
    const imported = new Set<string>();
    for (const f of files) {
      for (const line of readFileSync(path.join(out, f), 'utf8').split('\n')) {
        if (/^\s*(\*|\/\/)/.test(line)) continue; // comments of bundled code show usage examples
        const from = /^(?:import|export)\b[^'"]*?(?:from\s*)?["']([^"']+)["']/.exec(line);
        if (from) imported.add(from[1]);
        for (const m of line.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) imported.add(m[1]);
      }
    }
    const bare = [...imported].filter((m) => !m.startsWith('.') && !m.startsWith('node:') && !builtinModules.includes(m));
    for (const m of bare) expect(LOADED_FROM_NODE_MODULES, m).toContain(m);
    expect(imported).toContain('./chunks/' + readdirSync(path.join(out, 'chunks')).find((f) => f.startsWith('build-') && f.endsWith('.js')));
  });

  it('removes the chunks of an earlier compile, and keeps every chunk it made', async () => {
    const stale = path.join(out, 'chunks/chunk-STALE000.js');
    writeFileSync(stale, 'export {};\n');
    await compile(out);
    expect(existsSync(stale)).toBe(false);
    const cli = readFileSync(path.join(out, 'cli.js'), 'utf8');
    for (const m of cli.matchAll(/["']\.\/(chunks\/[^"']+)["']/g)) expect(existsSync(path.join(out, m[1])), m[1]).toBe(true);
  });

  it('compiles again when the sources or the installed dependencies are newer than the compiled CLI', () => {
    const project = tempDir('docsgen-stale-');
    const file = (rel: string, seconds: number) => {
      const p = path.join(project, rel);
      mkdirSync(path.dirname(p), { recursive: true });
      writeFileSync(p, '');
      utimesSync(p, seconds, seconds);
      return p;
    };
    const cli = path.join(project, 'dist/cli.js');
    expect(isStale(cli, project)).toBe(true);
    file('src/compiler/a.ts', 1000);
    file('dist/cli.js', 2000);
    expect(isStale(cli, project)).toBe(false);
    // `npm install` of another version of a dependency:
    const installed = file('node_modules/.package-lock.json', 3000);
    expect(isStale(cli, project)).toBe(true);
    utimesSync(installed, 1500, 1500);
    expect(isStale(cli, project)).toBe(false);
    file('src/compiler/b.ts', 2500);
    expect(isStale(cli, project)).toBe(true);
  });
});
