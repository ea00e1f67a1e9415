// Where code that threw at build time was written. A page's bundle runs from a data: URL, so a
// stack names places in the bundle: esbuild's source map of the bundle leads back to a component's
// file or to the compiled page, and the positions @mdx-js/mdx gives the compiled page's code
// (recorded here, as a source-map generator is told them) lead back to the page's MDX.
import { SourceMap } from 'node:module';
import path from 'node:path';

/** The namespace and path esbuild gives the compiled page (see render-mdx.ts). */
export const PAGE_SOURCE = 'docsgen-mdx:page';

/** A place in the compiled page (line from 1, column from 0, as astring counts) and the MDX it came from (both from 1). */
interface Mapping {
  line: number;
  column: number;
  mdxLine: number;
  mdxColumn: number;
}

/**
 * The places of the compiled page that @mdx-js/mdx maps to the MDX: its expressions' and exports'
 * code (elements it makes itself have none). `generator` goes in its `SourceMapGenerator` option.
 */
export class CompiledPositions {
  private readonly mappings: Mapping[] = [];
  readonly generator = ((mappings: Mapping[]) =>
    class PositionRecorder {
      addMapping(m: { generated: { line: number; column: number }; original: { line: number; column: number } }): void {
        // `generated` is the printer's own state, which goes on moving: copied.
        mappings.push({ line: m.generated.line, column: m.generated.column, mdxLine: m.original.line, mdxColumn: m.original.column + 1 });
      }
      toJSON(): undefined {
        return undefined;
      }
    })(this.mappings);

  /** The MDX place of the code at a place of the compiled page: the last mapped token before it on its line. */
  mdxPlace(line: number, column: number): { line: number; column: number } | undefined {
    // Mappings come in the order the code was printed.
    let lo = 0;
    let hi = this.mappings.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const m = this.mappings[mid];
      if (m.line < line || (m.line === line && m.column <= column)) lo = mid + 1;
      else hi = mid;
    }
    const found = this.mappings[lo - 1];
    return found && found.line === line ? { line: found.mdxLine, column: found.mdxColumn } : undefined;
  }
}

/** Where a frame of a stack was: in the page's MDX, or in a file (a component's), lines and columns from 1. */
export type CodePlace = { in: 'page'; line: number; column: number } | { in: 'file'; file: string; line: number; column: number } | { in: 'page-unmapped' };

export interface Frame {
  /** The function, as the stack names it. */
  name?: string;
  place: CodePlace;
}

export interface BundleSources {
  /** The URL the bundle was imported from: only its frames are read. */
  url: string;
  /** esbuild's source map of the bundle (JSON). */
  map: string;
  /** The folder esbuild wrote the bundle to (its map's sources are relative to it). */
  outdir: string;
  page: CompiledPositions;
}

/** The frames of a stack that ran the bundle's code, top first, with their places in their sources. */
export function bundleFrames(stack: string, bundle: BundleSources): Frame[] {
  let map: SourceMap | undefined;
  const frames: Frame[] = [];
  for (const line of stack.split('\n')) {
    const at = line.indexOf(`${bundle.url}:`);
    if (at < 0) continue;
    const position = /^(\d+):(\d+)/.exec(line.slice(at + bundle.url.length + 1));
    if (!position) continue;
    const name = /^\s*at (?:async )?(?:new )?([\w$.]+) \(/.exec(line)?.[1];
    map ??= new SourceMap(JSON.parse(bundle.map));
    const entry = map.findEntry(Number(position[1]) - 1, Number(position[2]) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
    if (entry.originalSource === undefined || entry.originalLine === undefined || entry.originalColumn === undefined) continue;
    const place = placeOf(entry as Required<typeof entry>, bundle);
    if (place) frames.push({ name, place });
  }
  return frames;
}

/** A frame's place, or undefined in a module docsgen makes (a theme module's re-export, an island's wrapper). */
function placeOf(entry: { originalSource: string; originalLine: number; originalColumn: number }, bundle: BundleSources): CodePlace | undefined {
  // Node hands back a source as a URL when the map's sources are paths.
  const source = entry.originalSource.startsWith('file://') ? new URL(entry.originalSource).pathname : entry.originalSource;
  if (source === PAGE_SOURCE || source.endsWith(`/${PAGE_SOURCE}`)) {
    const mdx = bundle.page.mdxPlace(entry.originalLine + 1, entry.originalColumn);
    return mdx ? { in: 'page', ...mdx } : { in: 'page-unmapped' };
  }
  if (/^[\w-]{2,}:/.test(source)) return undefined;
  return { in: 'file', file: path.resolve(bundle.outdir, source), line: entry.originalLine + 1, column: entry.originalColumn + 1 };
}
