/**
 * The Chromium the browser tests and Lighthouse drive: Debian's package, or CHROME_PATH. Nothing
 * downloads a browser; `npm test` installs Debian's where it may (apps/web/e2e/ensure-chromium.ts).
 */
export const DEBIAN_CHROMIUM_PATH = '/usr/bin/chromium';

export const chromiumPath = process.env.CHROME_PATH || DEBIAN_CHROMIUM_PATH;
