import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The docsgen package folder, found from this file whether it runs from src/ or from dist/. */
export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === 'docsgen') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('docsgen: cannot find its own package.json');
    dir = parent;
  }
}

export function docsgenVersion(): string {
  return JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')).version;
}
