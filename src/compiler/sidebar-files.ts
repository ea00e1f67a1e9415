// A sidebar as the files a client loads on demand: the whole sidebar in one file while it is
// small; past that, a file for each category's items, and so on down while a category's items are
// still too large. Each file is named by its content's hash, so browsers keep it across pages and
// deploys until it changes.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { childPath, type SidebarCategory, type SidebarPruning } from '../shared/sidebar-tree.ts';
import type { SidebarData, SidebarNode } from '../shared/types.ts';

/**
 * A sidebar's items that compress to more than this go into a file per category. Opening a
 * category then downloads at most this much (unless one category holds more pages than fit in it,
 * and has no categories to split them into).
 */
export const SIDEBAR_FILE_MAX_GZIP = 48 * 1024;

export interface SidebarFile {
  /** Path below the output folder: `_sidebars/<id>[-<path>]-<hash>.json`. */
  rel: string;
  json: string;
}

export interface SplitSidebar extends SidebarPruning {
  /** URL of the file with the top of the sidebar: its hash changes whenever any file does. */
  root: string;
  files: SidebarFile[];
}

const splits = new WeakMap<SidebarNode[], Map<string, SplitSidebar>>();

/** The files of one sidebar under a base URL; made once for the same items. */
export function splitSidebar(id: string, items: SidebarNode[], baseUrl: string, maxGzip = SIDEBAR_FILE_MAX_GZIP): SplitSidebar {
  let byBase = splits.get(items);
  if (!byBase) splits.set(items, (byBase = new Map()));
  const key = `${baseUrl}\0${maxGzip}`;
  let split = byBase.get(key);
  if (!split) byBase.set(key, (split = makeSplit(id, items, baseUrl, maxGzip)));
  return split;
}

function makeSplit(id: string, items: SidebarNode[], baseUrl: string, maxGzip: number): SplitSidebar {
  const files: SidebarFile[] = [];
  const fileOf = new Map<SidebarCategory, string>();
  // In a folder of its own: a page's data chunk (`_data/<route>.json`) could otherwise take its name.
  const name = `_sidebars/${id.replace(/[^\w-]/g, '_')}`;

  /** Writes the file of these items (and those of their categories, first); returns its URL. */
  const emit = (nodes: SidebarNode[], path: string): string => {
    const split = tooLarge(nodes, maxGzip);
    const inline: SidebarCategory[] = [];
    const content = nodes.map((node, i): SidebarNode => {
      if (node.kind !== 'category') return node;
      if (!split) {
        collectCategories(node, inline);
        return node;
      }
      const url = emit(node.items, childPath(path, i));
      fileOf.set(node, url);
      return { ...node, items: [], itemsIn: url };
    });
    const data: SidebarData = { id, path, items: content };
    const json = JSON.stringify(data);
    const hash = createHash('sha256').update(json).digest('hex').slice(0, 10);
    const rel = `${name}${path ? `-${path}` : ''}-${hash}.json`;
    files.push({ rel, json });
    const url = baseUrl + rel;
    for (const category of inline) fileOf.set(category, url);
    return url;
  };

  const root = emit(items, '');
  return {
    root,
    files,
    fileOf: (category) => {
      const file = fileOf.get(category);
      if (file === undefined) throw new Error(`docsgen: sidebar "${id}" has no file for category "${category.label}"`);
      return file;
    },
    outside: new WeakMap(),
  };
}

function collectCategories(node: SidebarCategory, into: SidebarCategory[]): void {
  into.push(node);
  for (const child of node.items) if (child.kind === 'category') collectCategories(child, into);
}

/** Whether these items compress to more than `maxGzip` bytes and have categories to split them by. */
function tooLarge(nodes: SidebarNode[], maxGzip: number): boolean {
  if (!nodes.some((n) => n.kind === 'category')) return false; // nothing to split them by
  const json = JSON.stringify(nodes);
  return json.length > maxGzip && gzipSync(json).length > maxGzip;
}
