import { expect, test } from '@playwright/test';
import { accounts, sidebar, signIn } from './support/session';

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
