import { expect, type Page, test } from '@playwright/test';
import { holdRequests } from './support/hold';
import { accounts, signIn } from './support/session';

/**
 * The sign-in page and the dashboard home are in their HTML (src/prerender/shells.tsx), so they
 * show before the app's code has run; a head script hides them from visitors who will see
 * something else. These tests hold the app's code back to look at that first picture.
 */

/** Every script of the app except the head script that decides what the prerendered HTML shows. */
const APP_CODE = /\/assets\/(?!shell-check-)[\w-]+\.js$/;

const holdBackAppCode = (page: Page) => page.route(APP_CODE, (route) => route.abort());
const signInHeading = (page: Page) => page.getByRole('heading', { name: 'Sign In' });
const welcome = (page: Page) => page.getByRole('heading', { name: 'Welcome to S.M.A.R.T.' });

/** Opens each path and sees neither prerendered page: the app will show something else there. */
async function expectNeitherAt(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(signInHeading(page)).toBeHidden();
    await expect(welcome(page)).toBeHidden();
  }
}

test.describe('before the app code has run', () => {
  test('a signed-out visitor sees the sign-in page, whose fields wait for the app', async ({ page }) => {
    await holdBackAppCode(page);
    for (const path of ['/', '/login']) {
      await page.goto(path);
      await expect(signInHeading(page)).toBeVisible();
      await expect(page.getByLabel('Email')).not.toBeEditable();
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    }
    await expectNeitherAt(page, ['/forgot-password', '/dashboard']);
  });

  test('a signed-in visitor sees the frame and the welcome on the dashboard home only', async ({ page }) => {
    await signIn(page, accounts.member);
    await holdBackAppCode(page);

    await page.goto('/dashboard');
    await expect(welcome(page)).toBeVisible();
    await expect(page.getByRole('banner').getByText('S.M.A.R.T. Management')).toBeVisible();
    await expectNeitherAt(page, ['/dashboard/profile', '/login', '/']);
  });

  test('an advisor, whom the dashboard sends to My Tasks, is not welcomed first', async ({ page }) => {
    await signIn(page, accounts.advisor);
    await holdBackAppCode(page);
    await expectNeitherAt(page, ['/dashboard']);
  });
});

test('the prerendered sign-in page looks as the app draws it (its CSS arrives in order)', async ({ page }) => {
  const looks = async () => ({
    button: await page
      .getByRole('button', { name: 'Sign In' })
      .evaluate((element) => getComputedStyle(element).backgroundColor),
    field: await page.getByLabel('Email').evaluate((element) => getComputedStyle(element).borderColor),
  });
  await holdBackAppCode(page);
  await page.goto('/login');
  const prerendered = await looks();
  await page.unroute(APP_CODE);
  await page.reload();
  await expect(page.getByLabel('Email')).toBeEditable();
  expect(await looks()).toEqual(prerendered);
  expect(prerendered.button).not.toBe('rgba(0, 0, 0, 0)');
});

test('the app takes over the prerendered sign-in form as it is, and signing in works', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      Object.assign(window, { prerenderedForm: document.querySelector('form') });
    });
  });

  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeEditable();
  // Hydrated, not drawn again: the form on screen is the one the HTML brought.
  const sameForm = await page.evaluate(() => document.querySelector('form') === Reflect.get(window, 'prerenderedForm'));
  expect(sameForm).toBe(true);
  expect(errors).toEqual([]);

  await signIn(page, accounts.member);
  await expect(welcome(page)).toBeVisible();
});

test('a failed load of the app code reloads the page once, then says so instead of freezing', async ({ page }) => {
  let attempts = 0;
  await page.route(/\/assets\/main-[\w-]+\.js$/, (route) => {
    attempts += 1;
    return route.abort();
  });
  await page.goto('/login');
  await expect(
    page.getByText('The app could not be loaded. Please check your connection and reload the page.'),
  ).toBeVisible();
  await expect(signInHeading(page)).toBeHidden();
  expect(attempts).toBe(2);
});

test('on a slow phone the sign-in card is painted whole, not grown in steps that move it', async ({ browser }) => {
  // A slow CPU parses the page's HTML in slices; painted between them, the centred card grew and
  // jumped (a layout shift of 0.2 in Lighthouse's mobile run).
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Reflect.set(window, 'layoutShifts', shifts);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/login');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeEditable();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => Reflect.get(window, 'layoutShifts'))).toEqual([]);
  await context.close();
});

test('on a phone the dashboard cards stay put while the advisor callout fills in above them', async ({ browser }) => {
  // The callout waits for the organization's advisors; appearing above the cards, it pushed them
  // down by its height (a layout shift of 0.12 in Lighthouse's mobile run). It now holds its place.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, accounts.member);
  const release = await holdRequests(page, '**/api/conversations/advisors/available');
  await page.reload();
  const card = page.getByRole('main').getByRole('link', { name: /^Tickets/ });
  await expect(card).toBeVisible();
  // My work, above the cards too, fills in meanwhile: measured once its blocks have their rows.
  await expect(page.getByRole('main').locator('section[aria-busy="true"]')).toHaveCount(0);
  const before = await card.boundingBox();
  release();
  await expect(page.getByText(/Book a session with \w/)).toBeVisible();
  expect(await card.boundingBox()).toEqual(before);
  await context.close();
});
