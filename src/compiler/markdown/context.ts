// What docsgen's remark plugins read for a page and what they find in it. One frozen processor
// serves every page: each page's context and result travel in `vfile.data.docsgen`.
import type { TocEntry } from '../../shared/types.ts';
import type { Diagnostic } from '../errors.ts';

export interface OutboundLink {
  /** As written. */
  raw: string;
  /** Route of the target page, or undefined for a same-page anchor; unresolved `.md` files keep their path. */
  route?: string;
  anchor?: string;
  /** A `.md` link whose file is not a page. */
  missingFile?: string;
  line: number;
  column: number;
}

/** An http(s) link or image, for `docsgen check --external`; never fetched by a build. */
export interface ExternalLink {
  url: string;
  line: number;
  column: number;
}

export interface ImageRef {
  raw: string;
  /** Absolute path of the file on disk, for relative images. */
  file?: string;
  /** Site path, for images served from the static folder. */
  sitePath?: string;
  /** The content-hashed URL a relative image was given: the page's HTML holds it. */
  url?: string;
  /** Why the file cannot be published as an image (outside the source folders, not an image). */
  problem?: string;
  line: number;
  column: number;
}

export interface HeadingInfo {
  id: string;
  text: string;
  level: number;
}

export interface DocsgenMarkdownContext {
  file: string;
  /** Route of the page, for links relative to it. */
  pageRoute: string;
  lineOffset: number;
  toc: { min: number; max: number };
  /** Maps a link to a `.md` file (resolved absolute path) to its route. */
  routeOfFile: (absPath: string) => string | undefined;
  /** Resolves a relative path against the page's file. */
  resolvePath: (relative: string) => string;
  /** The docs folder: links to `/x.md` name files from it (see file-links.ts). */
  docsDir?: string;
  /** Public URL for a local image (copied with a content hash). */
  imageUrl: (absPath: string) => string | undefined;
  /** Why a local file cannot be published as an image; undefined for an image, or a missing file. */
  imageProblem: (absPath: string) => string | undefined;
}

export interface DocsgenMarkdownResult {
  headings: HeadingInfo[];
  toc: TocEntry[];
  links: OutboundLink[];
  images: ImageRef[];
  /** Ids given in raw HTML (`<a id="x">`, `<a name="x">`): link targets as headings are. */
  anchors?: string[];
  /** Only when the page has some. */
  externalLinks?: ExternalLink[];
  firstH1?: string;
  diagnostics: Diagnostic[];
}

export interface PageMarkdown {
  ctx: DocsgenMarkdownContext;
  out: DocsgenMarkdownResult;
}

/** The file a plugin is given: the page's markdown as parsed, and its context. */
export interface PageFile {
  value: unknown;
  data: Record<string, unknown>;
}

export function pageMarkdown(vfile: PageFile): PageMarkdown {
  return vfile.data.docsgen as PageMarkdown;
}

/** Where a node starts in the page's file (the frontmatter's lines counted back in). */
export function at(ctx: DocsgenMarkdownContext, node: { position?: { start: { line: number; column: number } } }): { line: number; column: number } {
  return { line: (node.position?.start.line ?? 1) + ctx.lineOffset, column: node.position?.start.column ?? 1 };
}
