// The shell around every page. Rendered to HTML by the compiler and hydrated by client.tsx.
import type { PageData, ShellConfig, SidebarNode } from '../shared/types.ts';
import { TEXT } from './constants.ts';
import { Navbar } from './components/Navbar.tsx';
import { DocPage } from './components/DocPage.tsx';
import { Footer } from './components/Footer.tsx';

export interface AppProps {
  shell: ShellConfig;
  page: PageData;
  sidebar?: SidebarNode[];
  /** Server only: leave a slot for the sidebar items, which the server renders once and reuses. */
  sidebarSlot?: boolean;
}

export function App({ shell, page, sidebar, sidebarSlot }: AppProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        {TEXT.skipToContent}
      </a>
      <Navbar shell={shell} route={page.route} />
      {page.kind === 'not-found' ? <NotFound /> : <DocPage page={page} sidebar={sidebar} sidebarSlot={sidebarSlot} />}
      <Footer shell={shell} />
    </>
  );
}

function NotFound() {
  return (
    <main id="main" className="not-found" tabIndex={-1}>
      <h1>{TEXT.notFoundTitle}</h1>
      <p>{TEXT.notFoundBody}</p>
    </main>
  );
}
