#!/usr/bin/env node
// npm run bench:mdx -- [--pages 500] [--share 10] [--runs 5]
//
// What an MDX page costs in a cold build. Two copies of a corpus made by
// ../shared/bench/gen-corpus.mjs: `md`, as generated, and `mdx`, where every (100/share)th page is
// an `.mdx` page with what a Docusaurus page moving over holds (@theme/Tabs, Admonition, Link, a
// site component with a CSS module, an expression). Each is built cold (`--no-cache`, a fresh
// process) `runs` times, alternating; printed: medians of wall and CPU time (docsgen and its
// workers), and their difference divided by the number of MDX pages: the cost of one MDX page over
// the same page as markdown. Corpora go to bench/.corpus-mdx-<pages>-<share>/ and are reused.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const generator = path.resolve(root, '../shared/bench/gen-corpus.mjs');

const opts = { pages: 500, share: 10, runs: 5 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const key = argv[i].replace(/^--/, '');
  if (!(key in opts) || !/^\d+$/.test(argv[i + 1] ?? '')) {
    console.error('usage: node bench/mdx-bench.mjs [--pages 500] [--share 10] [--runs 5]');
    process.exit(2);
  }
  opts[key] = Number(argv[i + 1]);
}

const config = (format) => `import { defineConfig } from 'docsgen';
export default defineConfig({
  title: 'Acme Docs',
  url: 'https://docs.example.com',
  docs: { path: 'docs', sidebarPath: 'sidebars.js' },
  staticDir: 'static',
  search: false,
  markdown: { format: '${format}' },
});
`;

const COMPONENT = `import styles from './Note.module.css';
export default function Note({ title, children }) {
  return <aside className={styles.note}><strong>{title}</strong>{children}</aside>;
}
`;

/** What a moved Docusaurus page adds to its markdown, after the frontmatter. */
const MDX_HEAD = `import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import Admonition from '@theme/Admonition';
import Link from '@docusaurus/Link';
import Note from '@site/src/components/Note';

export const retries = 3;
`;
const MDX_TAIL = `
<Tabs groupId="lang">
  <TabItem value="js" label="JavaScript" default>

Run it with \`node\`.

  </TabItem>
  <TabItem value="py" label="Python">

Run it with \`python\`.

  </TabItem>
</Tabs>

<Admonition type="tip" title="Retries">It retries {retries} times, {retries * 2} in all.</Admonition>

<Note title="See also">The <Link to="/">start page</Link>.</Note>
`;

function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

function corpora() {
  const base = path.join(root, 'bench', `.corpus-mdx-${opts.pages}-${opts.share}`);
  const md = path.join(base, 'md');
  const mdx = path.join(base, 'mdx');
  const done = path.join(base, '.complete');
  if (existsSync(done)) return { md, mdx, count: Number(readFileSync(done, 'utf8')) };
  rmSync(base, { recursive: true, force: true });
  mkdirSync(base, { recursive: true });
  if (spawnSync(process.execPath, [generator, md, String(opts.pages)], { stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) process.exit(1);
  writeFileSync(path.join(md, 'package.json'), '{ "type": "commonjs" }\n');
  cpSync(md, mdx, { recursive: true });
  writeFileSync(path.join(md, 'docsgen.config.ts'), config('md'));
  writeFileSync(path.join(mdx, 'docsgen.config.ts'), config('detect'));
  mkdirSync(path.join(mdx, 'src/components'), { recursive: true });
  writeFileSync(path.join(mdx, 'src/components/Note.js'), COMPONENT);
  writeFileSync(path.join(mdx, 'src/components/Note.module.css'), '.note { border-left: 4px solid teal; padding: 0 1rem; }\n');
  let count = 0;
  const step = Math.round(100 / opts.share);
  listFiles(path.join(mdx, 'docs')).forEach((file, i) => {
    if (i % step !== Math.min(1, step - 1)) return;
    const text = readFileSync(file, 'utf8');
    const end = text.startsWith('---') ? text.indexOf('\n---', 3) + 4 : 0;
    writeFileSync(file, `${text.slice(0, end)}\n${MDX_HEAD}\n${text.slice(end)}${MDX_TAIL}`);
    renameSync(file, file.replace(/\.md$/, '.mdx'));
    count++;
  });
  writeFileSync(done, String(count));
  return { md, mdx, count };
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
/** CPU seconds of ended children (Linux: cutime + cstime). */
function childrenCpu() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

function coldBuild(dir) {
  const out = path.join(dir, 'out');
  rmSync(out, { recursive: true, force: true });
  return new Promise((resolve) => {
    const cpu0 = childrenCpu();
    const t0 = performance.now();
    const child = spawn(process.execPath, [path.join(root, 'bin/docsgen.js'), 'build', '--no-cache', '--config', 'docsgen.config.ts', '--out', out], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (c) => (errors += c));
    child.on('exit', (status) => {
      if (status !== 0) {
        console.error(errors);
        process.exit(1);
      }
      resolve({ ms: performance.now() - t0, cpu: childrenCpu() - cpu0 });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const { md, mdx, count } = corpora();
const runs = { md: [], mdx: [] };
for (let i = 0; i < opts.runs; i++) {
  runs.md.push(await coldBuild(md));
  runs.mdx.push(await coldBuild(mdx));
}
const row = (name, list) =>
  `${name.padEnd(5)} wall ${median(list.map((r) => r.ms))
    .toFixed(0)
    .padStart(6)} ms   cpu ${median(list.map((r) => r.cpu * 1000))
    .toFixed(0)
    .padStart(6)} ms   (walls: ${list.map((r) => r.ms.toFixed(0)).join(' ')})`;
console.log(`${opts.pages} pages, ${count} of them MDX in the mdx corpus; ${opts.runs} cold builds each, medians`);
console.log(row('md', runs.md));
console.log(row('mdx', runs.mdx));
const per = (key, scale) => ((median(runs.mdx.map((r) => r[key] * scale)) - median(runs.md.map((r) => r[key] * scale))) / count).toFixed(1);
console.log(`per MDX page: wall +${per('ms', 1)} ms, cpu +${per('cpu', 1000)} ms`);
