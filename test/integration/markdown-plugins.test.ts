// The writers' remark and rehype plugins from the config, as Docusaurus takes them: a published
// pair (remark-math + rehype-katex) on .md and .mdx pages, in worker threads too, and a plugin of
// the site's own run before docsgen's. A change to them makes the cached pages again.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempDir } from '../helpers/run.ts';

/** A project whose config imports published plugins: it finds them in docsgen's node_modules. */
function project(config: string, pages: Record<string, string>): string {
  const root = tempDir('docsgen-plugins-');
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
  writeFileSync(path.join(root, 'docsgen.config.ts'), config);
  // A plugin of the site's own: `:::warn` (a name docsgen does not know) becomes `:::warning`.
  writeFileSync(
    path.join(root, 'warn-alias.ts'),
    "export default function warnAlias() {\n  const visit = (n: any) => { if (n.type === 'containerDirective' && n.name === 'warn') n.name = 'warning'; for (const c of n.children ?? []) visit(c); };\n  return visit;\n}\n",
  );
  for (const [file, body] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(root, 'docs', file)), { recursive: true });
    writeFileSync(path.join(root, 'docs', file), body);
  }
  return root;
}

const CONFIG = (docs: string) =>
  `import { defineConfig } from 'docsgen';\nimport remarkMath from 'remark-math';\nimport rehypeKatex from 'rehype-katex';\nimport warnAlias from './warn-alias.ts';\n` +
  `export default defineConfig({ title: 'Math', url: 'https://math.example.com', search: false, docs: { path: 'docs', ${docs} } });\n`;

const MATH = '# Energy\n\nInline $E = mc^2$ and a block:\n\n$$\n\\int_0^1 x\\,dx\n$$\n';

describe('remark and rehype plugins from the config', () => {
  it("runs remark-math and rehype-katex on .md and .mdx pages, and a plugin of the site before docsgen's own", () => {
    const root = project(CONFIG('beforeDefaultRemarkPlugins: [warnAlias], remarkPlugins: [remarkMath], rehypePlugins: [[rehypeKatex, { output: "html" }]]'), {
      'energy.md': MATH,
      'more.mdx': MATH,
      'alias.md': '# Alias\n\n:::warn\nCareful.\n:::\n',
    });
    const r = runCli(['build', '--config', 'docsgen.config.ts'], root);
    expect(r.stderr).toBe('');
    for (const page of ['energy', 'more']) {
      const html = readFileSync(path.join(root, 'build', page, 'index.html'), 'utf8');
      expect(html).toContain('<span class="katex">');
      expect(html).toContain('<span class="katex-display">');
      expect(html).not.toContain('$E = mc^2$');
    }
    expect(readFileSync(path.join(root, 'build/alias/index.html'), 'utf8')).toContain('class="admonition admonition-warning"');
  }, 60_000);

  it('runs them in worker threads, and makes cached pages again when they change', () => {
    const pages = Object.fromEntries(Array.from({ length: 48 }, (_, i) => [`p${i}.md`, MATH]));
    const root = project(CONFIG('remarkPlugins: [remarkMath], rehypePlugins: [rehypeKatex]'), pages);
    const build = () => runCli(['build', '--config', 'docsgen.config.ts'], root, { DOCSGEN_WORKERS: '2' });
    const page = (i = 47) => readFileSync(path.join(root, `build/p${i}/index.html`), 'utf8');
    expect(build().status).toBe(0);
    // Every page, whichever thread made it.
    for (let i = 0; i < 48; i++) expect(page(i), `p${i}`).toContain('<span class="katex">');
    // Without rehype-katex the math stays as remark-math leaves it: the cache must not serve the old HTML.
    writeFileSync(path.join(root, 'docsgen.config.ts'), CONFIG('remarkPlugins: [remarkMath]'));
    expect(build().status).toBe(0);
    expect(page()).not.toContain('class="katex"');
    expect(page()).toContain('class="language-math math-inline"');
  }, 120_000);

  it('rejects a plugin that is not a function, at its key', () => {
    const root = project(CONFIG("remarkPlugins: ['remark-math']"), { 'a.md': '# A\n' });
    const r = runCli(['build', '--config', 'docsgen.config.ts'], root);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/docsgen\.config\.ts:\d+:\d+ {2}config\.docs\.remarkPlugins\[0\]: /);
  });
});
