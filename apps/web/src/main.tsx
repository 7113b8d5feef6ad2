// In the build only the global part stays here; each component's CSS rides with its chunk
// (build-plugins/mantine-styles.ts).
import '@mantine/core/styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { loadPageReads, prefetchAt, prefetchOnIntent } from './app/prefetch';
import { appRoutes, preloadOpenedPage } from './app/router';
import { afterPageLoad } from './lib/after-page-load';
import { readToken } from './lib/credentials';
import { createQueryClient } from './lib/query-client';
import { dropHiddenPrerender, shownPrerender } from './prerender/shell';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// The router's loaders start a page's reads in the app's query client as a navigation starts; the
// opened page's start now, beside its code.
const queryClient = createQueryClient();
prefetchAt(window.location, queryClient);
prefetchOnIntent(queryClient);
// Signed in, the pages' reads are fetched once the page has loaded; the sign-in page goes without.
afterPageLoad(() => readToken() && void loadPageReads());

// The opened page's chunks first, so it renders in one pass (see preloadOpenedPage). Rendering is a
// transition, done in slices that leave the main thread free in between.
void preloadOpenedPage(window.location.pathname).then(() => {
  const app = <App router={createBrowserRouter(appRoutes(queryClient))} queryClient={queryClient} />;
  // The prerendered sign-in page is the app's own markup: React takes it over as it is. A
  // prerendered placeholder stays on screen until React's first commit replaces it.
  const takeover = shownPrerender(container);
  dropHiddenPrerender(container);
  startTransition(() => {
    if (takeover === 'hydrate') hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
});
