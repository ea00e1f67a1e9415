// Compiles the CLI once before any test spawns it, so test files do not race to compile it, and
// gives the run a folder where test files share the sites they build (see sites.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { compile } from '../../scripts/compile-cli.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    runDir: string;
  }
}

export default async function setup(project: TestProject) {
  await compile();
  const runDir = mkdtempSync(path.join(tmpdir(), 'docsgen-run-'));
  project.provide('runDir', runDir);
  return () => rmSync(runDir, { recursive: true, force: true });
}
