import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { pathOf, queryStringOf, timeEntryEndpoints } from '@smart/contracts';
import { expect, type Person, type TestOrganization, test } from './support/fixtures';
import { fillTogether } from './support/forms';
import { sidebar, signIn } from './support/session';
import { callAs, uniqueName } from './support/structure';

/**
 * Time tracking: an advisor times its work on a task, corrects the entry, and the time
 * shows on the task, on its timesheet and in its PDF statement.
 */

/** A day `n` days before today, as the API takes it and as the app shows it (MM/DD/YYYY). */
function daysAgo(n: number) {
  const day = new Date();
  day.setDate(day.getDate() - n);
  const [year, month, date] = [day.getFullYear(), day.getMonth() + 1, day.getDate()].map((part) =>
    String(part).padStart(2, '0'),
  );
  return { iso: `${year}-${month}-${date}`, shown: `${month}/${date}/${year}` };
}

/** A task assigned to `advisor`, in a new project and objective of the organization. */
async function taskFor(organization: TestOrganization, advisor: Person, title: string) {
  return (await organization.addTask(title, advisor)).task;
}

const main = (page: Page) => page.getByRole('main');
const timePanel = (page: Page) => main(page).getByRole('region', { name: /^Time/ });

/** A new advisor of the organization, signed in, with a new task assigned to it (its page not opened yet). */
async function advisorWithTask(
  page: Page,
  organization: TestOrganization,
  [firstName, lastName]: [string, string],
  title: string,
) {
  const advisor = await organization.addAdvisor(firstName, lastName);
  const task = await taskFor(organization, advisor, title);
  await signIn(page, advisor);
  return task;
}

/** Time on the task, recorded through the API with the page's session. */
async function recordTime(page: Page, taskId: string, entry: { date: string; minutes: number; note?: string }) {
  await callAs(page, timeEntryEndpoints.create, { body: { recordType: 'task', recordId: taskId, ...entry } });
}

/** A task's page, reached as a person does: My Tasks, then its title. */
async function openTask(page: Page, title: string) {
  await sidebar(page).getByRole('link', { name: 'My Tasks', exact: true }).click();
  await main(page).getByRole('link', { name: title, exact: true }).click();
}

test.describe.configure({ timeout: 90_000 });

test('an advisor starts a timer on its task, stops it after a reload, corrects it, and sees the time on the task, its timesheet and its PDF statement', async ({
  page,
  organization,
}) => {
  const taskTitle = uniqueName('Reconcile the ledger');
  await advisorWithTask(page, organization, ['Tilda', 'Keeper'], taskTitle);
  await openTask(page, taskTitle);
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

  // The timer ran a minute; the advisor says it was 45.
  await entries.getByRole('button', { name: /^Edit 1 min on / }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit time' });
  await dialog.getByLabel('Minutes').fill('45');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(timePanel(page).getByRole('heading', { name: 'Time (45 min)' })).toBeVisible();
  await expect(entries.getByRole('row').filter({ hasText: 'Tilda Keeper' })).toContainText('45 min');

  await sidebar(page).getByRole('link', { name: 'Timesheet', exact: true }).click();
  const block = main(page).getByRole('region', { name: organization.name });
  await expect(block).toContainText('45 min in all, 45 min billable');
  const thisMonth = new Date().toLocaleString('en-US', { month: 'long', year: 'numeric' });
  await expect(
    block.getByRole('table').filter({ hasText: 'By month' }).getByRole('row', { name: thisMonth }),
  ).toContainText('45 min');

  // The CSVs say what they hold; one organization's is named after it, not saved over the file of all.
  // An advisor reads only its own time: one CSV of its entries, not a second of the same rows.
  await expect(main(page).getByRole('button', { name: 'Your entries CSV', exact: true })).toBeVisible();
  await expect(main(page).getByRole('button', { name: /entries CSV$/ })).toHaveCount(1);
  const [orgCsv] = await Promise.all([
    page.waitForEvent('download'),
    block.getByRole('button', { name: `Your entries CSV for ${organization.name}` }).click(),
  ]);
  const slug = organization.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  expect(orgCsv.suggestedFilename()).toMatch(new RegExp(`^timesheet-${slug}-\\d{4}-\\d{2}-\\d{2}-to-`));
  await expect(block.getByRole('columnheader', { name: 'Week' })).toBeVisible();

  // The month's statement is saved as a PDF, and its address answers one to the advisor's session.
  await main(page).getByRole('button', { name: 'This month' }).click();
  await expect(page).toHaveURL(/from=.*to=/);
  const statement = block.getByRole('button', { name: `PDF statement for ${organization.name}` });
  const [download] = await Promise.all([page.waitForEvent('download'), statement.click()]);
  expect(download.suggestedFilename()).toMatch(/^statement-.*\.pdf$/);
  const range = new URL(page.url()).searchParams;
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  // A PDF answer, which the typed caller does not read: fetched from its definition's path.
  const query = { from: range.get('from'), to: range.get('to'), organizationId: organization.id };
  const pdf = await page.request.get(pathOf(timeEntryEndpoints.timesheetPdf) + queryStringOf(query), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // A range the server would refuse, typed in the address, says why and fetches nothing.
  const reversed = new URL(page.url());
  reversed.search = '?from=2031-04-01&to=2031-03-01';
  await page.goto(reversed.toString());
  await expect(main(page)).toContainText('The end of the range must not be before its start');
  await expect(main(page).getByRole('region', { name: organization.name })).toHaveCount(0);

  // Both ends typed before the page renders again count: this month again shows the entry.
  const month = new Date();
  const firstDay = new Date(month.getFullYear(), month.getMonth(), 1);
  const lastDay = new Date(month.getFullYear(), month.getMonth() + 1, 0);
  const day = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  await fillTogether(page, { From: day(firstDay), To: day(lastDay) });
  await expect(page).toHaveURL(new RegExp(`from=${day(firstDay)}&to=${day(lastDay)}`));
  await expect(block).toContainText('45 min in all, 45 min billable');
});

test('deleting a time entry asks first, naming it, and leaves focus on the next entry', async ({
  page,
  organization,
}) => {
  const taskTitle = uniqueName('File the returns');
  const task = await advisorWithTask(page, organization, ['Dana', 'Clock'], taskTitle);
  // Two entries, today's and yesterday's, added through the API with the advisor's session.
  const today = daysAgo(0);
  const yesterday = daysAgo(1);
  for (const [date, minutes] of [
    [today.iso, 45],
    [yesterday.iso, 20],
  ] as const) {
    await recordTime(page, task.id, { date, minutes, note: 'Checked the receipts' });
  }
  await openTask(page, taskTitle);

  const entries = timePanel(page).getByRole('table', { name: 'Time entries' });
  // The app's dates (MM/DD/YYYY), not ISO ones.
  await expect(entries.getByRole('row').nth(1)).toContainText(today.shown);
  // Minutes out of range stay as typed and say why; nothing is saved.
  const addTime = timePanel(page).getByRole('form', { name: 'Add time' });
  const minutes = addTime.getByLabel('Minutes');
  for (const typed of ['0', '2000']) {
    await minutes.fill(typed);
    await minutes.blur();
    await expect(minutes).toHaveValue(typed);
    await expect(addTime).toContainText('Minutes must be a whole number from 1 to 1440');
  }
  await addTime.getByRole('button', { name: 'Add time' }).click();
  await expect(addTime).toContainText('Minutes must be a whole number from 1 to 1440');
  await expect(timePanel(page).getByRole('heading', { name: 'Time (1 h 05 min)' })).toBeVisible();
  await expect(entries.getByRole('row')).toHaveCount(3);

  await entries.getByRole('button', { name: `Delete 45 min on ${today.shown}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(dialog).toContainText(`Delete 45 min on ${today.shown}?`);
  // Cancel keeps it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(entries.getByRole('button', { name: `Delete 45 min on ${today.shown}` })).toBeVisible();

  await entries.getByRole('button', { name: `Delete 45 min on ${today.shown}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(entries.getByRole('button', { name: `Delete 45 min on ${today.shown}` })).toHaveCount(0);
  await expect(timePanel(page).getByRole('heading', { name: 'Time (20 min)' })).toBeVisible();
  // Focus stays in the list: on the entry that took the deleted one's place.
  await expect(entries.getByRole('button', { name: `Edit 20 min on ${yesterday.shown}` })).toBeFocused();

  // The last one: focus goes to the panel's heading.
  await entries.getByRole('button', { name: `Delete 20 min on ${yesterday.shown}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(timePanel(page)).toContainText('No time recorded yet');
  await expect(timePanel(page).getByRole('heading', { name: 'Time (0 min)' })).toBeFocused();
});

test('a timer started by mistake is discarded after asking: no entry is made, and another tab sees it stopped', async ({
  page,
  organization,
}) => {
  const taskTitle = uniqueName('Draft the memo');
  await advisorWithTask(page, organization, ['Mira', 'Slip'], taskTitle);
  await openTask(page, taskTitle);
  await timePanel(page).getByRole('button', { name: 'Start timer' }).click();
  await expect(timePanel(page)).toContainText('Timer running');

  // The same person's second tab, on the same task.
  const otherTab = await page.context().newPage();
  await otherTab.goto(page.url());
  await expect(timePanel(otherTab)).toContainText('Timer running');

  await timePanel(page).getByRole('button', { name: 'Discard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(dialog).toContainText(/Discard the timer\? Its (time \(under a minute\)|1 min) will not be recorded\./);
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Timer discarded' })).toBeVisible();
  await expect(timePanel(page).getByRole('button', { name: 'Start timer' })).toBeVisible();
  await expect(timePanel(page)).toContainText('No time recorded yet');
  await expect(timePanel(page).getByRole('heading', { name: 'Time (0 min)' })).toBeVisible();
  // The other tab hears of it without a reload.
  await expect(timePanel(otherTab).getByRole('button', { name: 'Start timer' })).toBeVisible();
  await expect(timePanel(otherTab)).not.toContainText('Timer running');
});

test('a day holds at most 24 hours: the form says under Minutes what the day holds and what still fits', async ({
  page,
  organization,
}) => {
  const taskTitle = uniqueName('Close the quarter');
  const task = await advisorWithTask(page, organization, ['Otto', 'Long'], taskTitle);
  const today = daysAgo(0);
  await recordTime(page, task.id, { date: today.iso, minutes: 1400 });
  await openTask(page, taskTitle);

  const addTime = timePanel(page).getByRole('form', { name: 'Add time' });
  const minutes = addTime.getByLabel('Minutes');
  await minutes.fill('60');
  await addTime.getByRole('button', { name: 'Add time' }).click();
  const full = `A day holds at most 24 h: ${today.shown} has 23 h 20 min recorded already, so at most 40 min more fit`;
  await expect(minutes).toHaveAccessibleDescription(full);
  await expect(minutes).toHaveAttribute('aria-invalid', 'true');
  // Said once, under the field, not again in a box above the form.
  await expect(addTime.getByText(full)).toHaveCount(1);
  await expect(timePanel(page).getByRole('heading', { name: 'Time (23 h 20 min)' })).toBeVisible();

  // What fits is saved; the message goes as soon as the minutes change.
  await minutes.fill('40');
  await expect(addTime.getByText(full)).toHaveCount(0);
  await addTime.getByRole('button', { name: 'Add time' }).click();
  await expect(timePanel(page).getByRole('heading', { name: 'Time (24 h)' })).toBeVisible();
});

test("the timesheet offers a member one CSV of its entries, and an org_admin everyone's beside its own", async ({
  page,
  browser,
  organization,
}) => {
  const member = await organization.addPerson('Ivy', 'Hours');
  const task = await taskFor(organization, member, uniqueName('Count the stock'));
  const today = daysAgo(0);
  const csvButtons = (on: Page) => main(on).getByRole('button', { name: /entries CSV$/ });

  await signIn(page, member);
  await recordTime(page, task.id, { date: today.iso, minutes: 30, note: 'Counted the shelves' });
  await sidebar(page).getByRole('link', { name: 'Timesheet', exact: true }).click();
  await expect(main(page).getByRole('button', { name: 'Your entries CSV', exact: true })).toBeVisible();
  // A second button would give the member the same rows again.
  await expect(csvButtons(page)).toHaveCount(1);

  const context = await browser.newContext();
  const lead = await context.newPage();
  await signIn(lead, organization.orgAdmin);
  await recordTime(lead, task.id, { date: today.iso, minutes: 15 });
  await sidebar(lead).getByRole('link', { name: 'Timesheet', exact: true }).click();
  await expect(csvButtons(lead)).toHaveText(['Your entries CSV', "Everyone's entries CSV"]);
  const [file] = await Promise.all([
    lead.waitForEvent('download'),
    main(lead).getByRole('button', { name: "Everyone's entries CSV" }).click(),
  ]);
  const text = await readFile((await file.path()) ?? '', 'utf8');
  // The organization's entries: the member's as well as the org_admin's own.
  expect(text).toContain('Counted the shelves');
  expect(text).toContain(organization.orgAdmin.email);
  await context.close();
});
