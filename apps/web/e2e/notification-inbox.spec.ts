import path from 'node:path';
import type { Page } from '@playwright/test';
import { notificationEndpoints, objectiveEndpoints, projectEndpoints, taskEndpoints } from '@smart/contracts';
// The API tests' reader of the development mailbox: the .eml files the server writes without SMTP_URL.
import { readMailbox } from '../../server/test/helpers/mailbox';
import { callEndpoint } from './support/api';
import { expect, type Person, type TestOrganization, test } from './support/fixtures';
import { signIn } from './support/session';
import { callAs, pickOption, uniqueName } from './support/structure';

const dataDir = process.env.E2E_DATA_DIR;
const mailbox = dataDir ? path.join(dataDir, 'mail') : '';

/** The top bar's bell; its name carries the unread count ('Notifications, 1 unread'). */
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

/** A person's session token, signed in through the API (setup). */
async function tokenOf(page: Page, person: Person): Promise<string> {
  // Signed in as an outside client would (a literal URL): the typed caller needs the token first.
  const response = await page.request.post('/api/users/login', {
    data: { email: person.email, password: person.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/**
 * A project of the organization's org_admin with an objective and a task of the signed-in user
 * (setup, through the API); answers the task's path. A new objective is told to the project's
 * people as the fan-out finds them, and an assignee found then would hear of it too: the setup
 * waits until the project's creator has heard of it, so what follows is the only news.
 */
async function newTask(page: Page, organization: TestOrganization, title: string) {
  const owner = await tokenOf(page, organization.orgAdmin);
  const project = await callEndpoint(page.request, owner, projectEndpoints.create, {
    body: { title: uniqueName('Relaunch') },
  });
  const objective = await callAs(page, objectiveEndpoints.create, {
    params: { id: project.id },
    body: { title: 'Launch plan' },
  });
  const task = await callAs(page, taskEndpoints.create, { params: { id: objective.id }, body: { title } });
  const ownerUnread = async () =>
    (await callEndpoint(page.request, owner, notificationEndpoints.unreadCount, {})).unread;
  await expect.poll(ownerUnread).toBe(1);
  return { id: task.id, path: `/dashboard/projects/${project.id}/objectives/${objective.id}/tasks/${task.id}` };
}

/**
 * Records the browser notifications the page shows (each still made by the browser's own
 * Notification) and how often it asked for the permission, so a test can read and click them:
 * headless Chromium draws none on a screen.
 */
function recordBrowserNotifications() {
  const Real = window.Notification;
  const shown: Notification[] = [];
  class Recorded extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      shown.push(this);
    }
  }
  const asked = { times: 0 };
  Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
  Object.defineProperty(Recorded, 'requestPermission', {
    value: () => {
      asked.times += 1;
      return Real.requestPermission();
    },
  });
  Object.assign(window, { Notification: Recorded, shownNotifications: shown, permissionAsked: asked });
}

/** Maya Lopez, who assigns the task, and Noah Kim, whose app is open, both of one organization. */
async function assignerAndColleague(organization: TestOrganization) {
  return {
    assigner: await organization.addPerson('Maya', 'Lopez'),
    colleague: await organization.addPerson('Noah', 'Kim'),
  };
}

test.describe('the notification inbox', () => {
  test.skip(!dataDir, 'reads the mailbox of the server this run started (not with E2E_BASE_URL)');
  // Two people signed in, in two browsers, on a loaded machine.
  test.describe.configure({ timeout: 90_000 });

  test('a task assigned to a colleague rings the bell in the open app, opens from the panel and is mailed', async ({
    page,
    browser,
    organization,
  }) => {
    const { assigner, colleague } = await assignerAndColleague(organization);
    const task = uniqueName('Write the launch copy');

    // The colleague's app is open on the dashboard, in a browser of its own, before anything happens.
    const colleagueContext = await browser.newContext();
    const colleaguePage = await colleagueContext.newPage();
    await signIn(colleaguePage, colleague);
    await expect(bell(colleaguePage)).toHaveAccessibleName('Notifications');

    // The assigner's project, objective and task (setup); the assignment goes through the task page.
    await signIn(page, assigner);
    const { path: taskPath } = await newTask(page, organization, task);
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

    // The e-mail went at once, with the link to the task (other mails, such as security notices, may be there too).
    const taskMails = async () =>
      (await readMailbox(mailbox)).filter((mail) => mail.to === colleague.email && mail.text.includes(taskPath));
    await expect.poll(async () => (await taskMails()).length, { timeout: 15_000 }).toBe(1);
    expect((await taskMails())[0]?.text).toContain(task);
    await colleagueContext.close();
  });

  test('browser notifications are asked for on a click only, and show a new item while the tab is in the background', async ({
    page,
    browser,
    organization,
  }) => {
    const { assigner, colleague } = await assignerAndColleague(organization);
    const task = uniqueName('Check the invoices');

    const context = await browser.newContext();
    await context.grantPermissions(['notifications']);
    await context.addInitScript(recordBrowserNotifications);
    const colleaguePage = await context.newPage();
    await signIn(colleaguePage, colleague);
    await colleaguePage.goto('/dashboard/notifications/inbox');
    await expect(colleaguePage.getByText("You're all caught up")).toBeVisible();
    const optIn = colleaguePage.getByRole('switch', { name: 'Browser notifications' });
    const timesAsked = () =>
      colleaguePage.evaluate(() => (window as unknown as { permissionAsked: { times: number } }).permissionAsked.times);
    await expect(optIn).not.toBeChecked();
    expect(await timesAsked()).toBe(0);
    await optIn.click();
    await expect(optIn).toBeChecked();
    expect(await timesAsked()).toBe(1);
    // Remembered: a reload keeps it.
    await colleaguePage.reload();
    await expect(optIn).toBeChecked();

    // Headless Chromium never hides a tab: the page is told it is in the background.
    await colleaguePage.evaluate(() => Object.defineProperty(document, 'hidden', { value: true, configurable: true }));
    await signIn(page, assigner);
    const created = await newTask(page, organization, task);
    await callAs(page, taskEndpoints.update, { params: { id: created.id }, body: { assignedTo: colleague.id } });

    const shown = () =>
      colleaguePage.evaluate(() =>
        (window as unknown as { shownNotifications: Notification[] }).shownNotifications.map((n) => n.title),
      );
    await expect.poll(shown).toEqual([`Maya Lopez assigned you the task "${task}"`]);
    // The list behind it followed too.
    await expect(colleaguePage.getByRole('link', { name: `Maya Lopez assigned you the task "${task}"` })).toBeVisible();

    // Its click opens the task and reads it.
    await colleaguePage.evaluate(() => {
      const [first] = (window as unknown as { shownNotifications: Notification[] }).shownNotifications;
      first?.onclick?.(new Event('click'));
    });
    await expect(colleaguePage).toHaveURL(created.path);
    await expect(bell(colleaguePage)).toHaveAccessibleName('Notifications');

    // And it turns off again.
    await colleaguePage.goto('/dashboard/notifications/inbox');
    await colleaguePage.getByRole('switch', { name: 'Browser notifications' }).click();
    await expect(colleaguePage.getByRole('switch', { name: 'Browser notifications' })).not.toBeChecked();
    await context.close();
  });
});
