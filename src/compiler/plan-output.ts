// Which file of the output each part of the site will write, checked before anything is written.
// Pages, redirect stubs, static files and docsgen's own files share one folder: a page whose slug
// is `/sitemap.xml`, a static `404.html` or a redirect from a page's `.html` name would otherwise
// overwrite one another silently (whichever is written last wins) or fail with a bare EISDIR.
import { error, type Diagnostic, type SourceLocation } from './errors.ts';
import { dataChunkUrl } from '../shared/types.ts';
import { redirectFiles } from './write-redirects.ts';
import { htmlPathOf } from './write-output.ts';

/** Folders only docsgen writes into: page data, sidebars, the search index. */
export const RESERVED_DIRS = ['_data', '_sidebars', '_search'] as const;
/** Files docsgen writes at the top of the output. */
export const RESERVED_FILES = ['404.html', 'sitemap.xml', '_redirects'] as const;

/** Who wants a file: said in the message, and where the diagnostic points. */
export interface Claimant {
  what: string;
  at: SourceLocation;
  /** docsgen's own files (data chunks, the bundle, images) may be written into the reserved folders. */
  own?: true;
}

export interface OutputPlanInput {
  pages: Iterable<{ route: string; label: string; file: string }>;
  /** Redirect sources, and the file (the config) that declares them. */
  redirects: Iterable<string>;
  redirectsFile: string;
  /** Static files, relative to the static folder, and that folder (for locations). */
  staticFiles: Iterable<string>;
  staticDir: string | undefined;
  /** Files docsgen itself writes whose names are known before writing: the bundle, images. */
  generated: Iterable<string>;
}

const fold = (path: string) => path.normalize('NFC').toLowerCase();

/** Every clash between two claims on one output path, or between a file and a folder of another's. */
export function checkOutputPlan(input: OutputPlanInput, rel: (file: string) => string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const claims = new Map<string, Claimant>();
  // Case-insensitive file systems (macOS, Windows) and ones that normalise Unicode (macOS) would
  // make `Guide` and `guide`, or é composed and decomposed, one file: they clash here too.
  const folded = new Map<string, string>();
  // A redirect writes three files, a page two: each is reported once, at its first clash.
  const reported = new Set<Claimant>();
  const clash = (path: string, claimant: Claimant, reason: string) =>
    !reported.has(claimant) &&
    reported.add(claimant) &&
    diagnostics.push(error('output-conflict', claimant.at, `${claimant.what} would write ${path}, ${reason}`, claimant.own ? undefined : 'give it another name, slug or route'));
  const claim = (path: string, claimant: Claimant, own = claimant.own) => {
    const top = fold(path.split('/')[0]);
    if (!own && (((RESERVED_DIRS as readonly string[]).includes(top) && path.includes('/')) || (RESERVED_FILES as readonly string[]).includes(fold(path)))) {
      clash(path, claimant, `which docsgen writes itself (${RESERVED_DIRS.map((d) => `${d}/`).join(', ')}, ${RESERVED_FILES.join(', ')} are reserved)`);
      return;
    }
    const existing = claims.get(path) ?? claims.get(folded.get(fold(path)) ?? '');
    if (existing) clash(path, claimant, `as ${existing.what} does${claims.has(path) ? '' : ' (in another case or Unicode form)'}`);
    else {
      claims.set(path, claimant);
      folded.set(fold(path), path);
    }
  };

  for (const path of RESERVED_FILES) claim(path, { what: 'docsgen', at: { file: 'docsgen' }, own: true });
  for (const path of input.generated) claim(path, { what: 'docsgen', at: { file: 'docsgen' }, own: true });
  for (const page of input.pages) {
    // One claimant for the page's two files, so a clash is reported once; its data may go in _data/.
    const claimant: Claimant = { what: `the page at ${page.route}`, at: { file: rel(page.file), line: 1, column: 1 } };
    claim(htmlPathOf(page.route), claimant);
    claim(dataChunkUrl('/', page.route).slice(1), claimant, true);
  }
  for (const from of input.redirects) {
    const claimant: Claimant = { what: `the redirect from ${from}`, at: { file: input.redirectsFile } };
    for (const path of redirectFiles(from)) claim(path, claimant);
  }
  for (const f of input.staticFiles) {
    claim(f, { what: `the static file ${f}`, at: { file: input.staticDir ? rel(`${input.staticDir}/${f}`) : f } });
  }

  // A file on the way to another's file: one of them would have to be a folder.
  for (const [path, claimant] of claims) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      const file = claims.get(folder) ?? claims.get(folded.get(fold(folder)) ?? '');
      if (file) {
        clash(path, claimant, `inside ${folder}, which ${file.what} writes as a file`);
        break;
      }
    }
  }
  return diagnostics;
}
