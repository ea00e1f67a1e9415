// How `docsgen build` and `docsgen check` print what they found: for a person (`text`, the
// `file:line:col  message` lines), for a program (`json`, one object a line), or as GitHub Actions
// workflow commands (`github`), which put each problem on its line of a pull request's diff.
import { formatDiagnostic, type Diagnostic } from './errors.ts';

export const FORMATS = ['text', 'json', 'github'] as const;
export type OutputFormat = (typeof FORMATS)[number];

/** The last line of `--format json`: what ran and how it ended. */
export interface Summary {
  command: 'build' | 'check';
  ok: boolean;
  errors: number;
  warnings: number;
  durationMs: number;
  /** A bug in docsgen (not a problem of the input) stopped the command; its stack went to stderr. */
  internalError?: string;
  [key: string]: unknown;
}

/** One diagnostic as a JSON line; every key is always present (null when unknown) so consumers need no guards. */
export function jsonDiagnostic(d: Diagnostic): string {
  return JSON.stringify({
    type: 'diagnostic',
    file: d.file,
    line: d.line ?? null,
    column: d.line ? (d.column ?? 1) : null,
    rule: d.rule,
    severity: d.severity,
    message: d.message,
    hint: d.hint ?? null,
  });
}

export function jsonSummary(summary: Summary): string {
  return JSON.stringify({ type: 'summary', ...summary });
}

/**
 * `::error file=…,line=…,col=…,title=rule::message`. The runner reads `%`, CR and LF escaped in
 * the message, and also `:` and `,` in property values (as @actions/core escapes them).
 */
export function githubCommand(d: Diagnostic): string {
  const props = [`file=${escapeProperty(d.file)}`];
  if (d.line) props.push(`line=${d.line}`, `col=${d.column ?? 1}`);
  props.push(`title=${escapeProperty(d.rule)}`);
  const text = d.hint ? `${d.message}\nhint: ${d.hint}` : d.message;
  return `::${d.severity === 'warning' ? 'warning' : 'error'} ${props.join(',')}::${escapeData(text)}`;
}

/** A failure with no place in the sources (a bug in docsgen): an annotation on the run itself. */
export function githubInternalError(message: string): string {
  return `::error title=internal-error::${escapeData(`docsgen internal error: ${message}`)}`;
}

function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** The diagnostics in a format; text gives the same lines a build has always printed. */
export function formatAll(format: OutputFormat, diagnostics: Diagnostic[]): string[] {
  const one = format === 'json' ? jsonDiagnostic : format === 'github' ? githubCommand : formatDiagnostic;
  return diagnostics.map(one);
}
