import { describe, expect, it } from 'vitest';
import { browseUrl } from '../../src/compiler/browse-url.ts';
import { rewriteRelativeUrls } from '../../src/compiler/remote-links.ts';

const README = 'https://raw.githubusercontent.com/acme/widget/main/README.md';
const routes = new Map([
  ['https://raw.githubusercontent.com/acme/widget/main/docs/guide.md', '/reference/widget/guide'],
  ['https://raw.githubusercontent.com/acme/gadget/v2/README.md', '/reference/gadget'],
]);
const rewrite = (markdown: string, documentUrl = README) => rewriteRelativeUrls(markdown, { documentUrl, routeOf: (url) => routes.get(url) });

describe('rewriteRelativeUrls', () => {
  it('sends relative links to the file on github.com and relative images to the raw file', () => {
    expect(rewrite('See [the licence](LICENSE) and ![logo](./img/logo.png).')).toBe(
      'See [the licence](https://github.com/acme/widget/blob/main/LICENSE) and ![logo](https://raw.githubusercontent.com/acme/widget/main/img/logo.png).',
    );
  });

  it('resolves against the document, so a document in a folder reaches up', () => {
    expect(rewrite('[up](../CHANGELOG.md#v2) ![i](pic.svg)', 'https://raw.githubusercontent.com/acme/widget/main/docs/guide.md')).toBe(
      '[up](https://github.com/acme/widget/blob/main/CHANGELOG.md#v2) ![i](https://raw.githubusercontent.com/acme/widget/main/docs/pic.svg)',
    );
  });

  it('turns a link to another remote document into its route, keeping the anchor', () => {
    expect(rewrite('[Guide](docs/guide.md#install) and [Gadget](../../gadget/v2/README.md)')).toBe('[Guide](/reference/widget/guide#install) and [Gadget](/reference/gadget)');
  });

  it('leaves absolute URLs, site routes, anchors, mail links and code alone', () => {
    const markdown = [
      '[a](https://example.com/x) [b](/reference/segments) [c](#usage) [d](mailto:a@b.c) [e](//cdn.example.com/x.js)',
      '',
      '`[code](inline.md)`',
      '',
      '```md',
      '[fenced](fenced.md)',
      '```',
      '',
      '    [indented](indented.md)',
    ].join('\n');
    expect(rewrite(markdown)).toBe(markdown);
  });

  it('rewrites reference definitions, as images when an image uses them', () => {
    const markdown = '![Logo][logo] ![badge] [docs][guide]\n\n[logo]: img/logo.png "Logo"\n[badge]: <img/build badge.svg>\n[guide]: docs/guide.md\n[other]: CONTRIBUTING.md\n';
    expect(rewrite(markdown)).toBe(
      '![Logo][logo] ![badge] [docs][guide]\n\n' +
        '[logo]: https://raw.githubusercontent.com/acme/widget/main/img/logo.png "Logo"\n' +
        '[badge]: <https://raw.githubusercontent.com/acme/widget/main/img/build%20badge.svg>\n' +
        '[guide]: /reference/widget/guide\n' +
        '[other]: https://github.com/acme/widget/blob/main/CONTRIBUTING.md\n',
    );
  });

  it('tells a badge image inside a link from the link', () => {
    expect(rewrite('[![build](badge.svg)](LICENSE)')).toBe('[![build](https://raw.githubusercontent.com/acme/widget/main/badge.svg)](https://github.com/acme/widget/blob/main/LICENSE)');
  });

  it('rewrites href and src in raw HTML, blocks and inline', () => {
    expect(rewrite('<p align="center"><img src="img/logo.png" width="100"></p>\n\nText <a href=\'docs/guide.md\'>guide</a> and <a href="https://x.io">x</a>.\n')).toBe(
      '<p align="center"><img src="https://raw.githubusercontent.com/acme/widget/main/img/logo.png" width="100"></p>\n\nText <a href=\'/reference/widget/guide\'>guide</a> and <a href="https://x.io">x</a>.\n',
    );
  });

  it('rewrites links in tables and keeps every line where it was', () => {
    const markdown = '# Title\n\n| a | b |\n| - | - |\n| [c](c.md) | ![d](d.png) |\n\nlast [e](e.md)\n';
    const out = rewrite(markdown);
    expect(out).toContain('| [c](https://github.com/acme/widget/blob/main/c.md) | ![d](https://raw.githubusercontent.com/acme/widget/main/d.png) |');
    expect(out.split('\n').length).toBe(markdown.split('\n').length);
    expect(out.split('\n')[6]).toBe('last [e](https://github.com/acme/widget/blob/main/e.md)');
  });

  it('escapes what would end a destination, in either form', () => {
    expect(rewrite('[x](<docs/a (b).md>) [y](docs/c\\(d\\).md)')).toBe(
      '[x](<https://github.com/acme/widget/blob/main/docs/a%20%28b%29.md>) [y](https://github.com/acme/widget/blob/main/docs/c%28d%29.md)',
    );
  });

  it('finds relative destinations written in every form a link allows', () => {
    const blob = 'https://github.com/acme/widget/blob/main/';
    expect(rewrite('[a](\n  a.md)')).toBe(`[a](\n  ${blob}a.md)`);
    expect(rewrite('> [b][b]\n>\n> [b]:\n>   b.md')).toBe(`> [b][b]\n>\n> [b]:\n>   ${blob}b.md`);
    expect(rewrite('1. [f][f]\n2. - [f]: f.md')).toBe(`1. [f][f]\n2. - [f]: ${blob}f.md`);
    expect(rewrite('<a\n  HREF = c.md>c</a>')).toBe(`<a\n  HREF = "${blob}c.md">c</a>`);
    expect(rewrite('[d](&#x64;.md) [e](\\e.md)')).toBe(`[d](${blob}d.md) [e](\\e.md)`);
  });

  it('leaves footnote definitions, which are no links, alone', () => {
    expect(rewrite('Text.[^note]\n\n[^note]: notes.md\n')).toBe('Text.[^note]\n\n[^note]: notes.md\n');
  });

  it('returns a document whose links are all absolute or routes as it is', () => {
    const markdown = '[a](https://x.io/a) [b](/b) [c](#c) <img src="https://x.io/i.png">\n\n[d]: https://x.io/d\n';
    expect(rewrite(markdown)).toBe(markdown);
  });

  it('resolves against any host, linking to the raw URL where it knows no browsing page', () => {
    expect(rewrite('[x](guide.md) ![y](y.png)', 'https://docs.example.com/widget/README.md')).toBe('[x](https://docs.example.com/widget/guide.md) ![y](https://docs.example.com/widget/y.png)');
  });
});

describe('browseUrl', () => {
  it('maps raw.githubusercontent.com to github.com pages, and nothing else', () => {
    expect(browseUrl(new URL(README), 'edit')).toBe('https://github.com/acme/widget/edit/main/README.md');
    expect(browseUrl(new URL('https://raw.githubusercontent.com/acme/widget/v3/docs/a.md'), 'blob')).toBe('https://github.com/acme/widget/blob/v3/docs/a.md');
    expect(browseUrl(new URL('https://example.com/acme/widget/main/README.md'), 'edit')).toBeUndefined();
  });
});
