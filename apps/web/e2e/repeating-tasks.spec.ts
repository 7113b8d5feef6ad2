import { objectiveEndpoints, projectEndpoints } from '@smart/contracts';
import { expect, test } from './support/fixtures';
import { signIn } from './support/session';
import { callAs, cardWithLink, pickOption, uniqueName } from './support/structure';

test.describe('repeating tasks', () => {
  test('an org_admin makes a monthly task, completes it and finds the next one, then stops the series', async ({
    page,
    organization,
  }) => {
    await signIn(page, organization.orgAdmin);
    const project = await callAs(page, projectEndpoints.create, { body: { title: uniqueName('Finance') } });
    const objective = await callAs(page, objectiveEndpoints.create, {
      params: { id: project.id },
      body: { title: 'Month end' },
    });
    await page.goto(`/dashboard/projects/${project.id}/objectives/${objective.id}`);
    await expect(page.getByText('No tasks yet')).toBeVisible();

    // Create Task: monthly on the 31st; the form previews the next dates, the 30th of a short month.
    const title = uniqueName('Payroll');
    await page.getByRole('button', { name: 'Add Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Task' });
    await dialog.getByRole('textbox', { name: 'Task title' }).fill(title);
    await dialog.getByLabel('Due date').fill('2030-10-31');
    await pickOption(dialog, 'Repeat', 'Monthly');
    await expect(dialog.getByRole('combobox', { name: 'On' })).toHaveValue('Day 31');
    await expect(dialog.getByText('Next: 11/30/2030, 12/31/2030, 01/31/2031')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(dialog).toBeHidden();

    const first = cardWithLink(page, title);
    await expect(first.getByRole('img', { name: 'Repeats: Every month on day 31' })).toBeVisible();
    await first.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText('Every month on day 31', { exact: true })).toBeVisible();
    await expect(page.getByText('Next dates: 11/30/2030, 12/31/2030, 01/31/2031')).toBeVisible();

    // Completing it makes November's task, which the objective's list shows at once.
    await page.getByRole('combobox', { name: 'Change status' }).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await expect(page.getByText('Task updated successfully!')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Month end' }).click();
    const cards = page.getByRole('article').filter({ hasText: title });
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'Due: 11/30/2030' })).toHaveCount(1);

    // Stop repeating on November's task: no marker, no next dates; the history says so.
    await cards.filter({ hasText: 'Due: 11/30/2030' }).getByRole('link', { name: title }).click();
    await page.getByRole('button', { name: 'Stop repeating' }).click();
    await expect(page.getByText('The task no longer repeats')).toBeVisible();
    await expect(page.getByText('Next dates:')).toBeHidden();
    await expect(page.getByText('stopped the task repeating')).toBeVisible();
  });
});
