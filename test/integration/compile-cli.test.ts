// The CLI's own compile (scripts/compile-cli.mjs): dependencies are bundled in, except the few that
// must be loaded from node_modules, and chunks of earlier compiles do not pile up in dist/.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../../scripts/compile-cli.mjs';
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
});
