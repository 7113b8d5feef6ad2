import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether an element is at least `minWidth` pixels wide, kept as it resizes (the sidebar opening,
 * the window turning): a list shows a table where its columns fit, cards where they do not. The
 * first measure is taken before the browser paints, so the other layout never flashes.
 */
export function useWideEnough<T extends HTMLElement>(minWidth: number): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [wide, setWide] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWide(element.getBoundingClientRect().width >= minWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [minWidth]);
  return [ref, wide];
}
