import { DESKTOP_BREAKPOINT_PX } from '@smart/contracts';

/** Screens narrower than the desktop layout (spec section 2: under 768px): menus and panels float or fill the screen. */
export const PHONE_QUERY = `(max-width: ${(DESKTOP_BREAKPOINT_PX - 0.02) / 16}em)`;
