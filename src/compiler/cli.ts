// `docsgen build` and `docsgen serve`. Exit codes: 0 success, 1 problems in the user's input,
// 2 bad usage of the command itself.
import { Command, CommanderError } from 'commander';
import { DocsgenError, formatDiagnostic } from './errors.ts';
import { docsgenVersion } from './package-root.ts';

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
    .action(async (opts: { config: string; out: string; cache: boolean; verbose?: boolean }) => {
      exitCode = await runBuild(opts);
    });

  program
    .command('serve')
    .description('build, then serve the site like a static host')
    .option('-c, --config <file>', 'site configuration', DEFAULT_CONFIG)
    .option('-o, --out <dir>', 'output folder', DEFAULT_OUT)
    .option('-w, --watch', 'rebuild on changes and reload open pages')
    .option('-p, --port <n>', 'port', (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 65535) throw new CommanderError(2, 'docsgen.badPort', `error: invalid port "${v}"`);
      return n;
    }, 3000)
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

async function runBuild(opts: { config: string; out: string; cache: boolean; verbose?: boolean }): Promise<number> {
  const t0 = performance.now();
  try {
    // Imported per command, so that --help and --version answer at once.
    const { build } = await import('./build.ts');
    const result = await build({ config: opts.config, outDir: opts.out, cacheDir: opts.cache ? undefined : false });
    for (const w of result.warnings) console.warn(formatDiagnostic(w));
    const ms = Math.round(performance.now() - t0);
    console.log(`docsgen: built ${result.pageCount} pages and ${result.redirects.size} redirects into ${opts.out}/ in ${ms} ms`);
    if (opts.verbose) console.log(`stages (ms): ${JSON.stringify(result.timings)}`);
    return 0;
  } catch (e) {
    return reportFailure(e, opts.verbose);
  }
}

export function reportFailure(e: unknown, verbose?: boolean): number {
  if (e instanceof DocsgenError) {
    console.error(e.message);
    const n = e.diagnostics.filter((d) => d.severity === 'error').length;
    console.error(`\ndocsgen: build failed with ${n} error${n === 1 ? '' : 's'}; the previous output was left untouched.`);
    if (verbose) console.error(e.stack);
    return 1;
  }
  console.error(`docsgen: internal error: ${(e as Error)?.message ?? e}`);
  console.error((e as Error)?.stack ?? '');
  return 1;
}
