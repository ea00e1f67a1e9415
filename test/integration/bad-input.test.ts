// One fixture per class of bad input: each must fail with exit 1, the exact location and message,
// no stack trace, and no output written.
import { cpSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, runCli, tempDir } from '../helpers/run.ts';

function failBuild(name: string) {
  const out = path.join(tempDir(), 'out');
  // Built where it is: no cache, which a failed build keeps (the next one starts from it), goes into the repository.
  const r = runCli(['build', '--no-cache', '--out', out], fixture(name));
  expect(r.status).toBe(1);
  expect(existsSync(out)).toBe(false);
  expect(r.stderr).not.toMatch(/^\s+at /m);
  return r.stderr.split('\n').filter((l) => /^\S+:\d+:\d+ {2}/.test(l) || /^\S+ {2}/.test(l));
}

describe('bad input fails the build at the right place', () => {
  it('invalid YAML frontmatter', () => {
    expect(failBuild('bad-frontmatter')).toEqual(['content/docs/page.md:3:37  invalid frontmatter: Missing closing "quote']);
  });

  it('a frontmatter value of the wrong type (each key docsgen reads), or TOC levels the wrong way round', () => {
    expect(failBuild('bad-frontmatter-type')).toEqual([
      'content/docs/levels.md:3:1  invalid frontmatter: "toc_max_heading_level" must be a heading level from 2 to 6',
      'content/docs/page.md:3:1  invalid frontmatter: "sidebar_position" must be a number',
      'content/docs/sidebar.md:3:1  invalid frontmatter: "displayed_sidebar" must be a sidebar id or null',
      'content/docs/tags.md:3:1  invalid frontmatter: "tags" must be a list of tags: strings, or { label, permalink }',
      'content/docs/toc.md:4:1  invalid frontmatter: "toc_min_heading_level" must be at most toc_max_heading_level (3)',
    ]);
  });

  it('an unknown doc id in a sidebar', () => {
    expect(failBuild('unknown-sidebar-id')).toEqual(['site/sidebars.ts:4:50  sidebar "docs" names doc id "guides/missing-page", which does not exist']);
  });

  it('sidebar items that are not valid, at their line (a shorthand category is valid)', () => {
    expect(failBuild('invalid-sidebar-items')).toEqual([
      'site/sidebars.ts:5:13  sidebar "docs" has an item of unknown type "catgory"',
      'site/sidebars.ts:6:5  sidebar "docs", link item: href: Invalid input: expected string, received undefined',
    ]);
  });

  it('two pages on the same route', () => {
    expect(failBuild('duplicate-route')).toEqual(['content/docs/two.md:1:1  duplicate route /same: also produced by content/docs/a/one.md']);
  });

  it("pages with one doc id, from their paths (a.md beside a.mdx, a number prefix) or `id` frontmatter (a draft's too): once per id, at the `id` that clashes", () => {
    // Version-like names (releases/1.0-notes, 2.0-notes) have no number prefix: two pages. Only
    // the shown file's links are checked: intro.md's line 3 does not get intro.mdx's broken link.
    expect(failBuild('duplicate-doc-id')).toEqual([
      'content/docs/guides/a.md:2:1  doc id "guides/b" is taken by 2 files: content/docs/guides/a.md (its `id` frontmatter), content/docs/guides/b.md (its path)',
      'content/docs/guides/draft.md:3:1  doc id "guides/guide-draft" is taken by 2 files: content/docs/guides/draft.md (its `id` frontmatter), content/docs/guides/guide-draft.md (its path)',
      'content/docs/intro.mdx:1:1  doc id "intro" is taken by 3 files: content/docs/01-intro.md (its path), content/docs/intro.md (its path), content/docs/intro.mdx (its path)',
      'content/docs/intro.mdx:3:54  broken link to ./only-in-mdx.md: no page at ./only-in-mdx.md',
    ]);
  });

  it('broken links, anchors and images, all reported at once', () => {
    expect(failBuild('broken-refs')).toEqual([
      'content/docs/index.md:3:30  broken link to /nowhere: no page at /nowhere',
      'content/docs/index.md:5:3  broken anchor /target#no-such-heading: /target has no heading #no-such-heading',
      'content/docs/index.md:7:3  broken link to ./missing.md: no page at ./missing.md',
      'content/docs/index.md:7:38  broken anchor #nope: no such heading on this page',
      'content/docs/index.md:9:1  broken image ./img/missing.png: file not found',
    ]);
  });

  it('an invalid configuration, naming each key path', () => {
    expect(failBuild('bad-config')).toEqual([
      'site/docsgen.config.ts:7:5  config.navbar: unknown key "hideOnScrol"',
      'site/docsgen.config.ts:9:22  config.tableOfContents.minHeadingLevel: Invalid input: expected number, received string',
      'site/docsgen.config.ts:10:11  config.docs.editUrl: expected a URL such as https://github.com/org/repo/edit/main/, or a function of the page',
    ]);
  });

  it('JSX in an .mdx file of a site that has not turned MDX on (the default): an error, and nothing of the page runs', () => {
    const site = tempDir();
    cpSync(fixture('mdx-jsx'), site, { recursive: true });
    const marker = path.join(site, 'ran');
    writeFileSync(
      path.join(site, 'content/docs/hostile.mdx'),
      `export const x = process.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(marker)}, 'export');\n\n{process.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(marker)}, 'expression')}\n`,
    );
    const r = runCli(['build', '--out', path.join(site, 'out')], site);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('content/docs/index.mdx:3:1  JSX component Tabs is not supported');
    expect(existsSync(marker)).toBe(false);
  });

  it('MDX: a syntax error, an unknown component, an unsupported Docusaurus import, an import that does not resolve (in the page, or in a component: at its file:line), a component that throws', () => {
    expect(failBuild('mdx-errors')).toEqual([
      'content/docs/component-import.mdx  MDX: cannot resolve the import "no-such-chart-lib" in site/src/components/Chart.js:2:18 (a module this page loads)',
      'content/docs/missing.mdx:3:18  MDX: cannot resolve the import "@site/src/components/Nope"',
      'content/docs/syntax.mdx:3:3  MDX: Expected a closing tag for `<b>` (3:3-3:6) before the end of `paragraph`',
      'content/docs/theme.mdx:1:1  import of @theme/DocCardList: not one of the Docusaurus modules docsgen provides',
      "content/docs/throws.mdx:7:1  component Thrower threw while rendering: Cannot read properties of undefined (reading 'map')",
      'content/docs/unknown.mdx:5:1  JSX component Chart is not defined on this page',
    ]);
  });

  it('MDX: broken links written in JSX (Link to, a href, a prop of any component), at the prop; values written as code are not checked', () => {
    expect(failBuild('mdx-broken-links')).toEqual([
      'content/docs/index.mdx:7:11  broken link to /nowhere: no page at /nowhere',
      'content/docs/index.mdx:7:54  broken anchor /target#no-such-heading: /target has no heading #no-such-heading',
      'content/docs/index.mdx:11:3  broken link to ./missing.md: no page at ./missing.md',
      'content/docs/index.mdx:15:4  broken anchor #nope: no such heading on this page',
    ]);
  });

  it("MDX: code that throws at build time or does not parse, at the page's line:col where it can be known, saying so where it cannot", () => {
    expect(failBuild('mdx-code-errors')).toEqual([
      `content/docs/export.mdx:3:30  this page's code threw while loading: Expected ':' after property name in JSON at position 9`,
      `content/docs/expression.mdx:10:36  this page's code threw while rendering: Cannot read properties of undefined (reading 'total')`,
      `content/docs/helper.mdx:5:15  this page's code threw while rendering (at site/src/lib/total.js:2:16): Cannot read properties of undefined (reading 'reduce')`,
      `content/docs/imported.mdx  a module this page imports threw while loading (at site/src/lib/setup.js:2:30); its line in this page is not known: Cannot read properties of undefined (reading 'region')`,
      `content/docs/nested.mdx:7:1  component Row threw while rendering (at site/src/components/Table.js:2:21), inside the page's <Table> here or an element around it: Cannot read properties of undefined (reading 'map')`,
      'content/docs/syntax.mdx:7:17  MDX: Could not parse expression with acorn: Unexpected token',
    ]);
  });

  it('adds the stack trace only with --verbose', () => {
    const r = runCli(['build', '--no-cache', '--verbose', '--out', path.join(tempDir(), 'o')], fixture('duplicate-route'));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^\s+at /m);
  });
});
