import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** The esbuild processes this process started (Linux: from /proc). */
export function esbuildChildren(): Set<number> {
  const tasks = readdirSync(`/proc/${process.pid}/task`);
  const pids = tasks.flatMap((t) => {
    try {
      return readFileSync(`/proc/${process.pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
  return new Set(pids.filter((pid) => existsSync(`/proc/${pid}/comm`) && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'esbuild'));
}
