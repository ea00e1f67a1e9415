// The only search code in a first page load: it waits for the search modal to be asked for (the
// navbar button and hotkeys dispatch an event) and for the /search page to be on screen, and only
// then loads the modal or the page code with import().
import shell from 'virtual:docsgen-shell';
import { EVENTS } from '../../constants.ts';
import { onRouteChange } from '../../navigation.ts';

const config = shell.search;
const PAGE_MOUNT = '[data-search-page]';

if (config) {
  addEventListener(EVENTS.openSearch, () => {
    // Focus goes back here when the modal closes.
    const opener = document.activeElement;
    import('./modal.tsx').then(
      (m) => m.openSearchModal(config, shell.baseUrl, opener),
      (e: unknown) => console.warn('docsgen: could not load the search modal', e),
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
}
