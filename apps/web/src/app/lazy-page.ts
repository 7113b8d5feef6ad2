import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A page in its own chunk, which can also be fetched before it is shown. */
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts loading the chunk; a failure is left for the page's render to report. */
  preload: () => void;
};

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  // The browser keeps a loaded module, so lazy()'s own load() later reuses this download.
  const preload = () => void load().catch(() => undefined);
  return Object.assign(lazy(load), { preload });
}
