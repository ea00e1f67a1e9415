import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const fixture = (name: string) => path.join(repoRoot, 'test/fixtures', name);
export const tempDir = (prefix = 'docsgen-test-') => mkdtempSync(path.join(tmpdir(), prefix));

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI, as a user would, in the given folder. */
export function runCli(args: string[], cwd: string, env: Record<string, string> = {}): CliResult {
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin/docsgen.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production', ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** runCli without blocking this process: for tests whose servers in this process the CLI talks to. */
export function runCliAsync(args: string[], cwd: string, env: Record<string, string> = {}): Promise<CliResult> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.js'), ...args], { cwd, env: { ...process.env, NODE_ENV: 'production', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Every file below a folder, relative, with its bytes: for comparing two builds. */
export function snapshotTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = path.join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(path.relative(dir, p), readFileSync(p).toString('base64'));
    }
  };
  walk(dir);
  return out;
}

/** Starts `docsgen serve` (with `args`, e.g. `--watch`) on a random port in `cwd`, and resolves once it says it is serving. */
export function startServe(cwd: string, args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.js'), 'serve', '--port', String(port), ...args], { cwd, env: { ...process.env, ...env } });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${out}`)), 60_000);
    child.stdout!.on('data', () => {
      if (out.includes('serving')) {
        clearTimeout(timer);
        resolve({ child, port, output: () => out });
      }
    });
  });
}
