// An MDX page's compiled module, bundled with esbuild for Node with the components it imports
// (the site's own through `@site/`, Docusaurus's through `@theme/` and `@docusaurus/`, which are
// docsgen's static ones), then rendered once with React into the page's HTML. React itself is the
// compiler's: the bundle reads it from a global, so components and renderer share one instance.
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { esbuildBuild } from '../esbuild-service.ts';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { packageRoot } from '../package-root.ts';
import type { MdxPageContext } from '../../runtime/mdx/theme.tsx';
import { bundleFrames, type BundleSources, type CompiledPositions } from './positions.ts';

const THEME_FILE = () => path.join(packageRoot(), 'src/runtime/mdx/theme.tsx');

/** What each Docusaurus import docsgen provides is, as a module of the theme's exports. */
export const DOCUSAURUS_MODULES: Record<string, string> = {
  '@theme/Tabs': 'export { Tabs as default } from THEME;',
  '@theme/TabItem': 'export { TabItem as default } from THEME;',
  '@theme/Admonition': 'export { Admonition as default } from THEME;',
  '@theme/Details': 'export { Details as default } from THEME;',
  '@theme/CodeBlock': 'export { CodeBlock as default } from THEME;',
  '@docusaurus/Link': 'export { Link as default } from THEME;',
  '@docusaurus/useBaseUrl': 'export { useBaseUrl as default } from THEME;',
  '@docusaurus/useDocusaurusContext': 'export { useDocusaurusContext as default } from THEME;',
  '@docusaurus/BrowserOnly': 'export { BrowserOnly as default } from THEME;',
  '@docusaurus/useIsBrowser': 'export { useIsBrowser as default } from THEME;',
  '@docusaurus/router': 'export { useLocation, useHistory, Redirect } from THEME;',
};

/** Names MDX pages may use without importing them. */
export const GLOBAL_COMPONENTS = ['Details'];

const SHARED = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom/server'] as const;
/** How a component's module asks to be hydrated in the browser. */
const ISLAND = /^export\s+const\s+client\s*=\s*true\b/m;
const IMAGE = /\.(png|jpe?g|gif|webp|avif|ico|bmp|svg)$/i;

/**
 * What threw while the page's module loaded (its imports and exports ran) or rendered, and how its
 * place in the page is known: `element`, the element of the page whose component threw; `code`,
 * the page's own code (an `{expression}`, an export) that threw; `within`, the page's element that
 * last began rendering (what threw is rendered inside it, or after it by an element around it);
 * `unknown`, no line.
 */
export interface ComponentFailure {
  phase: 'load' | 'render';
  at: 'element' | 'code' | 'within' | 'unknown';
  /** The component that threw, if a component did. */
  component?: string;
  /** The page's element, for `within`. */
  element?: string;
  line?: number;
  column?: number;
  /** Where in a file other than the page (a component's, absolute) the throw was, when known. */
  source?: { file: string; line: number; column: number };
  message: string;
}

/** An island's browser chunk: a file of the output, named by its content. */
export interface IslandChunk {
  /** Relative to the output folder: `assets/islands/Counter-1a2b3c4d.js`. */
  path: string;
  code: string;
}

export interface MdxRender {
  html: string;
  /** The chunks of the page's islands, if it has any. */
  islands: IslandChunk[];
  /** The CSS the page's components import (CSS modules scoped), or ''. */
  css: string;
  /** Every file the bundle read, absolute, for the page's cache entry. */
  inputs: string[];
  /** Images the page imported, absolute. */
  images: string[];
}

export interface MdxRenderOptions {
  /** The page's file: relative imports resolve from its folder. */
  file: string;
  /** The config's folder, which `@site/` names. */
  siteDir: string;
  /** The project's root: CSS-module class names carry a hash of the module's path relative to it. */
  rootDir: string;
  page: MdxPageContext;
  /** A local image's published URL (content-hashed, copied by the build). */
  imageUrl: (abs: string) => string | undefined;
  /** The site's base URL, under which island chunks are served. */
  baseUrl: string;
}

/** Why bundling failed, with the import that did it when esbuild names one. */
export class MdxBundleError extends Error {
  constructor(
    message: string,
    readonly specifier?: string,
    /** Where, when esbuild met it in a file other than the page (a component's): absolute, line and column from 1. */
    readonly inFile?: { file: string; line: number; column: number },
  ) {
    super(message);
  }
}

export class MdxRenderError extends Error {
  constructor(readonly failure: ComponentFailure) {
    super(failure.message);
  }
}

/**
 * Bundles a page's compiled MDX (an ES module whose default export is the content) and renders it.
 * `positions` are the compiled code's places in the MDX, for what its code throws.
 */
export async function renderMdx(compiled: string, positions: CompiledPositions, options: MdxRenderOptions): Promise<MdxRender> {
  const images: string[] = [];
  const islands = new Map<string, IslandChunk>();
  const cssModules = new Set<string>();
  const outdir = path.join(path.dirname(options.file), '__docsgen_mdx');
  let result: esbuild.BuildResult & { outputFiles: esbuild.OutputFile[]; metafile: esbuild.Metafile };
  try {
    result = await esbuildBuild({
      entryPoints: ['docsgen:page'],
      bundle: true,
      write: false,
      outdir,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      metafile: true,
      logLevel: 'silent',
      // Whitespace only: names stay, for what a component throws; CSS loses its path comments.
      minifyWhitespace: true,
      // Read only when something throws: where, in the page or a component's file.
      sourcemap: 'external',
      sourcesContent: false,
      // Docusaurus sites write components with JSX in .js files.
      loader: { '.js': 'jsx', '.module.css': 'local-css' },
      alias: { '@site': options.siteDir },
      plugins: [pagePlugin(compiled, options, images, islands), cssModulesPlugin(options.rootDir, cssModules)],
    });
  } catch (e) {
    const first = (e as esbuild.BuildFailure).errors?.[0];
    // As written in the page or component ("originally" when an alias rewrote it).
    const specifier = first ? (/\(originally "([^"]+)"\)/.exec(first.text) ?? /Could not resolve "([^"]+)"/.exec(first.text))?.[1] : undefined;
    // A file of esbuild's is relative to the working folder; the page and docsgen's own modules have a namespace.
    const loc = first?.location;
    const inFile = loc && !/^[\w-]{2,}:/.test(loc.file) ? { file: path.resolve(process.cwd(), loc.file), line: loc.line, column: loc.column + 1 } : undefined;
    throw new MdxBundleError(first ? first.text : String(e), specifier, inFile);
  }
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const map = result.outputFiles.find((f) => f.path.endsWith('.js.map'))!.text;
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  const inputs = Object.keys(result.metafile.inputs)
    .filter((p) => !p.includes(':'))
    .map((p) => path.resolve(process.cwd(), p))
    .concat([...cssModules]);
  shareReact();
  const url = `data:text/javascript;base64,${Buffer.from(js).toString('base64')}`;
  const bundle: BundleSources = { url, map, outdir, page: positions };
  const holder = globalThis as { __docsgenMdxPage?: MdxPageContext };
  const stackTraceLimit = Error.stackTraceLimit;
  // Deep enough to reach the page's frame below a library's own.
  Error.stackTraceLimit = 50;
  try {
    let mod: { default: React.ComponentType<{ components?: Record<string, unknown> }>; globals: Record<string, unknown> };
    try {
      mod = await import(url);
    } catch (e) {
      throw new MdxRenderError(failureOf(e, 'load', bundle));
    }
    holder.__docsgenMdxPage = options.page;
    begun = undefined;
    try {
      // React puts preload links for the page's images first: the page's <head> is not this HTML's.
      const html = renderToStaticMarkup(React.createElement(mod.default, { components: mod.globals })).replace(/^(?:<link rel="preload"[^>]*>)+/, '');
      return { html, css, inputs, images, islands: [...islands.values()] };
    } catch (e) {
      throw new MdxRenderError(failureOf(e, 'render', bundle));
    }
  } finally {
    holder.__docsgenMdxPage = undefined;
    Error.stackTraceLimit = stackTraceLimit;
  }
}

/** The page module, the Docusaurus modules docsgen provides, React from the compiler, and images as their URLs. */
function pagePlugin(compiled: string, options: MdxRenderOptions, images: string[], islands: Map<string, IslandChunk>): esbuild.Plugin {
  const theme = JSON.stringify(THEME_FILE());
  return {
    name: 'docsgen-mdx',
    setup(build) {
      // A module the page imports that says `export const client = true` is an island.
      build.onResolve({ filter: /^[./@]/, namespace: 'docsgen-mdx' }, async (args) => {
        if (/^@(theme|docusaurus)\//.test(args.path)) return undefined;
        const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer });
        if (found.errors.length || !found.path || !/\.[cm]?[jt]sx?$/.test(found.path)) return undefined;
        if (!ISLAND.test(readFileSync(found.path, 'utf8'))) return undefined;
        const chunk = await islandChunk(found.path, options);
        islands.set(chunk.path, chunk);
        return { path: found.path, namespace: 'docsgen-island', pluginData: `${options.baseUrl}${chunk.path}` };
      });
      build.onLoad({ filter: /.*/, namespace: 'docsgen-island' }, (args) => ({ contents: islandModule(args.path, args.pluginData as string), loader: 'js', resolveDir: path.dirname(args.path) }));
      // The bundle's source map names this module PAGE_SOURCE (positions.ts).
      build.onResolve({ filter: /^docsgen:page$/ }, () => ({ path: 'page', namespace: 'docsgen-mdx' }));
      build.onLoad({ filter: /.*/, namespace: 'docsgen-mdx' }, () => ({
        // The theme's global components travel with the page: the renderer passes them as `components`.
        contents: [compiled, `export { globalComponents as globals } from ${theme};`].join('\n'),
        loader: 'jsx',
        resolveDir: path.dirname(options.file),
      }));
      build.onResolve({ filter: /^@(theme|docusaurus)\// }, (args) => {
        if (args.path in DOCUSAURUS_MODULES) return { path: args.path, namespace: 'docsgen-theme' };
        return { errors: [{ text: `${args.path} is not one of the Docusaurus modules docsgen provides` }] };
      });
      build.onLoad({ filter: /.*/, namespace: 'docsgen-theme' }, (args) => ({ contents: DOCUSAURUS_MODULES[args.path].replace('THEME', theme), loader: 'js', resolveDir: packageRoot() }));
      build.onResolve({ filter: /^react(\/jsx-runtime|\/jsx-dev-runtime)?$|^react-dom\/server$/ }, (args) => ({ path: args.path, namespace: 'docsgen-react' }));
      build.onLoad({ filter: /.*/, namespace: 'docsgen-react' }, (args) => ({ contents: `module.exports = globalThis.__docsgenShared[${JSON.stringify(args.path)}];`, loader: 'js' }));
      build.onLoad({ filter: IMAGE }, (args) => {
        images.push(args.path);
        const url = options.imageUrl(args.path);
        return { contents: `export default ${JSON.stringify(url ?? '')};`, loader: 'js' };
      });
    },
  };
}

/** Marks the resolve the CSS-module plugin asks esbuild for, so that it does not answer itself. */
const RESOLVING_CSS_MODULE = Symbol('docsgen.css-module');

/**
 * CSS modules with class names of their own. esbuild names a class `<file name>_<class>`, adding
 * `2` on a clash within one bundle: `a/styles.module.css` and `b/styles.module.css` both made
 * `styles_box`, and which one got the `2` depended on the bundle (the page's or an island's, whose
 * HTML must agree). Each module is loaded under a name holding a hash of its path relative to the
 * project, so its classes are `styles_1a2b3c4d_box` in every bundle, on any checkout. The modules'
 * real paths are added to `read` (the metafile lists them under the virtual name).
 */
function cssModulesPlugin(rootDir: string, read: Set<string>): esbuild.Plugin {
  return {
    name: 'docsgen-css-modules',
    setup(build) {
      build.onResolve({ filter: /\.module\.css$/ }, async (args) => {
        if (args.pluginData === RESOLVING_CSS_MODULE) return undefined;
        const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, namespace: 'file', pluginData: RESOLVING_CSS_MODULE });
        if (found.errors.length || found.external || found.namespace !== 'file') return found.errors.length ? { errors: found.errors } : undefined;
        read.add(found.path);
        const hash = createHash('sha256').update(path.relative(rootDir, found.path).split(path.sep).join('/')).digest('hex').slice(0, 8);
        return { path: found.path.replace(/\.module\.css$/, `-${hash}.module.css`), namespace: 'docsgen-css-module', pluginData: found.path };
      });
      build.onLoad({ filter: /.*/, namespace: 'docsgen-css-module' }, (args) => {
        const file = args.pluginData as string;
        return { contents: readFileSync(file, 'utf8'), loader: 'local-css', resolveDir: path.dirname(file), watchFiles: [file] };
      });
    },
  };
}

/**
 * React for the bundles: the compiler's own. `jsxDEV` (what MDX compiles to in development mode)
 * carries each element's place in the page; a component written in the page is wrapped so that
 * what it throws says which one it was and where.
 */
function shareReact(): void {
  const shared = globalThis as { __docsgenShared?: Record<(typeof SHARED)[number], unknown> };
  if (shared.__docsgenShared) return;
  const jsxDEV = (type: unknown, props: unknown, key: unknown, isStatic: boolean, source?: { lineNumber?: number; columnNumber?: number }) =>
    (isStatic ? jsxRuntime.jsxs : jsxRuntime.jsx)(guarded(type, source) as React.ElementType, props as object, key as string | undefined);
  shared.__docsgenShared = { react: React, 'react/jsx-runtime': jsxRuntime, 'react/jsx-dev-runtime': { jsxDEV, Fragment: jsxRuntime.Fragment }, 'react-dom/server': { renderToString } };
}

const FAILURE = Symbol('docsgen.mdx.failure');
const wrapped = new WeakMap<object, Map<string, unknown>>();
/** The page's element that last began rendering (renders are synchronous, one page at a time). */
let begun: { component: string; line: number; column: number } | undefined;

function guarded(type: unknown, source?: { lineNumber?: number; columnNumber?: number }): unknown {
  if (typeof type !== 'function' || (type.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent || !source?.lineNumber) return type;
  const at = `${source.lineNumber}:${source.columnNumber ?? 0}`;
  let byPlace = wrapped.get(type);
  if (!byPlace) wrapped.set(type, (byPlace = new Map()));
  let guard = byPlace.get(at);
  if (!guard) {
    const component = (type as { displayName?: string }).displayName || type.name || 'Anonymous';
    const render = type as (props: unknown) => unknown;
    const place = { component, line: source.lineNumber, column: source.columnNumber ?? 1 };
    guard = function MdxComponent(props: unknown) {
      begun = place;
      try {
        return render(props);
      } catch (e) {
        if (e && typeof e === 'object' && !(FAILURE in e)) Object.assign(e, { [FAILURE]: place });
        throw e;
      }
    };
    byPlace.set(at, guard);
  }
  return guard;
}

/** What threw and where, as exactly as can be known (see ComponentFailure). */
function failureOf(e: unknown, phase: ComponentFailure['phase'], bundle: BundleSources): ComponentFailure {
  const message = e instanceof Error ? e.message : String(e);
  const known = e && typeof e === 'object' ? (e as { [FAILURE]?: { component: string; line: number; column: number } })[FAILURE] : undefined;
  if (known) return { phase, at: 'element', ...known, message };
  const frames = bundleFrames(typeof (e as Error)?.stack === 'string' ? (e as Error).stack! : '', bundle);
  const inFile = frames.find((f) => f.place.in === 'file');
  const source = inFile?.place.in === 'file' ? { file: inFile.place.file, line: inFile.place.line, column: inFile.place.column } : undefined;
  // A component's function named in a file's frame above the page's (React calls components, the page's code calls helpers).
  const component = frames.find((f) => f.place.in === 'file' && f.name && /^[A-Z]/.test(f.name))?.name;
  const page = frames.find((f) => f.place.in === 'page');
  if (page?.place.in === 'page') return { phase, at: 'code', line: page.place.line, column: page.place.column, source, message };
  if (phase === 'render' && begun) return { phase, at: 'within', component, element: begun.component, line: begun.line, column: begun.column, source, message };
  return { phase, at: 'unknown', component, source, message };
}

/** The browser chunks of the MDX pages' islands, by output path: pages that share an island share its file. */
export function islandFiles(pages: Iterable<{ islands?: IslandChunk[] }>): Map<string, string> {
  const files = new Map<string, string>();
  for (const page of pages) for (const chunk of page.islands ?? []) files.set(chunk.path, chunk.code);
  return files;
}

/** Past this, a module is told by its size and times, not read: a cache entry may name any file. */
const HASHED_BYTES = 64 * 1024 * 1024;

/**
 * A file's hash, for the cache entries of the pages that import it; null for none, or for what is
 * not a regular file (opened without blocking: a pipe or a device is not read, ever).
 */
export function fileHash(file: string): string | null {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    const info = fstatSync(fd);
    if (!info.isFile()) return null;
    if (info.size > HASHED_BYTES) return `large:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
    return createHash('sha256').update(readFileSync(fd)).digest('hex');
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The server side of an island: the component rendered as React renders for hydration, inside a
 * <docsgen-island> that names its chunk and carries its props (JSON: an island takes data, not
 * children written in the page).
 */
function islandModule(file: string, chunkUrl: string): string {
  const name = path.basename(file).replace(/\.[^.]+$/, '');
  // Lines joined rather than a template: the compiled CLI must not hold lines that read as its own imports.
  return [
    `import Real from ${JSON.stringify(file)};`,
    "import { createElement, isValidElement } from 'react';",
    "import { renderToString } from 'react-dom/server';",
    `export * from ${JSON.stringify(file)};`,
    'export default function Island(props) {',
    '  for (const [key, value] of Object.entries(props)) {',
    '    if (isValidElement(value) || (Array.isArray(value) && value.some(isValidElement)) || typeof value === "function") {',
    `      throw new Error(${JSON.stringify(`island ${name}`)} + ': its props must be data (JSON); "' + key + '" is not');`,
    '    }',
    '  }',
    `  return createElement('docsgen-island', { 'data-chunk': ${JSON.stringify(chunkUrl)}, 'data-props': JSON.stringify(props), dangerouslySetInnerHTML: { __html: renderToString(createElement(Real, props)) } });`,
    '}',
    `Island.displayName = ${JSON.stringify(name)};`,
  ].join('\n');
}

const chunks = new Map<string, Promise<IslandChunk>>();

/** An island's browser chunk: the component and what it imports, React taken from the page's shell. */
function islandChunk(file: string, options: MdxRenderOptions): Promise<IslandChunk> {
  let made = chunks.get(file);
  if (!made) {
    made = buildIslandChunk(file, options);
    chunks.set(file, made);
    // Made again when its sources may have changed (the next build, or a save in serve --watch).
    made.finally(() => setTimeout(() => chunks.delete(file), 0)).catch(() => {});
  }
  return made;
}

async function buildIslandChunk(file: string, options: MdxRenderOptions): Promise<IslandChunk> {
  const theme = JSON.stringify(THEME_FILE());
  const result = await esbuildBuild({
    stdin: {
      contents: [
        `import Component from ${JSON.stringify(file)};`,
        "import { createElement } from 'react';",
        "import { hydrateRoot } from 'react-dom/client';",
        'export default (element, props) => hydrateRoot(element, createElement(Component, props));',
      ].join('\n'),
      resolveDir: path.dirname(file),
      loader: 'js',
    },
    bundle: true,
    write: false,
    outdir: path.join(path.dirname(file), '__docsgen_island'),
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    jsx: 'automatic',
    // Identifiers kept: minifying them renames CSS-module classes too ("d" for `Counter_…_counter`),
    // and what the island sets after hydration would not match the page's CSS.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'silent',
    loader: { '.js': 'jsx', '.module.css': 'local-css' },
    alias: { '@site': options.siteDir },
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      {
        name: 'docsgen-island',
        setup(build) {
          build.onResolve({ filter: /^react(\/jsx-runtime)?$|^react-dom\/client$/ }, (args) => ({ path: args.path, namespace: 'docsgen-react' }));
          build.onLoad({ filter: /.*/, namespace: 'docsgen-react' }, (args) => ({ contents: `module.exports = window.__docsgenReact[${JSON.stringify(args.path)}];`, loader: 'js' }));
          build.onResolve({ filter: /^@(theme|docusaurus)\// }, (args) =>
            args.path in DOCUSAURUS_MODULES ? { path: args.path, namespace: 'docsgen-theme' } : { errors: [{ text: `${args.path} is not one of the Docusaurus modules docsgen provides` }] },
          );
          build.onLoad({ filter: /.*/, namespace: 'docsgen-theme' }, (args) => ({ contents: DOCUSAURUS_MODULES[args.path].replace('THEME', theme), loader: 'js', resolveDir: packageRoot() }));
          build.onLoad({ filter: IMAGE }, (args) => ({ contents: `export default ${JSON.stringify(options.imageUrl(args.path) ?? '')};`, loader: 'js' }));
        },
      },
      // The same class names as the page's bundle gives the server-rendered HTML it hydrates.
      cssModulesPlugin(options.rootDir, new Set()),
    ],
  });
  const code = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const name = path
    .basename(file)
    .replace(/\.[^.]+$/, '')
    .replace(/[^\w-]/g, '_');
  return { path: `assets/islands/${name}-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`, code };
}
