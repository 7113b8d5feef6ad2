import { expect, type Page, test } from '@playwright/test';
import { accounts, sidebar, signIn } from './support/session';

async function expectEntries(page: Page, present: string[], absent: string[]) {
  const nav = sidebar(page);
  for (const name of present) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  for (const name of absent) await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
}

test.describe('role menus', () => {
  test('a regular member sees Dashboard, Projects, My Tasks and the My Profile pages, nothing of admins or advisors', async ({
    page,
  }) => {
    await signIn(page, accounts.member);
    await sidebar(page).getByRole('button', { name: 'My Profile' }).click();

    await expectEntries(
      page,
      ['Dashboard', 'Projects', 'My Tasks', 'Personal Info', 'Notifications'],
      ['S.M.A.R.T. Advisors', 'Organizations', 'Organization Details', 'Team Members'],
    );
    await expect(sidebar(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  test('an admin sees Dashboard and its profile group', async ({ page }) => {
    await signIn(page, accounts.admin);
    await sidebar(page).getByRole('button', { name: 'My Profile' }).click();

    await expectEntries(
      page,
      ['Dashboard', 'Personal Info', 'Notifications'],
      ['Projects', 'My Tasks', 'Organizations'],
    );
    await expect(sidebar(page).getByText('Platform Admin')).toBeVisible();
  });

  test('an advisor has no Dashboard entry and is sent from /dashboard to a page of its own', async ({ page }) => {
    await signIn(page, accounts.advisor);

    // /dashboard redirects advisors to My Tasks.
    await expect(page).toHaveURL(/\/dashboard\/my-tasks$/);
    await sidebar(page).getByRole('button', { name: 'My Profile' }).click();
    await expectEntries(
      page,
      ['My Tasks', 'Personal Info', 'Notifications'],
      ['Dashboard', 'Projects', 'S.M.A.R.T. Advisors'],
    );
  });

  test('the My Profile group opens by itself on a profile page', async ({ page }) => {
    await signIn(page, accounts.orgAdmin);
    await expect(sidebar(page).getByRole('link', { name: 'Notifications' })).toBeHidden();

    await page.goto('/dashboard/notifications');

    await expect(sidebar(page).getByRole('link', { name: 'Notifications' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Personal Info' })).toBeVisible();
  });

  test('dashboard cards link only to pages that exist', async ({ page }) => {
    await signIn(page, accounts.member);
    const main = page.getByRole('main');

    // A member's own cards now have pages: Projects and My Tasks.
    await main.getByRole('link', { name: /My Tasks/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/my-tasks$/);
    await expect(page.getByRole('heading', { name: 'My Tasks', level: 1 })).toBeVisible();
  });
});

test.describe('page frame on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the sidebar opens over a backdrop and the backdrop closes it', async ({ page }) => {
    await signIn(page, accounts.member);
    const menuButton = page.getByRole('button', { name: 'Open navigation' });
    await expect(menuButton).toBeVisible();

    await menuButton.click();
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeInViewport();

    await page.mouse.click(370, 500); // on the backdrop, right of the 280px sidebar
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).not.toBeInViewport();
  });
});
