// Rule ids are a public interface: the README documents each one, and nothing else.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applySeverity, CONFIGURABLE_RULES, error, RULE_IDS, warning } from '../../src/compiler/errors.ts';
import { repoRoot } from '../helpers/run.ts';

describe('rule ids', () => {
  it('README.md lists every rule id once, and no other', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('\n## Checks\n'));
    const documented = [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    expect([...documented].sort()).toEqual([...RULE_IDS].sort());
    expect(new Set(documented).size).toBe(documented.length);
  });

  it('the rules the config can set are rule ids, each named in the README row of its rule', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    for (const [key, rule] of Object.entries(CONFIGURABLE_RULES)) {
      expect(RULE_IDS).toContain(rule);
      expect(readme).toContain(`| \`${rule}\` | \`checks.${key}\` |`);
    }
  });
});

describe('applySeverity', () => {
  const at = { file: 'content/docs/a.md', line: 1, column: 1 };
  const found = [error('broken-link', at, 'link'), error('broken-anchor', at, 'anchor'), error('duplicate-route', at, 'route'), warning('unsafe-link', at, 'unsafe')];

  it('keeps every diagnostic as it is by default', () => {
    expect(applySeverity(found, undefined)).toEqual(found);
    expect(applySeverity(found, {})).toEqual(found);
    expect(applySeverity(found, { brokenLinks: 'error' })).toEqual(found);
  });

  it('turns a configurable rule into a warning or leaves it out; never touches the others', () => {
    const result = applySeverity(found, { brokenLinks: 'warn', brokenAnchors: 'ignore' });
    expect(result.map((d) => `${d.rule} ${d.severity}`)).toEqual(['broken-link warning', 'duplicate-route error', 'unsafe-link warning']);
  });
});
