// Links to markdown files, as Docusaurus resolves them: `../x.mdx` from the page's folder, then
// from the docs folder; `/x/y.md` from the docs folder (not the file system's root).
import path from 'node:path';

/** The files a link to a `.md`/`.mdx` file may name, in the order they are tried: the first that is a page wins. */
export function markdownLinkTargets(written: string, resolvePath: (relative: string) => string, docsDir: string | undefined): string[] {
  const fromDocs = docsDir === undefined ? [] : [path.join(docsDir, written.replace(/^\/+/, ''))];
  return written.startsWith('/') ? fromDocs : [resolvePath(written), ...fromDocs.filter((f) => f !== resolvePath(written))];
}
