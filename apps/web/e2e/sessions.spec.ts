import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, type Person, test } from './support/fixtures';
import { signIn } from './support/session';
import { putViaApi } from './support/structure';

const workingDay = [{ start: '09:00', end: '17:00' }];
/** The advisor keeps Berlin's clocks: weekdays 09:00–17:00 there, the default lengths, notice and horizon. */
const berlinHours = {
  timeZone: 'Europe/Berlin',
  weeklyHours: {
    monday: workingDay,
    tuesday: workingDay,
    wednesday: workingDay,
    thursday: workingDay,
    friday: workingDay,
    saturday: [],
    sunday: [],
  },
  dateOverrides: [],
  sessionLengths: [30, 60],
  bufferMinutes: 0,
  minimumNoticeMinutes: 120,
  horizonDays: 60,
};

/**
 * Sessions with an advisor (issue 24): a member books from the dashboard, the advisor's open
 * Sessions page shows it live, the advisor's reschedule reaches the member's open page, and a
 * cancellation with a reason shows as cancelled on both. The two people keep different clocks.
 */

async function signedInPage(browser: Browser, person: Person, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId });
  const page = await context.newPage();
  await signIn(page, person);
  return page;
}

const sessionRow = (page: Page, topic: string): Locator =>
  page.getByRole('list', { name: 'Sessions' }).getByRole('listitem', { name: topic });

/** Picks the first free time the dialog's week shows (the next week when this one has none left). */
async function pickFirstFreeTime(dialog: Locator) {
  const times = dialog.getByRole('list', { name: 'Free times' }).getByRole('button');
  await expect(async () => {
    if ((await times.count()) === 0) await dialog.getByRole('button', { name: 'Next week' }).click();
    await expect(times.first()).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await times.first().click();
}

test('a member books a session; the advisor sees it live, reschedules it, and the cancellation shows with its reason', async ({
  browser,
  organization,
}) => {
  test.setTimeout(90_000);
  const advisor = await organization.addAdvisor('Nora', 'Quinn');
  const member = await organization.addPerson('Liam', 'Hart');
  const topic = `Cash-flow plan ${Date.now().toString(36)}`;

  const advisorPage = await signedInPage(browser, advisor, 'Europe/Berlin');
  await putViaApi(advisorPage, '/api/advisors/me/availability', berlinHours);
  await advisorPage.goto('/dashboard/sessions');
  await expect(advisorPage.getByText('No upcoming sessions')).toBeVisible();

  // The member books from the dashboard: its organization's advisor is the one offered.
  const memberPage = await signedInPage(browser, member, 'America/New_York');
  await memberPage.getByRole('button', { name: 'Book a session' }).click();
  const dialog = memberPage.getByRole('dialog', { name: 'Book a session' });
  await expect(dialog.getByRole('combobox', { name: 'Advisor' })).toHaveValue(advisor.name);
  await expect(dialog.getByText(/Times in Eastern (Standard|Daylight) Time/)).toBeVisible();
  await pickFirstFreeTime(dialog);
  await dialog.getByRole('textbox', { name: 'Topic' }).fill(topic);
  await dialog.getByRole('button', { name: 'Book session' }).click();

  // The confirmation names the member's clocks and the advisor's (New York and Berlin differ).
  const confirmation = memberPage.getByRole('dialog', { name: 'Session booked' });
  await expect(confirmation.getByTestId('booked-time')).toContainText(/Eastern (Standard|Daylight) Time/);
  await expect(confirmation.getByTestId('booked-time-advisor')).toContainText(/Central European/);
  await confirmation.getByRole('link', { name: 'View session' }).click();
  await expect(memberPage).toHaveURL(/\/dashboard\/sessions\?session=/);
  const bookedDrawer = memberPage.getByRole('dialog', { name: 'Session', exact: true });
  await expect(bookedDrawer.getByText(topic)).toBeVisible();
  // "Add to calendar" saves the session as an iCalendar file (fetched with the member's session).
  const calendarFile = memberPage.waitForEvent('download');
  await bookedDrawer.getByRole('button', { name: 'Add to calendar' }).click();
  const saved = await calendarFile;
  expect(saved.suggestedFilename()).toBe(`${topic}.ics`);
  const calendar = await readFile((await saved.path()) ?? '', 'utf8');
  expect(calendar).toContain('BEGIN:VEVENT');
  expect(calendar).toContain(`SUMMARY:${topic}`);
  await bookedDrawer.getByRole('button', { name: 'Close' }).click();
  const memberRow = sessionRow(memberPage, topic);
  await expect(memberRow).toBeVisible();
  const bookedTime = await memberRow.getByTestId('session-time').textContent();

  // The advisor's open page shows the booking without a reload, labelled with the organization.
  const advisorRow = sessionRow(advisorPage, topic);
  await expect(advisorRow).toBeVisible();
  await expect(advisorRow).toContainText(organization.name);

  // The advisor moves it; the member's open page follows.
  await advisorRow.getByRole('button', { name: new RegExp(topic) }).click();
  const advisorDrawer = advisorPage.getByRole('dialog', { name: 'Session', exact: true });
  await advisorDrawer.getByRole('button', { name: 'Reschedule' }).click();
  const reschedule = advisorPage.getByRole('dialog', { name: 'Reschedule session' });
  await pickFirstFreeTime(reschedule);
  await reschedule.getByRole('button', { name: 'Reschedule' }).click();
  await expect(reschedule).toBeHidden();
  await expect(memberRow.getByTestId('session-time')).not.toHaveText(bookedTime ?? '');

  // The member cancels with a reason: both pages show it cancelled, by whom and why.
  await memberRow.getByRole('button', { name: new RegExp(topic) }).click();
  const memberDrawer = memberPage.getByRole('dialog', { name: 'Session', exact: true });
  await memberDrawer.getByRole('button', { name: 'Cancel session' }).click();
  const cancel = memberPage.getByRole('dialog', { name: 'Cancel session' });
  await cancel.getByRole('textbox', { name: 'Reason' }).fill('Our accountant is away that week');
  await cancel.getByRole('button', { name: 'Cancel session' }).click();
  await expect(cancel).toBeHidden();
  const reason = `Cancelled by ${member.name}: Our accountant is away that week`;
  await expect(memberDrawer.getByText(reason)).toBeVisible();
  await expect(memberRow).toContainText(reason);
  await expect(advisorDrawer.getByText(reason)).toBeVisible();
  await expect(advisorRow).toContainText('Cancelled');

  await advisorPage.context().close();
  await memberPage.context().close();
});
