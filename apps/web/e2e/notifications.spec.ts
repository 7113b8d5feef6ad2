import { expect, test } from './support/fixtures';
import { accounts, signIn } from './support/session';

test.describe('notification preferences', () => {
  test('shows the three groups without a newsletter toggle', async ({ page }) => {
    await signIn(page, accounts.member);
    await page.goto('/dashboard/notifications');

    const email = page.getByRole('region', { name: 'Email notifications' });
    // Four toggles, and the security notices that are always on.
    await expect(email.getByRole('switch')).toHaveCount(5);
    await expect(email.getByRole('switch', { name: 'Security notices' })).toBeDisabled();
    await expect(page.getByRole('region', { name: 'SMS notifications' }).getByRole('switch')).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'In-app notifications' }).getByRole('switch')).toHaveCount(4);
    await expect(page.getByRole('switch', { name: /newsletter/i })).toHaveCount(0);
  });

  test('a toggle is saved at once and survives a reload', async ({ page, person }) => {
    await signIn(page, person);
    await page.goto('/dashboard/notifications');
    const teamMessages = () =>
      page.getByRole('region', { name: 'Email notifications' }).getByRole('switch', { name: 'Team messages' });
    const before = await teamMessages().isChecked();

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/users/notifications') && response.request().method() === 'PUT',
    );
    await teamMessages().click();
    expect((await saved).ok()).toBe(true);
    await expect(teamMessages()).toBeChecked({ checked: !before });
    await expect(teamMessages()).toBeEnabled();

    await page.reload();
    await expect(teamMessages()).toBeChecked({ checked: !before });
  });

  test("turning off 'All notifications' locks the other in-app toggles until it is back on", async ({
    page,
    person,
  }) => {
    await signIn(page, person);
    await page.goto('/dashboard/notifications');
    const inApp = page.getByRole('region', { name: 'In-app notifications' });
    const all = inApp.getByRole('switch', { name: 'All notifications' });
    const others = ['Project updates', 'Task assignments', 'Team messages'].map((name) =>
      inApp.getByRole('switch', { name }),
    );
    if (!(await all.isChecked())) await all.click();
    await expect(all).toBeChecked();
    for (const toggle of others) await expect(toggle).toBeEnabled();

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/users/notifications') && response.request().method() === 'PUT',
    );
    await all.click();
    expect((await saved).ok()).toBe(true);
    await expect(all).not.toBeChecked();
    for (const toggle of others) await expect(toggle).toBeDisabled();
    await expect(page.getByRole('region', { name: 'Email notifications' }).getByRole('switch').first()).toBeEnabled();

    await page.reload();
    for (const toggle of others) await expect(toggle).toBeDisabled();

    await all.click();
    for (const toggle of others) await expect(toggle).toBeEnabled();
  });
});
