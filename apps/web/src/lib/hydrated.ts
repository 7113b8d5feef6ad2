import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the build's prerendered HTML and while React takes that HTML over (hydration), true
 * from the next render on, and always true in a page the browser renders itself. For controls
 * that must not take input before the app can handle it (prerender/shells.tsx).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
