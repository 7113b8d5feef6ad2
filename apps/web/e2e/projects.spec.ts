import type { Locator, Page } from '@playwright/test';
import { objectiveEndpoints, projectEndpoints, taskEndpoints, teamEndpoints } from '@smart/contracts';
import { expect, test } from './support/fixtures';
import { accounts, sidebar, signIn } from './support/session';
import { callAs, cardWithLink, pickOption, uniqueName } from './support/structure';

/** The percent a progress bar (Mantine's section, role progressbar) shows, by its label. */
function bar(scope: Page | Locator, label: string) {
  return scope.getByRole('progressbar', { name: label, exact: true });
}

test.describe('projects, objectives and tasks', () => {
  test('a member plans a project down to a task, moves its progress, comments, attaches a file and finds it in My Tasks', async ({
    page,
    browser,
    organization,
    adminApi,
  }) => {
    test.setTimeout(120_000);
    const member = await organization.addPerson('Maya', 'Lopez');
    const teamName = uniqueName('Design');
    await adminApi.call(teamEndpoints.create, { body: { name: teamName, organizationId: organization.id } });
    const project = uniqueName('Website relaunch');
    const objective = uniqueName('Launch plan');
    const task = uniqueName('Write copy');

    await signIn(page, member);
    await sidebar(page).getByRole('link', { name: 'Projects', exact: true }).click();
    await expect(page.getByText('No projects yet')).toBeVisible();

    // Create Project: tags added on Enter, trimmed, a duplicate ignored, one removed; a team.
    await page.getByRole('button', { name: 'Create Project' }).click();
    const create = page.getByRole('dialog', { name: 'Create Project' });
    await create.getByRole('textbox', { name: 'Project title' }).fill(project);
    await create.getByLabel('Due date').fill('2030-06-15');
    const tags = create.getByRole('combobox', { name: 'Tags' });
    for (const tag of ['  web ', 'launch', 'web', 'typo']) {
      await tags.fill(tag);
      await tags.press('Enter');
    }
    await create.getByRole('button', { name: 'Remove tag typo' }).click();
    await pickOption(create, 'Team', teamName);
    await create.getByRole('button', { name: 'Create Project' }).click();
    await expect(create).toBeHidden();

    const card = cardWithLink(page, project);
    await expect(card.getByText(`Team: ${teamName}`)).toBeVisible();
    await expect(card.getByText('Due: 06/15/2030')).toBeVisible();
    await card.getByRole('link', { name: project }).click();
    await expect(page.getByRole('heading', { name: project, level: 1 })).toBeVisible();
    await expect(page.getByLabel('Tags').getByText(/^#/)).toHaveText(['#web', '#launch']);
    await expect(page.getByText('No objectives yet')).toBeVisible();

    // Add Objective.
    await page.getByRole('button', { name: 'Add Objective' }).click();
    const addObjective = page.getByRole('dialog', { name: 'Add Objective' });
    await addObjective.getByRole('textbox', { name: 'Objective title' }).fill(objective);
    await addObjective.getByRole('button', { name: 'Add Objective' }).click();
    await expect(addObjective).toBeHidden();
    await cardWithLink(page, objective).getByRole('link', { name: objective }).click();
    await expect(page.getByRole('heading', { name: objective, level: 1 })).toBeVisible();
    await expect(page.getByText('No tasks yet')).toBeVisible();

    // Create Task assigned to me: 'Assign to Me' hides the person picker.
    await page.getByRole('button', { name: 'Add Task' }).click();
    const addTask = page.getByRole('dialog', { name: 'Create Task' });
    await addTask.getByRole('textbox', { name: 'Task title' }).fill(task);
    await expect(addTask.getByRole('combobox', { name: 'Assign to' })).toBeVisible();
    await addTask.getByRole('checkbox', { name: 'Assign to Me' }).check();
    await expect(addTask.getByRole('combobox', { name: 'Assign to' })).toBeHidden();
    await addTask.getByRole('button', { name: 'Create Task' }).click();
    await expect(addTask).toBeHidden();
    const taskCard = cardWithLink(page, task);
    await expect(taskCard.getByText('Assigned to: Maya Lopez')).toBeVisible();
    await taskCard.getByRole('link', { name: task }).click();
    await expect(page.getByRole('heading', { name: task, level: 1 })).toBeVisible();
    const taskUrl = page.url();

    // Progress: -5% disabled at 0; two steps up.
    await expect(page.getByRole('button', { name: '-5%' })).toBeDisabled();
    await page.getByRole('button', { name: '+5%' }).click();
    await expect(page.getByText('Progress updated to 5%!')).toBeVisible();
    await expect(bar(page, `${task} progress`)).toHaveAttribute('aria-valuenow', '5');
    await page.getByRole('button', { name: '+5%' }).click();
    await expect(page.getByText('Progress updated to 10%!')).toBeVisible();
    await expect(bar(page, `${task} progress`)).toHaveAttribute('aria-valuenow', '10');

    // A second browser on the same task sees the comment arrive without reloading.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signIn(other, organization.orgAdmin);
    await other.goto(taskUrl);
    await expect(other.getByRole('heading', { name: task, level: 1 })).toBeVisible();
    await expect(other.getByText('No comments yet')).toBeVisible();

    // Comment with Ctrl+Enter.
    const comment = `Draft is ready for review ${Date.now()}`;
    const box = page.getByRole('textbox', { name: 'Add a comment' });
    await box.fill(comment);
    await box.press('Control+Enter');
    await expect(page.getByText('Comment added successfully!')).toBeVisible();
    await expect(page.getByText(comment)).toBeVisible();
    await expect(box).toHaveValue('');
    await expect(other.getByText(comment)).toBeVisible();
    await expect(bar(other, `${task} progress`)).toHaveAttribute('aria-valuenow', '10');
    await otherContext.close();

    // Upload (with its progress bar while it runs) and download an attachment.
    const attachments = page.getByRole('region', { name: /Attachments/ });
    const chooser = page.waitForEvent('filechooser');
    await attachments.getByRole('button', { name: 'Upload File' }).click();
    await (await chooser).setFiles({
      name: 'brief.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await expect(page.getByText('File uploaded successfully!')).toBeVisible();
    await expect(attachments.getByText('brief.pdf')).toBeVisible();
    const download = page.waitForEvent('download');
    await attachments.getByRole('button', { name: 'Download brief.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('brief.pdf');

    // The history names who did what.
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText('changed the progress from 5% to 10%')).toBeVisible();

    // The objective's and the project's bars moved with the task.
    await page.getByRole('link', { name: `Back to ${objective}` }).click();
    await expect(bar(page, `${objective} progress`)).toHaveAttribute('aria-valuenow', '10');
    await expect(page.getByText('0/1 task completed')).toBeVisible();
    await page.getByRole('link', { name: `Back to ${project}` }).click();
    await expect(bar(page, `${project} progress`)).toHaveAttribute('aria-valuenow', '10');
    await expect(bar(page, `${objective} progress`)).toHaveAttribute('aria-valuenow', '10');

    // My Tasks lists it on the Assigned to Me tab, and its card opens the task.
    await sidebar(page).getByRole('link', { name: 'My Tasks', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Assigned to Me (1)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Created by Me (1)' })).toBeVisible();
    const mine = cardWithLink(page, task);
    await expect(mine.getByText(`${project} · ${objective}`)).toBeVisible();
    await expect(mine.getByText('10% complete')).toBeVisible();
    await mine.getByRole('link', { name: task }).click();
    await expect(page).toHaveURL(taskUrl);
  });

  test('a task is deleted only after its confirmation, and the page goes back to the objective', async ({
    page,
    organization,
  }) => {
    await signIn(page, organization.orgAdmin);
    const project = await callAs(page, projectEndpoints.create, { body: { title: uniqueName('Audit') } });
    const objective = await callAs(page, objectiveEndpoints.create, {
      params: { id: project.id },
      body: { title: 'Evidence' },
    });
    const task = await callAs(page, taskEndpoints.create, {
      params: { id: objective.id },
      body: { title: 'Collect receipts' },
    });

    await page.goto(`/dashboard/projects/${project.id}/objectives/${objective.id}/tasks/${task.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Collect receipts', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete Task' }).click();
    await expect(page).toHaveURL(new RegExp(`/objectives/${objective.id}$`));
    await expect(page.getByText('No tasks yet')).toBeVisible();
  });

  test('an advisor lands on My Tasks from /dashboard', async ({ page }) => {
    await signIn(page, accounts.advisor);
    await expect(page).toHaveURL(/\/dashboard\/my-tasks$/);
    await expect(page.getByRole('heading', { name: 'My Tasks', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Assigned to Me \(\d+\)$/ })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Projects', exact: true })).toHaveCount(0);

    // Its task opens from its card (the demo advisor has one assigned); the way back leads to My Tasks.
    const card = page.getByRole('main').getByRole('article').first();
    const title = (await card.getByRole('link').textContent()) ?? '';
    await card.getByRole('link').click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to My Tasks' })).toBeVisible();
  });
});
