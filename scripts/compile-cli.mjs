// Compiles the CLI (src/cli, the compiler and server it drives, and the runtime components it renders on the server) into dist/cli.js
// with esbuild, dependencies included (see below).
import { readdirSync, rmSync, statSync, existsSync } from 'node:fs';
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

/** `outDir` is for tests; the CLI runs from dist/. */
export async function compile(outDir = path.dirname(out)) {
  // Loaded only to compile: every CLI run checks whether it must, and esbuild takes 80 ms to load.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: {
      cli: path.join(root, 'src/cli/cli.ts'),
      'transform-worker': path.join(root, 'src/compiler/transform-worker.ts'),
    },
    outdir: outDir,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies go into the bundle: Node's ESM loader resolves and reads each module file on its
    // own, and the compiler's few hundred (micromark alone has over a hundred) took about half a
    // second to load, in every CLI run and in every transform worker. Kept out: esbuild (a native
    // binary) and Pagefind (a binary of its own), chokidar and swagger-parser (loaded only when needed).
    // Read from its package at run time: shiki's regex engine binary (src/compiler/markdown/highlight.ts).
    external: ['esbuild', 'pagefind', 'chokidar', '@apidevtools/swagger-parser'],
    // jsonc-parser's "main" is a UMD build esbuild cannot follow; its "module" build is plain ESM.
    mainFields: ['module', 'main'],
    // CommonJS dependencies (react-dom/server) call require() for Node's own modules.
    banner: { js: "import { createRequire as __docsgenCreateRequire } from 'node:module'; const require = __docsgenCreateRequire(import.meta.url);" },
    jsx: 'automatic',
    // React's production build only (bin/docsgen.js runs it so): its development builds were
    // 0.8 MB more code to compile before serve --watch could answer its first page.
    define: { 'process.env.NODE_ENV': '"production"' },
    sourcemap: 'linked',
    logLevel: 'warning',
    metafile: true,
    // The metafile's paths are relative to this, whatever folder the CLI was started in.
    absWorkingDir: root,
  });
  removeStaleChunks(path.join(outDir, 'chunks'), Object.keys(result.metafile.outputs));
}

/** Chunks of earlier compiles: each change to the sources leaves some, a few megabytes each. */
function removeStaleChunks(dir, outputs) {
  const current = new Set(outputs.map((o) => path.resolve(root, o)));
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (!current.has(file)) rmSync(file, { force: true });
  }
}

export async function ensureCompiled() {
  if (isStale(out, root)) await compile();
  return pathToFileURL(out).href;
}

/**
 * Whether a compiled CLI is missing or older than what it is made of: the sources, or the
 * dependencies installed, whose code the bundle holds (npm rewrites node_modules/.package-lock.json
 * at each install). Some of them are read beside the bundle at run time, as shiki's regex engine
 * binary is, which must match the engine's code in the bundle.
 */
export function isStale(outFile, projectRoot) {
  if (!existsSync(outFile)) return true;
  const built = statSync(outFile).mtimeMs;
  const installed = path.join(projectRoot, 'node_modules/.package-lock.json');
  return built < newestSource(path.join(projectRoot, 'src')) || (existsSync(installed) && built < statSync(installed).mtimeMs);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await compile();
