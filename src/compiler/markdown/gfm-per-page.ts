// remark-gfm's syntax costs most where a page cannot use it. Its autolink literals try to start an
// email address at every letter and digit of the prose, and its tables try to start at every line.
// On a 500-page site these two were a third of all parsing. A page is therefore parsed first with
// the GFM constructs it can contain, and again with all of GFM if the first tree shows it might have
// needed the rest. The output is the same as with remark-gfm alone; a test parses tricky inputs both
// ways and compares.
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { combineExtensions } from 'micromark-util-combine-extensions';
import type { Extension as MicromarkExtension } from 'micromark-util-types';
import type { Extension as FromMarkdownExtension } from 'mdast-util-from-markdown';
import type { Nodes } from 'mdast';
import type { Processor } from 'unified';
import type { VFile } from 'vfile';

/** What of GFM a page gets on its first parse. */
export interface GfmGates {
  /** Its source has a line a table's delimiter row could be. */
  table: boolean;
  /** Its source has something that may become a literal autolink (in text, or once decoded). */
  literals: boolean;
}

/**
 * A table needs a delimiter row: a line of only `|`, `:`, `-` and spaces, with a `-` and a `|` or
 * `:`, after any blockquote markers. Any line that could be one switches tables on.
 */
const DELIMITER_ROW = /^(?=[^\n]*-)(?=[^\n]*[|:])[ \t\r>|:-]+$/m;
/**
 * What every literal autolink holds: `@` (email, mailto:, xmpp:), `www.`, or `http://`/`https://`;
 * `&` and `\` because a character reference or an escape (`www\.x.org`) can make any of them.
 */
const LITERAL_TRIGGER = /[@&\\]|www\.|https?:\/\//i;
const LITERAL_IN_TEXT = /@|www\.|https?:\/\//i;

export function gfmGatesOf(markdown: string): GfmGates {
  return { table: DELIMITER_ROW.test(markdown), literals: LITERAL_TRIGGER.test(markdown) };
}

export function gatesKey(gates: GfmGates): string {
  return `${gates.table ? 't' : ''}${gates.literals ? 'l' : ''}`;
}

/**
 * Use right after remark-gfm. Swaps the syntax extension remark-gfm added for GFM without literal
 * autolinks (and without tables when the page has none), and drops the tree transform that finds
 * literal autolinks when the page holds nothing it could find.
 */
export function remarkGfmGated(this: Processor, gates: GfmGates): void {
  const data = this.data() as { micromarkExtensions?: MicromarkExtension[]; fromMarkdownExtensions?: (FromMarkdownExtension | FromMarkdownExtension[])[] };
  const syntax = data.micromarkExtensions;
  const trees = data.fromMarkdownExtensions;
  const gfm = syntax?.at(-1);
  // remark-gfm's extension knows `~` (strikethrough): a check that it is the one being replaced.
  if (!syntax || !trees || !gfm?.text?.[126]) throw new Error('remarkGfmGated must come right after remark-gfm');
  syntax[syntax.length - 1] = combineExtensions([gfmFootnote(), gfmStrikethrough(), ...(gates.table ? [gfmTable()] : []), gfmTaskListItem()]);
  if (!gates.literals) {
    const last = trees[trees.length - 1];
    trees[trees.length - 1] = (Array.isArray(last) ? last : [last]).map((e) => (e.transforms ? { ...e, transforms: [] } : e));
  }
}

/**
 * Whether a tree parsed without literal autolinks may differ from one parsed with them. They only
 * occur in text content, which ends up in text nodes and image alts; where else the source has an
 * `@` or a URL (code, HTML, link destinations, attributes) neither parse makes one. remark-gfm's
 * tree transform, kept in the first parse, may already have turned some of that text into a link
 * (one without a position, as the syntax makes none), splitting what it matched: that counts too.
 */
export function mayHaveLiteralAutolinks(tree: Nodes): boolean {
  if (tree.type === 'text') return LITERAL_IN_TEXT.test(tree.value);
  if (tree.type === 'link' && !tree.position) return true;
  if ((tree.type === 'image' || tree.type === 'imageReference') && tree.alt && LITERAL_IN_TEXT.test(tree.alt)) return true;
  if ('children' in tree) for (const child of tree.children) if (mayHaveLiteralAutolinks(child)) return true;
  return false;
}

/** Parses a page with the GFM it can use: `processors(gates)` made with remarkGfmGated, `processors()` with all of GFM. */
export function parseWithGfmGates(file: VFile, processors: (gates?: GfmGates) => Processor): { tree: Nodes; processor: Processor } {
  const gates = gfmGatesOf(String(file.value));
  const processor = processors(gates);
  const tree = processor.parse(file) as Nodes;
  if (gates.literals && mayHaveLiteralAutolinks(tree)) return { tree: processors().parse(file) as Nodes, processor };
  return { tree, processor };
}
