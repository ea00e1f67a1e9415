// Every text, key, delay and size the product specification names, in one place.

/** Mobile layout applies at a window width of this many pixels or less. */
export const MOBILE_BREAKPOINT_PX = 996;
/** A route change shows the progress bar only if it takes longer than this. */
export const PROGRESS_BAR_DELAY_MS = 200;
/** The loading spinner appears only after this delay. */
export const LOADING_DELAY_MS = 200;
export const SPINNER_CYCLES_S = [1.5, 3] as const;
export const ERROR_BOX_WIDTH = '50%';
/** Image zoom re-attaches this long after a route change (unless the URL has a hash). */
export const IMAGE_ZOOM_REATTACH_MS = 1000;
export const SEARCH_QUERY_PARAM = 'q';

export const STORAGE_KEYS = {
  theme: 'theme',
  announcementDismiss: 'docusaurus.announcement.dismiss',
  announcementId: 'docusaurus.announcement.id',
  preferredVersion: (plugin: string) => `docs-preferred-version-${plugin}`,
  tabGroup: (group: string) => `docusaurus.tab.${group}`,
} as const;

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
  search: 'Search',
  copy: 'Copy',
  copied: 'Copied',
  noDefaultExport: 'The page module has no default export: it cannot render anything.',
} as const;

/** Hotkeys that open the search modal. */
export const SEARCH_HOTKEYS = { key: 'k', slash: '/' } as const;
