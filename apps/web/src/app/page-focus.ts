import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to show its heading (its record loading) before focus is left alone. */
const HEADING_WAIT_MS = 10_000;

/**
 * Whether the focus is still nobody's since the navigation: on the body (the clicked link went with
 * the old page), or still where the navigation found it in the frame's menu or top bar (their link
 * stays). What focused anything else meanwhile (an input a page or dialog focused itself, a link
 * of the page that stayed, the person) keeps it.
 */
function unclaimedSince(start: Element | null): () => boolean {
  const startInFrame = start?.closest('nav, header') != null && start.closest('[role="dialog"]') === null;
  return () => {
    const active = document.activeElement;
    return !active || active === document.body || (startInFrame && active === start);
  };
}

/** The new page's h1 (in main when there is one), made focusable by script only, focused if unclaimed. */
function focusHeading(unclaimed: () => boolean): boolean {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (unclaimed()) {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }
  return true;
}

/**
 * After a navigation inside the app, the focus moves to the new page's h1, so a screen reader
 * announces the page (it stayed on <body>, and the next Tab started over at the top). A
 * page still loading its record has no h1 yet: it is focused as soon as it appears. Until the
 * person first presses a key or a pointer, the path is the first load's (a redirect included),
 * where the browser's own start (focus on the document, the skip link first) stays.
 */
export function useFocusPageOnNavigation(): void {
  const { pathname } = useLocation();
  const acted = useRef(false);
  useEffect(() => {
    const mark = () => {
      acted.current = true;
    };
    document.addEventListener('pointerdown', mark, { capture: true, once: true });
    document.addEventListener('keydown', mark, { capture: true, once: true });
    return () => {
      document.removeEventListener('pointerdown', mark, { capture: true });
      document.removeEventListener('keydown', mark, { capture: true });
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new path is what runs it
  useEffect(() => {
    if (!acted.current) return;
    const unclaimed = unclaimedSince(document.activeElement);
    if (focusHeading(unclaimed)) return;
    const observer = new MutationObserver(() => focusHeading(unclaimed) && observer.disconnect());
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
    };
  }, [pathname]);
}
