// In the build only the global part stays here; each component's CSS rides with its chunk
// (build-plugins/mantine-styles.ts).
import '@mantine/core/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadOpenedPage } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// The opened page's chunks first, so it renders in one pass (see preloadOpenedPage).
void preloadOpenedPage(window.location.pathname).then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
