// Stage 1: load the TypeScript config (and any other TS/JS module of the site) with esbuild, and
// validate it so that a typo names its key path instead of failing somewhere downstream.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { markdownPluginsOf, rememberPlugins, type PluginsRef } from './markdown/user-plugins.ts';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { esbuildBuild } from './esbuild-service.ts';
import * as z from 'zod';
import { configSchema, type DocsgenConfig } from './config-schema.ts';
import { SourceMap } from 'node:module';
import { DocsgenError, error, sortDiagnostics, type Diagnostic, type SourceLocation } from './errors.ts';

import { packageRoot } from './package-root.ts';
import { sourceRoots, type SourceRoots } from './source-files.ts';
import { rel } from './rel-path.ts';

/** Bundles a TS/JS module (ESM or CommonJS) and returns its default export. */
export async function importSiteModule(file: string): Promise<unknown> {
  return (await importSiteModuleHashed(file)).value;
}

/** importSiteModule, with the hash of the module as bundled: of its code and of all it imports. */
export async function importSiteModuleHashed(file: string): Promise<{ value: unknown; hash: string }> {
  let code: string;
  let map: string | undefined;
  // Never written: the name only anchors the source map's paths.
  const outfile = path.join(path.dirname(file), '__docsgen_module.js');
  try {
    const result = await esbuildBuild({
      entryPoints: [file],
      bundle: true,
      write: false,
      outfile,
      sourcemap: 'external',
      sourcesContent: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      alias: { docsgen: path.join(packageRoot(), 'src/compiler/define-config.ts') },
      logLevel: 'silent',
    });
    code = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
    map = result.outputFiles.find((f) => f.path.endsWith('.map'))?.text;
  } catch (e) {
    const failure = e as esbuild.BuildFailure;
    const first = failure.errors?.[0];
    throw new DocsgenError(
      error(
        'module-error',
        { file: rel(first?.location?.file ?? file), line: first?.location?.line, column: (first?.location?.column ?? 0) + 1 },
        first ? first.text : String(e),
        'the file must be valid TypeScript or JavaScript whose imports resolve',
      ),
    );
  }
  let mod;
  try {
    mod = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  } catch (e) {
    // The module is code of the site's: what it throws is reported at its own line, not as a stack
    // through a data: URL as long as the module.
    const where = thrownAt(e, map, outfile) ?? { file };
    const message = e instanceof Error ? e.message : String(e);
    throw new DocsgenError(
      error(
        'module-error',
        { ...where, file: rel(where.file) },
        `${rel(file)} threw an error while loading: ${message}`,
        'the config and sidebars are code that runs at every build: fix the error at this line',
      ),
    );
  }
  return { value: mod.default ?? mod, hash: createHash('sha256').update(code).digest('hex') };
}

/** Where in the sources an error thrown by a bundled module was thrown, from its stack and source map. */
function thrownAt(e: unknown, map: string | undefined, outfile: string): SourceLocation | undefined {
  const frame = /data:text\/javascript;base64,[A-Za-z0-9+/=]*:(\d+):(\d+)/.exec((e as Error)?.stack ?? '');
  if (!frame || !map) return undefined;
  const entry = new SourceMap(JSON.parse(map)).findEntry(Number(frame[1]) - 1, Number(frame[2]) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
  if (!entry.originalSource || entry.originalLine === undefined) return undefined;
  const source = entry.originalSource.startsWith('file://') ? new URL(entry.originalSource).pathname : path.resolve(path.dirname(outfile), entry.originalSource);
  return { file: source, line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
}

/** The config with every default applied and every path absolute. */
export interface ResolvedConfig {
  user: DocsgenConfig;
  configFile: string;
  /** Hash of the config module as bundled: its code and all it imports (plugins from packages too). */
  moduleHash: string;
  /** Folder the config file is in. */
  siteDir: string;
  /**
   * The project: the deepest folder holding the config's folder and the docs folder. The cache
   * lives in it, and cache keys and edit links name files relative to it.
   */
  rootDir: string;
  baseUrl: string;
  docsDir: string;
  routeBasePath: string;
  sidebarFile?: string;
  staticDir?: string;
  toc: { min: number; max: number };
  /** The docs' remark and rehype plugins, when the config names any (see markdown/user-plugins.ts). */
  markdownPlugins?: PluginsRef;
  /** Real paths of the folders sources may be read from: the content, docs, site and static folders. */
  roots: SourceRoots;
  /**
   * Where a page may come from: the content and docs folders. A page is published whole, so a
   * linked page may not reach into the site folder (its `.env`, its config) the way images may.
   */
  pageRoots: SourceRoots;
}

export async function loadConfig(configPath: string, cwd = process.cwd()): Promise<ResolvedConfig> {
  const configFile = path.resolve(cwd, configPath);
  // Asked of esbuild before anything is awaited: a caller may go on with work of its own while
  // esbuild bundles (up-to-date.ts walks the output).
  const imported = importSiteModuleHashed(configFile);
  imported.catch(() => {}); // awaited below, once the file is known to exist
  let source: string;
  try {
    source = await readFile(configFile, 'utf8');
  } catch {
    throw new DocsgenError(error('invalid-config', { file: rel(configFile) }, 'config file not found', 'pass --config <file> or create site/docsgen.config.ts'));
  }
  const { value: raw, hash } = await imported;
  // Parsed once: zod's compiled fast path costs more to make than it saves here.
  const parsed = configSchema.safeParse(raw, { jitless: true });
  if (!parsed.success) {
    throw new DocsgenError(sortDiagnostics(parsed.error.issues.map((issue) => schemaIssue(issue, configFile, source, 'config'))));
  }
  const user: DocsgenConfig = parsed.data;
  // Every path the config names is relative to the config's own folder, wherever it is.
  const siteDir = path.dirname(configFile);
  const toc = { min: user.tableOfContents?.minHeadingLevel ?? 2, max: user.tableOfContents?.maxHeadingLevel ?? 3 };
  if (toc.min > toc.max) {
    throw new DocsgenError(error('invalid-config', { file: rel(configFile) }, 'config.tableOfContents: minHeadingLevel is greater than maxHeadingLevel'));
  }
  const docsDir = path.resolve(siteDir, user.docs?.path ?? DEFAULT_DOCS_PATH);
  if (user.docs?.path !== undefined && !existsSync(docsDir)) {
    throw new DocsgenError(
      error('invalid-config', { file: rel(configFile), ...locate(source, 'path') }, `config.docs.path: no folder at ${rel(docsDir)}`, "paths in the config are relative to the config file's folder"),
    );
  }
  const sidebarFile = user.docs?.sidebarPath !== undefined ? path.resolve(siteDir, user.docs.sidebarPath) : defaultSidebars(siteDir);
  const staticDir = path.resolve(siteDir, user.staticDir ?? 'static');
  const rootDir = commonFolder(siteDir, docsDir);
  const plugins = markdownPluginsOf(user);
  const markdownPlugins = plugins && { configFile, key: hash };
  if (plugins) rememberPlugins(markdownPlugins!, plugins);
  return {
    ...(markdownPlugins ? { markdownPlugins } : {}),
    user,
    configFile,
    moduleHash: hash,
    siteDir,
    rootDir,
    baseUrl: user.baseUrl ?? '/',
    docsDir,
    routeBasePath: normaliseBase(user.docs?.routeBasePath ?? '/'),
    sidebarFile,
    staticDir,
    toc,
    roots: sourceRoots([path.join(rootDir, 'content'), docsDir, siteDir, staticDir]),
    pageRoots: sourceRoots([path.join(rootDir, 'content'), docsDir]),
  };
}

/** docsgen's own layout: the config in `site/`, the pages in `content/docs/` beside it. */
const DEFAULT_DOCS_PATH = '../content/docs';

/** The deepest folder holding both: the project, whose paths the cache and edit links use. */
function commonFolder(a: string, b: string): string {
  const parts = (p: string) => path.resolve(p).split(path.sep);
  const x = parts(a);
  const y = parts(b);
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return x.slice(0, i).join(path.sep) || path.sep;
}

/** What `serve --watch` watches: folders with everything below them, and single files. */
export interface SourcePaths {
  dirs: string[];
  files: string[];
}

/**
 * What a build reads from disk, for `serve --watch` to watch: the config's folder, the project's
 * content folder (markdown may use images from anywhere in it), the docs and static folders, the
 * remote content snapshot folders, the sidebars file and local OpenAPI documents; nothing inside a
 * folder already listed.
 */
export function sourcePaths(config: ResolvedConfig): SourcePaths {
  const openapi = (config.user.openapi ?? []).flatMap((s) => {
    const local = /^https?:\/\//.test(s.spec) ? s.snapshot : s.spec;
    return local ? [path.resolve(config.siteDir, local)] : [];
  });
  const snapshots = (config.user.remoteContent ?? []).map((s) => remoteSnapshotDir(config, s));
  const dirs = [...new Set([config.siteDir, path.join(config.rootDir, 'content'), config.docsDir, ...(config.staticDir ? [config.staticDir] : []), ...snapshots])];
  const outer = dirs.filter((d) => !dirs.some((o) => o !== d && d.startsWith(o + path.sep))).sort();
  const inside = (p: string) => outer.some((d) => p.startsWith(d + path.sep));
  const files = [...new Set([...(config.sidebarFile ? [config.sidebarFile] : []), ...openapi])].filter((f) => !inside(f)).sort();
  return { dirs: outer, files };
}

/**
 * The folder of a remote content source's snapshots: its `snapshot`, relative to the config file's
 * folder as every path of the config is, or by default `content/remote/<id>` of the project.
 */
export function remoteSnapshotDir(config: Pick<ResolvedConfig, 'rootDir' | 'siteDir'>, source: { id: string; snapshot?: string }): string {
  return source.snapshot !== undefined ? path.resolve(config.siteDir, source.snapshot) : path.join(config.rootDir, 'content/remote', source.id);
}

/** `sidebars.ts` beside the config, or Docusaurus's `sidebars.js` when only that is there. */
function defaultSidebars(siteDir: string): string {
  const ts = path.join(siteDir, 'sidebars.ts');
  const js = path.join(siteDir, 'sidebars.js');
  return !existsSync(ts) && existsSync(js) ? js : ts;
}

function normaliseBase(base: string): string {
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
}

/** A zod issue of a file's value (`root` names the value: `config`, `category`) as a diagnostic at its key. */
export function schemaIssue(issue: z.core.$ZodIssue, file: string, source: string, root: string): Diagnostic {
  const keyPath = [root, ...issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))].join('.').replace(/\.\[/g, '[');
  const unknown = issue.code === 'unrecognized_keys' ? issue.keys : undefined;
  const needle = unknown?.[0] ?? [...issue.path].reverse().find((p) => typeof p === 'string');
  const loc = needle ? locate(source, String(needle)) : undefined;
  const message = unknown ? `${keyPath}: unknown key ${unknown.map((k) => `"${k}"`).join(', ')}` : `${keyPath}: ${issue.message}`;
  return error(
    'invalid-config',
    { file: rel(file), ...loc },
    message,
    unknown ? (root === 'config' ? 'check the spelling against DocsgenConfig in docsgen' : 'check the spelling; AUTHORING.md lists the keys') : undefined,
  );
}

/** Best-effort line of a key in the config's source, so the message points at it. */
function locate(source: string, key: string): { line: number; column: number } | undefined {
  const re = new RegExp(`(^|[\\s{,])["']?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?\\s*:`, 'm');
  const m = re.exec(source);
  if (!m) return undefined;
  const offset = m.index + m[1].length;
  const before = source.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

export { rel };
