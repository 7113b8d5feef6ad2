import type { Locator, Page } from '@playwright/test';
import { objectiveEndpoints, projectEndpoints, taskEndpoints, ticketEndpoints } from '@smart/contracts';
import { expect, type TestOrganization, test } from './support/fixtures';
import { accounts, signIn } from './support/session';
import { callAs, uniqueName } from './support/structure';

/** A day counted from today on this machine (the browser's own today), as YYYY-MM-DD. */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The signed-in page's bearer token (setup through the API). */
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('authToken') ?? '');

/** A project with one objective of the signed-in user; the objective's page path and ids. */
async function objectiveOf(page: Page) {
  const project = await callAs(page, projectEndpoints.create, { body: { title: uniqueName('Launch') } });
  const objective = await callAs(page, objectiveEndpoints.create, {
    params: { id: project.id },
    body: { title: uniqueName('Beta') },
  });
  return { id: objective.id, path: `/dashboard/projects/${project.id}/objectives/${objective.id}` };
}

/** Signs the organization's owner in, with a project and one objective of its own to work in. */
async function ownerWithObjective(page: Page, organization: TestOrganization) {
  const owner = organization.orgAdmin;
  await signIn(page, owner);
  return { owner, objective: await objectiveOf(page) };
}

/** A column of the board, by its status heading. */
const column = (page: Page, status: 'Not Started' | 'In Progress' | 'Completed') =>
  page.getByRole('region', { name: status, exact: true });

/** A card of the board, by its task's title. */
const card = (scope: Locator, title: string) =>
  scope.getByRole('listitem').filter({ has: scope.page().getByRole('link', { name: title, exact: true }) });

type Status = Parameters<typeof column>[1];

/**
 * Moves a card one column right with the keyboard (Space, ArrowRight, Space), hearing each step
 * from the board's live region as a screen reader would; answers the card's move handle.
 */
async function moveRightWithKeyboard(page: Page, title: string, from: Status, to: Status) {
  const handle = page.getByRole('button', { name: `Move ${title}` });
  await handle.focus();
  const announced = page.getByRole('status').filter({ hasText: title });
  await page.keyboard.press('Space');
  // The card is over its own column once the board has measured the columns: an arrow before that
  // has nowhere to go.
  await expect(announced).toHaveText(`${title} is over ${from}.`);
  // dnd-kit's keyboard sensor starts hearing keys a timer's turn after the pick-up, which can come
  // after the announcement: an arrow pressed in between is lost, and a person presses it again.
  await expect(async () => {
    await page.keyboard.press('ArrowRight');
    await expect(announced).toHaveText(`${title} is over ${to}.`, { timeout: 1_000 });
  }).toPass();
  await page.keyboard.press('Space');
  await expect(card(column(page, to), title)).toBeVisible();
  await expect(announced).toHaveText(`${title} was dropped in ${to}.`);
  return handle;
}

test.describe('the workbench: My work and the task board', () => {
  test('the dashboard shows my overdue task and a ticket waiting for me, each opening its record', async ({
    page,
    organization,
  }) => {
    test.setTimeout(90_000);
    const { owner, objective } = await ownerWithObjective(page, organization);
    const taskTitle = uniqueName('Send the invoices');
    const task = await callAs(page, taskEndpoints.create, {
      params: { id: objective.id },
      body: {
        title: taskTitle,
        assignedTo: owner.id,
        dueDate: day(-2),
      },
    });
    const ticketTitle = uniqueName('Printer on fire');
    const ticket = await callAs(page, ticketEndpoints.create, {
      body: { title: ticketTitle, description: 'Smoke on floor 2.' },
    });
    const assigned = await page.request.patch(`/api/tickets/${ticket.id}/assign`, {
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
      data: { assignedTo: owner.id },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);

    await page.goto('/dashboard');
    const tasks = page.getByRole('region', { name: 'Due soon and overdue' });
    const taskRow = tasks.getByRole('listitem').filter({ hasText: taskTitle });
    await expect(taskRow).toContainText('Overdue');
    const tickets = page.getByRole('region', { name: 'Tickets waiting for me' });
    await expect(tickets.getByRole('listitem').filter({ hasText: ticketTitle })).toContainText('Assigned to me');
    await expect(page.getByRole('region', { name: 'Unread conversations' })).toContainText('All read');

    await taskRow.getByRole('link', { name: taskTitle }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
    await expect(page.getByRole('heading', { name: taskTitle, level: 1 })).toBeVisible();
    await page.goBack();
    await tickets.getByRole('link', { name: ticketTitle }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/tickets/${ticket.id}$`));
    await expect(page.getByRole('heading', { name: ticketTitle, level: 1 })).toBeVisible();
  });

  test('an advisor, who lands on My Tasks, finds there the tickets waiting for it and its unread conversations', async ({
    page,
  }) => {
    await signIn(page, accounts.advisor);
    await expect(page).toHaveURL(/\/dashboard\/my-tasks$/);
    const work = page.getByRole('region', { name: 'My work' });
    await expect(work.getByRole('region', { name: 'Unread conversations' })).toBeVisible();
    // Its tasks are the page's own list: not shown twice.
    await expect(page.getByRole('region', { name: 'Due soon and overdue' })).toHaveCount(0);
    // The demo advisor handles Acme Corp's tickets.
    const ticket = work.getByRole('region', { name: 'Tickets waiting for me' }).getByRole('listitem').first();
    await expect(ticket).toContainText('Acme Corp');
    const title = (await ticket.getByRole('link').textContent()) ?? '';
    await ticket.getByRole('link').click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  });

  test('a card dragged from Not Started to In Progress changes the status, for another browser live and after a reload', async ({
    page,
    browser,
    organization,
  }) => {
    test.setTimeout(120_000);
    const { objective } = await ownerWithObjective(page, organization);
    const title = uniqueName('Draft the copy');
    await callAs(page, taskEndpoints.create, { params: { id: objective.id }, body: { title } });
    await page.goto(`${objective.path}?view=board`);
    await expect(card(column(page, 'Not Started'), title)).toBeVisible({ timeout: 30_000 });

    // A colleague watches the same board in another browser.
    const colleague = await organization.addPerson('Noor', 'Haddad');
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signIn(other, colleague);
    await other.goto(`${objective.path}?view=board`);
    await expect(card(column(other, 'Not Started'), title)).toBeVisible({ timeout: 30_000 });

    // Drag by the card's move handle onto the In Progress column.
    const handle = page.getByRole('button', { name: `Move ${title}` });
    const target = column(page, 'In Progress');
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('the board is not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 });
    await page.mouse.up();

    await expect(card(column(page, 'In Progress'), title)).toBeVisible();
    await expect(card(column(other, 'In Progress'), title)).toBeVisible();
    await expect(card(column(other, 'Not Started'), title)).toHaveCount(0);
    await otherContext.close();

    await page.reload();
    await expect(card(column(page, 'In Progress'), title)).toBeVisible();
    await expect(card(column(page, 'Not Started'), title)).toHaveCount(0);
  });

  test('a card dragged by its body (not its handle) to In Progress changes the status, after a reload too; its title still opens the task', async ({
    page,
    organization,
  }) => {
    test.setTimeout(90_000);
    const { objective } = await ownerWithObjective(page, organization);
    const title = uniqueName('Book the venue');
    const task = await callAs(page, taskEndpoints.create, { params: { id: objective.id }, body: { title } });
    await page.goto(`${objective.path}?view=board`);
    const body = card(column(page, 'Not Started'), title).getByText('Unassigned');
    await expect(body).toBeVisible({ timeout: 30_000 });

    const from = await body.boundingBox();
    const to = await column(page, 'In Progress').boundingBox();
    if (!from || !to) throw new Error('the board is not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 });
    await page.mouse.up();
    await expect(card(column(page, 'In Progress'), title)).toBeVisible();

    await page.reload();
    await expect(card(column(page, 'In Progress'), title)).toBeVisible();
    await expect(card(column(page, 'Not Started'), title)).toHaveCount(0);
    await page.getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  });

  test('on My Tasks, a card moved with the keyboard (Space, ArrowRight, Space) changes the status', async ({
    page,
    organization,
  }) => {
    test.setTimeout(90_000);
    const { owner, objective } = await ownerWithObjective(page, organization);
    const title = uniqueName('Call the printer shop');
    await callAs(page, taskEndpoints.create, { params: { id: objective.id }, body: { title, assignedTo: owner.id } });

    await page.goto('/dashboard/my-tasks');
    // The List | Board switch (Mantine's segmented control: radios behind their labels).
    await page.getByText('Board', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]view=board/);
    await expect(card(column(page, 'Not Started'), title)).toBeVisible();

    const handle = await moveRightWithKeyboard(page, title, 'Not Started', 'In Progress');
    await expect(handle).toBeFocused();

    await page.reload();
    await expect(card(column(page, 'In Progress'), title)).toBeVisible();
    await page.goto('/dashboard/my-tasks?view=list');
    await expect(page.getByRole('article').filter({ hasText: title })).toContainText('In Progress');
  });

  test("my My Tasks board follows someone else's move, rename and hand-over of my task without a reload", async ({
    page,
    browser,
    organization,
  }) => {
    test.setTimeout(120_000);
    const { owner, objective } = await ownerWithObjective(page, organization);
    const colleague = await organization.addPerson('Noor', 'Haddad');
    const title = uniqueName('Order the banners');
    const task = await callAs(page, taskEndpoints.create, {
      params: { id: objective.id },
      body: { title, assignedTo: colleague.id },
    });

    // The colleague keeps My Tasks open as a board in another browser; a mark on the window tells a reload.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signIn(other, colleague);
    await other.goto('/dashboard/my-tasks?view=board');
    await expect(card(column(other, 'Not Started'), title)).toBeVisible();
    await other.evaluate(() => Object.assign(window, { openedOnce: true }));

    // The owner moves it on the objective's board with the keyboard...
    await page.goto(`${objective.path}?view=board`);
    await moveRightWithKeyboard(page, title, 'Not Started', 'In Progress');
    await expect(card(column(other, 'In Progress'), title)).toBeVisible();

    // ...renames it, then takes it over: gone from the colleague's board.
    const renamed = uniqueName('Order the flags');
    await callAs(page, taskEndpoints.update, { params: { id: task.id }, body: { title: renamed } });
    await expect(card(column(other, 'In Progress'), renamed)).toBeVisible();
    await callAs(page, taskEndpoints.update, { params: { id: task.id }, body: { assignedTo: owner.id } });
    await expect(other.getByRole('link', { name: renamed, exact: true })).toHaveCount(0);
    await expect(other.getByText('No tasks found')).toBeVisible();
    expect(await other.evaluate(() => (window as { openedOnce?: boolean }).openedOnce)).toBe(true);
    await otherContext.close();
  });
});

test("a task's short link, the one its urgent SMS carries, opens the task's page", async ({ page, organization }) => {
  const { objective } = await ownerWithObjective(page, organization);
  const title = uniqueName('Call the bank');
  const task = await callAs(page, taskEndpoints.create, {
    params: { id: objective.id },
    body: { title, priority: 'high' },
  });
  await page.goto(`/dashboard/tasks/${task.id}`);
  await expect(page).toHaveURL(new RegExp(`${objective.path}/tasks/${task.id}$`));
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page.goto(`/dashboard/tasks/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`);
  await expect(page.getByText('Task not found')).toBeVisible();
});
