import { readFile } from 'node:fs/promises';
import { UI_TEXT, userEndpoints } from '@smart/contracts';
import { expect, test } from './support/fixtures';
import { accounts, signIn } from './support/session';

/**
 * "Download my data" on My Profile (GET /api/users/profile/data): the person's own data as one
 * JSON file, saved under the server's name; a refusal (the exports' budget) said in a toast.
 */
test.describe('download my data', () => {
  test('a member saves its data as a JSON file holding its profile', async ({ page }) => {
    await signIn(page, accounts.member);
    await page.goto('/dashboard/profile');
    const section = page.getByRole('region', { name: 'Your data' });
    await expect(section).toContainText('the messages you sent');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^smart-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
    expect(file.person.email).toBe(accounts.member);
    expect(Object.keys(file)).toEqual([
      'exportedAt',
      'person',
      'messages',
      'taskComments',
      'ticketComments',
      'timeEntries',
      'notifications',
    ]);
    await expect(section.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  test('a refused download says why in a toast, and the button can be pressed again', async ({ page, person }) => {
    await signIn(page, person);
    await page.goto('/dashboard/profile');
    // The server's answer past the exports' budget of the minute, without spending it.
    await page.route(`**${userEndpoints.myData.path}`, (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '30' },
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: UI_TEXT.tooManyRequests, code: 'RATE_LIMITED' }),
      }),
    );
    const button = page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Download my data' });
    await button.click();
    await expect(page.getByRole('alert').filter({ hasText: UI_TEXT.tooManyRequests })).toBeVisible();
    await expect(button).toBeEnabled();
  });
});
