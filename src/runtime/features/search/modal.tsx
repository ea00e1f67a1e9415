// The search modal, loaded on its first opening (see listen.ts) into a root of its own. A dialog
// with a combobox: results appear as you type, grouped by page; arrow keys move through them,
// Enter opens one (a plain link, which the client router follows); Escape closes and gives focus
// back to where it was; Tab stays inside.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { SearchShellConfig } from '../../../shared/types.ts';
import { SEARCH_TEXT, TEXT } from '../../constants.ts';
import { FetchFailed, HitText, NoResults, injectStyles, searchPageHref, shownResults, useSearch } from './ui.tsx';

const ID = 'docsgen-search';
const LISTBOX = `${ID}-listbox`;
const optionId = (i: number) => `${ID}-option-${i}`;

let root: Root | undefined;
let show: ((opener: Element | null) => void) | undefined;

export function openSearchModal(config: SearchShellConfig, baseUrl: string, opener: Element | null): void {
  if (show) {
    show(opener);
    return;
  }
  injectStyles();
  const container = document.createElement('div');
  container.id = ID;
  document.body.append(container);
  root = createRoot(container);
  root.render(<SearchModalHost config={config} baseUrl={baseUrl} initialOpener={opener} />);
}

function SearchModalHost({ config, baseUrl, initialOpener }: { config: SearchShellConfig; baseUrl: string; initialOpener: Element | null }) {
  const [opener, setOpener] = useState<{ el: Element | null } | null>({ el: initialOpener });
  const [query, setQuery] = useState('');
  useLayoutEffect(() => {
    show = (el) => setOpener((current) => current ?? { el });
    return () => {
      show = undefined;
    };
  }, []);
  if (!opener) return null;
  const close = (restoreFocus: boolean) => {
    setOpener(null);
    if (restoreFocus && opener.el instanceof HTMLElement && opener.el.isConnected) opener.el.focus({ preventScroll: true });
  };
  return <SearchModal config={config} baseUrl={baseUrl} query={query} setQuery={setQuery} close={close} />;
}

interface ModalProps {
  config: SearchShellConfig;
  baseUrl: string;
  query: string;
  setQuery: (q: string) => void;
  close: (restoreFocus: boolean) => void;
}

function SearchModal({ config, baseUrl, query, setQuery, close }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const state = useSearch(config, query);
  const results = query.trim() ? shownResults(state) : undefined;
  const hits = results ? results.groups.flatMap((g) => g.hits) : [];
  const [active, setActive] = useState(0);

  useEffect(() => setActive(0), [results?.query]);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
    const html = document.documentElement;
    const overflow = html.style.overflow;
    html.style.overflow = 'hidden';
    return () => {
      html.style.overflow = overflow;
    };
  }, []);
  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  // A result is a link: the router takes it. The modal closes once the click has been handled.
  const picked = () => setTimeout(() => close(false), 0);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') {
      trapFocus(e, dialog.current);
    }
  };

  const onInputKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (hits.length) setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const option = document.getElementById(optionId(active));
      if (option && hits.length) option.click();
    }
  };

  let index = 0;
  const showList = results && results.total > 0;
  return (
    <div className="search-modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close(true)}>
      <div ref={dialog} className="search-modal" role="dialog" aria-modal="true" aria-label={SEARCH_TEXT.modalLabel} onKeyDown={onKeyDown}>
        <form className="search-modal-form" role="search" onSubmit={(e) => e.preventDefault()}>
          <label className="search-visually-hidden" htmlFor={`${ID}-input`}>
            {SEARCH_TEXT.inputLabel}
          </label>
          <input
            ref={input}
            id={`${ID}-input`}
            className="search-input"
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={!!showList}
            aria-controls={LISTBOX}
            aria-activedescendant={showList && hits.length ? optionId(active) : undefined}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            placeholder={SEARCH_TEXT.placeholder}
            value={query}
            maxLength={256}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onInputKeyDown}
          />
          <button type="button" className="search-modal-close" onClick={() => close(true)}>
            Esc<span className="search-visually-hidden"> {SEARCH_TEXT.close}</span>
          </button>
        </form>
        <div className="search-modal-body">
          <div role="status" className="search-visually-hidden">
            {state.status === 'done' && query.trim() ? SEARCH_TEXT.resultCount(state.results.total, state.results.query) : ''}
          </div>
          {state.status === 'error' && <FetchFailed />}
          {state.status === 'loading' && !results && <p className="search-loading">{TEXT.loading}</p>}
          {state.status === 'done' && results && results.total === 0 && <NoResults config={config} query={results.query} onSuggestion={setQuery} />}
          <div
            id={LISTBOX}
            role="listbox"
            aria-label={SEARCH_TEXT.results}
            className="search-results"
            data-query={state.status === 'done' ? state.results.query : ''}
            data-shown-query={results?.query ?? ''}
            hidden={!showList}
          >
            {showList &&
              results.groups.map((group, g) => (
                <div key={group.url} role="group" className="search-group" aria-labelledby={`${ID}-group-${g}`}>
                  <div className="search-group-title" id={`${ID}-group-${g}`}>
                    {group.title}
                  </div>
                  {group.hits.map((hit) => {
                    const i = index++;
                    return (
                      // The option is the link itself: Enter clicks it and the router takes it.
                      <a
                        key={i}
                        id={optionId(i)}
                        role="option"
                        aria-selected={i === active}
                        className="search-hit search-hit-link"
                        href={hit.url}
                        tabIndex={-1}
                        onClick={picked}
                        onMouseMove={() => i !== active && setActive(i)}
                      >
                        <HitText hit={hit} />
                      </a>
                    );
                  })}
                </div>
              ))}
          </div>
          {showList && (
            <p className="search-see-all">
              <a href={searchPageHref(config, baseUrl, results.query)} onClick={picked}>
                {SEARCH_TEXT.seeAll(results.total)}
              </a>
            </p>
          )}
        </div>
        <footer className="search-modal-footer" aria-hidden="true">
          <span>
            <kbd>↵</kbd> {SEARCH_TEXT.keysSelect}
          </span>
          <span>
            <kbd>↑</kbd>
            <kbd>↓</kbd> {SEARCH_TEXT.keysNavigate}
          </span>
          <span>
            <kbd>esc</kbd> {SEARCH_TEXT.keysClose}
          </span>
        </footer>
      </div>
    </div>
  );
}

/** Keeps Tab and Shift+Tab among the dialog's own controls. */
function trapFocus(e: KeyboardEvent<HTMLDivElement>, dialog: HTMLElement | null): void {
  if (!dialog) return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>('input, button, a[href]:not([tabindex="-1"]), [tabindex]:not([tabindex="-1"])')].filter(
    (el) => !el.hasAttribute('disabled') && el.getClientRects().length > 0,
  );
  if (!focusable.length) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const current = document.activeElement;
  if (e.shiftKey && (current === first || !dialog.contains(current))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (current === last || !dialog.contains(current))) {
    e.preventDefault();
    first.focus();
  }
}
