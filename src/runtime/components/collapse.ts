// Collapsible lists (sidebar categories, the mobile table of contents) animate their height
// between open and closed, for a time that grows with the height.
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * Milliseconds to animate a list of this height: longer lists move longer, but not proportionally,
 * so a big category neither snaps nor crawls (the curve Material UI and Docusaurus use).
 */
export function collapseDuration(heightPx: number): number {
  const constant = heightPx / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

/**
 * State of a list that opens and shuts: `hidden` lags behind `collapsed` while the list animates
 * shut, and `ref` goes on the list.
 */
export function useCollapsible<T extends HTMLElement>(initiallyCollapsed: boolean) {
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  const [hidden, setHidden] = useState(initiallyCollapsed);
  const ref = useRef<T>(null);
  useCollapseAnimation(ref, collapsed, () => setHidden(true));
  const expand = () => {
    setHidden(false);
    setCollapsed(false);
  };
  const collapse = () => setCollapsed(true);
  return { collapsed, hidden, ref, expand, collapse, toggle: () => (collapsed ? expand() : collapse()) };
}

function useCollapseAnimation(ref: RefObject<HTMLElement | null>, collapsed: boolean, onCollapsed: () => void): void {
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const el = ref.current;
    return el ? animateHeight(el, collapsed, onCollapsed) : undefined;
  }, [collapsed]);
}

function animateHeight(el: HTMLElement, collapsing: boolean, onCollapsed: () => void): () => void {
  const full = el.scrollHeight;
  const ms = matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : collapseDuration(full);
  const style = el.style;
  style.overflow = 'hidden';
  style.transition = `height ${ms}ms ease-in-out`;
  style.height = `${collapsing ? full : 0}px`;
  void el.offsetHeight; // commit the start height so the change below animates
  style.height = `${collapsing ? 0 : full}px`;
  let timer = 0;
  const finish = () => {
    cleanup();
    style.height = style.overflow = style.transition = '';
    if (collapsing) onCollapsed();
  };
  const onEnd = (e: TransitionEvent) => {
    if (e.target === el && e.propertyName === 'height') finish();
  };
  const cleanup = () => {
    clearTimeout(timer);
    el.removeEventListener('transitionend', onEnd);
  };
  el.addEventListener('transitionend', onEnd);
  // transitionend never fires when nothing moves (zero height, zero duration, a hidden ancestor).
  timer = window.setTimeout(finish, ms + 50);
  return cleanup;
}
