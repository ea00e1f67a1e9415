// Every text, key, delay and size the product specification names, in one place. The head script
// that render-pages.ts inlines reads the storage keys from here too, so they cannot drift apart.

/** Mobile layout applies at a window width of this many pixels or less. */
export const MOBILE_BREAKPOINT_PX = 996;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;
/** A route change shows the progress bar only if it takes longer than this. */
export const PROGRESS_BAR_DELAY_MS = 200;
/** The loading spinner appears only after this delay. */
export const LOADING_DELAY_MS = 200;
/** Image zoom re-attaches this long after a route change (unless the URL has a hash). */
export const IMAGE_ZOOM_REATTACH_MS = 1000;
export const SEARCH_QUERY_PARAM = 'q';
/** The copy button says 'Copied' for this long. */
export const COPIED_FEEDBACK_MS = 2000;
/** Third-party scripts marked `defer` wait at most this long for an idle moment after `load`. */
export const DEFERRED_SCRIPT_TIMEOUT_MS = 2000;

export const STORAGE_KEYS = {
  theme: 'theme',
  announcementDismiss: 'docusaurus.announcement.dismiss',
  announcementId: 'docusaurus.announcement.id',
  preferredVersion: (plugin: string) => `docs-preferred-version-${plugin}`,
  tabGroup: (group: string) => `docusaurus.tab.${group}`,
} as const;

/** Window events the shell dispatches for features that live elsewhere (the search modal). */
export const EVENTS = { openSearch: 'docsgen:open-search' } as const;

export const TEXT = {
  skipToContent: 'Skip to main content',
  backToMainMenu: '← Back to main menu',
  pageCrashed: 'This page crashed.',
  tryAgain: 'Try again',
  retry: 'Retry',
  notFoundTitle: 'Page Not Found',
  notFoundBody: 'We could not find what you were looking for.',
  invariantFailed: 'Invariant failed',
  searchFetchFailed: 'Unable to fetch results',
  searchCheckNetwork: 'You might want to check your network connection.',
  noResultsFor: 'No results for',
  trySearchingFor: 'Try searching for',
  believeQuery: 'Believe this query should return results?',
  letUsKnow: 'Let us know.',
  onThisPage: 'On this page',
  previous: 'Previous',
  next: 'Next',
  tags: 'Tags:',
  editThisPage: 'Edit this page',
  search: 'Search',
  copy: 'Copy',
  copied: 'Copied',
  noDefaultExport: 'The page module has no default export: it cannot render anything.',
  toggleNavbar: 'Toggle navigation bar',
  closeNavbar: 'Close navigation bar',
  mainMenu: 'Main menu',
  colorModeToggle: (mode: string) => `Switch between dark and light mode (currently ${mode} mode)`,
  closeAnnouncement: 'Close',
  languages: 'Languages',
  /** A table's scrolling region, named after the heading it stands under. */
  tableRegion: (heading?: string) => (heading ? `Table: ${heading}` : 'Table'),
  loading: 'Loading…',
  storageUnavailable: 'docsgen: browser storage is unavailable; preferences will not be remembered.',
  baseUrlBanner: (configured: string, suggested: string) =>
    `Your docsgen site did not load properly. A very common reason is a wrong site baseUrl configuration. Current configured baseUrl = ${configured}. We suggest trying baseUrl = ${suggested}`,
} as const;

/** Hotkeys that open the search modal. */
export const SEARCH_HOTKEYS = { key: 'k', slash: '/' } as const;
/**
 * The head script catches the hotkeys from the first paint; until the search code has loaded it
 * notes a request on `window` under this name, which listen.ts answers when it arrives.
 */
export const EARLY_SEARCH = { global: '__docsgenSearch', pending: 'pending', ready: 'ready' } as const;

// ---------------------------------------------------------------------------------------------
// Search (the modal and the /search page, src/runtime/features/search/). The spec's texts for its
// error and no-results states are in TEXT above; these are the modal's and the page's own.
export const SEARCH_TEXT = {
  modalLabel: 'Search',
  inputLabel: 'Search the documentation',
  placeholder: 'Search docs',
  close: 'Close search',
  results: 'Search results',
  seeAll: (count: number) => `See all ${count} results`,
  loadMore: 'Load more results',
  resultCount: (count: number, query: string) => `${count} ${count === 1 ? 'result' : 'results'} for "${query}"`,
  keysSelect: 'to select',
  keysNavigate: 'to navigate',
  keysClose: 'to close',
} as const;
