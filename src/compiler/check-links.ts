// Stage 5: with the whole graph known, every internal link, anchor and image is checked. All
// problems are reported at once, each at the place it was written.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SiteGraph } from './site-graph.ts';
import type { TransformedPage } from './transform-markdown.ts';
import type { SourcePage } from './collect-docs.ts';
import { normaliseRoute } from '../shared/routes.ts';
import { error, type Diagnostic } from './errors.ts';
import { rel } from './load-config.ts';

export interface CheckInput {
  graph: SiteGraph;
  sources: SourcePage[];
  transformed: Map<string, TransformedPage>;
  staticDir?: string;
  /** The static folder's files, relative to it (`img/logo.svg`). */
  staticFiles: string[];
  /** Redirect sources: linking to one is allowed, as the stub forwards the reader. */
  redirectSources: Set<string>;
  /** Draft pages left out of this build: a link to one is broken, and the message says why. */
  drafts?: SourcePage[];
}

const DRAFT_HINT = 'drafts are only built by `docsgen serve --watch`: publish the page (remove `draft: true`) or remove the link';

/** Each source's broken links, anchors and images, by its doc id (two files of one id share an entry), in source order. */
export function checkLinks(input: CheckInput): Map<string, Diagnostic[]> {
  const found = new Map<string, Diagnostic[]>();
  const { pages } = input.graph;
  // Many pages link to the same few routes and images: each is resolved once per build.
  const normalised = memo(normaliseRoute);
  const staticFiles = new Set(input.staticFiles);
  const isStatic = memo((sitePath) => staticFileExists(staticFiles, sitePath));
  const draftFiles = new Set(input.drafts?.map((p) => p.file));
  const draftRoutes = new Set(input.drafts?.map((p) => p.route));
  for (const source of input.sources) {
    const t = input.transformed.get(source.id);
    const self = pages.get(source.route);
    // A file whose id or route another file took (an error of its own) is not a page: the
    // transform under its id is the other file's, whose links are not at this file's lines.
    if (!t || self?.file !== source.file) continue;
    const out = found.get(source.id) ?? [];
    found.set(source.id, out);
    const file = rel(source.file);
    for (const link of t.links) {
      const at = { file, line: link.line, column: link.column };
      if (link.missingFile) {
        const draft = draftFiles.has(path.resolve(path.dirname(source.file), link.missingFile));
        out.push(
          draft
            ? error('broken-markdown-link', at, `broken link to ${link.raw}: ${link.missingFile} is a draft, left out of this build`, DRAFT_HINT)
            : error('broken-markdown-link', at, `broken link to ${link.raw}: no page at ${link.missingFile}`, 'link to a .md file that exists, or to a route'),
        );
        continue;
      }
      if (link.route === undefined) {
        if (link.anchor && self && !self.headingIds.has(link.anchor)) {
          out.push(error('broken-anchor', at, `broken anchor #${link.anchor}: no such heading on this page`, closestIds(link.anchor, self.headingIds)));
        }
        continue;
      }
      const route = normalised(link.route);
      const target = pages.get(route);
      if (!target) {
        if (input.redirectSources.has(route) || isStatic(link.route)) continue;
        out.push(
          draftRoutes.has(route)
            ? error('broken-link', at, `broken link to ${link.raw}: ${route} is a draft, left out of this build`, DRAFT_HINT)
            : error('broken-link', at, `broken link to ${link.raw}: no page at ${route}`, 'check the route; pages are matched exactly'),
        );
        continue;
      }
      if (link.anchor && !target.headingIds.has(link.anchor)) {
        out.push(error('broken-anchor', at, `broken anchor ${link.raw}: ${route} has no heading #${link.anchor}`, closestIds(link.anchor, target.headingIds)));
      }
    }
    for (const image of t.images) {
      const at = { file, line: image.line, column: image.column };
      if (image.problem) {
        out.push(error('broken-image', at, `broken image ${image.raw}: ${image.problem}`, 'an image must be a file of the docs or static folder in an image format'));
      } else if (image.file && !existsSync(image.file)) {
        out.push(error('broken-image', at, `broken image ${image.raw}: file not found`, `looked for ${rel(image.file)}`));
      } else if (image.sitePath && !isStatic(image.sitePath)) {
        out.push(error('broken-image', at, `broken image ${image.raw}: not in the static folder`, input.staticDir ? `looked in ${rel(input.staticDir)}` : 'no static folder is configured'));
      }
    }
  }
  return found;
}

function memo<T>(f: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    if (!known.has(key)) known.set(key, f(key));
    return known.get(key)!;
  };
}

/** Whether a site path names a file of the static folder (as listed: links out of it are not). */
function staticFileExists(staticFiles: Set<string>, sitePath: string): boolean {
  try {
    return staticFiles.has(decodeURIComponent(sitePath).replace(/^\/+/, ''));
  } catch {
    return false;
  }
}

function closestIds(anchor: string, ids: ReadonlySet<string>): string {
  const words = anchor.split('-');
  const close = [...ids].filter((id) => words.some((w) => w.length > 3 && id.includes(w))).slice(0, 3);
  return close.length ? `headings with similar ids: ${close.map((c) => `#${c}`).join(', ')}` : 'anchors are heading ids: lowercase words joined by "-"';
}
