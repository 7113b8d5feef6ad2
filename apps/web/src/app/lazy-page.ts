import { type ComponentType, createElement, lazy, useState } from 'react';

/** A page in its own chunk, which can also be fetched before it is shown. */
export type LazyPage = ComponentType & {
  /** Loads the chunk; settles when it has loaded or failed (a failure is left for the page's render to report). */
  preload: () => Promise<void>;
};

/**
 * A page whose chunk has already loaded (preloaded) renders at once, in the same pass as its
 * frame; otherwise it suspends until its chunk arrives, as React.lazy does.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  // The browser keeps a loaded module, so a later load() reuses this download.
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Suspending = lazy(loadAndKeep);
  function Page() {
    // Chosen once per mount: changing the component type later would remount the page.
    const [component] = useState<ComponentType>(() => loaded ?? Suspending);
    return createElement(component);
  }
  const preload = () =>
    loadAndKeep().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(Page, { preload });
}
