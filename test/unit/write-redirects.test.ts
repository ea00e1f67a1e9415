import { describe, expect, it } from 'vitest';
import { resolveRedirects } from '../../src/compiler/write-redirects.ts';

describe('redirects', () => {
  const routes = new Set(['/reference/flags', '/guide']);
  const headings = new Map([['/reference/flags', new Set(['flag-types'])]]);
  const redirects = [
    { from: '/old/types', to: '/reference/flags#flag-types' },
    { from: '/old/lifecycle', to: '/reference/flags#feature-flag-lifecycle' },
    { from: ['/old/guide', '/docs/old/guide'], to: '/guide' },
    { from: '/old/gone', to: '/nowhere' },
  ];

  it("checks a target's page and, when headings are known, its anchor", () => {
    const r = resolveRedirects(redirects, routes, 'site/redirects.ts', (route) => headings.get(route));
    expect([...r.map]).toEqual([
      ['/old/types', '/reference/flags#flag-types'],
      ['/old/guide', '/guide'],
      ['/docs/old/guide', '/guide'],
    ]);
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      'redirect to /reference/flags#feature-flag-lifecycle: /reference/flags has no heading #feature-flag-lifecycle',
      'redirect to /nowhere: no page at /nowhere',
    ]);
  });

  it('keeps anchors unchecked when the headings are not known (on-demand pages)', () => {
    const r = resolveRedirects(redirects, routes, 'site/redirects.ts');
    expect(r.map.get('/old/lifecycle')).toBe('/reference/flags#feature-flag-lifecycle');
    expect(r.diagnostics.map((d) => d.message)).toEqual(['redirect to /nowhere: no page at /nowhere']);
  });
});
