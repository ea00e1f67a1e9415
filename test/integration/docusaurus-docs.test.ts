// A docs folder laid out and written as for Docusaurus (sidebars.js in CommonJS with shorthand
// categories and a required sidebar, links to files from the docs root) builds unchanged.
import { cpSync, readFileSync } from 'node:fs';
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
    expect(sidebar).toMatch(/<span class="menu-label">Jira Server<\/span>[\s\S]*?<a href="\/jira\/install">[\s\S]*?<a href="\/jira\/usage">/);
    expect(sidebar).toContain('<li class="menu-category collapsed reference-category">');
    expect(sidebar).toContain('<li class="menu-html menu-html-default"><span class="soon">More soon</span></li>');
    // The generated sidebar's category, where the sidebars file required it.
    expect(sidebar).toMatch(/<span class="menu-label">How-to<\/span>[\s\S]*?<a href="\/how-to\/rotate-keys">Rotate keys<\/a>[\s\S]*?Back to the start/);
    // A link item's description is its index card's.
    expect(read('reference/index.html')).toMatch(/Status page[\s\S]*?Whether the service is up/);
  });

  it('resolves links to files from the docs root and relative .mdx links to the pages\' routes', () => {
    const intro = read('intro/index.html');
    expect(intro).toContain('<a href="/jira/install">installing on Jira</a>');
    expect(intro).toContain('<a href="/reference/segments#segment-limits">segment limits</a>');
    expect(read('jira/usage/index.html')).toContain('<a href="/how-to/rotate-keys#when-to-rotate">rotating keys</a>');
    expect(read('how-to/rotate-keys/index.html')).toContain('<a href="/reference/segments#segment-limits">segment limits</a>');
  });
});
