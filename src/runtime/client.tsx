// Browser entry: hydrate the server-rendered shell, then navigate on the client.
import { StrictMode, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import shell from 'virtual:docsgen-shell';
import type { BootData, PageData, SidebarNode } from '../shared/types.ts';
import { App } from './App.tsx';
import { isClientNavigable, loadPage, loadSidebar, normalisePath } from './router.ts';
import './styles.css';

interface RouteState {
  page: PageData;
  sidebar?: SidebarNode[];
}

let navigate: (url: URL, push: boolean) => Promise<void> = async () => {};

function Root({ initial }: { initial: RouteState }) {
  const [state, setState] = useState(initial);
  useEffect(() => {
    navigate = async (url, push) => {
      const route = normalisePath(url.pathname.slice(shell.baseUrl.length - 1));
      if (push) history.replaceState({ ...history.state, scroll: scrollY }, '');
      try {
        const next = await loadPage(shell.baseUrl, route);
        if (push) history.pushState({ scroll: 0 }, '', url.pathname + url.search + url.hash);
        setState({ page: next.page, sidebar: next.sidebar?.items });
        document.title = `${next.page.title} | ${shell.title}`;
        requestAnimationFrame(() => {
          const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
          if (target) target.scrollIntoView();
          else if (push) scrollTo(0, 0);
          else scrollTo(0, (history.state as { scroll?: number } | null)?.scroll ?? 0);
        });
      } catch {
        location.assign(url.href);
      }
    };
  }, []);
  return <App shell={shell} page={state.page} sidebar={state.sidebar} />;
}

async function start() {
  const bootEl = document.getElementById('__docsgen');
  if (!bootEl) return;
  const boot = JSON.parse(bootEl.textContent ?? '{}') as BootData;
  // The content HTML is already in the DOM; it is not shipped a second time.
  const html = document.querySelector('[data-content]')?.innerHTML ?? '';
  const sidebar = boot.page.sidebar ? (await loadSidebar(boot.page.sidebar.file)).items : undefined;
  const root = document.getElementById('__docsgen_root')!;
  hydrateRoot(
    root,
    <StrictMode>
      <Root initial={{ page: { ...boot.page, html }, sidebar }} />
    </StrictMode>,
  );
  document.addEventListener('click', (event) => {
    const a = (event.target as Element | null)?.closest?.('a');
    if (!a || !isClientNavigable(a, event, shell.baseUrl)) return;
    const url = new URL(a.href);
    if (url.pathname === location.pathname && url.hash) return;
    event.preventDefault();
    void navigate(url, true);
  });
  addEventListener('popstate', () => void navigate(new URL(location.href), false));
}

void start();
