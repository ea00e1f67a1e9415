// What one page may hold. Content is untrusted: past these, a page fails with its location and a
// hint instead of taking the build's memory or stack. Documented in AUTHORING.md.

/** A markdown page's size in bytes: a 1 MB page transforms in a few seconds, a table of 2 MB takes about 2.5 GB. */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/** How deep lists, quotes and other blocks may nest in a page; the render stages recurse per level. */
export const MAX_NESTING_DEPTH = 100;
