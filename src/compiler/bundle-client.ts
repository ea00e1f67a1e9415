// Stage 7: the browser bundle. esbuild with code splitting and content-hashed names; the shell's
// configuration goes in as a virtual module so no page repeats it.
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { esbuildBuild } from './esbuild-service.ts';
import { readCached, writeCached } from './persistent-cache.ts';
import type { ShellConfig } from '../shared/types.ts';
import { packageRoot } from './package-root.ts';

export interface ClientBundle {
  /** Public URLs of the entry script and stylesheet. */
  entryJs: string;
  css: string[];
  /** Chunks the entry imports statically, worth a modulepreload. */
  preload: string[];
  /** The files esbuild read (absolute): the runtime's sources, the packages it uses. */
  inputs: string[];
  files: { path: string; contents: Uint8Array }[];
}

/** The last bundle made, kept by its caller (`serve --watch` keeps it across builds). */
export interface BundleMemo {
  bundle?: { key: string; value: ClientBundle };
}

/**
 * The bundle for a shell, made again only when the shell or the base URL changed since the memo's.
 * With a cache folder it is kept there too, with the files esbuild read and their size and time:
 * a build of an unchanged site takes it from there (esbuild took 200 ms of a 2-second build).
 */
export async function bundleClient(shell: ShellConfig, baseUrl: string, memo: BundleMemo = {}, cacheDir?: string): Promise<ClientBundle> {
  const key = JSON.stringify([shell, baseUrl]);
  if (memo.bundle?.key === key) return memo.bundle.value;
  const diskKey = createHash('sha256').update(key).update(esbuild.version).digest('hex');
  const kept = cacheDir ? await readCached<KeptBundle>(cacheDir, BUNDLE_CACHE, diskKey) : undefined;
  if (kept && keptBundleIsSound(kept) && (await sameInputs(kept.inputs))) {
    const files = kept.bundle.files.map((f) => ({ path: f.path, contents: Buffer.from(f.base64, 'base64') }));
    const bundle: ClientBundle = { ...kept.bundle, files, inputs: kept.inputs.map(([file]) => file) };
    memo.bundle = { key, value: bundle };
    return bundle;
  }
  const made = await makeBundle(shell, baseUrl);
  memo.bundle = { key, value: made.bundle };
  if (cacheDir) {
    const files = made.bundle.files.map((f) => ({ path: f.path, base64: Buffer.from(f.contents).toString('base64') }));
    const { inputs: _, ...described } = made.bundle;
    await writeCached(cacheDir, BUNDLE_CACHE, diskKey, { inputs: made.inputs, bundle: { ...described, files } } satisfies KeptBundle);
  }
  return made.bundle;
}

const BUNDLE_CACHE = 'client-bundle';

/** A bundle as the cache folder keeps it, with the files it was made from (absolute path, size, time). */
interface KeptBundle {
  inputs: [file: string, size: number, mtimeMs: number][];
  bundle: Omit<ClientBundle, 'files' | 'inputs'> & { files: { path: string; base64: string }[] };
}

/**
 * A kept bundle names the runtime's entry among the files it was made from, and its files lie in
 * the assets folder: the cache folder is a file like any other, and an entry that says it was made
 * from nothing would hold for ever.
 */
function keptBundleIsSound(kept: KeptBundle): boolean {
  const entry = path.join(packageRoot(), 'src/runtime/client.tsx');
  return (
    Array.isArray(kept.inputs) &&
    kept.inputs.some(([file]) => file === entry) &&
    Array.isArray(kept.bundle?.files) &&
    kept.bundle.files.every((f) => typeof f.base64 === 'string' && typeof f.path === 'string' && /^assets\/[\w/.-]+$/.test(f.path) && !f.path.includes('..'))
  );
}

async function sameInputs(inputs: KeptBundle['inputs']): Promise<boolean> {
  const now = await Promise.all(inputs.map(([file]) => stat(file).catch(() => undefined)));
  return inputs.every(([, size, mtimeMs], i) => now[i]?.size === size && now[i]?.mtimeMs === mtimeMs);
}

async function makeBundle(shell: ShellConfig, baseUrl: string): Promise<{ bundle: ClientBundle; inputs: KeptBundle['inputs'] }> {
  const root = packageRoot();
  const result = await esbuildBuild({
    entryPoints: { main: path.join(root, 'src/runtime/client.tsx') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    minify: true,
    write: false,
    outdir: 'assets',
    entryNames: 'js/[name]-[hash]',
    chunkNames: 'js/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
    absWorkingDir: root,
    plugins: [
      {
        name: 'docsgen-shell-config',
        setup(build) {
          build.onResolve({ filter: /^virtual:docsgen-shell$/ }, () => ({ path: 'shell', namespace: 'docsgen' }));
          build.onLoad({ filter: /.*/, namespace: 'docsgen' }, () => ({ contents: JSON.stringify(shell), loader: 'json' }));
        },
      },
    ],
  });
  const outputs = result.metafile.outputs;
  const url = (p: string) => `${baseUrl}${path.relative(path.join(root, ''), path.resolve(root, p)).split(path.sep).join('/')}`;
  let entryJs = '';
  const css: string[] = [];
  const preload: string[] = [];
  for (const [file, meta] of Object.entries(outputs)) {
    // Chunks reached by dynamic import() have an entryPoint too; only client.tsx is the page's entry.
    if (meta.entryPoint === 'src/runtime/client.tsx' && file.endsWith('.js')) {
      entryJs = url(file);
      for (const imp of meta.imports) if (imp.kind === 'import-statement' && !preload.includes(url(imp.path))) preload.push(url(imp.path));
      if (meta.cssBundle) css.push(url(meta.cssBundle));
    }
  }
  // The files esbuild read (the shell's virtual module aside, which the key holds).
  const read = Object.keys(result.metafile.inputs)
    .filter((f) => !f.includes(':'))
    .map((f) => path.resolve(root, f));
  const bundle: ClientBundle = {
    entryJs,
    css,
    preload,
    files: result.outputFiles.map((f) => ({ path: path.relative(root, f.path).split(path.sep).join('/'), contents: f.contents })),
    inputs: read,
  };
  const inputs = await Promise.all(
    read.map(async (file): Promise<KeptBundle['inputs'][number]> => {
      const info = await stat(file);
      return [file, info.size, info.mtimeMs];
    }),
  );
  return { bundle, inputs };
}
