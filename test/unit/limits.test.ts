import { describe, expect, it } from 'vitest';
import { MAX_NESTING_DEPTH, MAX_OPEN_MARKERS, pageShapeProblem } from '../../src/compiler/limits.ts';

describe('pageShapeProblem: shapes whose parse cost outgrows their size fail before parsing', () => {
  it.each([
    ['lists nested by indentation', Array.from({ length: 300 }, (_, i) => `${' '.repeat(2 * i)}- x`).join('\n'), MAX_NESTING_DEPTH + 1],
    ['list markers on one line', `${'- '.repeat(150)}x`, 1],
    ['quotes on one line', `${'> '.repeat(150)}x`, 1],
    ['emphasis opened across many lines', `${'*a\n'.repeat(1200)}${'b*\n'.repeat(1200)}`, MAX_OPEN_MARKERS + 1],
    ['nested emphasis on one line', `${'_a '.repeat(4000)}${'b_ '.repeat(4000)}`, 1],
    ['nested brackets', `${'['.repeat(5000)}x${']'.repeat(5000)}`, 1],
    ['a paragraph of unfinished links', 'text [a](b '.repeat(8000).replace(/ \[a/g, '\n[a'), 6668],
  ])('%s', (_, text, line) => {
    expect(pageShapeProblem(text)?.line).toBe(line);
  });

  it.each([
    ['emphasis that closes', 'some **bold** and *it* text, snake_case_words and 2 * 3 * 4. '.repeat(1500)],
    ['a code fence holding markers and indentation', `\`\`\`\n${`${' '.repeat(400)}*a _b\n`.repeat(2000)}\`\`\``],
    ['code spans', '`*a` '.repeat(5000)],
    ['a table of bold cells', `| a | b |\n|---|---|\n${'| **x** *y* | **z** _w_ |\n'.repeat(2000)}`],
    ['open markers in separate paragraphs', '*a\n\n'.repeat(5000)],
    ['lists as deep as allowed', Array.from({ length: 50 }, (_, i) => `${' '.repeat(2 * i)}- x`).join('\n')],
  ])('%s pass', (_, text) => {
    expect(pageShapeProblem(text)).toBeUndefined();
  });
});
