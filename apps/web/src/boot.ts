import { shownPrerender, startPageChunks } from './prerender/shell';

/**
 * The app's entry, kept tiny. A prerendered page (prerender/shells.tsx) is complete on screen from
 * its HTML and CSS, so the app's code is fetched once the browser has painted it: the first paint
 * waits for no script download. Otherwise (nothing prerendered, or hidden from this visitor) the
 * code is fetched at once, as there is nothing to see before it runs.
 */
function afterNextPaint(): Promise<void> {
  // A frame's callbacks run just before it paints; a task queued from there runs after.
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

const container = document.getElementById('root');
// A background tab paints nothing (and runs no frame callbacks) until shown: load at once there.
const waitForPaint = container && shownPrerender(container) && document.visibilityState === 'visible';

void (waitForPaint ? afterNextPaint() : Promise.resolve()).then(() => {
  startPageChunks();
  return import('./main');
});
