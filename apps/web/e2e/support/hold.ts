import type { Page } from '@playwright/test';

/**
 * Holds back the requests to `url` until the returned `release` is called: a state that lasts only
 * while a request is under way (a loader, 'Sending...') is then seen without waiting on the clock.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
