// Every problem in the user's input becomes a Diagnostic with a location; a build collects them
// and fails with all of them at once. Only bugs in docsgen itself surface as plain exceptions.
import type { ChecksConfig } from './define-config.ts';

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
  'page-too-complex',
  'transform-failed',
  'outside-sources',
  'duplicate-route',
  'duplicate-doc-id',
  'broken-link',
  'broken-markdown-link',
  'broken-anchor',
  'broken-image',
  'external-link',
  'malformed-url',
  'unsafe-link',
  'unsupported-mdx',
  'invalid-mdx',
  'invalid-directive',
  'duplicate-heading-id',
  'invalid-openapi',
  'openapi-source',
  'openapi-operation-id',
  'remote-content',
  'redirect-target',
  'redirect-source',
  'search-index',
  'output-conflict',
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

/** The command was used wrongly (an unknown git ref, say): exit code 2, like a bad option. */
export class UsageError extends Error {
  override name = 'UsageError';
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
  return [...list].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || a.message.localeCompare(b.message));
}

/** The rules a site can turn into warnings or silence, by their key in the config's `checks`. */
export const CONFIGURABLE_RULES = {
  brokenLinks: 'broken-link',
  brokenMarkdownLinks: 'broken-markdown-link',
  brokenAnchors: 'broken-anchor',
  brokenImages: 'broken-image',
  externalLinks: 'external-link',
} as const satisfies Record<keyof ChecksConfig, RuleId>;

const SETTING_OF_RULE = new Map<RuleId, keyof ChecksConfig>(Object.entries(CONFIGURABLE_RULES).map(([key, rule]) => [rule, key as keyof ChecksConfig]));

/** The diagnostics as the config's `checks` wants them: errors by default, else warnings, or left out. */
export function applySeverity(diagnostics: Diagnostic[], checks: ChecksConfig | undefined): Diagnostic[] {
  if (!checks) return diagnostics;
  return diagnostics.flatMap((d) => {
    const key = SETTING_OF_RULE.get(d.rule);
    const setting = key ? checks[key] : undefined;
    if (setting === 'ignore') return [];
    if (setting === 'warn') return [{ ...d, severity: 'warning' as const }];
    return [d];
  });
}
