import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { sidebar, signIn } from './support/session';
import { uniqueName } from './support/structure';

/**
 * Time tracking (issue 26): an advisor times its work on a task, and the time shows on the task
 * and on its timesheet.
 */

const main = (page: Page) => page.getByRole('main');
const timePanel = (page: Page) => main(page).getByRole('region', { name: /^Time/ });

test.describe.configure({ timeout: 90_000 });

test('an advisor starts a timer on its task, stops it after a reload, and sees the time on the task and its timesheet', async ({
  page,
  organization,
  adminApi,
}) => {
  const advisor = await organization.addAdvisor('Tilda', 'Keeper');
  const taskTitle = uniqueName('Reconcile the ledger');
  const project = await adminApi.create<{ id: string }>('/api/projects', {
    title: uniqueName('Books'),
    organizationId: organization.id,
  });
  const objective = await adminApi.create<{ id: string }>(`/api/objectives/projects/${project.id}`, { title: 'Close' });
  await adminApi.create(`/api/tasks/objectives/${objective.id}`, { title: taskTitle, assignedTo: advisor.id });

  await signIn(page, advisor);
  await sidebar(page).getByRole('link', { name: 'My Tasks', exact: true }).click();
  await main(page).getByRole('link', { name: taskTitle, exact: true }).click();
  await expect(timePanel(page)).toContainText('No time recorded yet');

  await timePanel(page).getByRole('button', { name: 'Start timer' }).click();
  await expect(timePanel(page)).toContainText('Timer running');
  // The timer is the server's: a reload (or another device) finds it running.
  await page.reload();
  await expect(timePanel(page)).toContainText('Timer running');
  await timePanel(page).getByRole('button', { name: 'Stop timer' }).click();

  await expect(timePanel(page).getByRole('heading', { name: 'Time (1 min)' })).toBeVisible();
  const entries = timePanel(page).getByRole('table', { name: 'Time entries' });
  await expect(entries.getByRole('row').filter({ hasText: 'Tilda Keeper' })).toContainText('1 min');
  await expect(timePanel(page).getByRole('button', { name: 'Start timer' })).toBeVisible();

  await sidebar(page).getByRole('link', { name: 'Timesheet', exact: true }).click();
  const block = main(page).getByRole('region', { name: organization.name });
  await expect(block).toContainText('1 min in all, 1 min billable');
  await expect(block.getByRole('table').filter({ hasText: 'By month' })).toContainText('1 min');
});
