import { useEffect, useRef, useState } from 'react';

/** Focus back on `opener`, once the closing dialog is gone, unless something else took focus meanwhile. */
function giveFocusBack(opener: HTMLElement): number {
  return window.setTimeout(() => {
    const active = document.activeElement;
    if (opener.isConnected && (active === null || active === document.body)) opener.focus({ preventScroll: true });
  });
}

/**
 * Gives focus back to what opened a dialog that was mounted already open.
 *
 * Mantine records the opener when `opened` turns true after mounting (its useFocusReturn skips the
 * first render), so a dialog mounted open and unmounted to close (the app's way: fresh form state
 * on each opening, code loaded on the first) had nothing to return to, and focus fell to the page's
 * body: the next Tab started over at "Skip to main content". This records what had focus on the
 * first render and gives it back when that first opening ends, by `opened` turning false or by
 * unmounting. Later openings of a dialog kept mounted are Mantine's, as before.
 */
export function useFocusReturnWhenMountedOpen(opened: boolean): void {
  const [opener] = useState(() =>
    opened && document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  const firstOpening = useRef(opener !== null);
  const pending = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (opened || !opener || !firstOpening.current) return;
    firstOpening.current = false;
    pending.current = giveFocusBack(opener);
  }, [opened, opener]);

  useEffect(() => {
    // StrictMode's trial unmount scheduled a return: the dialog is still here.
    window.clearTimeout(pending.current);
    return () => {
      if (opener && firstOpening.current) pending.current = giveFocusBack(opener);
    };
  }, [opener]);
}
