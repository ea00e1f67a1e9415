// `docsgen check --changed-since <ref>`: the pages a change can have broken, found without
// transforming the whole site. They are the pages changed since the ref, and the pages that link
// to them or to what the change removed. A page can only link to another by writing part of its
// address (its file or route name) in a link, so a scan of the raw markdown's link destinations
// finds the candidates, and only they are transformed to see where their links really go. The
// link targets' headings are then needed for the anchors, so those pages are transformed too.
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { SiteState } from './site.ts';
import { lastSegment, stripNumberPrefix, type SourcePage } from './collect-docs.ts';
import type { SidebarItemConfig } from './define-config.ts';
import { UsageError, type Diagnostic, type RuleId } from './errors.ts';
import { rel, type ResolvedConfig } from './load-config.ts';
import type { TransformedPage } from './transform-markdown.ts';
import { normaliseRoute, safeDecode } from '../shared/routes.ts';

export interface ChangeScope {
  /** The pages whose own checks run: those changed, and those linking to what changed. */
  pages: Set<SourcePage>;
  /** Whether a diagnostic is one of this scope's. */
  reports: (d: Diagnostic) => boolean;
  /** The pages checked and the targets of their links, transformed, and the generated pages. */
  transformed: Map<string, TransformedPage>;
}

/** When a change can alter any page (the config did), the scope is the whole site, for this reason. */
export interface WholeSite {
  everything: string;
}

export type Transform = (pages: SourcePage[]) => Promise<Map<string, TransformedPage>>;

/**
 * Checks that look across the site: when pages were added, removed, renamed or given another id
 * or slug, their problems are reported wherever they are written.
 */
const SITE_WIDE_RULES = new Set<RuleId>([
  'duplicate-route',
  'duplicate-doc-id',
  'output-conflict',
  'unknown-sidebar-id',
  'unknown-doc-id',
  'invalid-sidebar',
  'duplicate-sidebar-entry',
  'redirect-target',
  'redirect-source',
]);

export async function changeScope(state: SiteState, ref: string, transform: Transform): Promise<ChangeScope | WholeSite> {
  const { site } = state;
  const { config } = site;
  const git = gitChanges(ref, config.rootDir);
  const touched = new Set([...git.changed, ...git.deleted]);
  const everything = wholeSiteReason(touched, config);
  if (everything) return { everything };

  const isPageFile = (f: string) => f.startsWith(config.docsDir + path.sep) && /\.mdx?$/i.test(f);
  const pageOf = new Map(site.pages.filter((p) => !p.prebuilt).map((p) => [p.file, p]));
  const changed = [...git.changed].flatMap((f) => pageOf.get(f) ?? []);
  const drafts = site.drafts.filter((p) => git.changed.has(p.file));
  // Added, removed or renamed, or its frontmatter (id, slug, draft…) edited: old routes and ids may
  // be linked anywhere. A static file added or removed may take or free another's output path.
  const isStaticFile = (f: string) => config.staticDir !== undefined && f.startsWith(config.staticDir + path.sep);
  const structural =
    [...git.deleted].some((f) => isPageFile(f) || isStaticFile(f)) ||
    [...git.changed].some((f) => isStaticFile(f) && git.before(f) === undefined) ||
    [...git.changed].some((f) => isPageFile(f) && git.before(f) === undefined) ||
    changed.some((p) => frontmatterBlock(git.before(p.file)) !== frontmatterBlock(readFileSync(p.file, 'utf8')));
  const changedRoutes = new Set([...changed, ...drafts].map((p) => p.route));

  // The site's routes, from its sources: enough to tell a link to a page that is gone.
  const known = new Set([...state.graph.pages.keys(), ...state.redirects.keys()]);
  const staticFiles = new Set(site.staticFiles.map((f) => f.rel));

  const needles = new Set([...[...git.changed].flatMap((f) => fileNeedles(f, pageOf.get(f)?.route)), ...[...git.deleted].flatMap((f) => fileNeedles(f, undefined, git.before(f)))]);
  const changedSet = new Set(changed);
  const candidates = site.pages.filter((p) => !p.prebuilt && !changedSet.has(p) && linkDestinations(p.body).some((d) => DOTS_ONLY.test(d) || [...needles].some((n) => d.includes(n))));
  const first = await transform([...changed, ...candidates]);

  const staticFileTouched = (sitePath: string) => config.staticDir !== undefined && touched.has(path.join(config.staticDir, safeDecode(sitePath)));
  const reachesChange = (page: SourcePage, t: TransformedPage): boolean =>
    t.links.some((l) => {
      if (l.missingFile) return touched.has(path.resolve(path.dirname(page.file), l.missingFile));
      if (l.route === undefined) return false;
      const route = normaliseRoute(l.route);
      if (changedRoutes.has(route) || staticFileTouched(l.route)) return true;
      return structural && !known.has(route) && !staticFiles.has(safeDecode(l.route).replace(/^\/+/, ''));
    }) || t.images.some((i) => (i.file !== undefined && touched.has(i.file)) || (i.sitePath !== undefined && staticFileTouched(i.sitePath)));
  const linkers = candidates.filter((p) => reachesChange(p, first.get(p.id)!));
  const pages = new Set([...changed, ...linkers]);

  const sidebarLinks = sidebarHrefs(Object.values(site.sidebars).flat());
  const redirectTargets = (config.user.redirects ?? []).map((r) => r.to).filter((to) => to.startsWith('/'));
  const sidebarsInScope = (config.sidebarFile !== undefined && touched.has(config.sidebarFile)) || structural || sidebarLinks.some((h) => changedRoutes.has(routeOf(h)));
  const configInScope = structural || redirectTargets.some((to) => changedRoutes.has(routeOf(to)));

  // Anchors are checked against their target's headings: those pages are transformed as well.
  const byRoute = new Map(site.pages.map((p) => [p.route, p]));
  const anchored = [
    ...[...pages].flatMap((p) =>
      first
        .get(p.id)!
        .links.filter((l) => l.route !== undefined && l.anchor)
        .map((l) => l.route!),
    ),
    ...(sidebarsInScope ? sidebarLinks.filter((h) => h.includes('#')) : []),
    ...(configInScope ? redirectTargets.filter((to) => to.includes('#')) : []),
  ];
  const targets = [...new Set(anchored.map((r) => byRoute.get(routeOf(r))))].filter((p): p is SourcePage => p !== undefined && !p.prebuilt && !first.has(p.id));
  const second = targets.length ? await transform(targets) : new Map<string, TransformedPage>();

  const prebuilt = site.pages.flatMap((p): [string, TransformedPage][] => (p.prebuilt ? [[p.id, p.prebuilt]] : []));
  const transformed = new Map([...prebuilt, ...first, ...second]);
  const files = new Set([...pages].map((p) => rel(p.file)));
  if (sidebarsInScope && config.sidebarFile) files.add(rel(config.sidebarFile));
  if (configInScope) files.add(rel(config.configFile));
  return { pages, transformed, reports: (d) => files.has(d.file) || (structural && SITE_WIDE_RULES.has(d.rule)) };
}

/** Why a change needs the whole site checked: it touched the config, a module it loads, an OpenAPI document or category metadata. */
function wholeSiteReason(touched: Set<string>, config: ResolvedConfig): string | undefined {
  const inside = (f: string, dir: string | undefined) => dir !== undefined && f.startsWith(dir + path.sep);
  const openapi = (config.user.openapi ?? []).flatMap((s) =>
    [s.spec, s.snapshot ?? []]
      .flat()
      .filter((p) => !/^https?:\/\//.test(p))
      .map((p) => path.resolve(config.siteDir, p)),
  );
  for (const f of [...touched].sort()) {
    if (f === config.configFile) return `${rel(f)} changed`;
    if (openapi.includes(f)) return `the OpenAPI document ${rel(f)} changed`;
    if (inside(f, config.docsDir) && /^_category_\.(json|ya?ml)$/.test(path.basename(f))) return `${rel(f)} changed`;
    // The config may import any module of its folder (redirects.ts); the static folder is content.
    if (inside(f, config.siteDir) && !inside(f, config.staticDir) && f !== config.sidebarFile && /\.(c|m)?[jt]sx?$|\.json$/.test(f)) return `${rel(f)} changed`;
  }
  return undefined;
}

/** Lowercase pieces of a file's address that any link to it must contain: its name, its route's last segment, its id and slug. */
export function fileNeedles(file: string, route: string | undefined, before?: string): string[] {
  const name = path.basename(file);
  if (!/\.mdx?$/i.test(name)) return [name.toLowerCase()];
  const stem = name.replace(/\.mdx?$/i, '');
  const fm = frontmatterBlock(before ?? readText(file)) ?? '';
  const value = (key: string) => new RegExp(`^${key}:\\s*['"]?([^'"\\n]*?)['"]?\\s*$`, 'm').exec(fm)?.[1];
  const slug = value('slug')?.replace(/\/+$/, '');
  const pieces = [stem, stripNumberPrefix(stem), route && lastSegment(route), value('id'), slug && lastSegment(slug)];
  // A folder's index page is also reached as `./index`, `../readme`; `./` and `../` are caught by DOTS_ONLY.
  if (/^(index|readme)$/i.test(stripNumberPrefix(stem))) pieces.push('index', 'readme');
  return pieces.filter((p): p is string => typeof p === 'string' && p !== '').map((p) => p.toLowerCase());
}

/** A destination with no name in it (`./`, `../`, `/`): it may reach any folder's page. */
export const DOTS_ONLY = /^[./]+(?:[?#].*)?$/;
const INLINE_DESTINATION = /\]\(\s*<?([^)\s>]+)/g;
const DEFINITION = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)/gm;

/** The destinations of a page's markdown links, images and link definitions, lowercased and decoded. */
export function linkDestinations(body: string): string[] {
  return [...body.matchAll(INLINE_DESTINATION), ...body.matchAll(DEFINITION)].map((m) => safeDecode(m[1]).toLowerCase());
}

function frontmatterBlock(text: string | undefined): string | undefined {
  return text === undefined ? undefined : /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function routeOf(href: string): string {
  return normaliseRoute(safeDecode(href.replace(/[?#].*$/, '')));
}

function sidebarHrefs(items: SidebarItemConfig[]): string[] {
  return items.flatMap((i) => (typeof i !== 'object' ? [] : i.type === 'link' && i.href.startsWith('/') ? [i.href] : i.type === 'category' ? sidebarHrefs(i.items) : []));
}

export interface GitChanges {
  /** Absolute paths of files added or modified since the ref, committed or not, untracked ones included. */
  changed: Set<string>;
  /** Absolute paths of files removed since the ref. */
  deleted: Set<string>;
  /** A file's text at the ref, or undefined when it had none. */
  before(file: string): string | undefined;
}

/**
 * What differs between the work tree and where it left `ref`: the merge base, as a pull request
 * shows it, so changes made on the target branch since are not counted as this change's.
 */
export function gitChanges(ref: string, dir: string): GitChanges {
  let cwd = dir;
  const git = (args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
  let top: string;
  try {
    top = realpathSync(git(['rev-parse', '--show-toplevel']).trim());
    cwd = top;
  } catch {
    throw new UsageError(`--changed-since needs a git repository, and ${dir} is not in one`);
  }
  try {
    git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new UsageError(`--changed-since: no commit "${ref}" in this repository (in CI, fetch it: actions/checkout with fetch-depth: 0)`);
  }
  let base: string;
  try {
    base = git(['merge-base', ref, 'HEAD']).trim();
  } catch {
    // No common history in a shallow clone: compare with the ref itself.
    base = git(['rev-parse', `${ref}^{commit}`]).trim();
  }
  // Paths as the config spells them, though git names them by their real path.
  const root = realpathSync(dir);
  const abs = (p: string) => {
    const real = path.join(top, p);
    return real.startsWith(root + path.sep) ? path.join(dir, path.relative(root, real)) : real;
  };
  const changed = new Set<string>();
  const deleted = new Set<string>();
  const diff = git(['diff', '--name-status', '--no-renames', '--no-relative', '-z', base, '--']).split('\0');
  for (let i = 0; i + 1 < diff.length; i += 2) (diff[i] === 'D' ? deleted : changed).add(abs(diff[i + 1]));
  for (const p of git(['ls-files', '--others', '--exclude-standard', '-z']).split('\0')) if (p) changed.add(abs(p));
  const texts = new Map<string, string | undefined>();
  return {
    changed,
    deleted,
    before(file) {
      if (!texts.has(file)) {
        const inRepo = path
          .relative(top, path.join(root, path.relative(dir, file)))
          .split(path.sep)
          .join('/');
        let text: string | undefined;
        try {
          text = git(['show', `${base}:${inRepo}`]);
        } catch {
          text = undefined;
        }
        texts.set(file, text);
      }
      return texts.get(file);
    },
  };
}
