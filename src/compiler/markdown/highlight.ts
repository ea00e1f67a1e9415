// One shiki highlighter for the whole build, light and dark themes, and the code-block meta docsgen
// understands: title="…", {1,3-5} line highlights, showLineNumbers, and Docusaurus's magic comments.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  bundledLanguages,
  createCssVariablesTheme,
  createHighlighter,
  createOnigurumaEngine,
  type BundledLanguage,
  type Highlighter,
  type RegexEngine,
  type ShikiTransformer,
  type WebAssemblyInstantiator,
} from 'shiki';
import type { Element, ElementContent } from 'hast';

/**
 * One theme whose colours are CSS variables: each block is tokenized once, and the light and dark
 * palettes live in the stylesheet (a dual-theme setup tokenizes every block twice).
 */
export const CODE_THEME = createCssVariablesTheme({ name: 'docsgen', variablePrefix: '--code-', fontStyle: true });

let highlighterPromise: Promise<Highlighter> | undefined;

/** Node's WebAssembly, a global that this side's types (ES2022 and Node's, no DOM) do not declare. */
const webAssembly = (globalThis as unknown as { WebAssembly: { instantiate(bytes: Uint8Array, imports: Parameters<WebAssemblyInstantiator>[0]): ReturnType<WebAssemblyInstantiator> } }).WebAssembly;

/**
 * Oniguruma, the regex engine of TextMate grammars, from shiki's wasm file. Shiki's default engine
 * imports it as base64 text, and decoding that took about 40 ms of every thread's start (the CLI's
 * and each transform worker's, before its first page). Given as an instantiator: given bytes,
 * shiki first asks whether they are a fetch `Response`, and Node loads its fetch to answer.
 * Read and instantiated once per thread, by the first highlighter made: shiki keeps it, even when
 * it failed, so a read that fails for want of a file handle is tried again.
 */
function regexEngine(): Promise<RegexEngine> {
  const engine = createOnigurumaEngine({ instantiator: async (imports) => webAssembly.instantiate(await readEngineBinary(), imports) });
  // Shiki may throw (a language it does not know) before it awaits the engine: it reports its own failure.
  engine.catch(() => {});
  return engine;
}

const BUSY = new Set(['EMFILE', 'ENFILE', 'EAGAIN', 'EBUSY']);

/** The bytes of shiki's onig.wasm, tried again while the process is short of file handles. */
export async function readEngineBinary(): Promise<Uint8Array> {
  const file = createRequire(import.meta.url).resolve('shiki/onig.wasm');
  for (let attempt = 1; ; attempt++) {
    try {
      return await readFile(file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? '';
      if (BUSY.has(code) && attempt < 5) await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      else throw new Error(`could not read shiki's regex engine at ${file} (${code || (e as Error).message}): reinstall the dependencies`);
    }
  }
}

const FENCE_LANG = /^[ \t]*(?:`{3,}|~{3,})[ \t]*([\w+#.-]+)|<CodeBlock\b[^>]*?\blanguage=["']([\w+#.-]+)/gm;

/** The languages named by code fences (and MDX's `<CodeBlock language>`) in these sources, that shiki knows. */
export function languagesUsed(bodies: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const body of bodies) {
    for (const m of body.matchAll(FENCE_LANG)) {
      const lang = (m[1] ?? m[2]).toLowerCase();
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
  highlighterPromise ??= createHighlighter({ themes: [CODE_THEME], langs: [], engine: regexEngine() });
  const highlighter = await highlighterPromise;
  const loaded = new Set(highlighter.getLoadedLanguages());
  const missing = langs.filter((l) => !loaded.has(l));
  if (missing.length) await highlighter.loadLanguage(...(missing as BundledLanguage[]));
  return highlighter;
}

/** Code blocks of one language read for a warm-up, and the longest sample taken of one. */
const WARM_BLOCKS_PER_LANGUAGE = 2;
const WARM_SAMPLE_CHARS = 4000;

/**
 * Readies this thread's highlighter for the given languages: shiki compiles a grammar's rules the
 * first time code reaches them, and in `serve --watch` the first page a save made again after the
 * first build (done in worker threads) paid for all of it: 0.2-0.5 s at 10,000 pages. Tokenizes a
 * few of the site's own code blocks of each language, one language at a time, letting the thread
 * in between. Output does not depend on it: compiled rules are the same whenever they are made.
 */
export async function warmHighlighter(langs: string[], bodies: Iterable<string>): Promise<void> {
  if (!langs.length) return;
  const wanted = new Set(langs);
  const samples = new Map<string, string[]>();
  let read = 0;
  for (const body of bodies) {
    for (const block of fencedBlocks(body)) {
      const found = samples.get(block.lang) ?? [];
      if (!wanted.has(block.lang) || found.length >= WARM_BLOCKS_PER_LANGUAGE) continue;
      samples.set(block.lang, [...found, block.code.slice(0, WARM_SAMPLE_CHARS)]);
    }
    // Stop reading once every language has its samples; a few pages at a time.
    if ([...wanted].every((l) => (samples.get(l)?.length ?? 0) >= WARM_BLOCKS_PER_LANGUAGE)) break;
    if (++read % 100 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const highlighter = await getHighlighter(langs);
  for (const [lang, codes] of samples) {
    for (const code of codes) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      highlighter.codeToTokensBase(code, { lang: lang as BundledLanguage, theme: CODE_THEME, tokenizeTimeLimit: 0 });
    }
  }
}

/** The fenced code blocks of a markdown text with a language, roughly (a warm-up needs no more). */
function* fencedBlocks(body: string): Generator<{ lang: string; code: string }> {
  for (const m of body.matchAll(/^[ \t]*(`{3,}|~{3,})[ \t]*([\w+#.-]+)[^\n]*\n/gm)) {
    const start = m.index + m[0].length;
    const end = body.indexOf(`\n${m[1]}`, start - 1);
    yield { lang: m[2].toLowerCase(), code: body.slice(start, end < 0 ? undefined : end) };
  }
}

/**
 * Highlights code that is not in markdown (the API reference's samples) into the tree of a fenced
 * block. It is a highlighter of its own, disposed by the caller: the shared one must load only the
 * languages of the site's markdown, or a page's output would depend on the thread that made it.
 * A block's nodes may be shared by several pages: they are only read, when each page is serialised.
 */
export async function createCodeHighlighter(langs: string[]): Promise<{ highlight: (code: string, lang: string, title?: string) => ElementContent[]; dispose: () => void }> {
  const highlighter = await createHighlighter({ themes: [CODE_THEME], langs, engine: regexEngine() });
  // Generated samples repeat (every operation shows the same authorization header).
  const done = new Map<string, ElementContent[]>();
  const highlight = (code: string, lang: string, title?: string): ElementContent[] =>
    highlighter.codeToHast(code, {
      lang,
      theme: CODE_THEME,
      meta: { __raw: title ? `title="${title}"` : '' },
      transformers: [codeMetaTransformer],
      // As for markdown (transform-markdown.ts): no time limit, so that two builds agree.
      tokenizeTimeLimit: 0,
    }).children as ElementContent[];
  return {
    highlight: (code, lang, title) => {
      const key = `${lang}\0${title ?? ''}\0${code}`;
      let nodes = done.get(key);
      if (nodes === undefined) done.set(key, (nodes = highlight(code, lang, title)));
      return nodes;
    },
    dispose: () => highlighter.dispose(),
  };
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

/**
 * Docusaurus's magic comments, alone on their line in any of the comment forms it knows: `//`,
 * `/* *\/`, `{/* *\/}`, `#`, `<!-- -->`, `--`, `;;` and `%`.
 */
const MAGIC_COMMENT = /^\s*(?:\/\/|\/\*|\{\s*\/\*|#|<!--|--|;;|%)\s*(highlight-next-line|highlight-start|highlight-end)\s*(?:\*\/\s*\}|\*\/|-->)?\s*$/;

/**
 * Takes Docusaurus's magic comments out of a block: `highlight-next-line` highlights the line after
 * it, `highlight-start` … `highlight-end` the lines between. Lines are numbered as shown, after the
 * comments are gone. As in Docusaurus, a block with a `{…}` range in its meta keeps its comments.
 */
export function stripMagicComments(code: string): { code: string; highlight: Set<number> } | undefined {
  if (!code.includes('highlight-')) return undefined;
  const kept: string[] = [];
  const highlight = new Set<number>();
  let next = 0;
  let open = 0;
  let found = false;
  for (const line of code.split('\n')) {
    const magic = MAGIC_COMMENT.exec(line)?.[1];
    if (magic) {
      found = true;
      if (magic === 'highlight-next-line') next++;
      else if (magic === 'highlight-start') open++;
      else open = Math.max(0, open - 1);
      continue;
    }
    kept.push(line);
    if (next > 0 || open > 0) highlight.add(kept.length);
    if (next > 0) next--;
  }
  return found ? { code: kept.join('\n'), highlight } : undefined;
}

/** Where preprocess leaves the lines magic comments highlight, for the line hook of the same block. */
const magicLines = new WeakMap<object, Set<number>>();

/** Adds line classes and wraps the block in a container with its title and a copy button. */
export const codeMetaTransformer: ShikiTransformer = {
  name: 'docsgen:code-meta',
  preprocess(code) {
    const meta = parseCodeMeta(this.options.meta?.__raw ?? '');
    if (meta.highlight.size > 0 || this.options.lang === 'text') return;
    const stripped = stripMagicComments(code);
    if (!stripped) return;
    magicLines.set(this.meta, stripped.highlight);
    return stripped.code;
  },
  pre(pre) {
    const meta = parseCodeMeta(this.options.meta?.__raw ?? '');
    if (meta.lineNumbers) this.addClassToHast(pre, 'line-numbers');
    pre.properties.tabindex = '0';
  },
  line(line, n) {
    const meta = parseCodeMeta(this.options.meta?.__raw ?? '');
    if (meta.highlight.has(n) || magicLines.get(this.meta)?.has(n)) this.addClassToHast(line, 'highlighted');
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
