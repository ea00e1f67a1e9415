// Tabs in content (loaded on first use): switch on click and arrow keys; tabs with the same group
// switch together and the choice is remembered for the next page and the next visit.
import { STORAGE_KEYS } from '../constants.ts';
import { readStorage, writeStorage } from '../storage.ts';

const tabsOf = (tabs: Element) => [...tabs.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]')];

/** Shows the tab with this value in one tabs block; false if it has no such tab. */
function show(tabs: Element, value: string): boolean {
  const buttons = tabsOf(tabs);
  if (!buttons.some((b) => b.dataset.value === value)) return false;
  for (const b of buttons) {
    const on = b.dataset.value === value;
    b.setAttribute('aria-selected', String(on));
    b.tabIndex = on ? 0 : -1;
  }
  for (const panel of tabs.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')) panel.hidden = panel.dataset.value !== value;
  return true;
}

export function selectTab(tab: HTMLElement): void {
  const tabs = tab.closest('.tabs');
  const value = tab.dataset.value;
  if (!tabs || value === undefined) return;
  const group = tabs.getAttribute('data-group');
  if (!group) {
    show(tabs, value);
    return;
  }
  // Keep the clicked tab where it is on screen while blocks above it change height.
  const before = tab.getBoundingClientRect().top;
  for (const other of document.querySelectorAll(`.tabs[data-group="${CSS.escape(group)}"]`)) show(other, value);
  scrollBy(0, tab.getBoundingClientRect().top - before);
  writeStorage(STORAGE_KEYS.tabGroup(group), value);
}

const KEY_STEPS: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

export const TAB_KEYS = Object.keys(KEY_STEPS);

/** Arrow keys move along the tab list and select (the ARIA tabs pattern, automatic activation). */
export function moveTab(tab: HTMLElement, key: string): void {
  const tabs = tab.closest('.tabs');
  const step = KEY_STEPS[key];
  if (!tabs || !step) return;
  const buttons = tabsOf(tabs);
  const next = buttons[step(buttons.indexOf(tab), buttons.length)];
  next.focus();
  selectTab(next);
}

/** Applies remembered group choices to the tabs on the page. */
export function restoreTabs(): void {
  for (const tabs of document.querySelectorAll('.tabs[data-group]')) {
    const value = readStorage(STORAGE_KEYS.tabGroup(tabs.getAttribute('data-group')!));
    if (value !== null) show(tabs, value);
  }
}
