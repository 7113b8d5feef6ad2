/**
 * The first script of every page: a classic script in <head> (built to one IIFE by
 * build-plugins/page-shells.ts), so the page paints in the visitor's theme from the start instead
 * of flashing light before the app runs. It reads what the theme switch stored (Mantine's
 * local-storage manager: 'light', 'dark' or 'auto'), and for 'auto' or nothing stored follows the
 * system. The app's MantineProvider keeps the attribute up to date afterwards.
 */
(() => {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem('mantine-color-scheme-value');
  } catch {
    // Storage disabled: follow the system.
  }
  const dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
})();

export {};
