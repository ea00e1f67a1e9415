// What one page may hold. Content is untrusted: past these, a page fails with its location and a
// hint instead of taking the build's memory or stack. Documented in AUTHORING.md.

/** A markdown page's size in bytes: a 1 MB page transforms in a few seconds, a table of 2 MB takes about 2.5 GB. */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;

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
}

/**
 * A cheap look at a page's text before it is parsed, for shapes whose parse cost grows faster than
 * their size: lines nested deeper than the limit (the parser revisits every open block on every
 * line), and paragraphs with thousands of open emphasis markers or brackets. Conservative: what
 * passes here is still checked exactly on the parsed tree.
 */
export function pageShapeProblem(text: string): ShapeProblem | undefined {
  const lines = text.split('\n');
  let fence: string | undefined;
  let inline: Inline = { emphasis: 0, brackets: 0, markup: 0 };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fenceMark = /^[ \t>]*(?:(?:[*+-]|\d{1,9}[.)])[ \t]+[ \t>]*)*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined;
      continue;
    }
    // A fence, a blank line, a list item, a table row or a heading starts a new run of inline text.
    if (fenceMark || line.trim() === '' || /^[ \t>]*(?:[*+-]|\d{1,9}[.)])(?:[ \t]|$)|^[ \t>]*[|#]/.test(line)) {
      inline = { emphasis: 0, brackets: 0, markup: 0 };
    }
    if (fenceMark) {
      fence = fenceMark;
      continue;
    }
    if (lineDepth(line) > MAX_NESTING_DEPTH) {
      return { line: i + 1, message: `blocks nest more than ${MAX_NESTING_DEPTH} levels deep here`, hint: 'flatten the nested lists or quotes' };
    }
    const problem = readInline(line, inline);
    if (problem) return { line: i + 1, ...problem };
  }
  return undefined;
}

/** At least how many blocks a line sits in: each quote or list marker before its text, and each two columns of indentation. */
function lineDepth(line: string): number {
  const prefix = /^[ \t>]*(?:(?:[*+-]|\d{1,9}[.)])[ \t]+[ \t>]*)*/.exec(line)![0];
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
  for (const m of text.matchAll(/[*_]+|[[\]()<>!]/g)) {
    inline.markup += m[0].length;
    if (inline.markup > MAX_PARAGRAPH_MARKUP) {
      return { message: `this paragraph holds more than ${MAX_PARAGRAPH_MARKUP} markup characters ([ ] ( ) < > ! * _)`, hint: 'split it into paragraphs, or put literal text in a code block' };
    }
    if (m[0] === '[') {
      if (++inline.brackets > MAX_OPEN_MARKERS) return { message: `more than ${MAX_OPEN_MARKERS} brackets are open at once in this paragraph`, hint: 'close the [ you open, or write a literal one as \\[' };
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
