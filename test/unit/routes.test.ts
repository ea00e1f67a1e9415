import { describe, expect, it } from 'vitest';
import { dataChunkUrl, normaliseRoute, routeOfDataChunk, routeProblem } from '../../src/shared/routes.ts';
import { checkOutputPlan } from '../../src/compiler/plan-output.ts';

describe('routeProblem', () => {
  it.each(['/', '/reference/sdks/node', '/v1.2/api', '/q&a', '/ünïcode', '/a b'])('accepts %j', (route) => {
    expect(routeProblem(route)).toBeUndefined();
  });

  it.each([
    ['relative', 'must start with "/"'],
    ['/a/../b', '"." or ".."'],
    ['/a/./b', '"." or ".."'],
    ['/a\\b', 'contains "\\\\"'],
    ['/a?b', 'contains "?"'],
    ['/a%2e%2e', 'contains "%"'],
    ['/a\u0085b', 'contains "\u0085"'], // C1 control (NEL)
    ['/a\u2028b', 'contains "\u2028"'],
    // Windows trims a trailing dot or space: `.. ` and `..` would be one folder.
    ['/.. /x', 'ends with "."'],
    ['/a./x', 'ends with "."'],
    ['/ a', 'begins or ends with a space'],
    [`/${'é'.repeat(101)}`, 'longer than 200 bytes'],
    ['/reference/api/pets/', 'empty segment'],
    ['/a//b', 'empty segment'],
    ['/x/\uff0e\uff0e/y', 'reads as "." or ".."'], // fullwidth dots
    ['/a\u202egnp.exe', 'contains "\u202e"'], // right-to-left override
    ['/a\u200bb', 'contains "\u200b"'], // zero-width space
  ])('rejects %j', (route, why) => {
    expect(routeProblem(route)).toContain(why);
  });
});

describe('checkOutputPlan', () => {
  const rel = (f: string) => f;
  const plan = (over: Partial<Parameters<typeof checkOutputPlan>[0]>) =>
    checkOutputPlan({ pages: [], redirects: [], redirectsFile: 'config.ts', staticFiles: [], staticDir: 'static', generated: [], ...over }, rel).map((d) => `${d.file}  ${d.message}`);

  it('lets pages, redirects and static files that do not meet through', () => {
    expect(
      plan({
        pages: [
          { route: '/', label: 'Home', file: 'index.md' },
          { route: '/a', label: 'A', file: 'a.md' },
        ],
        redirects: ['/b'],
        staticFiles: ['a/pic.png', 'robots.txt'],
      }),
    ).toEqual([]);
  });

  it('reports a page and a static file on one path, and a file in the way of a folder', () => {
    expect(plan({ pages: [{ route: '/a', label: 'A', file: 'a.md' }], staticFiles: ['a/index.html', 'b'], redirects: ['/b/c'] })).toEqual([
      'static/a/index.html  the static file a/index.html would write a/index.html, as the page at /a does',
      'config.ts  the redirect from /b/c would write b/c/index.html, inside b, which the static file b writes as a file',
    ]);
  });

  it('reports pages whose files differ only in case or Unicode form', () => {
    const out = plan({
      pages: [
        { route: '/Guide', label: 'G', file: 'Guide.md' },
        { route: '/guide', label: 'g', file: 'guide.md' },
        { route: '/caf\u00e9', label: 'c', file: 'c1.md' },
        { route: '/cafe\u0301', label: 'c', file: 'c2.md' },
      ],
    });
    expect(out).toEqual([
      'guide.md  the page at /guide would write guide/index.html, as the page at /Guide does (in another case or Unicode form)',
      'c2.md  the page at /cafe\u0301 would write cafe\u0301/index.html, as the page at /caf\u00e9 does (in another case or Unicode form)',
    ]);
  });

  it("keeps docsgen's folders to docsgen in any case", () => {
    expect(plan({ pages: [{ route: '/_Data/x', label: 'X', file: 'x.md' }], staticFiles: ['Sitemap.XML'] })).toEqual([
      'x.md  the page at /_Data/x would write _Data/x/index.html, which docsgen writes itself (_data/, _sidebars/, _search/, 404.html, sitemap.xml, _redirects are reserved)',
      'static/Sitemap.XML  the static file Sitemap.XML would write Sitemap.XML, which docsgen writes itself (_data/, _sidebars/, _search/, 404.html, sitemap.xml, _redirects are reserved)',
    ]);
  });

  it("keeps the bundle and docsgen's folders to docsgen", () => {
    const out = plan({ pages: [{ route: '/_search/x', label: 'X', file: 'x.md' }], staticFiles: ['assets/js/client-1.js', 'assets/js/mine.js'], generated: ['assets/js/client-1.js'] });
    expect(out).toHaveLength(2);
    expect(out[0]).toContain('x.md  the page at /_search/x would write _search/x/index.html, which docsgen writes itself');
    expect(out[1]).toBe('static/assets/js/client-1.js  the static file assets/js/client-1.js would write assets/js/client-1.js, as docsgen does');
  });
});

describe('a route, its spellings and its data chunk (one module for the compiler, the server and the client)', () => {
  it('names a page by one route, however its path is spelt', () => {
    for (const p of ['/guides/a', '/guides/a/', '/guides/a.html', '/guides/a/index', '/guides/a/index.html', '//guides//a']) expect(normaliseRoute(p), p).toBe('/guides/a');
    for (const p of ['/', '', '/index', '/index.html']) expect(normaliseRoute(p), p).toBe('/');
  });

  it('finds the route of a data chunk URL again, and nothing for other paths', () => {
    for (const route of ['/', '/guides/a', '/reference/api/unleash/get-users', '/index-of-things']) {
      expect(routeOfDataChunk(dataChunkUrl('/', route)), route).toBe(route);
      expect(routeOfDataChunk(dataChunkUrl('/docs/', route), '/docs/'), route).toBe(route);
    }
    for (const other of ['/_data/.json', '/_data/x.js', '/data/x.json', '/_sidebars/docs-1.json', '/docs/_data/x.json']) expect(routeOfDataChunk(other), other).toBeUndefined();
  });
});
