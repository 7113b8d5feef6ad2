import type { Page } from '@playwright/test';
import { expect, type TestOrganization, test } from './support/fixtures';
import { accounts, fillSignIn, signIn } from './support/session';
import { pickOption } from './support/structure';

const CLOSED_MESSAGE = 'This organization account is closed. Contact support to reopen it.';

function closeDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Close Organization Account' });
}

/** Opens Close Organization Account and confirms with the organization's name, checking the button waits for it. */
async function closeThroughDialog(page: Page, organization: TestOrganization) {
  await page.getByRole('button', { name: 'Close Organization Account' }).click();
  const dialog = closeDialog(page);
  const confirm = dialog.getByRole('button', { name: 'Close Organization Account' });
  const name = dialog.getByLabel("Type the organization's name to confirm");
  await expect(confirm).toBeDisabled();
  await name.fill(organization.name.slice(0, -1));
  await expect(confirm).toBeDisabled();
  await name.fill(organization.name);
  await confirm.click();
}

test.describe('closing an organization account', () => {
  test('its org_admin closes it by typing its name, lands on sign-in with the reason, and cannot sign in', async ({
    page,
    organization,
  }) => {
    await signIn(page, organization.orgAdmin);
    await page.goto('/dashboard/organization');
    await closeThroughDialog(page, organization);

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: CLOSED_MESSAGE })).toBeVisible();

    await fillSignIn(page, organization.orgAdmin.email, organization.orgAdmin.password);
    await expect(page.getByRole('alert')).toHaveText(CLOSED_MESSAGE);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an admin picks the organization, closes it, sees it closed and reopens it', async ({ page, organization }) => {
    const member = await organization.addPerson('Priya', 'Shah');
    await signIn(page, accounts.admin);
    await page.goto('/dashboard/organization');
    await pickOption(page.getByRole('main'), 'Organization', organization.name, organization.name);
    const heading = page.getByRole('heading', { name: organization.name, level: 1 });
    await expect(heading).toBeVisible();

    await closeThroughDialog(page, organization);
    await expect(closeDialog(page)).toBeHidden();
    // The badge (the picker's hidden options say 'Closed' too).
    const closedBadge = page.getByText('Closed', { exact: true }).filter({ visible: true });
    await expect(closedBadge).toBeVisible();
    await expect(page.getByText(/^Closed on .+\. Its people cannot sign in\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close Organization Account' })).toBeHidden();

    await page.getByRole('button', { name: 'Reopen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText('Reopen this organization account?');
    await confirm.getByRole('button', { name: 'Reopen' }).click();
    await expect(confirm).toBeHidden();
    await expect(closedBadge).toBeHidden();
    await expect(page.getByRole('button', { name: 'Close Organization Account' })).toBeVisible();

    // Its people sign in again (the admin signs out first).
    await page.evaluate(() => localStorage.clear());
    await signIn(page, member);
  });
});
