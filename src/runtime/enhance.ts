// Content features, wired by event delegation in the entry but loaded only on first use: code copy,
// tabs, image zoom. (The search hotkeys are caught by the head script, see render-pages.ts.)
import type { ShellConfig } from '../shared/types.ts';
import { IMAGE_ZOOM_REATTACH_MS } from './constants.ts';
import { hydrateIslands } from './islands.ts';

type ZoomModule = typeof import('./features/zoom.ts');
type TabsModule = typeof import('./features/tabs.ts');

const TAB_KEYS = ['ArrowRight', 'ArrowLeft', 'Home', 'End'];

let zoomConfig: ShellConfig['imageZoom'];
let zoomArmed = false;
let zoomModule: ZoomModule | undefined;
let zoomTimer = 0;

const loadTabs = (): Promise<TabsModule> => import('./features/tabs.ts');

function armZoom(): void {
  zoomArmed = true;
  // The zoom-in cursor before medium-zoom (and its own styles) has loaded.
  document.documentElement.classList.add('zoom-ready');
  zoomModule?.attachZoom(zoomConfig);
}

function disarmZoom(): void {
  zoomArmed = false;
  clearTimeout(zoomTimer);
  document.documentElement.classList.remove('zoom-ready');
  zoomModule?.detachZoom();
}

/** The first click on a content image loads medium-zoom, attaches it and opens that image. */
async function zoomOnFirstClick(img: HTMLImageElement): Promise<void> {
  const mod = await import('./features/zoom.ts');
  zoomModule = mod;
  if (!zoomArmed) return;
  void mod.attachZoom(zoomConfig).open({ target: img });
}

function onClick(event: MouseEvent): void {
  const target = event.target as Element | null;
  if (!target?.closest) return;
  const copy = target.closest<HTMLElement>('.code-block .copy-button');
  if (copy) {
    void import('./features/copy.ts').then((m) => m.copyCode(copy));
    return;
  }
  const tab = target.closest<HTMLElement>('.tabs [role="tab"]');
  if (tab) {
    void loadTabs().then((m) => m.selectTab(tab));
    return;
  }
  if (zoomArmed && !zoomModule && target instanceof HTMLImageElement && target.matches(zoomConfig.selector)) {
    event.preventDefault();
    void zoomOnFirstClick(target);
  }
}

function onKeyDown(event: KeyboardEvent): void {
  const key = event.key;
  const tab = (event.target as Element | null)?.closest?.<HTMLElement>('.tabs [role="tab"]');
  if (tab && TAB_KEYS.includes(key)) {
    event.preventDefault(); // arrows would scroll the page
    void loadTabs().then((m) => m.moveTab(tab, key));
  }
}

function restoreTabs(): void {
  if (document.querySelector('.tabs[data-group]')) void loadTabs().then((m) => m.restoreTabs());
}

export function initContentFeatures(shell: ShellConfig): void {
  zoomConfig = shell.imageZoom;
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeyDown);
  restoreTabs();
  armZoom();
  hydrateIslands();
}

/** After a route change: new content. Zoom re-attaches a second later unless the URL has a hash. */
export function onContentChange(url: URL): void {
  restoreTabs();
  hydrateIslands();
  disarmZoom();
  if (!url.hash) zoomTimer = window.setTimeout(armZoom, IMAGE_ZOOM_REATTACH_MS);
}
