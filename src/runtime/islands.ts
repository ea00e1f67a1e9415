// Islands: site components an MDX page renders that ask to be interactive (`export const client =
// true` in their module). The page holds their server-rendered HTML in <docsgen-island>, with the
// URL of a content-hashed chunk and their props; the chunk is loaded and hydrates the island when
// it comes into view. Chunks read React from here, so the page never ships React twice.
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDomClient from 'react-dom/client';

type Mounted = { unmount(): void };
type IslandModule = { default: (element: HTMLElement, props: unknown) => Mounted };

(window as unknown as { __docsgenReact: Record<string, unknown> }).__docsgenReact = { react: React, 'react/jsx-runtime': jsxRuntime, 'react-dom/client': ReactDomClient };

let observer: IntersectionObserver | undefined;
const mounted = new Set<Mounted>();

/** Watches the content's islands (after each route change: the islands of the page before are unmounted). */
export function hydrateIslands(): void {
  for (const root of mounted) root.unmount();
  mounted.clear();
  observer?.disconnect();
  const islands = document.querySelectorAll<HTMLElement>('docsgen-island[data-chunk]');
  if (islands.length === 0) return;
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer?.unobserve(entry.target);
        void hydrate(entry.target as HTMLElement);
      }
    },
    { rootMargin: '200px' },
  );
  for (const island of islands) observer.observe(island);
}

async function hydrate(island: HTMLElement): Promise<void> {
  const chunk = island.dataset.chunk!;
  try {
    const mod = (await import(/* @vite-ignore */ chunk)) as IslandModule;
    if (!island.isConnected) return;
    mounted.add(mod.default(island, JSON.parse(island.dataset.props ?? '{}')));
    island.dataset.hydrated = '';
  } catch (e) {
    // The server's HTML stays: the component shows, without its interaction.
    console.warn(`docsgen: could not hydrate ${chunk}`, e);
  }
}
