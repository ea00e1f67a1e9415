// The command line: `docsgen build`, `docsgen check`, `docsgen snapshot` and `docsgen serve`. It drives the compiler and the
// server, so it sits beside them rather than in either. Exit codes: 0 success, 1 problems in the user's input,
// 2 bad usage of the command itself.
import { Command, CommanderError, Option } from 'commander';
import { DocsgenError, formatDiagnostic, sortDiagnostics, UsageError, type Diagnostic } from '../compiler/errors.ts';
import { docsgenVersion } from '../compiler/package-root.ts';
import { formatAll, FORMATS, githubInternalError, jsonSummary, type OutputFormat, type Summary } from '../compiler/report.ts';

const DEFAULT_CONFIG = 'site/docsgen.config.ts';
const DEFAULT_OUT = 'build';

export async function main(argv: string[]): Promise<number> {
  const program = new Command();
  let exitCode = 0;
  program
    .name('docsgen')
    .description('Compile a folder of markdown, an OpenAPI document and a site config into a static documentation site.')
    .version(docsgenVersion())
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  program
    .command('build')
    .description('build the site into the output folder')
    .option('-c, --config <file>', 'site configuration', DEFAULT_CONFIG)
    .option('-o, --out <dir>', 'output folder', DEFAULT_OUT)
    .option('--no-cache', 'ignore and do not write the .docsgen-cache folder')
    .option('--verbose', 'print stage timings and stack traces')
    .addOption(formatOption())
    .action(async (opts: BuildCliOptions) => {
      exitCode = await runBuild(opts);
    });

  program
    .command('check')
    .description('run every check of a build without rendering or writing anything')
    .option('-c, --config <file>', 'site configuration', DEFAULT_CONFIG)
    .option('--external', 'also check every http(s) link of the pages (see externalLinks in the config)')
    .option('--changed-since <ref>', 'check only the pages changed since this git ref, and the pages that link to them')
    .option('--no-cache', 'ignore and do not write the .docsgen-cache folder')
    .option('--verbose', 'print stage timings and stack traces')
    .addOption(formatOption())
    .action(async (opts: CheckCliOptions) => {
      exitCode = await runCheck(opts);
    });

  program
    .command('snapshot')
    .description('download every remote document the config names and write it to its snapshot file (only files whose bytes changed)')
    .option('-c, --config <file>', 'site configuration', DEFAULT_CONFIG)
    .option('--no-cache', 'ignore and do not write the .docsgen-cache folder')
    .option('--verbose', 'print stack traces')
    .action(async (opts: { config: string; cache: boolean; verbose?: boolean }) => {
      exitCode = await runSnapshot(opts);
    });

  program
    .command('migrate-check')
    .argument('<docusaurus-site>', "the folder of a Docusaurus site's docusaurus.config.js")
    .description("check a Docusaurus site's docs folder as docsgen would build it, and report by class what does not move over unchanged")
    .option('--docs <folder>', "the docs folder, relative to the site (default: docs, or the config's docs path)")
    .option('--sidebars <file>', "the sidebars file, relative to the site (default: the config's sidebarPath, or sidebars.js)")
    .option('--route-base-path <path>', "the docs route base (default: the config's routeBasePath, or docs)")
    .option('--verbose', 'print stack traces')
    .action(async (site: string, opts: { docs?: string; sidebars?: string; routeBasePath?: string; verbose?: boolean }) => {
      exitCode = await runMigrateCheck(site, opts);
    });

  program
    .command('serve')
    .description('build, then serve the site like a static host')
    .option('-c, --config <file>', 'site configuration', DEFAULT_CONFIG)
    .option('-o, --out <dir>', 'output folder', DEFAULT_OUT)
    .option('-w, --watch', 'rebuild on changes and reload open pages')
    .option(
      '-p, --port <n>',
      'port',
      (v) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 0 || n > 65535) throw new CommanderError(2, 'docsgen.badPort', `error: invalid port "${v}"`);
        return n;
      },
      3000,
    )
    .option('--host <h>', 'host name to listen on', '127.0.0.1')
    .option('--verbose', 'print stage timings and stack traces')
    .action(async (opts: { config: string; out: string; watch?: boolean; port: number; host: string; verbose?: boolean }) => {
      // Stopping must not wait for a build still running in worker threads.
      const { serve } = await import('../server/serve.ts');
      process.exit(await serve(opts));
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
      return 2;
    }
    throw e;
  }
  return exitCode;
}

interface BuildCliOptions {
  config: string;
  out: string;
  cache: boolean;
  verbose?: boolean;
  format: OutputFormat;
}

interface CheckCliOptions {
  config: string;
  external?: boolean;
  changedSince?: string;
  cache: boolean;
  verbose?: boolean;
  format: OutputFormat;
}

function formatOption(): Option {
  return new Option('--format <format>', 'how problems are printed: text, json (one object a line) or github (workflow commands)').choices(FORMATS).default('text');
}

async function runBuild(opts: BuildCliOptions): Promise<number> {
  const t0 = performance.now();
  const ms = () => Math.round(performance.now() - t0);
  try {
    // Imported per command, so that --help and --version answer at once; the compiler only when
    // the output is not up to date already.
    const options = { config: opts.config, outDir: opts.out, cacheDir: opts.cache ? undefined : (false as const) };
    const { checkUpToDate } = await import('../compiler/up-to-date.ts');
    const last = opts.cache ? await checkUpToDate(options) : undefined;
    let built: { pages: number; redirects: number; warnings: Diagnostic[]; timings?: Record<string, number> };
    if (last?.record) {
      built = last.record;
    } else {
      const { build } = await import('../compiler/build.ts');
      const result = await build({ ...options, ...(last ? { loaded: { config: last.config, ...(last.remote ? { remote: last.remote } : {}) } } : {}) });
      built = { pages: result.pageCount, redirects: result.redirects.size, warnings: result.warnings, timings: result.timings };
    }
    const what = `${built.pages} pages and ${built.redirects} redirects`;
    const line = last?.record
      ? `docsgen: ${opts.out}/ is up to date: ${what}, built from the same sources, config and compiler (checked in ${ms()} ms)`
      : `docsgen: built ${what} into ${opts.out}/ in ${ms()} ms`;
    if (opts.format === 'text') {
      for (const w of built.warnings) console.warn(formatDiagnostic(w));
      console.log(line);
    } else {
      const summary = { command: 'build' as const, ok: true, errors: 0, warnings: built.warnings.length, durationMs: ms(), pages: built.pages, redirects: built.redirects, out: opts.out };
      report(opts.format, sortDiagnostics(built.warnings), summary, line);
    }
    if (opts.verbose && opts.format !== 'json' && built.timings) console.log(`stages (ms): ${JSON.stringify(built.timings)}`);
    return 0;
  } catch (e) {
    if (opts.format === 'text') return reportFailure(e, opts.verbose);
    return reportFailureAs(opts.format, 'build', e, ms(), 'the previous output was left untouched', opts.verbose);
  }
}

async function runCheck(opts: CheckCliOptions): Promise<number> {
  const t0 = performance.now();
  const ms = () => Math.round(performance.now() - t0);
  try {
    const { check } = await import('../compiler/check-site.ts');
    const result = await check({ config: opts.config, cacheDir: opts.cache ? undefined : false, external: opts.external, changedSince: opts.changedSince });
    const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = result.diagnostics.length - errors;
    const s = result.scope;
    const checkedPages = s && !s.everything ? s.pages : result.pageCount;
    const what = !s
      ? `${result.pageCount} pages`
      : s.everything
        ? `${result.pageCount} pages (${s.everything}, so every page)`
        : `${s.pages} of ${result.pageCount} pages (changed since ${opts.changedSince}, and the pages linking to them)`;
    const x = result.external;
    const external = x ? `; ${plural(x.links, 'external link')}: ${x.checked} requested, ${x.cached} known good, ${x.skipped} skipped` : '';
    const line = `docsgen: checked ${what}${external} in ${ms()} ms: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
    const summary: Summary = { command: 'check', ok: errors === 0, errors, warnings, durationMs: ms(), pages: result.pageCount, checkedPages, ...(x ? { external: x } : {}) };
    report(opts.format, result.diagnostics, summary, line);
    if (opts.verbose && opts.format !== 'json') console.log(`stages (ms): ${JSON.stringify(result.timings)}`);
    return errors ? 1 : 0;
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`docsgen: ${e.message}`);
      return 2;
    }
    if (opts.format === 'text' && !(e instanceof DocsgenError)) return reportFailure(e, opts.verbose);
    return reportFailureAs(opts.format, 'check', e, ms(), 'the other checks need these fixed first', opts.verbose);
  }
}

async function runSnapshot(opts: { config: string; cache: boolean; verbose?: boolean }): Promise<number> {
  const t0 = performance.now();
  try {
    const { loadConfig, rel } = await import('../compiler/load-config.ts');
    const { cacheDirOf } = await import('../compiler/persistent-cache.ts');
    const { snapshotRemote } = await import('../compiler/collect-remote.ts');
    const config = await loadConfig(opts.config);
    if (!config.user.remoteContent?.length) {
      console.log('docsgen: the config names no remote content (remoteContent); nothing to do');
      return 0;
    }
    const result = await snapshotRemote(config, { cacheDir: cacheDirOf({ cacheDir: opts.cache ? undefined : false }, config) });
    for (const file of result.written) console.log(`wrote ${rel(file)}`);
    const errors = sortDiagnostics(result.diagnostics);
    for (const d of errors) console.error(formatDiagnostic(d));
    const line = `docsgen: ${plural(result.written.length, 'snapshot')} written, ${result.unchanged} unchanged${errors.length ? `, ${plural(errors.length, 'error')}` : ''} in ${Math.round(performance.now() - t0)} ms`;
    (errors.length ? console.error : console.log)(line);
    return errors.length ? 1 : 0;
  } catch (e) {
    return reportFailure(e, opts.verbose, 'snapshot');
  }
}

async function runMigrateCheck(site: string, opts: { docs?: string; sidebars?: string; routeBasePath?: string; verbose?: boolean }): Promise<number> {
  try {
    const { migrateCheck, formatMigrateReport } = await import('../compiler/migrate-check.ts');
    const report = await migrateCheck({ siteDir: site, docs: opts.docs, sidebars: opts.sidebars, routeBasePath: opts.routeBasePath });
    console.log(formatMigrateReport(report, formatDiagnostic));
    return report.classes.some((c) => c.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
  } catch (e) {
    return reportFailure(e, opts.verbose);
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Diagnostics then the summary: json prints only JSON lines on stdout; text and github end with a sentence. */
function report(format: OutputFormat, diagnostics: Diagnostic[], summary: Summary, line: string): void {
  if (format === 'json') {
    for (const l of formatAll('json', diagnostics)) console.log(l);
    console.log(jsonSummary(summary));
    return;
  }
  if (format === 'github') for (const l of formatAll('github', diagnostics)) console.log(l);
  else for (const d of diagnostics) (d.severity === 'error' ? console.error : console.warn)(formatDiagnostic(d));
  (summary.ok ? console.log : console.error)(line);
}

/** A failed command in any format but build's text (reportFailure keeps that as it always was). */
function reportFailureAs(format: OutputFormat, command: 'build' | 'check', e: unknown, durationMs: number, after: string, verbose?: boolean): number {
  if (e instanceof DocsgenError) {
    const diagnostics = sortDiagnostics([...e.diagnostics, ...e.warnings]);
    const errors = e.diagnostics.filter((d) => d.severity === 'error').length;
    const line = `\ndocsgen: ${command} failed with ${plural(errors, 'error')}; ${after}.`;
    report(format, diagnostics, { command, ok: false, errors, warnings: diagnostics.length - errors, durationMs }, line);
    if (verbose) console.error(e.stack);
    return 1;
  }
  const message = (e as Error)?.message ?? String(e);
  if (format === 'json') console.log(jsonSummary({ command, ok: false, errors: 0, warnings: 0, durationMs, internalError: message }));
  else if (format === 'github') console.log(githubInternalError(message));
  else console.error(`docsgen: internal error: ${message}`);
  console.error((e as Error)?.stack ?? '');
  return 1;
}

export function reportFailure(e: unknown, verbose?: boolean, command: 'build' | 'snapshot' = 'build'): number {
  if (e instanceof DocsgenError) {
    console.error(e.message);
    const n = e.diagnostics.filter((d) => d.severity === 'error').length;
    const after = command === 'build' ? 'the previous output was left untouched' : 'no snapshot was written';
    console.error(`\ndocsgen: ${command} failed with ${n} error${n === 1 ? '' : 's'}; ${after}.`);
    if (verbose) console.error(e.stack);
    return 1;
  }
  console.error(`docsgen: internal error: ${(e as Error)?.message ?? e}`);
  console.error((e as Error)?.stack ?? '');
  return 1;
}
