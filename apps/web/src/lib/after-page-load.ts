/**
 * Runs `callback` once the page has loaded and the browser is idle, so work the first paint does
 * not need (the realtime socket, the toast container) stays out of its way. Returns a cancel function.
 */
export function afterPageLoad(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const whenIdle = () => {
    // Safari has no requestIdleCallback.
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(callback, { timeout: 1000 });
    else timer = setTimeout(callback, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}
