// `docsgen migrate-check <docusaurus-site>`: checks an existing Docusaurus site's docs folder as
// docsgen would build it, without changing the site, and says by class what does not move over
// unchanged: the report a team reads before deciding to switch.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { check } from './check-site.ts';
import { DocsgenError, type Diagnostic, type RuleId } from './errors.ts';

export interface MigrateOptions {
  /** The Docusaurus site: the folder of its docusaurus.config.(js|ts|mjs). */
  siteDir: string;
  /** The docs folder, relative to the site (default: the config's docs `path`, else `docs`). */
  docs?: string;
  /** The sidebars file, relative to the site (default: the config's `sidebarPath`, else sidebars.js/ts if there). */
  sidebars?: string;
  /** The docs' route base (default: the config's `routeBasePath`, else `docs`, as Docusaurus's). */
  routeBasePath?: string;
}

/** A kind of problem a team weighs on its own: how many, on which pages. */
export interface MigrateClass {
  name: string;
  /** What to do about it. */
  advice: string;
  diagnostics: Diagnostic[];
  /** Within the class, what was met how often (an import, a component), most often first. */
  top: [what: string, count: number][];
}

export interface MigrateReport {
  docsDir: string;
  pages: number;
  mdxPages: number;
  /** Pages with no error. */
  clean: number;
  classes: MigrateClass[];
  /** Set when the site could not be loaded far enough to check its pages. */
  stoppedAt?: string;
}

const CLASSES: { name: string; advice: string; rules?: RuleId[]; match?: (d: Diagnostic) => boolean; what?: (d: Diagnostic) => string | undefined }[] = [
  {
    name: 'MDX: Docusaurus imports docsgen does not provide',
    advice: 'write the component in the site (@site/src/components/…) or replace it with markdown',
    rules: ['unsupported-mdx'],
    what: (d) => /^import of ([^\s:]+)/.exec(d.message)?.[1],
  },
  {
    name: 'MDX: components used without an import',
    advice: 'import them (Docusaurus may have provided them through a swizzled MDXComponents)',
    match: (d) => d.rule === 'invalid-mdx' && /is not defined on this page/.test(d.message),
    what: (d) => /JSX component (\S+)/.exec(d.message)?.[1],
  },
  {
    name: 'MDX: imports that do not resolve',
    advice: 'install the package, or fix the path (imports resolve from the page, @site/ and node_modules)',
    match: (d) => d.rule === 'invalid-mdx' && /cannot resolve the import/.test(d.message),
    what: (d) => /import "([^"]+)"/.exec(d.message)?.[1],
  },
  {
    name: 'MDX: components and code that throw at build time',
    advice: 'components, {expressions} and exports run once at build time, without a browser: guard uses of window/document, or make components islands',
    match: (d) => d.rule === 'invalid-mdx' && /threw while (rendering|loading)/.test(d.message),
    what: (d) => /component (\S+) threw/.exec(d.message)?.[1],
  },
  {
    name: 'MDX: syntax',
    advice: 'MDX 3 syntax, as Docusaurus 3 requires: escape < and { in text',
    match: (d) => d.rule === 'invalid-mdx',
  },
  {
    name: 'Links, anchors and images',
    advice: "links into generated content (API pages, remote READMEs) need docsgen's OpenAPI or remote sources; others are broken in Docusaurus too",
    rules: ['broken-link', 'broken-markdown-link', 'broken-anchor', 'broken-image', 'malformed-url', 'unsafe-link'],
    what: (d) => /^broken (?:link|anchor|image) (?:to )?(\S+?):/.exec(d.message)?.[1]?.replace(/#.*$/, ''),
  },
  {
    name: 'Sidebars',
    advice: 'see AUTHORING.md, Sidebars',
    rules: ['invalid-sidebar', 'unknown-sidebar-id', 'duplicate-sidebar-entry'],
  },
  {
    name: 'Frontmatter, ids and routes',
    advice: 'see AUTHORING.md, Frontmatter',
    rules: ['invalid-frontmatter', 'invalid-route', 'duplicate-route', 'duplicate-doc-id', 'unknown-doc-id', 'invalid-category', 'outside-sources'],
  },
  {
    name: 'Markdown',
    advice: 'directives and limits: see AUTHORING.md, Markdown',
    rules: ['invalid-directive', 'duplicate-heading-id', 'page-too-large', 'page-too-complex', 'transform-failed'],
  },
];

export async function migrateCheck(options: MigrateOptions): Promise<MigrateReport> {
  const siteDir = path.resolve(options.siteDir);
  const dconfig = ['docusaurus.config.ts', 'docusaurus.config.js', 'docusaurus.config.mjs', 'docusaurus.config.cjs'].map((f) => path.join(siteDir, f)).find((f) => existsSync(f));
  // Read, not run: a Docusaurus config requires its presets, which need not be installed.
  const text = dconfig ? readFileSync(dconfig, 'utf8') : '';
  const said = (key: string) => new RegExp(`\\b${key}\\s*:\\s*['"\`]([^'"\`]*)['"\`]`).exec(text)?.[1];
  // A `path:` in the config may be the blog's: the docs folder Docusaurus defaults to wins when it is there.
  const docs = options.docs ?? (existsSync(path.join(siteDir, 'docs')) ? 'docs' : said('path')) ?? 'docs';
  const sidebars = options.sidebars ?? said('sidebarPath') ?? ['sidebars.js', 'sidebars.ts'].find((f) => existsSync(path.join(siteDir, f)));
  const routeBasePath = options.routeBasePath ?? said('routeBasePath') ?? 'docs';
  const docsDir = path.resolve(siteDir, docs);
  if (!existsSync(docsDir))
    throw new DocsgenError({
      rule: 'invalid-config',
      severity: 'error',
      file: path.relative(process.cwd(), siteDir) || '.',
      message: `no docs folder at ${path.relative(process.cwd(), docsDir)}`,
      hint: 'pass --docs <folder>, relative to the site',
    });
  // The config goes in the site's folder (so @site/ is the site), under a name no site uses, and is removed when done.
  const configFile = path.join(siteDir, `.docsgen-migrate-check-${randomBytes(4).toString('hex')}.config.ts`);
  const url = said('url') ?? '';
  const settings = {
    title: said('title') || 'Docs',
    url: /^https?:\/\/\S+$/.test(url) ? url : 'https://example.com',
    search: false,
    docs: { path: docs, routeBasePath, ...(sidebars ? { sidebarPath: sidebars } : {}) },
    staticDir: 'static',
    // The team's own site, checked by the team: its MDX runs, as it does in Docusaurus.
    markdown: { format: 'detect' },
  };
  writeFileSync(configFile, `import { defineConfig } from 'docsgen';\nexport default defineConfig(${JSON.stringify(settings, null, 2)});\n`);
  let diagnostics: Diagnostic[];
  let pages = 0;
  let stoppedAt: string | undefined;
  try {
    const result = await check({ config: configFile, cacheDir: false });
    diagnostics = result.diagnostics;
    pages = result.pageCount;
  } catch (e) {
    if (!(e instanceof DocsgenError)) throw e;
    diagnostics = [...e.diagnostics, ...(e.warnings ?? [])];
    stoppedAt = 'the site could not be loaded far enough to check its pages: these come first';
  } finally {
    rmSync(configFile, { force: true });
  }
  const { files, mdx } = countPages(docsDir);
  const withErrors = new Set(diagnostics.filter((d) => d.severity === 'error' && /\.mdx?$/.test(d.file)).map((d) => d.file));
  return {
    docsDir,
    pages: stoppedAt ? files : Math.min(pages, files) || files,
    mdxPages: mdx,
    clean: Math.max(0, files - withErrors.size),
    classes: classify(diagnostics),
    ...(stoppedAt ? { stoppedAt } : {}),
  };
}

function classify(diagnostics: Diagnostic[]): MigrateClass[] {
  const classes = CLASSES.map((c) => ({ ...c, diagnostics: [] as Diagnostic[] }));
  const other: MigrateClass = { name: 'Other', advice: 'see README.md, Checks', diagnostics: [], top: [] };
  for (const d of diagnostics) {
    const c = classes.find((k) => (k.rules ? k.rules.includes(d.rule) : k.match!(d)));
    (c ? c.diagnostics : other.diagnostics).push(d);
  }
  const out: MigrateClass[] = classes.map(({ name, advice, diagnostics: list, what }) => {
    const counts = new Map<string, number>();
    for (const d of list) {
      const w = what?.(d);
      if (w) counts.set(w, (counts.get(w) ?? 0) + 1);
    }
    return { name, advice, diagnostics: list, top: [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5) };
  });
  return [...out, other].filter((c) => c.diagnostics.length > 0);
}

/** The docs folder's pages, and how many of them are MDX, as docsgen counts them. */
function countPages(docsDir: string): { files: number; mdx: number } {
  let files = 0;
  let mdx = 0;
  const walk = (dir: string) => {
    for (const e of readdirSafe(dir)) {
      if (e.name.startsWith('_') || e.name.startsWith('.') || e.name === 'node_modules') continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.mdx?$/.test(e.name)) {
        files++;
        if (e.name.endsWith('.mdx')) mdx++;
      }
    }
  };
  walk(docsDir);
  return { files, mdx };
}

function readdirSafe(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** The report as text: the summary by class, then every problem at its place. */
export function formatMigrateReport(report: MigrateReport, format: (d: Diagnostic) => string): string {
  const lines: string[] = [];
  const errors = report.classes.flatMap((c) => c.diagnostics).filter((d) => d.severity === 'error').length;
  lines.push(`docsgen migrate-check: ${path.relative(process.cwd(), report.docsDir) || '.'}: ${report.pages} pages, ${report.mdxPages} of them MDX`);
  if (report.stoppedAt) lines.push(`  stopped early: ${report.stoppedAt}`);
  lines.push(errors === 0 ? '  every page moves over unchanged' : `  ${report.clean} of ${report.pages} pages move over unchanged; what does not, by class:`);
  for (const c of report.classes) {
    const e = c.diagnostics.filter((d) => d.severity === 'error').length;
    const w = c.diagnostics.length - e;
    const pages = new Set(c.diagnostics.map((d) => d.file)).size;
    lines.push('', `  ${c.name}: ${e} error${e === 1 ? '' : 's'}${w ? `, ${w} warning${w === 1 ? '' : 's'}` : ''} in ${pages} file${pages === 1 ? '' : 's'}`);
    for (const [what, n] of c.top) lines.push(`      ${n} × ${what}`);
    lines.push(`    → ${c.advice}`);
  }
  if (report.classes.length) {
    lines.push('', 'Every problem:');
    for (const c of report.classes) for (const d of c.diagnostics) lines.push(format(d));
  }
  return lines.join('\n');
}
