// Line-preserving rewrites applied before parsing, so that positions in the parsed tree are still
// the writer's lines. Code fences are left alone.
import { warning, error, type Diagnostic } from '../errors.ts';
import { ADMONITION_KINDS } from './admonitions.ts';

const TITLE_FORM = new RegExp(`^(\\s*:{3,})(${ADMONITION_KINDS.join('|')})[ \\t]+([^\\[{\\s].*?)\\s*$`);
const FENCE = /^\s*(`{3,}|~{3,})/;

export interface Preprocessed {
  text: string;
  diagnostics: Diagnostic[];
}

/**
 * - `:::tip Title` becomes `:::tip[Title]` (remark-directive only knows the bracket form);
 * - `.mdx` files: `import`/`export` lines are blanked with a warning, JSX component tags are errors.
 */
export function preprocess(body: string, file: string, lineOffset: number, isMdx: boolean): Preprocessed {
  const lines = body.split('\n');
  const diagnostics: Diagnostic[] = [];
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const f = FENCE.exec(line);
    if (f) {
      if (!fence) fence = f[1][0];
      else if (f[1][0] === fence && line.trim().startsWith(fence.repeat(3))) fence = undefined;
      continue;
    }
    if (fence) continue;
    const t = TITLE_FORM.exec(line);
    if (t) {
      lines[i] = `${t[1]}${t[2]}[${t[3].replace(/([[\]])/g, '\\$1')}]`;
      continue;
    }
    if (!isMdx) continue;
    const loc = { file, line: i + 1 + lineOffset, column: 1 };
    if (/^(import|export)\s/.test(line)) {
      diagnostics.push(warning('unsupported-mdx', loc, 'MDX import/export line ignored', 'docsgen reads .mdx as markdown and does not run JavaScript'));
      lines[i] = '';
    } else if (/^\s*<[A-Z][\w.]*[\s/>]/.test(line)) {
      diagnostics.push(error('unsupported-mdx', loc, `JSX component ${/<([A-Z][\w.]*)/.exec(line)![1]} is not supported`, 'use a :::tabs or admonition directive, or plain markdown'));
    }
  }
  return { text: lines.join('\n'), diagnostics };
}
