// A doc page's title, read from its source: the site graph, search and the transform name pages
// by it. Apart from page-model.ts because it loads the markdown parser (markdown/first-heading.ts),
// which collecting the sources, and a check that the output is up to date, do without.
import { firstHeadingOf } from './markdown/first-heading.ts';
import { lastSegment, type SourcePage } from './page-model.ts';

/** A doc page's title: its frontmatter's, else its markdown's first h1, else the last part of its id. */
export function docTitle(source: SourcePage): string {
  return source.frontmatter.title ?? firstH1Of(source) ?? lastSegment(source.id);
}

/** Per page object: a watch rebuild hands back the same object for every file that did not change. */
const firstH1Memo = new WeakMap<SourcePage, { h1: string | undefined }>();

/** The first h1 of a page's markdown, read from its source (see markdown/first-heading.ts). */
export function firstH1Of(source: SourcePage): string | undefined {
  if (source.prebuilt) return source.prebuilt.firstH1;
  let memo = firstH1Memo.get(source);
  if (!memo) firstH1Memo.set(source, (memo = { h1: firstHeadingOf(source.body) }));
  return memo.h1;
}
