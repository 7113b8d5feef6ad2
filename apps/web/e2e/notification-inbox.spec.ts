import path from 'node:path';
import type { Page } from '@playwright/test';
// The API tests' reader of the development mailbox: the .eml files the server writes without SMTP_URL.
import { waitForMail } from '../../server/test/helpers/mailbox';
import { expect, test } from './support/fixtures';
import { signIn } from './support/session';
import { createViaApi, pickOption, uniqueName } from './support/structure';

const dataDir = process.env.E2E_DATA_DIR;
const mailbox = dataDir ? path.join(dataDir, 'mail') : '';

/** The top bar's bell; its name carries the unread count ('Notifications, 1 unread'). */
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

test.describe('the notification inbox', () => {
  test.skip(!dataDir, 'reads the mailbox of the server this run started (not with E2E_BASE_URL)');

  test('a task assigned to a colleague rings the bell in the open app, opens from the panel and is mailed', async ({
    page,
    browser,
    organization,
  }) => {
    test.setTimeout(90_000);
    const assigner = await organization.addPerson('Maya', 'Lopez');
    const colleague = await organization.addPerson('Noah', 'Kim');
    const task = uniqueName('Write the launch copy');

    // The colleague's app is open on the dashboard, in a browser of its own, before anything happens.
    const colleagueContext = await browser.newContext();
    const colleaguePage = await colleagueContext.newPage();
    await signIn(colleaguePage, colleague);
    await expect(bell(colleaguePage)).toHaveAccessibleName('Notifications');

    // The assigner's project, objective and task (setup); the assignment goes through the task page.
    await signIn(page, assigner);
    const project = await createViaApi(page, '/api/projects', { title: uniqueName('Relaunch') });
    const objective = await createViaApi(page, `/api/objectives/projects/${project.id}`, { title: 'Launch plan' });
    const created = await createViaApi(page, `/api/tasks/objectives/${objective.id}`, { title: task });
    const taskPath = `/dashboard/projects/${project.id}/objectives/${objective.id}/tasks/${created.id}`;
    await page.goto(taskPath);
    await expect(page.getByRole('heading', { name: task, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('region', { name: 'Edit task' });
    await pickOption(edit, 'Assign to', colleague.name, 'Noah');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Assigned to: ${colleague.name}`)).toBeVisible();

    // The colleague's bell rises without a reload; the panel shows who did what.
    await expect(bell(colleaguePage)).toHaveAccessibleName('Notifications, 1 unread');
    await bell(colleaguePage).click();
    const panel = colleaguePage.getByRole('dialog', { name: 'Notifications' });
    const item = panel.getByRole('link', { name: `Maya Lopez assigned you the task "${task}"` });
    await expect(item).toBeVisible();
    await expect(panel.getByRole('img', { name: 'Unread' })).toBeVisible();

    // Opening it lands on the task and reads it: the count falls.
    await item.click();
    await expect(colleaguePage).toHaveURL(taskPath);
    await expect(colleaguePage.getByRole('heading', { name: task, level: 1 })).toBeVisible();
    await expect(bell(colleaguePage)).toHaveAccessibleName('Notifications');

    // The e-mail went at once, with the link to the task.
    const mail = await waitForMail(mailbox, colleague.email);
    expect(mail.text).toContain(taskPath);
    expect(mail.text).toContain(task);
    await colleagueContext.close();
  });
});
