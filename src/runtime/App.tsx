// The shell around every page. Rendered to HTML by the compiler and hydrated by client.tsx.
import type { PageData, ShellConfig, SidebarNode } from '../shared/types.ts';
import { TEXT } from './constants.ts';
import { invariant } from './invariant.ts';
import { AnnouncementBar } from './components/AnnouncementBar.tsx';
import { Navbar } from './components/Navbar.tsx';
import { DocPage } from './components/DocPage.tsx';
import { ErrorBoundary, PageCrashed } from './components/ErrorBoundary.tsx';
import { Footer } from './components/Footer.tsx';

export interface AppProps {
  shell: ShellConfig;
  page: PageData;
  sidebar?: SidebarNode[];
  /** Server only: leave a slot for the sidebar items, which the server renders once and reuses. */
  sidebarSlot?: boolean;
  /** Browser only: 'Try again' after a crash loads the route afresh; a new key clears the crash. */
  onRetry?: () => void;
  attempt?: number;
}

const PAGE_KINDS: readonly PageData['kind'][] = ['doc', 'generated-index', 'not-found'];

export function App({ shell, page, sidebar, sidebarSlot, onRetry, attempt = 0 }: AppProps) {
  return (
    <>
      {/* Focus goes here after a client navigation, so the next Tab reaches the skip link first. */}
      <div className="skip-container" tabIndex={-1}>
        <a className="skip-link" href="#main">
          {TEXT.skipToContent}
        </a>
      </div>
      {shell.announcementBar && <AnnouncementBar bar={shell.announcementBar} />}
      <Navbar shell={shell} route={page.route} sidebar={sidebar} navbarDocs={page.sidebar?.navbarDocs} />
      <ErrorBoundary resetKey={`${page.route}#${attempt}`} fallback={(error, reset) => <PageCrashed error={error} tryAgain={onRetry ?? reset} />}>
        <Page page={page} sidebar={sidebar} sidebarSlot={sidebarSlot} />
      </ErrorBoundary>
      <Footer shell={shell} />
    </>
  );
}

/**
 * A data chunk arrives over the network and may come from another build or a broken cache: a
 * shape the shell cannot draw is a crash of this page, not of the whole site. (The states test
 * doctors a data chunk to reach these two errors, so no test-only code ships.)
 */
function Page({ page, sidebar, sidebarSlot }: { page: PageData; sidebar?: SidebarNode[]; sidebarSlot?: boolean }) {
  invariant(PAGE_KINDS.includes(page.kind), `unknown page kind "${String(page.kind)}" on ${page.route}`);
  if (page.kind === 'not-found') return <NotFound />;
  if (typeof page.html !== 'string' || !Array.isArray(page.toc)) throw new Error(TEXT.noDefaultExport);
  return <DocPage page={page} sidebar={sidebar} sidebarSlot={sidebarSlot} />;
}

function NotFound() {
  return (
    <main id="main" className="not-found" tabIndex={-1}>
      <h1>{TEXT.notFoundTitle}</h1>
      <p>{TEXT.notFoundBody}</p>
    </main>
  );
}
