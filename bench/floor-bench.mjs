#!/usr/bin/env node
// npm run bench:floor [pages] [runs]: what the build cannot go below on this machine, whatever
// docsgen does around its libraries. On the benchmark corpus it times, each in a fresh process:
//   - parsing every page with remark-parse's parser (mdast-util-from-markdown), CommonMark only;
//   - highlighting every code block with shiki and its Oniguruma engine;
//   - the whole markdown front end docsgen must keep (remark-parse, remark-gfm, remark-rehype,
//     shiki's rehype plugin, rehype-stringify), every page to HTML, grammars loaded included;
// once alone and once as two copies at the same time, which shows how much a second thread can add.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPTIMIZE_LATER } from '../scripts/v8-flags.mjs';

const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), '..');

if (process.argv[2] === '--job') {
  await job(process.argv[3], process.argv[4]);
} else {
  await main(Number(process.argv[2] ?? 500), Number(process.argv[3] ?? 3));
}

/** Markdown files of a corpus, without their frontmatter. */
function corpusTexts(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.mdx?$/.test(e.name)) out.push(readFileSync(p, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''));
    }
  };
  walk(dir);
  return out;
}

/** One timed pass in this process (cold: modules, grammars and JIT as a build's first use finds them); prints ms. */
async function job(kind, corpus) {
  const texts = corpusTexts(corpus);
  if (kind === 'parse') {
    const { fromMarkdown } = await import('mdast-util-from-markdown');
    const t0 = performance.now();
    for (const text of texts) fromMarkdown(text);
    console.log(Math.round(performance.now() - t0));
    return;
  }
  const { createHighlighter, createCssVariablesTheme } = await import('shiki');
  if (kind === 'pipeline') {
    const [{ unified }, { default: remarkParse }, { default: remarkGfm }, { default: remarkRehype }, { default: rehypeStringify }, { default: rehypeShiki }] = await Promise.all([
      import('unified'),
      import('remark-parse'),
      import('remark-gfm'),
      import('remark-rehype'),
      import('rehype-stringify'),
      import('@shikijs/rehype/core'),
    ]);
    const langs = [...new Set(texts.flatMap((t) => [...t.matchAll(/^```(\w+)/gm)].map((m) => m[1])))];
    const t0 = performance.now();
    const highlighter = await createHighlighter({ themes: [createCssVariablesTheme({ name: 'floor', variablePrefix: '--code-' })], langs });
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeShiki, highlighter, { theme: 'floor' }).use(rehypeStringify);
    for (const text of texts) String(processor.processSync(text));
    console.log(Math.round(performance.now() - t0));
    return;
  }
  const blocks = texts.flatMap((t) => [...t.matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```/gm)].map((m) => [m[1], m[2]]));
  const theme = createCssVariablesTheme({ name: 'floor', variablePrefix: '--code-' });
  const t0 = performance.now();
  const highlighter = await createHighlighter({ themes: [theme], langs: [...new Set(blocks.map(([lang]) => lang))] });
  for (const [lang, code] of blocks) highlighter.codeToHast(code, { lang, theme: 'floor' });
  console.log(Math.round(performance.now() - t0));
}

function run(kind, corpus) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [OPTIMIZE_LATER, self, '--job', kind, corpus], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', (code) => (code === 0 ? resolve(Number(out.trim())) : reject(new Error(`${kind} job failed`))));
  });
}

async function main(pages, runs) {
  const generator = path.resolve(root, '../shared/bench/gen-corpus.mjs');
  if (!existsSync(generator)) {
    console.error(`bench: ${generator} not found (the shared folder must sit beside the repository)`);
    process.exit(1);
  }
  const corpus = mkdtempSync(path.join(tmpdir(), `docsgen-floor-${pages}-`));
  spawnSync(process.execPath, [generator, corpus, String(pages)], { stdio: 'ignore' });
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`floor of the build's libraries on ${pages} pages, median of ${runs} runs each:`);
  for (const [kind, label] of [
    ['parse', "parse (remark-parse's parser, CommonMark only)"],
    ['highlight', 'highlight (shiki with Oniguruma, every code block)'],
    ['pipeline', 'markdown to HTML (remark-parse, remark-gfm, remark-rehype, shiki, rehype-stringify)'],
  ]) {
    const alone = [];
    const paired = [];
    for (let i = 0; i < runs; i++) {
      alone.push(await run(kind, corpus));
      const [a, b] = await Promise.all([run(kind, corpus), run(kind, corpus)]);
      paired.push(Math.max(a, b));
    }
    const one = median(alone);
    const two = median(paired);
    console.log(`  ${label}: ${s(one)} alone; two at once take ${s(two)}, so two processes get through ${((2 * one) / two).toFixed(2)}x the work of one`);
    // Split over two threads, each does half of the pages: the transform's floor on two cores.
    if (kind === 'pipeline') console.log(`    so every page to HTML on two threads takes at least ${s(two / 2)} (half the pages each, as fast as two at once go)`);
  }
}
