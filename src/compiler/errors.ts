// Every problem in the user's input becomes a Diagnostic with a location; a build collects them
// and fails with all of them at once. Only bugs in docsgen itself surface as plain exceptions.

export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

export interface Diagnostic extends SourceLocation {
  message: string;
  hint?: string;
  severity: 'error' | 'warning';
}

export class DocsgenError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[] | Diagnostic) {
    const list = Array.isArray(diagnostics) ? diagnostics : [diagnostics];
    super(list.map(formatDiagnostic).join('\n'));
    this.name = 'DocsgenError';
    this.diagnostics = list;
  }
}

export function error(loc: SourceLocation, message: string, hint?: string): Diagnostic {
  return { ...loc, message, hint, severity: 'error' };
}

export function warning(loc: SourceLocation, message: string, hint?: string): Diagnostic {
  return { ...loc, message, hint, severity: 'warning' };
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
