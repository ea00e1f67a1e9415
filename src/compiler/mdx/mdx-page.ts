// Which pages are MDX: read by every transform, so it stays apart from the MDX compiler, which
// (with acorn and the estree tools, 0.7 MB of code) is loaded only once a page is MDX.

export type MarkdownFormat = 'detect' | 'mdx' | 'md';

/**
 * Whether a page is MDX: with `detect` an `.mdx` file is, with `mdx` every page is, with `md` (the
 * default: content is untrusted until the config says otherwise) none is. A page's `format: md` frontmatter reads it as markdown; a page cannot make
 * itself MDX, which is code (SECURITY.md): only the config can.
 */
export function isMdxPage(page: { file: string; frontmatter: Record<string, unknown> }, format: MarkdownFormat = 'md'): boolean {
  if (format === 'md' || page.frontmatter.format === 'md') return false;
  return format === 'mdx' || page.file.endsWith('.mdx');
}
