// What one page may hold. Content is untrusted: past these, a page fails with its location and a
// hint instead of taking the build's memory or stack. Documented in AUTHORING.md.

/** A markdown page's size in bytes: a 1 MB page transforms in a few seconds, a table of 2 MB takes about 2.5 GB. */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/** A page's frontmatter, and a `_category_` file: YAML with many anchors takes seconds per 100 KB. */
export const MAX_METADATA_BYTES = 64 * 1024;

/** How deep lists, quotes and other blocks may nest in a page; the render stages recurse per level. */
export const MAX_NESTING_DEPTH = 100;

/**
 * Emphasis markers (`*`, `_`) or link brackets (`[`) a paragraph may leave open at once, and the
 * markup characters one paragraph, list item or table row may hold. The markdown parser pairs
 * these in time that grows with the square of their number: 4,000 open markers or 50,000 brackets
 * take seconds, a 2 MB paragraph of them would take hours.
 */
export const MAX_OPEN_MARKERS = 1000;
export const MAX_PARAGRAPH_MARKUP = 20_000;
/** Lines of one paragraph (lazy lines after a quote cost the parser the square of their number). */
export const MAX_PARAGRAPH_LINES = 1000;

/**
 * What a page may hold of constructs each cheap alone but costly in number: setext headings (the
 * parser's cost grows with the square of their number), list items (so does the HTML step's, per
 * list), and table cells (about 10 KB of memory each while a page is transformed).
 */
export const MAX_SETEXT_HEADINGS = 1000;
export const MAX_LIST_ITEMS = 10_000;
export const MAX_TABLE_CELLS = 20_000;
/** Blocks (runs of lines between blank lines): about 7 KB of memory each while a page is transformed. */
export const MAX_BLOCKS = 20_000;
/** Footnote references (`[^1]`): about 2 KB of memory each while a page is transformed, defined or not. */
export const MAX_FOOTNOTE_REFERENCES = 5000;

export interface ShapeProblem {
  /** 1-based, in the text given. */
  line: number;
  message: string;
  hint: string;
}

/** What is open in the paragraph being read. */
interface Inline {
  emphasis: number;
  brackets: number;
  markup: number;
  lines: number;
  /** A raw HTML block: its lines are HTML, not markdown. */
  html: boolean;
}

const freshInline = (): Inline => ({ emphasis: 0, brackets: 0, markup: 0, lines: 0, html: false });

/**
 * A cheap look at a page's text before it is parsed, for shapes whose parse cost grows faster than
 * their size: lines nested deeper than the limit (the parser revisits every open block on every
 * line), paragraphs with thousands of open emphasis markers or brackets, markup characters or
 * lines, and pages with thousands of setext headings, list items or table cells. Raw HTML blocks,
 * code fences and reference definitions are not markdown text and are skipped. Conservative: what
 * passes here is still checked exactly on the parsed tree.
 */
export function pageShapeProblem(text: string): ShapeProblem | undefined {
  const lines = text.split('\n');
  let fence: string | undefined;
  let inline = freshInline();
  const counts = { setext: 0, items: 0, cells: 0, footnotes: 0 };
  let containers = 0;
  let blocks = 0;
  let previousBlank = true;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const prefix = containerPrefix(line);
    const fenceMark = /^(`{3,}|~{3,})/.exec(line.slice(prefix.length))?.[1];
    if (fence) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined;
      continue;
    }
    const blank = line.trim() === '';
    const item = /(?:^|[ \t>])(?:[*+-]|\d{1,9}[.)])[ \t]/.test(prefix) || /^[ \t>]*(?:[*+-]|\d{1,9}[.)])$/.test(line);
    // A fence, a blank line, a list item, a table row or a heading starts a new run of inline text.
    if (fenceMark || blank || item || /^[ \t>]*[|#]/.test(line)) {
      inline = freshInline();
    }
    if (fenceMark) {
      fence = fenceMark;
      continue;
    }
    const wasBlank = previousBlank;
    previousBlank = blank;
    if (blank) continue;
    if (wasBlank && ++blocks > MAX_BLOCKS)
      return { line: i + 1, message: `this page has more than ${MAX_BLOCKS} blocks (paragraphs, HTML blocks, lists… between blank lines)`, hint: 'split the page' };
    // Directive containers (`:::note` … `:::`) nest like quotes.
    const directive = /^[ \t>]*:{3,}(\s*$|[A-Za-z])/.exec(line);
    if (directive) {
      containers = directive[1].trim() === '' ? Math.max(0, containers - 1) : containers + 1;
      if (containers > MAX_NESTING_DEPTH) return { line: i + 1, message: `blocks nest more than ${MAX_NESTING_DEPTH} levels deep here`, hint: 'close the ::: containers you open' };
    }
    // A link reference definition is a block of its own, not text.
    if (/^ {0,3}\[[^\]]{1,999}\]:/.test(line)) {
      inline = freshInline();
      continue;
    }
    if (inline.lines === 0 && startsHtmlBlock(line)) inline.html = true;
    inline.lines += 1;
    if (inline.html) continue;
    if (lineDepth(prefix) > MAX_NESTING_DEPTH) {
      return { line: i + 1, message: `blocks nest more than ${MAX_NESTING_DEPTH} levels deep here`, hint: 'flatten the nested lists or quotes' };
    }
    const problem =
      countProblem(line, i > 0 ? lines[i - 1] : '', item, counts) ??
      (inline.lines > MAX_PARAGRAPH_LINES ? { message: `this paragraph runs over more than ${MAX_PARAGRAPH_LINES} lines`, hint: 'break it up with blank lines' } : readInline(line, inline));
    if (problem) return { line: i + 1, ...problem };
    // An underline ends its heading's paragraph.
    if (/^ {0,3}(?:=+|-+)[ \t]*$/.test(line)) inline = freshInline();
  }
  return undefined;
}

/** CommonMark's block-level tag names: a line starting with one starts a raw HTML block. */
const BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
const HTML_BLOCK_START = new RegExp(`^ {0,3}<(?:/?(?:${BLOCK_TAGS})(?:[\\s/>]|$)|script|pre|style|textarea|!--|\\?|![A-Za-z]|!\\[CDATA\\[)`, 'i');

/**
 * Whether a line starts a raw HTML block, whose lines are HTML rather than markdown: a block-level
 * tag, a comment or the like, or any tag alone on its line. Not a line that only begins with an
 * inline tag (`<span> *a *a…`): that is a paragraph, and the markdown in it is parsed.
 */
export function startsHtmlBlock(line: string): boolean {
  return HTML_BLOCK_START.test(line) || /^ {0,3}<\/?[A-Za-z][\w-]*(?:\s[^<>]*)?\/?>\s*$/.test(line);
}

/** Adds a line to the page's counts of setext headings, list items and table cells, or says which limit it passes. */
function countProblem(line: string, previous: string, item: boolean, counts: { setext: number; items: number; cells: number; footnotes: number }): Omit<ShapeProblem, 'line'> | undefined {
  if (/^ {0,3}(?:=+|-+)[ \t]*$/.test(line) && previous.trim() !== '' && ++counts.setext > MAX_SETEXT_HEADINGS) {
    return { message: `this page has more than ${MAX_SETEXT_HEADINGS} headings underlined with = or -`, hint: 'write headings as # Heading, or split the page' };
  }
  if (item && ++counts.items > MAX_LIST_ITEMS) return { message: `this page has more than ${MAX_LIST_ITEMS} list items`, hint: 'split the page' };
  counts.footnotes += line.split('[^').length - 1;
  if (counts.footnotes > MAX_FOOTNOTE_REFERENCES) return { message: `this page has more than ${MAX_FOOTNOTE_REFERENCES} footnote references`, hint: 'split the page' };
  counts.cells += line.split('|').length - 1;
  if (counts.cells > MAX_TABLE_CELLS) return { message: `this page has more than ${MAX_TABLE_CELLS} table cells`, hint: 'split the table or the page' };
  return undefined;
}

/**
 * The quote markers, list markers and indentation a line starts with. One pass of one character
 * class or one marker per step: a pattern with nested repeats here took seconds on a 100-byte line.
 */
function containerPrefix(line: string): string {
  return /^(?:[ \t>]|[*+-](?=[ \t])|\d{1,9}[.)](?=[ \t]))*/.exec(line)![0];
}

/** At least how many blocks a line with this prefix sits in: each quote or list marker, and each two columns of indentation. */
function lineDepth(prefix: string): number {
  let columns = 0;
  let markers = 0;
  for (const c of prefix) {
    if (c === ' ') columns += 1;
    else if (c === '\t') columns += 4;
    else if (c === '>') markers += 1;
  }
  markers += (prefix.match(/(?:[*+-]|\d{1,9}[.)])[ \t]/g) ?? []).length;
  return markers + Math.floor(columns / 2);
}

const space = (c: string) => /\s/.test(c);
const punct = (c: string) => /[\p{P}\p{S}]/u.test(c);

/**
 * Adds a line's markup to the paragraph's counts (emphasis by CommonMark's flanking rules,
 * roughly; code spans and escapes left out), or says which limit it passes.
 */
function readInline(line: string, inline: Inline): Omit<ShapeProblem, 'line'> | undefined {
  const text = line.replace(/\\./g, ' ').replace(/(`+)[^`]*?\1/g, ' ');
  for (const m of text.matchAll(/[*_~]+|[[\]()<>!]/g)) {
    inline.markup += m[0].length;
    if (inline.markup > MAX_PARAGRAPH_MARKUP) {
      return { message: `this paragraph holds more than ${MAX_PARAGRAPH_MARKUP} markup characters ([ ] ( ) < > ! * _ ~)`, hint: 'split it into paragraphs, or put literal text in a code block' };
    }
    if (m[0] === '[') {
      if (++inline.brackets > MAX_OPEN_MARKERS)
        return { message: `more than ${MAX_OPEN_MARKERS} brackets are open at once in this paragraph`, hint: 'close the [ you open, or write a literal one as \\[' };
      continue;
    }
    if (m[0] === ']') {
      inline.brackets = Math.max(0, inline.brackets - 1);
      continue;
    }
    if (m[0][0] !== '*' && m[0][0] !== '_') continue;
    const before = m.index === 0 ? ' ' : text[m.index - 1];
    const after = text[m.index + m[0].length] ?? ' ';
    const opens = !space(after) && (!punct(after) || space(before) || punct(before));
    const closes = !space(before) && (!punct(before) || space(after) || punct(after));
    if (opens && !closes && ++inline.emphasis > MAX_OPEN_MARKERS) {
      return { message: `more than ${MAX_OPEN_MARKERS} emphasis markers are open at once in this paragraph`, hint: 'close the * and _ you open, or write a literal one as \\* or \\_' };
    }
    if (closes && !opens) inline.emphasis = Math.max(0, inline.emphasis - 1);
  }
  return undefined;
}
