import { DESKTOP_BREAKPOINT_PX } from '@smart/contracts';
import { useSyncExternalStore } from 'react';

/** Screens narrower than the desktop layout (under 768px): menus and panels float or fill the screen. */
const PHONE_QUERY = `(max-width: ${(DESKTOP_BREAKPOINT_PX - 0.02) / 16}em)`;

let phoneQueryList: MediaQueryList | undefined;
const phoneQuery = () => {
  phoneQueryList ??= window.matchMedia(PHONE_QUERY);
  return phoneQueryList;
};

/** Whether the screen is a phone's now; false without a window (the build's prerendering). */
export const isPhoneScreen = (): boolean => typeof window !== 'undefined' && phoneQuery().matches;

function onPhoneChange(changed: () => void) {
  const query = phoneQuery();
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/**
 * Whether the screen is a phone's, right from the first render and then as it changes (a window
 * resized, a tablet turned). Mantine's useMediaQuery answers false on the first render and reads the
 * screen in an effect after it: a decision made once on that render (the messenger opening its first
 * conversation over the list) was the desktop's on a phone. Prerendered HTML is the desktop's.
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(onPhoneChange, isPhoneScreen, () => false);
}
