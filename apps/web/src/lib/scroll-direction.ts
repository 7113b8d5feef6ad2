import { useEffect, useState } from 'react';

/** How far the page must move before a change of direction counts (a finger's jitter does not). */
const JITTER_PX = 8;
/** Near the top the page is never "scrolling down": what floats there stays. */
const TOP_PX = 64;

/**
 * Whether the person is scrolling the page down (reading on) rather than up (looking for
 * something): a floating button gets out of the way of the rows passing under it, and comes back
 * as soon as they scroll up.
 */
export function useScrollingDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < JITTER_PX) return;
      setDown(y > last && y > TOP_PX);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return down;
}
