import { ticketEndpoints } from '@smart/contracts';
import { expect, test } from './support/fixtures';
import { accounts, signIn } from './support/session';
import { callAs, uniqueName } from './support/structure';

/** Search everything: the palette opened from the keyboard, driven by it, opening the record. */
test.describe('Search everything', () => {
  // Each test signs in (argon2) and searches on a machine that may be busy with other runs.
  test.describe.configure({ timeout: 60_000 });
  test('Ctrl+K opens the palette; typing part of a task title, arrow down and Enter open the task', async ({
    page,
  }) => {
    await signIn(page, accounts.member);
    await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
    // Focus in the page (as after any click), not on the sign-in button the navigation removed.
    await page.getByRole('heading', { level: 1 }).first().click();
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const box = dialog.getByRole('combobox', { name: 'Search everything' });
    await expect(box).toBeFocused();
    await box.fill('checkout fun');
    const task = dialog
      .getByRole('group', { name: 'Tasks' })
      .getByRole('option', { name: /Map the current checkout funnel/ });
    await expect(task).toBeVisible();
    await box.press('ArrowDown');
    await expect(task).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/projects\/[^/]+\/objectives\/[^/]+\/tasks\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'Map the current checkout funnel' })).toBeVisible();
  });

  test("'/' opens it outside a text field; Escape closes it; a short term asks for more; Cmd+K opens it too", async ({
    page,
  }) => {
    await signIn(page, accounts.member);
    await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
    await page.getByRole('heading', { level: 1 }).first().click();
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const box = dialog.getByRole('combobox', { name: 'Search everything' });
    await expect(box).toBeFocused();
    await box.fill('ch');
    await expect(dialog.getByRole('status')).toHaveText('Type at least 3 characters to search.');
    // Inside the box '/' is a character, not a shortcut.
    await box.press('/');
    await expect(box).toHaveValue('ch/');
    await box.fill('no such thing anywhere');
    await expect(dialog.getByRole('status')).toHaveText('Nothing found. Try other words.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Cmd+K, a Mac's Ctrl+K.
    await page.keyboard.press('Meta+K');
    await expect(box).toBeFocused();
  });

  test("a member does not find another organization's ticket, which its own people find", async ({
    page,
    organization,
  }) => {
    const title = uniqueName('Quasar billing question');
    await signIn(page, organization.orgAdmin);
    await callAs(page, ticketEndpoints.create, {
      body: { title, description: 'About the last invoice.', category: 'billing' },
    });
    // The phone's top bar button reaches it as well as the shortcut.
    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox', { name: 'Search everything' }).fill(title);
    await expect(
      dialog.getByRole('group', { name: 'Tickets' }).getByRole('option', { name: new RegExp(title) }),
    ).toBeVisible();

    const other = await (await page.context().browser()?.newContext())?.newPage();
    if (!other) throw new Error('no second page');
    await signIn(other, accounts.member);
    await expect(other.getByRole('button', { name: 'Search' })).toBeVisible();
    await other.keyboard.press('Control+K');
    const otherDialog = other.getByRole('dialog', { name: 'Search' });
    await otherDialog.getByRole('combobox', { name: 'Search everything' }).fill(title);
    await expect(otherDialog.getByRole('status')).toHaveText('Nothing found. Try other words.');
    await expect(otherDialog.getByRole('option')).toHaveCount(0);
  });
});
