import { expect, test } from './support/fixtures';
import { signIn } from './support/session';

test.describe('time away', () => {
  test('an advisor records time away with a substitute, sees it planned, and deletes it', async ({
    page,
    organization,
  }) => {
    const advisor = await organization.addAdvisor('Priya', 'Raman');
    const substitute = await organization.addAdvisor('Dana', 'Reyes');
    await signIn(page, advisor);
    await page.goto('/dashboard/schedule?tab=away');
    await expect(page.getByText('No time away planned.')).toBeVisible();

    const form = page.getByRole('form', { name: 'Add time away' });
    await form.getByLabel('First day away').fill('2031-07-01');
    await form.getByLabel('Last day away').fill('2031-07-14');
    await form.getByRole('textbox', { name: 'Note' }).fill('Summer leave');
    await form.getByRole('combobox', { name: `Substitute for ${organization.name}` }).click();
    await page.getByRole('option', { name: substitute.name }).click();
    await form.getByRole('button', { name: 'Add time away' }).click();
    await expect(page.getByText('Time away saved')).toBeVisible();

    const planned = page.getByRole('article', { name: 'Away 07/01/2031 to 07/14/2031' });
    await expect(planned).toContainText('Summer leave');
    await expect(planned).toContainText(`${organization.name}: ${substitute.name}`);
    await planned.getByRole('button', { name: 'Delete this time away' }).click();
    await expect(page.getByText('Time away deleted')).toBeVisible();
    await expect(page.getByText('No time away planned.')).toBeVisible();
  });
});
