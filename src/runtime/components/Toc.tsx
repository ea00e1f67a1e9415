import { useEffect, useState } from 'react';
import type { TocEntry } from '../../shared/types.ts';
import { TEXT } from '../constants.ts';
import { useCollapsible } from './collapse.ts';

/**
 * The heading the reader is at: the first heading below the navbar if it is in the top half of the
 * window, else the one before it (whose section fills the window); the last one past the end.
 */
export function headingInView(ids: string[]): string | undefined {
  const top = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0;
  const headings = ids.map((id) => document.getElementById(id)).filter((h): h is HTMLElement => h !== null);
  const next = headings.findIndex((h) => h.getBoundingClientRect().top >= Math.max(top, 0));
  if (next === -1) return headings[headings.length - 1]?.id;
  const rect = headings[next].getBoundingClientRect();
  if (rect.top > 0 && rect.bottom < innerHeight / 2) return headings[next].id;
  return headings[next - 1]?.id;
}

function useHeadingInView(toc: TocEntry[]): string | undefined {
  const [active, setActive] = useState<string>();
  useEffect(() => {
    const ids = toc.map((e) => e.id);
    let frame = 0;
    const update = () => {
      frame = 0;
      setActive(headingInView(ids));
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    addEventListener('scroll', schedule, { passive: true });
    addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
    };
  }, [toc]);
  return active;
}

export function Toc({ toc }: { toc: TocEntry[] }) {
  const active = useHeadingInView(toc);
  return (
    <nav className="toc" aria-label={TEXT.onThisPage}>
      <p className="toc-title">{TEXT.onThisPage}</p>
      <TocList toc={toc} active={active} />
    </nav>
  );
}

/**
 * The table of contents of the mobile layout, where the side column is gone: a collapsed list
 * above the content, as Docusaurus has it. Following one of its links closes it again.
 */
export function TocCollapsible({ toc }: { toc: TocEntry[] }) {
  const { collapsed, hidden, ref: listRef, collapse, toggle } = useCollapsible<HTMLDivElement>(true);
  return (
    <nav className={collapsed ? 'toc-mobile collapsed' : 'toc-mobile'} aria-label={TEXT.onThisPage}>
      <button type="button" className="toc-mobile-button" aria-expanded={!collapsed} aria-controls="toc-mobile-list" onClick={toggle}>
        {TEXT.onThisPage}
      </button>
      <div id="toc-mobile-list" className="toc-mobile-list" hidden={hidden} ref={listRef} onClick={(e) => (e.target as Element).closest('a') && collapse()}>
        <TocList toc={toc} />
      </div>
    </nav>
  );
}

function TocList({ toc, active }: { toc: TocEntry[]; active?: string }) {
  return (
    <ul>
      {toc.map((entry) => (
        <li key={entry.id} className={`toc-level-${entry.level}`}>
          <a href={`#${entry.id}`} className={entry.id === active ? 'active' : undefined}>
            {entry.text}
          </a>
        </li>
      ))}
    </ul>
  );
}
