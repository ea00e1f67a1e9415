import { describe, expect, it } from 'vitest';
import { MAX_BLOCKS, MAX_NESTING_DEPTH, MAX_OPEN_MARKERS, MAX_PARAGRAPH_LINES, pageShapeProblem } from '../../src/compiler/limits.ts';

describe('pageShapeProblem: shapes whose parse cost outgrows their size fail before parsing', () => {
  it.each([
    ['lists nested by indentation', Array.from({ length: 300 }, (_, i) => `${' '.repeat(2 * i)}- x`).join('\n'), MAX_NESTING_DEPTH + 1],
    ['list markers on one line', `${'- '.repeat(150)}x`, 1],
    ['quotes on one line', `${'> '.repeat(150)}x`, 1],
    ['emphasis opened across many lines', `${'*a\n'.repeat(1200)}${'b*\n'.repeat(1200)}`, MAX_OPEN_MARKERS + 1],
    ['nested emphasis on one line', `${'_a '.repeat(4000)}${'b_ '.repeat(4000)}`, 1],
    ['nested brackets', `${'['.repeat(5000)}x${']'.repeat(5000)}`, 1],
    ['a paragraph of unfinished links', 'text [a](b '.repeat(8000), 1],
    ['a paragraph of lazy lines after a quote', `> a\n${'b\n'.repeat(1200)}`, MAX_PARAGRAPH_LINES + 1],
    // An inline tag at a line's start does not make an HTML block: the paragraph's markdown is parsed.
    ['emphasis after an inline tag', `<span> ${'_a '.repeat(4000)}${'b_ '.repeat(4000)}`, 1],
    ['a paragraph of strikethrough markers', '~a '.repeat(30_000), 1],
    ['thousands of footnote references', 'See[^x] '.repeat(6000), 1],
    ['tens of thousands of HTML blocks', '<p>\n\n'.repeat(30_000), 2 * MAX_BLOCKS + 1],
    ['directive containers nested past the limit', `${':::note\n'.repeat(150)}x\n${':::\n'.repeat(150)}`, MAX_NESTING_DEPTH + 1],
    ['thousands of setext headings', 'a\n=\n'.repeat(1100), 2002],
    ['a table of too many cells', `| a | b |\n|---|---|\n${'|x|y|\n'.repeat(7000)}`, 6667],
  ])('%s', (_, text, line) => {
    expect(pageShapeProblem(text)?.line).toBe(line);
  });

  it.each([
    ['emphasis that closes', 'some **bold** and *it* text, snake_case_words and 2 * 3 * 4. '.repeat(1500)],
    ['a code fence holding markers and indentation', `\`\`\`\n${`${' '.repeat(400)}*a _b\n`.repeat(2000)}\`\`\``],
    ['code spans', '`*a` '.repeat(5000)],
    ['a table of bold cells', `| a | b |\n|---|---|\n${'| **x** *y* | **z** _w_ |\n'.repeat(2000)}`],
    ['open markers in separate paragraphs', '*a\n\n'.repeat(5000)],
    // 24 list markers with runs of spaces: a backtracking pattern took minutes on these 97 bytes.
    ['list markers with wide gaps', `${'-   '.repeat(24)}x\n${'1.   '.repeat(20)}x`],
    ['a raw HTML table without blank lines', `<table>\n${'<tr><td><a href="x">[a]</a> (b) *c* _d_</td></tr>\n'.repeat(1500)}</table>`],
    ['reference definitions without blank lines', '[a]: https://example.com/(x)_y_\n'.repeat(1500)],
    ['directive containers opened and closed in turn', ':::note\nx\n:::\n\n'.repeat(500)],
    ['lists as deep as allowed', Array.from({ length: 50 }, (_, i) => `${' '.repeat(2 * i)}- x`).join('\n')],
  ])('%s pass', (_, text) => {
    expect(pageShapeProblem(text)).toBeUndefined();
  });
});
