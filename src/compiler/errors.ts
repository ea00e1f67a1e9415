// Every problem in the user's input becomes a Diagnostic with a location; a build collects them
// and fails with all of them at once. Only bugs in docsgen itself surface as plain exceptions.

/**
 * What kind of problem a diagnostic is: stable ids that CI annotations, `--format json` consumers
 * and the `checks` config name. README.md lists what each means; renaming one breaks users.
 */
export const RULE_IDS = [
  'invalid-config',
  'module-error',
  'invalid-sidebar',
  'unknown-sidebar-id',
  'duplicate-sidebar-entry',
  'unknown-doc-id',
  'invalid-frontmatter',
  'invalid-route',
  'invalid-category',
  'page-too-large',
  'nesting-too-deep',
  'transform-failed',
  'outside-sources',
  'duplicate-route',
  'broken-link',
  'broken-markdown-link',
  'broken-anchor',
  'broken-image',
  'external-link',
  'malformed-url',
  'unsafe-link',
  'unsupported-mdx',
  'invalid-directive',
  'duplicate-heading-id',
  'invalid-openapi',
  'openapi-source',
  'openapi-operation-id',
  'redirect-target',
  'redirect-source',
  'search-index',
  'output-folder',
] as const;

export type RuleId = (typeof RULE_IDS)[number];

export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

export interface Diagnostic extends SourceLocation {
  rule: RuleId;
  message: string;
  hint?: string;
  severity: 'error' | 'warning';
}

export class DocsgenError extends Error {
  readonly diagnostics: Diagnostic[];
  /** Warnings found before the build failed: machine-readable output reports them too. */
  warnings: Diagnostic[] = [];
  constructor(diagnostics: Diagnostic[] | Diagnostic) {
    const list = Array.isArray(diagnostics) ? diagnostics : [diagnostics];
    super(list.map(formatDiagnostic).join('\n'));
    this.name = 'DocsgenError';
    this.diagnostics = list;
  }
}

export function error(rule: RuleId, loc: SourceLocation, message: string, hint?: string): Diagnostic {
  return { ...loc, rule, message, hint, severity: 'error' };
}

export function warning(rule: RuleId, loc: SourceLocation, message: string, hint?: string): Diagnostic {
  return { ...loc, rule, message, hint, severity: 'warning' };
}

/** `path/to/file.md:12:5  message` followed by an indented hint. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.line ? `${d.file}:${d.line}:${d.column ?? 1}` : d.file;
  const head = `${where}  ${d.severity === 'warning' ? 'warning: ' : ''}${d.message}`;
  return d.hint ? `${head}\n    hint: ${d.hint}` : head;
}

/** Sorts by file, line, column so output is stable whatever order stages ran in. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) ||
      a.message.localeCompare(b.message),
  );
}
