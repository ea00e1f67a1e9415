// Compiles src/compiler (and the runtime components it renders on the server) into dist/cli.js
// with esbuild. Dependencies stay external; node_modules provides them.
import { build } from 'esbuild';
import { readdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist/cli.js');

function newestSource(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

export async function compile() {
  await build({
    entryPoints: {
      cli: path.join(root, 'src/compiler/cli.ts'),
      'transform-worker': path.join(root, 'src/compiler/transform-worker.ts'),
    },
    outdir: path.dirname(out),
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

export async function ensureCompiled() {
  if (!existsSync(out) || statSync(out).mtimeMs < newestSource(path.join(root, 'src'))) await compile();
  return pathToFileURL(out).href;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await compile();
