// An `.mdx` page (or a `.md` page with `format: mdx`): compiled by @mdx-js/mdx with docsgen's own
// remark and rehype plugins (so its headings, links, images, directives and code blocks are what a
// markdown page's are), then bundled with the components it imports and rendered to HTML once, at
// build time (render-mdx.ts). Every problem is reported at the page's file:line:col.
import { compileSync } from '@mdx-js/mdx';
import type { PluggableList } from 'unified';
import type { Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { VFile } from 'vfile';
import { error, type Diagnostic, type SourceLocation } from '../errors.ts';
import { rel } from '../load-config.ts';
import type { DocsgenMarkdownContext, DocsgenMarkdownResult } from '../markdown/context.ts';
import { visitJsxLinks } from '../markdown/links.ts';
import { DOCUSAURUS_MODULES, GLOBAL_COMPONENTS, MdxBundleError, MdxRenderError, renderMdx, type ComponentFailure, type MdxRender, type MdxRenderOptions } from './render-mdx.ts';
import { CompiledPositions } from './positions.ts';

/** The config's `markdown.format`, as Docusaurus's: which pages are MDX. */
export interface MdxTransform {
  /** Undefined for a page with errors. */
  rendered?: MdxRender;
  /** Besides those in the page's result: the compiler's, the bundler's and the renderer's. */
  diagnostics: Diagnostic[];
}

export interface MdxTransformInput {
  /** The page's markdown, preprocessed as a markdown page's is. */
  text: string;
  ctx: DocsgenMarkdownContext;
  out: DocsgenMarkdownResult;
  /** docsgen's remark plugins and the config's, in their order (see transform-markdown.ts). */
  remarkPlugins: PluggableList;
  rehypePlugins: PluggableList;
  render: Omit<MdxRenderOptions, 'file'>;
  absFile: string;
}

export async function transformMdx(input: MdxTransformInput): Promise<MdxTransform> {
  const { ctx } = input;
  const at = (line?: number, column?: number) => ({ file: ctx.file, line: (line ?? 1) + ctx.lineOffset, column: column ?? 1 });
  const vfile = new VFile({ path: input.absFile, value: input.text, data: { docsgen: { ctx, out: input.out } } });
  const positions = new CompiledPositions();
  let compiled: string;
  try {
    compiled = String(
      compileSync(vfile, {
        remarkPlugins: [...input.remarkPlugins, remarkMdxChecks],
        rehypePlugins: input.rehypePlugins,
        remarkRehypeOptions: { allowDangerousHtml: true },
        // Development mode tells each element its place in the page, for errors of components.
        development: true,
        jsxImportSource: 'react',
        // Which pages are MDX is docsgen's choice (isMdxPage), not the file's extension.
        format: 'mdx',
        // Where the code of expressions and exports came from, for what it throws when it runs.
        SourceMapGenerator: positions.generator as never,
      }),
    );
  } catch (e) {
    const m = e as {
      line?: number;
      column?: number;
      place?: { line?: number; column?: number; start?: { line: number; column: number } };
      reason?: string;
      message?: string;
      ruleId?: string;
      cause?: { message?: string };
    };
    const place = m.place && 'start' in m.place ? m.place.start : m.place;
    // A tag's own place, when the reason names it ("a closing tag for `<b>` (3:3-3:6)"), is more exact than its paragraph's.
    const named = /\((\d+):(\d+)-\d+:\d+\)/.exec(m.reason ?? '');
    const line = named ? Number(named[1]) : (place?.line ?? m.line);
    const column = named ? Number(named[2]) : (place?.column ?? m.column);
    // acorn's own words ("Unexpected token") say what is wrong with an expression or an import/export.
    const why = m.ruleId === 'acorn' && m.cause?.message ? `: ${m.cause.message.replace(/ \(\d+:\d+\)$/, '')}` : '';
    return { diagnostics: [error('invalid-mdx', at(line, column), `MDX: ${m.reason ?? m.message ?? String(e)}${why}`, m.ruleId === 'acorn' ? JS_HINT : MDX_HINT)] };
  }
  // The checks' problems are in the page's diagnostics already; one of them an error, nothing to render.
  if (vfile.data.mdxInvalid === true) return { diagnostics: [] };
  try {
    return { rendered: await renderMdx(compiled, positions, { ...input.render, file: input.absFile }), diagnostics: [] };
  } catch (e) {
    if (e instanceof MdxRenderError) return { diagnostics: [failureDiagnostic(e.failure, ctx)] };
    if (e instanceof MdxBundleError) {
      // An import the page writes is at its line; one a component writes is at the component's, and the page's line is not known.
      const where = e.specifier && !e.inFile ? locateImport(input.text, e.specifier) : undefined;
      const what = e.specifier ? `cannot resolve the import "${e.specifier}"` : e.message;
      const inFile = e.inFile ? ` in ${rel(e.inFile.file)}:${e.inFile.line}:${e.inFile.column} (a module this page loads)` : '';
      const place: SourceLocation = where ? at(where.line, where.column) : { file: ctx.file };
      return { diagnostics: [error('invalid-mdx', place, `MDX: ${what}${inFile}`, "imports resolve from the page's folder, from the site's folder as @site/…, or from node_modules")] };
    }
    throw e;
  }
}

const MDX_HINT = 'MDX reads `<` as a tag and `{` as an expression: write them as `\\<` and `\\{` in text';
const JS_HINT = 'what is in `{…}` and the import/export lines is JavaScript; for a `{` in text, write `\\{`';

/**
 * What threw while the page loaded or rendered, at its place in the page when it is known, and
 * saying so when it is not (see ComponentFailure): never a made-up line 1.
 */
function failureDiagnostic(f: ComponentFailure, ctx: DocsgenMarkdownContext): Diagnostic {
  const place: SourceLocation = f.line === undefined ? { file: ctx.file } : { file: ctx.file, line: f.line + ctx.lineOffset, column: f.column ?? 1 };
  const verb = f.phase === 'load' ? 'threw while loading' : 'threw while rendering';
  const inFile = f.source ? ` (at ${rel(f.source.file)}:${f.source.line}:${f.source.column})` : '';
  const what = f.component ? `component ${f.component}` : f.phase === 'load' ? 'a module this page imports' : 'code of this page';
  switch (f.at) {
    case 'element':
      return error('invalid-mdx', place, `component ${f.component} ${verb}: ${f.message}`, 'fix the component or the props this page gives it');
    case 'code':
      return error(
        'invalid-mdx',
        place,
        `this page's code ${verb}${inFile}: ${f.message}`,
        "the page's {expressions} and exports run at build time, in Node: fix the code, or guard the values it reads",
      );
    case 'within':
      return error('invalid-mdx', place, `${what} ${verb}${inFile}, inside the page's <${f.element}> here or an element around it: ${f.message}`, 'fix the component or the props it is given');
    case 'unknown':
      return error('invalid-mdx', place, `${what} ${verb}${inFile}; its line in this page is not known: ${f.message}`, 'fix the code that threw; components and imports run at build time, in Node');
  }
}

/**
 * Checks the MDX tree before it is compiled: an import of a Docusaurus module docsgen does not
 * provide, or a component the page uses without importing it, is an error at its place. Ids of
 * elements are link targets, as in markdown's raw HTML; links in JSX props are the page's links.
 */
function remarkMdxChecks() {
  return (tree: Root, vfile: VFile) => {
    const { ctx, out } = vfile.data.docsgen as { ctx: DocsgenMarkdownContext; out: DocsgenMarkdownResult };
    const problems: Diagnostic[] = [];
    const at = (node: { position?: { start: { line: number; column: number } } }, offset = { line: 0, column: 0 }) => ({
      file: ctx.file,
      line: (node.position?.start.line ?? 1) + offset.line + ctx.lineOffset,
      column: (node.position?.start.column ?? 1) + offset.column,
    });
    const defined = new Set(GLOBAL_COMPONENTS);
    const visit = (node: Root | Root['children'][number]) => {
      if (node.type === 'mdxjsEsm') {
        const esm = node as MdxjsEsm;
        for (const statement of esm.data?.estree?.body ?? []) {
          if (statement.type === 'ImportDeclaration') {
            const source = String(statement.source.value);
            for (const s of statement.specifiers) defined.add(s.local.name);
            if (/^@(theme|docusaurus)\//.test(source) && !(source in DOCUSAURUS_MODULES)) {
              const line = (statement.loc?.start.line ?? 1) - (esm.position?.start.line ?? 1);
              problems.push(
                error(
                  'unsupported-mdx',
                  at(esm, { line, column: statement.loc ? statement.loc.start.column + 1 - (esm.position?.start.column ?? 1) : 0 }),
                  `import of ${source}: not one of the Docusaurus modules docsgen provides`,
                  `docsgen provides ${Object.keys(DOCUSAURUS_MODULES).join(', ')}; write the component in the site (@site/src/components/…)`,
                ),
              );
            }
          } else if (statement.type === 'ExportNamedDeclaration' && statement.declaration) {
            const d = statement.declaration;
            if (d.type === 'VariableDeclaration') for (const v of d.declarations) if (v.id.type === 'Identifier') defined.add(v.id.name);
            if ((d.type === 'FunctionDeclaration' || d.type === 'ClassDeclaration') && d.id) defined.add(d.id.name);
          }
        }
      }
      if ('children' in node) for (const child of node.children) visit(child as Root['children'][number]);
    };
    visit(tree);
    const check = (node: Root | Root['children'][number]) => {
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        const el = node as MdxJsxFlowElement | MdxJsxTextElement;
        const root = el.name?.split('.')[0];
        if (root && /^[A-Z]/.test(root) && !defined.has(root)) {
          problems.push(error('invalid-mdx', at(el), `JSX component ${el.name} is not defined on this page`, `import it, e.g. import ${root} from '@theme/${root}' or '@site/src/components/${root}'`));
        }
        for (const attr of el.attributes) {
          const a = attr as MdxJsxAttribute;
          if (a.type === 'mdxJsxAttribute' && (a.name === 'id' || (a.name === 'name' && el.name === 'a')) && typeof a.value === 'string') (out.anchors ??= []).push(a.value);
        }
        visitJsxLinks(el, ctx, out);
      }
      if ('children' in node) for (const child of node.children) check(child as Root['children'][number]);
    };
    check(tree);
    vfile.data.mdxInvalid = problems.some((d) => d.severity === 'error');
    out.diagnostics.push(...problems);
  };
}

/** Where the page imports a specifier, for an import esbuild could not resolve. */
function locateImport(text: string, specifier: string): { line: number; column: number } | undefined {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const col = lines[i].search(new RegExp(`['"]${specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]`));
    if (col >= 0 && /\b(import|require)\b/.test(lines[i])) return { line: i + 1, column: col + 1 };
  }
  return undefined;
}
