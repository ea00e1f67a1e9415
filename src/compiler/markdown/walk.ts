// The pre-order walk docsgen's remark plugins make over a page's tree.
import type { Parent, RootContent } from 'mdast';

export const SKIP = 'skip';
export type Visitor = (node: RootContent, index: number, parent: Parent) => typeof SKIP | void;

/**
 * Pre-order walk, like unist-util-visit's, for the few passes the plugins make over every node.
 * unist-util-visit allocates an array of ancestors at every node; on a large site that was more
 * time than the passes' own work. A visitor may replace `parent.children[index]` with one node and
 * return SKIP to leave the replacement unvisited.
 */
export function walk(parent: Parent, visitor: Visitor): void {
  const children = parent.children;
  for (let i = 0; i < children.length; i++) {
    const node = children[i];
    if (visitor(node, i, parent) === SKIP) continue;
    const current = children[i];
    if ('children' in current) walk(current as Parent, visitor);
  }
}
