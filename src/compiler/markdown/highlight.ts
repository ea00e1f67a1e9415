// One shiki highlighter for the whole build, light and dark themes, and the code-block meta docsgen
// understands: title="…", {1,3-5} line highlights and showLineNumbers.
import { bundledLanguages, createCssVariablesTheme, createHighlighter, type BundledLanguage, type Highlighter, type ShikiTransformer } from 'shiki';
import type { Element, ElementContent } from 'hast';

/**
 * One theme whose colours are CSS variables: each block is tokenized once, and the light and dark
 * palettes live in the stylesheet (a dual-theme setup tokenizes every block twice).
 */
export const CODE_THEME = createCssVariablesTheme({ name: 'docsgen', variablePrefix: '--code-', fontStyle: true });

let highlighterPromise: Promise<Highlighter> | undefined;

const FENCE_LANG = /^[ \t]*(?:`{3,}|~{3,})[ \t]*([\w+#.-]+)/gm;

/** The languages named by code fences in these sources, that shiki knows. */
export function languagesUsed(bodies: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const body of bodies) {
    for (const m of body.matchAll(FENCE_LANG)) {
      const lang = m[1].toLowerCase();
      if (lang in bundledLanguages) found.add(lang);
    }
  }
  return [...found].sort();
}

/**
 * One highlighter for the process, with only the grammars the content uses: loading a grammar is
 * costly, and an unused one is pure waste. Later calls add languages as new content needs them.
 */
export async function getHighlighter(langs: string[]): Promise<Highlighter> {
  highlighterPromise ??= createHighlighter({ themes: [CODE_THEME], langs: [] });
  const highlighter = await highlighterPromise;
  const loaded = new Set(highlighter.getLoadedLanguages());
  const missing = langs.filter((l) => !loaded.has(l));
  if (missing.length) await highlighter.loadLanguage(...(missing as BundledLanguage[]));
  return highlighter;
}

export interface CodeMeta {
  title?: string;
  highlight: Set<number>;
  lineNumbers: boolean;
}

export function parseCodeMeta(meta: string): CodeMeta {
  const title = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  const ranges = /\{([\d,\s-]+)\}/.exec(meta);
  const highlight = new Set<number>();
  if (ranges) {
    for (const part of ranges[1].split(',')) {
      const [a, b] = part.trim().split('-').map(Number);
      if (!Number.isFinite(a)) continue;
      for (let i = a; i <= (Number.isFinite(b) ? b : a); i++) highlight.add(i);
    }
  }
  return { title: title ? (title[1] ?? title[2] ?? title[3]) : undefined, highlight, lineNumbers: /\bshowLineNumbers\b/.test(meta) };
}

/** Adds line classes and wraps the block in a container with its title and a copy button. */
export const codeMetaTransformer: ShikiTransformer = {
  name: 'docsgen:code-meta',
  pre(pre) {
    const meta = parseCodeMeta(this.options.meta?.__raw ?? '');
    if (meta.lineNumbers) this.addClassToHast(pre, 'line-numbers');
    pre.properties.tabindex = '0';
  },
  line(line, n) {
    const meta = parseCodeMeta(this.options.meta?.__raw ?? '');
    if (meta.highlight.has(n)) this.addClassToHast(line, 'highlighted');
  },
  root(root) {
    const meta = parseCodeMeta(this.options.meta?.__raw ?? '');
    const children: ElementContent[] = [];
    if (meta.title) {
      children.push({ type: 'element', tagName: 'div', properties: { className: ['code-title'] }, children: [{ type: 'text', value: meta.title }] });
    }
    const pre = root.children.find((c): c is Element => c.type === 'element' && c.tagName === 'pre');
    if (!pre) return;
    children.push({
      type: 'element',
      tagName: 'div',
      properties: { className: ['code-body'] },
      children: [
        pre,
        {
          type: 'element',
          tagName: 'button',
          properties: { type: 'button', className: ['copy-button'], ariaLabel: 'Copy code to clipboard', title: 'Copy' },
          children: [{ type: 'text', value: 'Copy' }],
        },
      ],
    });
    root.children = [{ type: 'element', tagName: 'div', properties: { className: ['code-block'] }, children }];
  },
};
