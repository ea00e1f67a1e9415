// A page's first h1, read from its source without transforming it: the site graph titles pages
// with it, so the graph depends on the sources alone and any route can be rendered before (or
// without) transforming the rest of the site.
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { toString } from 'mdast-util-to-string';
import type { Root } from 'mdast';
import { startsHtmlBlock } from '../limits.ts';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_H1 = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_H1 = /^ {0,3}=+[ \t]*$/;
/** As the transform reads a heading's custom id (markdown/remark-docsgen.ts). */
const CUSTOM_ID = /\s*\{#([\w-]+)\}\s*$/;

/** The transform's parser (GFM and directives), for the heading's inline text only. */
const inlineParser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).freeze();

/**
 * The text of a body's first h1 (`# Title`, or a line underlined with `===`) outside code fences,
 * HTML comments and raw HTML blocks; its inline markdown is parsed by the transform's own parser,
 * so the text is what the transform's first h1 reads.
 */
export function firstHeadingOf(body: string): string | undefined {
  const line = firstHeadingLine(body);
  return line === undefined ? undefined : headingText(line);
}

function firstHeadingLine(body: string): string | undefined {
  let fence: string | undefined;
  let comment = false;
  let html = false;
  let previous = '';
  for (const line of body.split('\n')) {
    const f = FENCE.exec(line);
    if (!comment && !html && f && (!fence || (f[1][0] === fence[0] && f[1].length >= fence.length))) {
      fence = fence ? undefined : f[1];
      previous = '';
      continue;
    }
    if (fence) continue;
    if (comment || line.trimStart().startsWith('<!--')) {
      comment = !line.includes('-->');
      previous = '';
      continue;
    }
    // A raw HTML block runs to the next blank line, and what it holds is not markdown.
    if (html || (previous.trim() === '' && startsHtmlBlock(line))) {
      html = line.trim() !== '';
      previous = '';
      continue;
    }
    const atx = ATX_H1.exec(line);
    if (atx) return atx[1];
    if (SETEXT_H1.test(line) && previous.trim() && !/^ {0,3}([-*+][ \t]|>|#|\d+[.)][ \t])/.test(previous)) return previous.trim();
    previous = line;
  }
  return undefined;
}

function headingText(markdown: string): string {
  const tree = inlineParser.parse(`# ${markdown.replace(/^#+$/, '')}`) as Root;
  const heading = tree.children[0];
  if (!heading || heading.type !== 'heading') return markdown.trim();
  const last = heading.children[heading.children.length - 1];
  if (last?.type === 'text') last.value = last.value.replace(CUSTOM_ID, '');
  return toString(heading).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Inline markdown (a heading, a title) as the text it shows: links, emphasis and code marks dropped, entities decoded. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\s*\{#[\w-]+\}$/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|\*|`)(.+?)\1/g, '$2')
    .replace(/(?<![\p{L}\p{N}])(__|_)(.+?)\1(?![\p{L}\p{N}])/gu, '$2')
    .replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (m, e: string) => (e[0] === '#' ? String.fromCodePoint(e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e] ?? m)))
    .trim();
}
