import { dropHiddenPrerender, shownPrerender, startPageChunks } from './prerender/shell';

/**
 * The app's entry, kept tiny. A prerendered page (prerender/shells.tsx) is complete on screen from
 * its HTML and CSS, so the app's code is fetched once the browser has shown it: the first paint
 * waits for no script download. Otherwise (nothing prerendered, or hidden from this visitor) the
 * code is fetched at once, as there is nothing to see before it runs.
 */

/** Whatever happens to paint reporting, the app starts by then. */
const LONGEST_WAIT_MS = 3000;

/** Resolves once the page's first content is on screen (its first-contentful-paint entry is reported). */
function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, LONGEST_WAIT_MS);
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      // A frame's callbacks run just before it paints; a task queued from there runs after.
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
}

const container = document.getElementById('root');
// A background tab paints nothing until shown: load at once there.
const waitForPaint = container && shownPrerender(container) && document.visibilityState === 'visible';

/** Set while a reload after a failed load is under way, so a lasting failure does not reload forever. */
const RELOAD_KEY = 'smart:boot-reloaded';

/**
 * The app's code failed to load (a network blip, or a deploy between the HTML and its chunks):
 * reload once for the current files; if that fails too, say so instead of a frozen page.
 */
function recoverFromFailedLoad(): void {
  try {
    if (!sessionStorage.getItem(RELOAD_KEY)) {
      sessionStorage.setItem(RELOAD_KEY, '1');
      location.reload();
      return;
    }
  } catch {
    // Storage disabled: no safe way to reload only once.
  }
  if (container) {
    dropHiddenPrerender(container);
    container.textContent = 'The app could not be loaded. Please check your connection and reload the page.';
  }
}

void (waitForPaint ? afterFirstContentfulPaint() : Promise.resolve())
  .then(() => {
    startPageChunks();
    return import('./main');
  })
  .then(() => {
    try {
      sessionStorage.removeItem(RELOAD_KEY);
    } catch {
      // Storage disabled: nothing was set.
    }
  }, recoverFromFailedLoad);
