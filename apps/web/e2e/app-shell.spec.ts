import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { holdRequests } from './support/hold';
import { accounts, DEMO_PASSWORD, passwordField, sidebar, signIn } from './support/session';

/** The chunk that draws the signed-in frame and the dashboard home: the signed-in app's (build-plugins/chunk-groups.ts). */
const DASHBOARD_CHUNKS = /\/assets\/app-[\w-]+\.js$/;

/** Counts animation frames in which the app shows no text at all, until stopBlankWatch(). */
async function startBlankWatch(page: Page) {
  await page.evaluate(() => {
    const state = { blank: 0, frames: 0, stopped: false };
    Object.assign(window, { blankWatch: state });
    const tick = () => {
      state.frames += 1;
      if (!document.getElementById('root')?.innerText.trim()) state.blank += 1;
      if (!state.stopped) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function stopBlankWatch(page: Page) {
  return page.evaluate(() => {
    const state = (window as unknown as { blankWatch: { blank: number; frames: number; stopped: boolean } }).blankWatch;
    state.stopped = true;
    return state;
  });
}

test.describe('signing in', () => {
  test('never shows a blank screen while the dashboard code is still loading', async ({ page }) => {
    // The dashboard code is held back until the loading state has been seen, then let through.
    const release = await holdRequests(page, DASHBOARD_CHUNKS);
    await page.goto('/login');
    await page.getByLabel('Email').fill(accounts.member);
    await passwordField(page).fill(DEMO_PASSWORD);
    await startBlankWatch(page);

    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page.getByRole('status').getByText('Loading...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Welcome to S.M.A.R.T.' })).toBeVisible();
    const watch = await stopBlankWatch(page);
    expect(watch.frames).toBeGreaterThan(10);
    expect(watch.blank).toBe(0);
  });

  test('fetches the dashboard code once the visitor starts filling in the form, not before', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (DASHBOARD_CHUNKS.test(request.url())) requested.push(request.url());
    });
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);

    const fetched = page.waitForRequest(DASHBOARD_CHUNKS);
    await page.getByLabel('Email').focus();
    await fetched;
  });
});

test.describe('a page whose code cannot be loaded', () => {
  test('shows a message with Reload inside the frame, and Reload recovers', async ({ page }) => {
    const notificationsChunk = /\/assets\/NotificationsPage-[\w-]+\.js$/;
    await page.route(notificationsChunk, (route) => route.abort());
    await signIn(page, accounts.member);

    await sidebar(page).getByRole('button', { name: 'My Profile' }).click();
    await sidebar(page).getByRole('link', { name: 'Notifications' }).click();

    await expect(page.getByRole('alert').getByText('This page could not be shown')).toBeVisible();
    // The frame stays: the user can still go elsewhere.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Personal Info' })).toBeVisible();

    await page.unroute(notificationsChunk);
    await page.getByRole('button', { name: 'Reload' }).click();

    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(page.getByText('This page could not be shown')).toHaveCount(0);
  });
});

test.describe('tab titles', () => {
  test('name the page shown, from the sign-in page on', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign In · S.M.A.R.T.');

    await signIn(page, accounts.orgAdmin);
    await expect(page).toHaveTitle('Dashboard · S.M.A.R.T.');

    await page
      .getByRole('main')
      .getByRole('link', { name: /Departments/ })
      .click();
    await expect(page).toHaveTitle('Departments · S.M.A.R.T.');

    await page.goto('/dashboard/notifications');
    await expect(page).toHaveTitle('Notifications · S.M.A.R.T.');
  });
});

test.describe('the closed sidebar on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Whether keyboard focus is inside the sidebar now. */
  const focusInSidebar = (page: Page) =>
    page.evaluate(() => Boolean(document.activeElement?.closest('#app-navigation')));

  test('takes no keyboard focus until it is opened', async ({ page }) => {
    await signIn(page, accounts.orgAdmin);
    const menuButton = page.getByRole('button', { name: 'Open navigation' });
    await menuButton.focus();

    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInSidebar(page)).toBe(false);
    }

    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeInViewport();
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).focus();
    expect(await focusInSidebar(page)).toBe(true);
  });
});

test.describe('toasts', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`appear below the top bar, clear of the avatar and name, at ${viewport.width}px`, async ({ page, person }) => {
      await page.setViewportSize(viewport);
      await signIn(page, person);
      await page.goto('/dashboard/profile');
      const personalInfo = page.getByRole('region', { name: 'Personal Information' });
      await personalInfo.getByRole('button', { name: 'Edit' }).click();
      await personalInfo.getByLabel('Job title').fill(`Toast check ${Date.now()}`);
      await personalInfo.getByRole('button', { name: 'Save' }).click();

      const toast = page.getByRole('status').filter({ hasText: 'Profile updated successfully!' });
      await expect(toast).toBeVisible();
      const toastBox = await toast.boundingBox();
      const topBarBox = await page.getByRole('banner').boundingBox();
      expect(toastBox!.y).toBeGreaterThanOrEqual(topBarBox!.y + topBarBox!.height);
    });
  }
});
