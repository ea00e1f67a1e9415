import { describe, expect, it } from 'vitest';
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { VFile } from 'vfile';
import { gfmGatesOf, gatesKey, parseWithGfmGates, remarkGfmGated, type GfmGates } from '../../src/compiler/markdown/gfm-per-page.ts';

const made = new Map<string, Processor>();
const processors = (gates?: GfmGates): Processor => {
  const key = gates ? gatesKey(gates) : 'all';
  if (!made.has(key)) {
    made.set(
      key,
      unified()
        .use(remarkParse)
        .use(remarkGfm)
        .use(gates ? [[remarkGfmGated, gates]] : [])
        .use(remarkDirective)
        .freeze() as unknown as Processor,
    );
  }
  return made.get(key)!;
};
const full = (md: string) => processors().parse(new VFile(md));
const gated = (md: string) => parseWithGfmGates(new VFile(md), processors).tree;

/** Inputs where literal autolinks, tables and their look-alikes meet every other construct. */
const CASES = [
  'Plain prose with no triggers at all, **strong** and _emphasis_.',
  'Write to team@example.com for access.',
  'An address in `code@example.com` only, and <span data-x="a@b.co">HTML</span>.',
  '```js\nimport x from "@scope/pkg";\nconst u = "https://example.com";\n```\n\nProse after.',
  'See www.example.com/path?q=1, or https://example.com/a_b_ and http://x.org.',
  '[a link](https://example.com/docs) and ![alt text](https://example.com/i.png "t")',
  '[https://example.com](https://example.com) and ![see www.example.com](x.png)',
  '<https://example.com> and <me@example.com>',
  'Escaped \\@ sign, entity &#64; sign, www&period;example.com and foo&#64;bar.com.',
  '_user@example.com_ and **www.example.com** and `x`https://example.com/`y`',
  'A :name[label https://example.com]{key=a@b.co} directive and key:value text.',
  ':::note[Mail ops@example.com]\nBody with http://example.com.\n:::',
  '| a | b |\n| - | :-: |\n| x@y.co | www.z.org |',
  'a | b\n--|--\n1 | 2',
  'Head\n:--\nbody',
  '> | quoted | table |\n> | ------ | ----- |\n> | 1 | 2 |',
  '- item\n\n  | in | list |\n  |----|------|\n  | 1  | 2    |',
  'Setext\n---\n\nand a rule\n\n***\n\n--- | not a row',
  'Shell: `ls | grep x` and a | pipe in prose.',
  'Footnote[^1] and ~~strike~~ and - [x] task\n\n[^1]: Note with mail@example.org.\n\n- [ ] open task',
  '[ref][a@b.co] and [x][y]\n\n[a@b.co]: https://example.com\n[y]: <https://example.com> "title"',
  'Trailing punctuation: (https://example.com/a). "www.example.com". mailto:x@y.co xmpp:a@b.co/r',
  'WWW.EXAMPLE.COM and HTTPS://EXAMPLE.COM in capitals.',
  // Found by review: escapes that make a trigger, and text the autolink transform splits.
  'Visit www\\.example.com, http:\\/\\/example.org or https\\://x.co for more.',
  'Type www.> in the box, or www.} and www. x, www., (www.) and www.!',
];

describe('GFM per page', () => {
  it.each(CASES)('parses %j exactly as remark-gfm does', (md) => {
    expect(gated(md)).toEqual(full(md));
  });

  it('turns off what a page cannot contain, and only that', () => {
    expect(gfmGatesOf('Just prose, with a rule:\n\n---\n')).toEqual({ table: false, literals: false });
    expect(gfmGatesOf('a | b\n--|--\n').table).toBe(true);
    expect(gfmGatesOf('a\n:-\n').table).toBe(true);
    expect(gfmGatesOf('> |-|\r\n').table).toBe(true);
    for (const s of ['a@b', 'www.x', 'HTTP://x', 'https://x', '&#64;']) expect(gfmGatesOf(s).literals, s).toBe(true);
    expect(gfmGatesOf('http:no-slashes and wwwx').literals).toBe(false);
    expect(gfmGatesOf('www\\.example.com').literals).toBe(true);
  });

  it('parses once when the triggers are only in code, twice when prose may hold a literal', () => {
    let parses = 0;
    const counting = (gates?: GfmGates) => {
      const p = processors(gates);
      return { parse: (f: VFile) => (parses++, p.parse(f)) } as unknown as Processor;
    };
    parseWithGfmGates(new VFile('`a@b.co` and [x](https://example.com)'), counting);
    expect(parses).toBe(1);
    parseWithGfmGates(new VFile('Mail a@b.co'), counting);
    expect(parses).toBe(3);
  });
});
