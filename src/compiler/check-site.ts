// `docsgen check`: every check a build makes, without bundling, rendering, indexing or writing
// anything but the cache; `--external` adds the pages' http(s) links, `--changed-since` narrows the
// checks to what a change can have broken.
import { checkTransformed } from './build.ts';
import { Site, stageTimer } from './site.ts';
import { cacheDirOf } from './persistent-cache.ts';
import { transformPages, type TransformedPage } from './transform-markdown.ts';
import { applySeverity, sortDiagnostics, type Diagnostic } from './errors.ts';
import { rel } from './load-config.ts';
import type { SourcePage } from './collect-docs.ts';
import type { ExternalRef } from './check-external.ts';
import { changeScope } from './change-scope.ts';

export interface CheckOptions {
  config: string;
  cwd?: string;
  /** As for a build: default `<root>/.docsgen-cache`, false for none. */
  cacheDir?: string | false;
  external?: boolean;
  /** A git ref: check only the pages changed since it, and the pages that link to them. */
  changedSince?: string;
  /** The external-link cache's clock, for tests. */
  now?: () => number;
}

export interface CheckResult {
  /** Errors and warnings, sorted by place. */
  diagnostics: Diagnostic[];
  pageCount: number;
  /** With --changed-since: how many pages were checked; `everything` says why all were (the config changed). */
  scope?: { pages: number; everything?: string };
  external?: { links: number; checked: number; cached: number; skipped: number };
  timings: Record<string, number>;
}

export async function check(options: CheckOptions): Promise<CheckResult> {
  const timings: Record<string, number> = {};
  const time = stageTimer(timings);
  const core = new Site({ config: options.config, cwd: options.cwd, cacheDir: options.cacheDir });
  const state = await core.state(time);
  const { site, assets } = state;
  const { config } = site;
  const cacheDir = cacheDirOf(options, config);
  // Nothing is rendered: the pages' markdown trees are all the checks need.
  const context = { ...state.context, checkOnly: true };
  const found = options.changedSince ? await time('scope', () => changeScope(state, options.changedSince!, (pages) => transformPages(pages, context))) : undefined;
  const scope = found && 'pages' in found ? found : undefined;

  let transformed: Map<string, TransformedPage>;
  if (scope) {
    transformed = scope.transformed;
  } else {
    transformed = await time('transform', () => transformPages(site.pages, { ...context, prune: true }));
    await time('cache', () => core.pruneStore(state));
  }
  const sources = scope ? site.pages.filter((p) => scope.pages.has(p)) : site.pages;
  // No bundle is made: its file names, hashed and in a folder of their own, cannot clash with content.
  const generated = [...assets.urls.values()].map((url) => url.slice(config.baseUrl.length));
  const checked = await checkTransformed(state, transformed, time, { sources, generated });
  const diagnostics = scope ? checked.diagnostics.filter(scope.reports) : checked.diagnostics;

  let external: CheckResult['external'];
  if (options.external) {
    const { checkExternalLinks } = await import('./check-external.ts');
    const refs = externalRefs(sources, transformed);
    const found = await time('external', () => checkExternalLinks(refs, { settings: config.user.externalLinks, cacheDir, now: options.now }));
    diagnostics.push(...applySeverity(found.diagnostics, config.user.checks));
    external = { links: found.links, checked: found.checked, cached: found.cached, skipped: found.skipped };
  }
  return {
    diagnostics: sortDiagnostics(diagnostics),
    pageCount: checked.graph.pages.size,
    ...(options.changedSince ? { scope: found && 'everything' in found ? { pages: sources.length, everything: found.everything } : { pages: sources.length } } : {}),
    ...(external ? { external } : {}),
    timings,
  };
}

function externalRefs(sources: SourcePage[], transformed: Map<string, TransformedPage>): ExternalRef[] {
  return sources.flatMap((p) => (transformed.get(p.id)?.externalLinks ?? []).map((l) => ({ url: l.url, file: rel(p.file), line: l.line, column: l.column })));
}
