// Image zoom with medium-zoom, loaded the first time a reader clicks a content image.
import mediumZoom, { type Zoom } from 'medium-zoom';
import type { ShellConfig } from '../../shared/types.ts';

let zoom: Zoom | undefined;

export function attachZoom(config: ShellConfig['imageZoom']): Zoom {
  zoom ??= mediumZoom({ margin: config.margin, background: config.background, scrollOffset: config.scrollOffset });
  zoom.detach();
  zoom.attach(config.selector);
  return zoom;
}

export function detachZoom(): void {
  zoom?.detach();
}
