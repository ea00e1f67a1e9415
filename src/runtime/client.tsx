// Browser entry: hydrate the server-rendered shell, then navigate on the client. Only what the
// first paint needs is imported statically; the rest loads on use (see enhance.ts, features/).
import { StrictMode, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import shell from 'virtual:docsgen-shell';
import type { BootData, PageData } from '../shared/types.ts';
import { App } from './App.tsx';
import { SidebarItemsContext, type SidebarItemsLoader } from './components/Sidebar.tsx';
import { sidebarFromMarkup } from './sidebar-markup.ts';
import { discardUnknownPreferredVersion } from './docs-version.ts';
import { initContentFeatures, onContentChange } from './enhance.ts';
import { invariant } from './invariant.ts';
import { initNavigation, onRouteChange, reloadRoute } from './navigation.ts';
import { initPrefetch, onPageView } from './prefetch.ts';
import { loadSidebar, type LoadedRoute } from './router.ts';
import { nextSidebar, withFile, type KnownSidebar } from './sidebar-state.ts';
import './styles.css';
import './api-reference.css';
import './features/search/listen.ts';

interface RouteState {
  page: PageData;
  sidebar?: KnownSidebar;
  /** Bumped by 'Try again', which remounts a crashed page. */
  attempt: number;
}

let setRoute: (update: (prev: RouteState) => RouteState) => void = () => {};

const toState = (prev: RouteState, next: LoadedRoute, attempt: number): RouteState => ({ page: next.page, sidebar: nextSidebar(prev.sidebar, next.page), attempt });

function Root({ initial, onHydrated }: { initial: RouteState; onHydrated: () => void }) {
  const [state, setState] = useState(initial);
  useLayoutEffect(() => {
    setRoute = setState;
    onHydrated();
  }, []);
  const retry = () => {
    void reloadRoute().then((next) => setState((prev) => toState(prev, next, prev.attempt + 1)));
  };
  const [loader] = useState<SidebarItemsLoader>(() => ({
    warm: (file) => void loadSidebar(file).catch(() => {}),
    load: async (file) => {
      const data = await loadSidebar(file);
      setState((prev) => (prev.sidebar ? { ...prev, sidebar: withFile(prev.sidebar, file, data) } : prev));
    },
  }));
  return (
    <SidebarItemsContext.Provider value={loader}>
      <App shell={shell} page={state.page} sidebar={state.sidebar?.items} onRetry={retry} attempt={state.attempt} />
    </SidebarItemsContext.Provider>
  );
}

function readBoot(): BootData {
  const el = document.getElementById('__docsgen');
  invariant(el, 'the page has no boot data');
  return JSON.parse(el.textContent ?? '') as BootData;
}

/** Page views and third-party scripts wait for `load`, and their code loads only if configured. */
function afterLoad(): void {
  const { analytics, clientScripts } = shell;
  if (!analytics && clientScripts.length === 0) return;
  const run = () =>
    void import('./features/third-party.ts').then((m) => {
      m.loadClientScripts(clientScripts);
      if (!analytics) return;
      const pageView = m.pageViews(analytics);
      pageView(boot.page.route, document.title);
      onRouteChange((route) => pageView(route, document.title));
    });
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}

const boot = readBoot();

function start(): void {
  // The content HTML is already in the DOM; it is not shipped a second time.
  const html = document.querySelector('[data-content]')?.innerHTML ?? '';
  const root = document.getElementById('__docsgen_root');
  invariant(root, 'the page has no root element');
  // The page carries what its sidebar shows on load, drawn in its markup and read back from
  // there (sidebar-markup.ts): what the server rendered, so hydration matches.
  const { sidebar: bootSidebar, ...bootPage } = boot.page;
  const sidebar = bootSidebar && { ...bootSidebar, items: bootSidebar.items ?? sidebarFromMarkup(root) ?? [] };
  const page: PageData = { ...bootPage, html, ...(sidebar ? { sidebar } : {}) };
  // Until hydration has finished, links are plain links: a click loads the page in full.
  let hydrated = false;
  const onHydrated = () => {
    if (hydrated) return;
    hydrated = true;
    startNavigation(root);
  };
  hydrateRoot(
    root,
    <StrictMode>
      <Root initial={{ page, sidebar: nextSidebar(undefined, page), attempt: 0 }} onHydrated={onHydrated} />
    </StrictMode>,
  );
}

function startNavigation(root: HTMLElement): void {
  initNavigation({
    baseUrl: shell.baseUrl,
    siteTitle: shell.title,
    route: boot.page.route,
    swap: (next) => flushSync(() => setRoute((prev) => toState(prev, next, 0))),
  });
  onRouteChange((route, url) => {
    onPageView(route);
    onContentChange(url);
  });
  initPrefetch(shell.baseUrl, root, shell.prefetch.budgetBytes);
  onPageView(boot.page.route);
  initContentFeatures(shell);
  discardUnknownPreferredVersion(shell.docsVersions);
  afterLoad();
}

start();
