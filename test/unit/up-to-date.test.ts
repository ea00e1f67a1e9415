import path from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inputFingerprint, type BuildInputs } from '../../src/compiler/up-to-date.ts';
import type { ResolvedConfig } from '../../src/compiler/load-config.ts';
import { tempDir } from '../helpers/run.ts';

function project(): { inputs: BuildInputs; write: (rel: string, text: string) => void } {
  const root = tempDir('docsgen-fingerprint-');
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  write('site/docsgen.config.ts', 'export default {};\n');
  write('content/docs/index.md', '# Home\n');
  const config = {
    user: { title: 'Docs' },
    moduleHash: 'm1',
    configFile: path.join(root, 'site/docsgen.config.ts'),
    siteDir: path.join(root, 'site'),
    rootDir: root,
    docsDir: path.join(root, 'content/docs'),
    staticDir: path.join(root, 'site/static'),
  } as unknown as ResolvedConfig;
  return { inputs: { config, outDir: path.join(root, 'build'), cacheDir: path.join(root, '.docsgen-cache'), remote: 'r1', extra: [] }, write };
}

describe('the fingerprint of a build', () => {
  it('is the same for the same inputs, and differs for a page, the config as loaded, the remote documents or a file read from elsewhere', () => {
    const { inputs, write } = project();
    const first = inputFingerprint(inputs);
    expect(inputFingerprint(inputs)).toBe(first);
    // What the build itself writes beside the sources is not an input.
    write('build/index.html', 'output');
    write('.docsgen-cache/x.json', '{}');
    expect(inputFingerprint(inputs)).toBe(first);
    const differs = [
      inputFingerprint({ ...inputs, config: { ...inputs.config, user: { title: 'Other' } } as ResolvedConfig }),
      inputFingerprint({ ...inputs, config: { ...inputs.config, user: { title: 'Docs', plugin: () => 1 } } as unknown as ResolvedConfig }),
      inputFingerprint({ ...inputs, config: { ...inputs.config, moduleHash: 'm2' } }),
      inputFingerprint({ ...inputs, remote: 'r2' }),
      inputFingerprint({ ...inputs, extra: [path.join(inputs.config.rootDir, 'elsewhere.tsx')] }),
    ];
    for (const d of differs) expect(d).not.toBe(first);
    write('content/docs/index.md', '# Home!\n');
    expect(inputFingerprint(inputs)).not.toBe(first);
  });

  it('is none when a file changed at or after the time given: a build may have read it before the change', () => {
    const { inputs, write } = project();
    const before = Date.now() - 60_000;
    expect(inputFingerprint(inputs, before)).toBeUndefined();
    const since = Date.now() + 60_000;
    expect(inputFingerprint(inputs, since)).toBe(inputFingerprint(inputs));
    write('content/docs/later.md', '# Later\n');
    expect(inputFingerprint(inputs, Date.now() - 1000)).toBeUndefined();
  });
});
