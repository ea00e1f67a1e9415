// The only search code in a first page load: it waits for the search modal to be asked for (the
// navbar button and hotkeys dispatch an event) and for the /search page to be on screen, and only
// then loads the modal or the page code with import().
import shell from 'virtual:docsgen-shell';
import { EARLY_SEARCH, EVENTS, SEARCH_TEXT, TEXT } from '../../constants.ts';
import { onRouteChange } from '../../navigation.ts';

const config = shell.search;
const PAGE_MOUNT = '[data-search-page]';

if (config) {
  addEventListener(EVENTS.openSearch, () => {
    // Focus goes back here when the modal closes.
    const opener = document.activeElement;
    import('./modal.tsx').then(
      (m) => m.openSearchModal(config, shell.baseUrl, opener),
      (e: unknown) => {
        console.warn('docsgen: could not load the search modal', e);
        showUnreachable(opener);
      },
    );
  });
  const page = () => {
    const container = document.querySelector<HTMLElement>(PAGE_MOUNT);
    if (container || pageLoaded) {
      pageLoaded = true;
      void import('./page.tsx').then((m) => (container ? m.mountSearchPage(container, config) : m.unmountSearchPage()));
    }
  };
  let pageLoaded = false;
  onRouteChange(page);
  page();
  answerEarlyHotkey();
}

/** The head script catches the hotkeys; one pressed before this code arrived is answered now. */
function answerEarlyHotkey(): void {
  const w = window as unknown as Record<string, string | undefined>;
  const early = w[EARLY_SEARCH.global];
  w[EARLY_SEARCH.global] = EARLY_SEARCH.ready;
  if (early === EARLY_SEARCH.pending) dispatchEvent(new CustomEvent(EVENTS.openSearch));
}

/**
 * The modal's code did not load (the reader went offline before first opening search): a small
 * dialog says so, in the modal's words for a failed search, instead of nothing happening at all.
 */
function showUnreachable(opener: Element | null): void {
  if (document.getElementById(UNREACHABLE_ID)) return;
  const backdrop = document.createElement('div');
  backdrop.id = UNREACHABLE_ID;
  backdrop.style.cssText = 'position:fixed;inset:0;z-index:300;display:flex;align-items:flex-start;justify-content:center;padding-top:10vh;background:rgba(0,0,0,.4)';
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'alertdialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', SEARCH_TEXT.modalLabel);
  dialog.className = 'search-unreachable';
  dialog.style.cssText = 'max-width:min(560px,92vw);padding:20px 24px;border-radius:8px;background:var(--bg);color:var(--fg);border:1px solid var(--border);box-shadow:0 8px 32px rgba(0,0,0,.3)';
  const title = document.createElement('p');
  title.style.cssText = 'margin:0 0 8px;font-weight:700';
  title.textContent = TEXT.searchFetchFailed;
  const hint = document.createElement('p');
  hint.style.cssText = 'margin:0 0 16px';
  hint.textContent = TEXT.searchCheckNetwork;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = SEARCH_TEXT.close;
  dialog.append(title, hint, button);
  backdrop.append(dialog);
  const close = () => {
    backdrop.remove();
    removeEventListener('keydown', onKey, true);
    if (opener instanceof HTMLElement) opener.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' || e.key === 'Tab') e.preventDefault();
    if (e.key === 'Escape') close();
  };
  button.addEventListener('click', close);
  backdrop.addEventListener('mousedown', (e) => e.target === backdrop && close());
  addEventListener('keydown', onKey, true);
  document.body.append(backdrop);
  button.focus();
}

const UNREACHABLE_ID = 'docsgen-search-unreachable';
