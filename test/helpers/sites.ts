// Built sites shared by the test files of one run: the first file that needs a site builds it,
// the others (in other workers) wait for it. Tests must treat a shared build as read-only and copy
// it before changing anything.
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { fixture, repoRoot, runCli } from './run.ts';

export interface SiteVariant {
  /** A fixture folder under test/fixtures, or 'unleash' for the real site. */
  from: string;
  /** Edits the copied config source (only for fixtures). */
  patchConfig?: (source: string) => string;
}

export const SITES = {
  shell: { from: 'shell-site' },
  /** Follows the system colour scheme and sends no page views. */
  shellSystem: {
    from: 'shell-site',
    patchConfig: (s: string) => s.replace('respectPrefersColorScheme: false', 'respectPrefersColorScheme: true').replace(/\n  analytics: .*\n/, '\n'),
  },
  /** Page views through gtag.js instead of an endpoint. */
  shellGtag: { from: 'shell-site', patchConfig: (s: string) => s.replace("analytics: { endpoint: '/__analytics' }", "analytics: { gtag: { trackingId: 'G-TEST1234' } }") },
  /** Built for /docs/, to be served at the root: a wrong base URL. */
  shellWrongBase: { from: 'shell-site', patchConfig: (s: string) => s.replace("baseUrl: '/'", "baseUrl: '/docs/'") },
  /** Fetches ahead at most 1 KB of route data a page view for the links in view. */
  shellTinyPrefetch: { from: 'shell-site', patchConfig: (s: string) => s.replace('  baseUrlIssueBanner: true,\n', '  baseUrlIssueBanner: true,\n  prefetch: { budgetKB: 1 },\n') },
  unleash: { from: 'unleash' },
} satisfies Record<string, SiteVariant>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function build(variant: SiteVariant, dir: string): { ok: boolean; log: string } {
  if (variant.from === 'unleash') {
    const r = runCli(['build', '--out', path.join(dir, 'build')], repoRoot);
    return { ok: r.status === 0, log: r.stdout + r.stderr };
  }
  cpSync(fixture(variant.from), dir, { recursive: true });
  if (variant.patchConfig) {
    const file = path.join(dir, 'site/docsgen.config.ts');
    const before = readFileSync(file, 'utf8');
    const after = variant.patchConfig(before);
    if (after === before) return { ok: false, log: 'patchConfig changed nothing' };
    writeFileSync(file, after);
  }
  const r = runCli(['build'], dir);
  return { ok: r.status === 0, log: r.stdout + r.stderr };
}

/** The build folder of a site variant, built once per test run. */
export async function builtSite(name: keyof typeof SITES): Promise<string> {
  const dir = path.join(inject('runDir'), name);
  const done = `${dir}.done`;
  const failed = `${dir}.failed`;
  let mine = true;
  try {
    mkdirSync(`${dir}.lock`);
  } catch {
    mine = false;
  }
  if (mine) {
    const result = build(SITES[name], dir);
    writeFileSync(result.ok ? done : failed, result.log);
  }
  while (!existsSync(done) && !existsSync(failed)) await sleep(200);
  if (existsSync(failed)) throw new Error(`building ${name} failed:\n${readFileSync(failed, 'utf8')}`);
  return path.join(dir, 'build');
}
