// A docs folder laid out and written as for Docusaurus (sidebars.js in CommonJS with shorthand
// categories and a required sidebar, links to files from the docs root) builds unchanged.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, runCli, tempDir } from '../helpers/run.ts';

const site = tempDir('docsgen-docusaurus-');
const out = path.join(site, 'build');
const read = (rel: string) => readFileSync(path.join(out, rel), 'utf8');
const sidebarOf = (html: string) => /<nav class="sidebar"[\s\S]*?<\/nav>/.exec(html)![0];

beforeAll(() => {
  cpSync(fixture('docusaurus-docs'), site, { recursive: true });
  const r = runCli(['build', '--config', 'docsgen.config.ts'], site);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});

describe('a Docusaurus docs folder', () => {
  it('takes sidebars in every Docusaurus form: shorthand categories, a required list spliced in, html, ref, classes', () => {
    const sidebar = sidebarOf(read('intro/index.html'));
    // A page's sidebar holds the items of the categories open on it: a page inside a category shows them.
    expect(sidebarOf(read('jira/install/index.html'))).toMatch(/<span class="menu-label">Jira Server<\/span>[\s\S]*?<a href="\/jira\/install"[^>]*>[\s\S]*?<a href="\/jira\/usage">/);
    expect(sidebar).toContain('<li class="menu-category collapsed reference-category">');
    expect(sidebarOf(read('reference/segments/index.html'))).toContain('<li class="menu-html menu-html-default"><span class="soon">More soon</span></li>');
    // The generated sidebar's category, where the sidebars file required it.
    expect(sidebarOf(read('how-to/rotate-keys/index.html'))).toMatch(/<span class="menu-label">How-to<\/span>[\s\S]*?<a href="\/how-to\/rotate-keys"[^>]*>Rotate keys<\/a>[\s\S]*?Back to the start/);
    // A link item's description is its index card's.
    expect(read('reference/index.html')).toMatch(/Status page[\s\S]*?Whether the service is up/);
  });

  it("resolves links to files from the docs root and relative .mdx links to the pages' routes", () => {
    const intro = read('intro/index.html');
    expect(intro).toContain('<a href="/jira/install">installing on Jira</a>');
    expect(intro).toContain('<a href="/reference/segments#segment-limits">segment limits</a>');
    expect(read('jira/usage/index.html')).toContain('<a href="/how-to/rotate-keys#when-to-rotate">rotating keys</a>');
    expect(read('how-to/rotate-keys/index.html')).toContain('<a href="/reference/segments#segment-limits">segment limits</a>');
  });

  it("renders an MDX page with Docusaurus's components and the site's own into the page HTML, as markdown renders its own", () => {
    const html = read('guides/components/index.html');
    const content = /<div class="markdown"[\s\S]*?<nav class="pagination"/.exec(html)![0];
    // @theme/Tabs and TabItem: the markup of ::::tabs, so the page's tabs script drives them.
    expect(content).toMatch(
      /<div class="tabs" data-group="package-manager"><div role="tablist" class="tabs-list"><button type="button" role="tab" [^>]*aria-selected="true"[^>]*data-value="npm" class="tabs-tab">npm<\/button>/,
    );
    expect(content).toMatch(/<div role="tabpanel" [^>]*data-value="yarn" class="tabs-panel" hidden=""><div class="code-block">/);
    expect(content).toContain('<div class="admonition admonition-tip" role="note"><div class="admonition-heading">Worth knowing</div>');
    // Details without an import, as Docusaurus provides it.
    expect(content).toContain('<details><summary>What happens on the server</summary>');
    // @theme/CodeBlock: highlighted at build time, titled, with the copy button.
    expect(content).toMatch(/<div class="code-title">setup.js<\/div>[\s\S]*?code-token-keyword\)">const</);
    // The site's component with its CSS module, an imported and a required image, a plain CSS import, an export.
    expect(content).toMatch(/<style>[^<]*\.Figure_[0-9a-f]{8}_figure\{[^<]*\.moved-badge\{/);
    const image = /<img src="(\/assets\/images\/flow-[0-9a-f]+\.svg)" alt="How a request flows" class="Figure_[0-9a-f]{8}_image"\/>/.exec(content);
    expect(image).not.toBeNull();
    expect(existsSync(path.join(out, image![1]))).toBe(true);
    expect(content).toContain(`<img src="${image![1]}" alt="The same, required"`);
    expect(content).toContain('Release <span class="moved-badge">2.4</span>');
    // @docusaurus/Link and useBaseUrl; markdown directives in MDX.
    expect(content).toContain('<a href="/reference/segments#segment-limits">segment limits</a>');
    // A link to a file, written in JSX, leads to its page's route as a markdown file link does.
    expect(content).toContain('<a href="/reference/segments#segment-limits">by its file</a>');
    expect(content).toContain('<code>/img/mark.svg</code>');
    expect(content).toContain('<div class="admonition admonition-note" role="note">');
    // Headings, TOC and description as a markdown page's.
    expect(html).toContain('<a href="#install">Install</a>');
  });

  it("ships no JavaScript of its own for an MDX page of static components: the shell's only", () => {
    const scripts = (page: string) => [...read(page).matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts('guides/components/index.html')).toEqual(scripts('intro/index.html'));
  });

  it('renders an island (client = true) on the server, with its props and the URL of its content-hashed browser chunk', () => {
    const island =
      /<docsgen-island data-chunk="(\/assets\/islands\/Counter-[0-9a-f]{10}\.js)" data-props="\{&quot;start&quot;:2,&quot;label&quot;:&quot;Add one&quot;\}"><div class="(Counter_[0-9a-f]{8}_counter)"><button type="button">Add one<\/button> <output>2<\/output><\/div><\/docsgen-island>/.exec(
        read('guides/interactive/index.html'),
      );
    expect(island).not.toBeNull();
    const chunk = readFileSync(path.join(out, island![1]), 'utf8');
    // React comes from the page's shell, not the chunk; the chunk sets the class the page's CSS styles.
    expect(chunk).toContain('window.__docsgenReact');
    expect(chunk).toContain(`"${island![2]}"`);
    expect(chunk.length).toBeLessThan(4000);
  });

  it('makes a cached MDX page again when a component it imports changes', () => {
    const copy = tempDir('docsgen-docusaurus-cache-');
    cpSync(fixture('docusaurus-docs'), copy, { recursive: true });
    const build = () => runCli(['build', '--config', 'docsgen.config.ts'], copy);
    const page = () => readFileSync(path.join(copy, 'build/guides/components/index.html'), 'utf8');
    expect(build().status).toBe(0);
    const badge = path.join(copy, 'src/components/Badge.tsx');
    writeFileSync(badge, readFileSync(badge, 'utf8').replace('className="moved-badge"', 'className="moved-badge" data-edited="yes"'));
    expect(build().status).toBe(0);
    expect(page()).toContain('data-edited="yes"');
  });
});
