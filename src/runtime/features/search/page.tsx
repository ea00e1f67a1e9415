// The /search page: mounted into the container its pre-rendered HTML leaves for it. The query is
// in its input and in the URL's `q`, kept in step with history.replaceState (no history entries).
import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { SearchShellConfig } from '../../../shared/types.ts';
import { SEARCH_QUERY_PARAM, SEARCH_TEXT, TEXT } from '../../constants.ts';
import { FetchFailed, HitText, NoResults, injectStyles, shownResults, useSearch } from './ui.tsx';

let mounted: { container: HTMLElement; root: Root } | undefined;
/** Tells the mounted page that the URL's query changed (a navigation to /search?q=… while on it). */
let syncFromUrl: (() => void) | undefined;

const queryFromUrl = () => new URLSearchParams(location.search).get(SEARCH_QUERY_PARAM) ?? '';

export function mountSearchPage(container: HTMLElement, config: SearchShellConfig): void {
  if (mounted?.container === container) {
    syncFromUrl?.();
    return;
  }
  // The previous page's container was replaced by a navigation: its root goes with it.
  mounted?.root.unmount();
  injectStyles();
  const root = createRoot(container);
  mounted = { container, root };
  root.render(<SearchPage config={config} />);
}

/** After a navigation away from the search page. */
export function unmountSearchPage(): void {
  mounted?.root.unmount();
  mounted = undefined;
  syncFromUrl = undefined;
}

function SearchPage({ config }: { config: SearchShellConfig }) {
  const [query, setQuery] = useState(queryFromUrl);
  const [batches, setBatches] = useState(1);
  const state = useSearch(config, query, batches);
  const results = query.trim() ? shownResults(state) : undefined;
  const changeQuery = (q: string) => {
    setQuery(q);
    setBatches(1);
  };

  useEffect(() => {
    syncFromUrl = () => {
      const q = queryFromUrl();
      setQuery((current) => {
        if (current !== q) setBatches(1);
        return q;
      });
    };
    return () => {
      syncFromUrl = undefined;
    };
  }, []);
  useEffect(() => {
    const url = new URL(location.href);
    if (query) url.searchParams.set(SEARCH_QUERY_PARAM, query);
    else url.searchParams.delete(SEARCH_QUERY_PARAM);
    // Keep the router's state (its key and scroll position) on the entry.
    if (url.href !== location.href) history.replaceState(history.state, '', url.href);
  }, [query]);

  return (
    <div className="search-page-app">
      <form className="search-page-form" role="search" onSubmit={(e) => e.preventDefault()}>
        <input
          className="search-input search-page-input"
          type="search"
          name={SEARCH_QUERY_PARAM}
          aria-label={SEARCH_TEXT.inputLabel}
          placeholder={SEARCH_TEXT.inputLabel}
          autoComplete="off"
          spellCheck={false}
          value={query}
          maxLength={256}
          onChange={(e) => changeQuery(e.target.value)}
        />
      </form>
      <p role="status" className="search-page-count">
        {state.status === 'done' && query.trim() && state.results.total > 0 ? SEARCH_TEXT.resultCount(state.results.total, state.results.query) : ''}
      </p>
      {state.status === 'error' && <FetchFailed />}
      {state.status === 'loading' && !results && <p className="search-loading">{TEXT.loading}</p>}
      {state.status === 'done' && results && results.total === 0 && <NoResults config={config} query={results.query} onSuggestion={changeQuery} />}
      {results && results.total > 0 && (
        <>
          <ol className="search-page-results" aria-label={SEARCH_TEXT.results} data-query={state.status === 'done' ? results.query : ''} data-shown-query={results.query}>
            {results.groups.map((group) => (
              <li key={group.url} className="search-page-result">
                <h2 className="search-page-result-title">
                  <a href={group.url}>{group.title}</a>
                </h2>
                <ul>
                  {group.hits.map((hit, i) => (
                    <li key={i} className="search-hit">
                      <a className="search-hit-link" href={hit.url}>
                        <HitText hit={hit} />
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          {results.more && (
            <button type="button" className="search-load-more" disabled={state.status === 'loading'} onClick={() => setBatches((b) => b + 1)}>
              {SEARCH_TEXT.loadMore}
            </button>
          )}
        </>
      )}
    </div>
  );
}
