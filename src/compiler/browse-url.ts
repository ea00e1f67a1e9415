// Where a reader browses a file that a remote document is fetched from raw: kept apart from
// remote-links.ts, whose markdown parser is loaded only when a body must be rewritten.

/**
 * The page a reader browses for a file served raw: `raw.githubusercontent.com/<owner>/<repo>/<ref>/<path>`
 * is `github.com/<owner>/<repo>/<view>/<ref>/<path>`. Undefined for other hosts.
 */
export function browseUrl(url: URL, view: 'blob' | 'edit'): string | undefined {
  if (url.hostname !== 'raw.githubusercontent.com') return undefined;
  const [owner, repo, ...rest] = url.pathname.split('/').slice(1);
  if (!owner || !repo || !rest.length || !rest.at(-1)) return undefined;
  return `https://github.com/${owner}/${repo}/${view}/${rest.join('/')}${url.search}${url.hash}`;
}
