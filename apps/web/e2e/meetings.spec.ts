import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import { schedulingEndpoints } from '@smart/contracts';
import { expect, type Person, test } from './support/fixtures';
import { signIn } from './support/session';
import { callAs, uniqueName } from './support/structure';

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
 * Meetings with an advisor: a member books from the dashboard, the advisor's open
 * Sessions page shows it live, the advisor's reschedule reaches the member's open page, and a
 * cancellation with a reason shows as cancelled on both. The two people keep different clocks.
 */

async function signedInPage(browser: Browser, person: Person, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId });
  const page = await context.newPage();
  await signIn(page, person);
  return page;
}

/** A meeting of the signed-in member with `advisorId` at its first free half hour in the next two weeks (setup). */
async function bookViaApi(page: Page, advisorId: string, topic: string): Promise<{ id: string }> {
  const from = new Date();
  const to = new Date(from.getTime() + 14 * 24 * 60 * 60 * 1000);
  const { slots } = await callAs(page, schedulingEndpoints.slots, {
    params: { advisorId },
    query: {
      from: from.toISOString(),
      to: to.toISOString(),
      length: 30,
    },
  });
  const start = slots[0]?.start;
  if (!start) throw new Error('The advisor has no free slot in the next two weeks');
  return callAs(page, schedulingEndpoints.createMeeting, { body: { advisorId, start, length: 30, topic } });
}

const meetingRow = (page: Page, topic: string): Locator =>
  page.getByRole('list', { name: 'Sessions' }).getByRole('listitem', { name: topic });

/** The dialog's free times, on the first week with `atLeast` of them (this one, or the next when too few are left). */
async function freeTimes(dialog: Locator, atLeast = 1): Promise<Locator> {
  const times = dialog.getByRole('radiogroup', { name: 'Free times' }).getByRole('radio');
  await expect(async () => {
    if ((await times.count()) < atLeast) await dialog.getByRole('button', { name: 'Next week' }).click();
    await expect(times.nth(atLeast - 1)).toBeVisible({ timeout: 2_000 });
  }).toPass();
  return times;
}

/** Picks the first free time the dialog's week shows (the next week when this one has none left). */
async function pickFirstFreeTime(dialog: Locator) {
  await (await freeTimes(dialog)).first().click();
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
  await callAs(advisorPage, schedulingEndpoints.updateAvailability, { params: { advisorId: 'me' }, body: berlinHours });
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
  // "Add to calendar" saves the meeting as an iCalendar file (fetched with the member's session).
  const calendarFile = memberPage.waitForEvent('download');
  await bookedDrawer.getByRole('button', { name: 'Add to calendar' }).click();
  const saved = await calendarFile;
  expect(saved.suggestedFilename()).toBe(`${topic}.ics`);
  const calendar = await readFile((await saved.path()) ?? '', 'utf8');
  expect(calendar).toContain('BEGIN:VEVENT');
  expect(calendar).toContain(`SUMMARY:${topic}`);
  await bookedDrawer.getByRole('button', { name: 'Close' }).click();
  const memberRow = meetingRow(memberPage, topic);
  await expect(memberRow).toBeVisible();
  const bookedTime = await memberRow.getByTestId('meeting-time').textContent();

  // The advisor's open page shows the booking without a reload, labelled with the organization.
  const advisorRow = meetingRow(advisorPage, topic);
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
  await expect(memberRow.getByTestId('meeting-time')).not.toHaveText(bookedTime ?? '');

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

test('the booking dialog gives focus back to Book a session when it closes, and its free times are one Tab stop moved with the arrows', async ({
  page,
  organization,
}) => {
  await organization.addAdvisor('Nora', 'Quinn');
  const member = await organization.addPerson('Liam', 'Hart');
  await signIn(page, member);

  // On the dashboard, opened with Enter and closed with Escape: the next Tab goes on from the button.
  const dashboardBook = page.getByRole('button', { name: 'Book a session' });
  await expect(dashboardBook).toBeEnabled();
  await dashboardBook.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Book a session' });
  await expect(dialog.getByRole('combobox', { name: 'Advisor' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(dashboardBook).toBeFocused();

  await page.goto('/dashboard/sessions');
  const book = page.getByRole('button', { name: 'Book a session' });
  await book.focus();
  await page.keyboard.press('Enter');
  const times = await freeTimes(dialog, 3);
  // Tab enters the week's times on the first; the arrows choose, Home and End go to either end.
  await dialog.getByRole('button', { name: 'Next week' }).focus();
  await page.keyboard.press('Tab');
  await expect(times.first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(times.nth(1)).toBeFocused();
  await expect(times.nth(1)).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByTestId('chosen-time')).toBeVisible();
  await page.keyboard.press('Home');
  await expect(times.first()).toBeFocused();
  await expect(times.first()).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('End');
  await expect(times.last()).toBeFocused();
  await expect(times.last()).toHaveAttribute('aria-checked', 'true');
  // One more Tab leaves the times for the Topic; Shift+Tab comes back to the chosen time.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Topic' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(times.last()).toBeFocused();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(book).toBeFocused();
});

test('cancelling a session asks with Keep session beside Cancel session, and keeping it changes nothing', async ({
  page,
  organization,
}) => {
  const advisor = await organization.addAdvisor('Nora', 'Quinn');
  const member = await organization.addPerson('Liam', 'Hart');
  await signIn(page, member);
  const meeting = await bookViaApi(page, advisor.id, uniqueName('Budget review'));
  await page.goto(`/dashboard/sessions?session=${meeting.id}`);

  const drawer = page.getByRole('dialog', { name: 'Session', exact: true });
  const cancelMeeting = drawer.getByRole('button', { name: 'Cancel session' });
  await cancelMeeting.click();
  const ask = page.getByRole('dialog', { name: 'Cancel session' });
  await expect(ask.getByRole('button', { name: 'Cancel session' })).toBeVisible();
  // No "Cancel" beside "Cancel session": the way out says what it does.
  await expect(ask.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  await ask.getByRole('button', { name: 'Keep session' }).click();
  await expect(ask).toBeHidden();
  await expect(drawer.getByText('Scheduled')).toBeVisible();
  await expect(cancelMeeting).toBeFocused();
});
