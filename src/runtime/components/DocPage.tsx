import type { LinkRef, PageData, SidebarNode } from '../../shared/types.ts';
import { TEXT } from '../constants.ts';
import { Link } from './Link.tsx';
import { Sidebar } from './Sidebar.tsx';
import { Toc, TocCollapsible } from './Toc.tsx';

export function DocPage({ page, sidebar, sidebarSlot }: { page: PageData; sidebar?: SidebarNode[]; sidebarSlot?: boolean }) {
  const hasToc = !page.hideToc && page.toc.length > 0;
  return (
    <div className={sidebar ? 'doc-layout with-sidebar' : 'doc-layout'}>
      {sidebar && <aside className="doc-sidebar">{<Sidebar items={sidebar} route={page.route} slot={sidebarSlot} />}</aside>}
      <main id="main" className="doc-main" tabIndex={-1}>
        <div className={hasToc ? 'doc-content-row' : 'doc-content-row no-toc'}>
          <article className="doc-article">
            {page.breadcrumbs.length > 0 && <Breadcrumbs page={page} />}
            {hasToc && <TocCollapsible key={page.route} toc={page.toc} />}
            {page.kind === 'generated-index' ? <GeneratedIndex page={page} /> : <div className="markdown" data-content="" dangerouslySetInnerHTML={{ __html: page.html }} />}
            {page.tags && <Tags tags={page.tags} />}
            {page.editUrl && (
              <a className="edit-link" href={page.editUrl} target="_blank" rel="noopener noreferrer">
                {TEXT.editThisPage}
              </a>
            )}
            {(page.prev || page.next) && <Pagination page={page} />}
          </article>
          {hasToc && <Toc toc={page.toc} />}
        </div>
      </main>
    </div>
  );
}

function Breadcrumbs({ page }: { page: PageData }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <Link to="/" aria-label="Home page">
            Home
          </Link>
        </li>
        {page.breadcrumbs.map((c, i) => (
          <li key={i}>{c.route ? <Link to={c.route}>{c.label}</Link> : <span>{c.label}</span>}</li>
        ))}
        <li aria-current="page">
          <span>{page.title}</span>
        </li>
      </ol>
    </nav>
  );
}

function GeneratedIndex({ page }: { page: PageData }) {
  return (
    <div className="markdown generated-index">
      <h1>{page.title}</h1>
      {page.description && <p>{page.description}</p>}
      <ul className="cards">
        {page.cards?.map((card, i) => (
          <li key={i} className="card">
            {card.route ? <Link to={card.route}>{card.title}</Link> : <a href={card.href}>{card.title}</a>}
            <p>{card.description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Tags({ tags }: { tags: LinkRef[] }) {
  return (
    <nav className="doc-tags" aria-label={TEXT.tags.replace(':', '')}>
      <span className="doc-tags-title">{TEXT.tags}</span>
      <ul>
        {tags.map((tag) => (
          <li key={tag.route}>
            <Link to={tag.route} className="tag">
              {tag.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Pagination({ page }: { page: PageData }) {
  return (
    <nav className="pagination" aria-label="Docs pages">
      {page.prev ? (
        <Link to={page.prev.route} className="pagination-link prev">
          <span className="pagination-sub">{TEXT.previous}</span>
          <span className="pagination-label">{page.prev.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {page.next && (
        <Link to={page.next.route} className="pagination-link next">
          <span className="pagination-sub">{TEXT.next}</span>
          <span className="pagination-label">{page.next.title}</span>
        </Link>
      )}
    </nav>
  );
}
