// Pieces the search modal and the search page share: the query hook, highlighted text, and the
// error and no-results states with the spec's texts. Everything is rendered as React text: a query
// like `<img src=x onerror=...>` is shown as typed, never parsed.
import { useEffect, useState } from 'react';
import type { SearchShellConfig } from '../../../shared/types.ts';
import { TEXT } from '../../constants.ts';
import { createBackend, type SearchBackend, type SearchResults, type Segment } from './engine.ts';
import { SEARCH_CSS } from './styles.ts';

let backend: SearchBackend | undefined;

/** One backend per page load, shared by the modal and the search page (and their caches). */
export function getBackend(config: SearchShellConfig): SearchBackend {
  backend ??= createBackend(config);
  return backend;
}

export function injectStyles(): void {
  if (document.getElementById('docsgen-search-style')) return;
  const style = document.createElement('style');
  style.id = 'docsgen-search-style';
  style.textContent = SEARCH_CSS;
  document.head.append(style);
}

/** The address of the full results page for a query. */
export function searchPageHref(config: SearchShellConfig, baseUrl: string, query: string): string {
  return `${baseUrl}${config.pagePath.replace(/^\//, '')}?q=${encodeURIComponent(query)}`;
}

/** Queries that found something in this visit, offered (after the configured ones) when one finds nothing. */
const recentQueries: string[] = [];

export type SearchState =
  | { status: 'idle' }
  /** `previous`: the results shown meanwhile (an older query's, or the first of this one's). */
  | { status: 'loading'; previous?: SearchResults }
  | { status: 'done'; results: SearchResults }
  | { status: 'error' };

/** Results for the query, fetched as it changes; a slower answer to an older query is dropped. */
export function useSearch(config: SearchShellConfig, query: string, batches = 1): SearchState {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    setState((s) => ({ status: 'loading', previous: s.status === 'done' ? s.results : s.status === 'loading' ? s.previous : undefined }));
    const partial = (results: SearchResults) => live && setState({ status: 'loading', previous: results });
    getBackend(config)
      .search(q, batches, partial)
      .then(
        (results) => {
          if (!live) return;
          if (results.total > 0 && !recentQueries.includes(q)) recentQueries.unshift(q);
          setState({ status: 'done', results });
        },
        (e: unknown) => {
          if (!live) return;
          console.warn(e);
          setState({ status: 'error' });
        },
      );
    return () => {
      live = false;
    };
  }, [config, query, batches]);
  return state;
}

/** The results to show now: the latest, or while a newer query runs, the ones before it. */
export function shownResults(state: SearchState): SearchResults | undefined {
  return state.status === 'done' ? state.results : state.status === 'loading' ? state.previous : undefined;
}

export function Highlight({ segments }: { segments: Segment[] }) {
  return <>{segments.map((s, i) => (s.mark ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>))}</>;
}

export function FetchFailed() {
  return (
    <div className="search-message search-error" role="alert">
      <p className="search-message-title">{TEXT.searchFetchFailed}</p>
      <p>{TEXT.searchCheckNetwork}</p>
    </div>
  );
}

export function NoResults({ config, query, onSuggestion }: { config: SearchShellConfig; query: string; onSuggestion: (q: string) => void }) {
  const suggestions = [...new Set([...config.suggestions, ...recentQueries])].filter((s) => s !== query).slice(0, 3);
  const report = config.missingResultsUrl?.replace(/\{query\}/g, encodeURIComponent(query));
  return (
    <div className="search-message search-no-results">
      <p className="search-message-title">
        {TEXT.noResultsFor} "<strong>{query}</strong>"
      </p>
      {suggestions.length > 0 && (
        <div className="search-suggestions">
          <p>{TEXT.trySearchingFor}</p>
          <ul>
            {suggestions.map((s) => (
              <li key={s}>
                <button type="button" className="search-suggestion" onClick={() => onSuggestion(s)}>
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {report && (
        <p className="search-report">
          {TEXT.believeQuery}{' '}
          <a href={report} target="_blank" rel="noopener noreferrer">
            {TEXT.letUsKnow}
          </a>
        </p>
      )}
    </div>
  );
}

/** A result's heading and excerpt, with the matched terms highlighted (shared by the modal and the page). */
export function HitText({ hit }: { hit: { heading: Segment[]; excerpt: Segment[] } }) {
  return (
    <>
      <span className="search-hit-heading">
        <Highlight segments={hit.heading} />
      </span>
      {hit.excerpt.length > 0 && (
        <span className="search-hit-excerpt">
          <Highlight segments={hit.excerpt} />
        </span>
      )}
    </>
  );
}
