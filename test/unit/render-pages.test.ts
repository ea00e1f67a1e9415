import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '../../src/runtime/App.tsx';
import { renderBody } from '../../src/compiler/render-pages.ts';
import type { PageData, ShellConfig, SidebarNode } from '../../src/shared/types.ts';

const shell: ShellConfig = {
  title: 'T', tagline: '', baseUrl: '/', navbar: { items: [], hideOnScroll: true }, footer: { columns: [], copyright: '©' },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
  imageZoom: { selector: '.markdown img', margin: 0, background: '#fff', scrollOffset: 40 }, clientScripts: [], baseUrlIssueBanner: false, locales: [],
};

const sidebar: SidebarNode[] = [
  { kind: 'doc', label: 'Intro', route: '/' },
  { kind: 'category', label: 'Guides', route: '/guides', collapsed: true, collapsible: true, items: [
    { kind: 'doc', label: 'A', route: '/guides/a' },
    { kind: 'category', label: 'Deep', collapsed: true, collapsible: true, items: [{ kind: 'doc', label: 'B <b>', route: '/guides/deep/b' }] },
  ] },
  { kind: 'category', label: "Ref's", collapsed: false, collapsible: true, items: [{ kind: 'doc', label: 'C', route: '/ref/c' }, { kind: 'link', label: 'Out', href: 'https://e.com' }] },
  { kind: 'doc', label: 'Intro again', route: '/', className: 'x' },
];

const page = (route: string): PageData => ({ route, title: route, description: '', html: '<p>x</p>', toc: [], hideToc: true, breadcrumbs: [], kind: 'doc' });

describe('sidebar rendering with reused items', () => {
  it('is byte-identical to rendering the whole shell in one go, on every route', () => {
    for (const route of ['/', '/guides', '/guides/a', '/guides/deep/b', '/ref/c', '/elsewhere']) {
      const whole = renderToString(createElement(App, { shell, page: page(route), sidebar }));
      // Twice: the second time comes from the cache.
      expect(renderBody(shell, page(route), sidebar), route).toBe(whole);
      expect(renderBody(shell, page(route), sidebar), route).toBe(whole);
    }
  });

  it('opens the categories that hold the current page', () => {
    const html = renderBody(shell, page('/guides/deep/b'), sidebar);
    expect(html).toContain('<a href="/guides/deep/b" data-internal="" class="menu-link active" aria-current="page">');
    expect(html).not.toMatch(/id="sidebar-1-1" hidden/);
    expect(renderBody(shell, page('/ref/c'), sidebar)).toMatch(/id="sidebar-1" hidden/);
  });
});
