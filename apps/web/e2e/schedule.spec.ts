import type { APIRequestContext, Page } from '@playwright/test';
import { advisorEndpoints, userEndpoints } from '@smart/contracts';
import { type AdminApi, expect, PERSON_PASSWORD, type Person, test } from './support/fixtures';
import { sidebar, signIn } from './support/session';
import { pickOption } from './support/structure';

/**
 * The advisor's Schedule page: its availability edited and kept, and its week of
 * meetings, where a member's booking appears live, labelled with the organization.
 */

// The advisor's browser is in New York; it works on Berlin's clocks (set in the test).
test.use({ timezoneId: 'America/New_York' });

const VIEWER_ZONE = 'America/New_York';

/** A bearer token for `person`, for setting up through the API as them. */
async function tokenOf(request: APIRequestContext, person: { email: string; password: string }) {
  const response = await request.post('/api/users/login', { data: { email: person.email, password: person.password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** The date New York's clocks read at a moment, 'YYYY-MM-DD' (the week the Schedule page opens on). */
const dateInViewerZone = (instant: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: VIEWER_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );

async function openSchedule(page: Page) {
  await sidebar(page).getByRole('link', { name: 'Schedule' }).click();
  await expect(page).toHaveURL(/\/dashboard\/schedule$/);
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
}

test.describe('Schedule', () => {
  // Each test makes an advisor, signs it in and goes through a long form or two people's steps.
  test.beforeEach(() => test.setTimeout(90_000));

  test('the advisor edits its availability (a mistake is marked on its day first), saves it, and finds it after a reload', async ({
    page,
    adminApi,
  }) => {
    const advisor = await newAdvisor(adminApi);
    await signIn(page, advisor);
    await openSchedule(page);
    await expect(page.getByText('Times in Eastern Time (America/New York)')).toBeVisible();
    await expect(page.getByText('No sessions this week.')).toBeVisible();

    await page.getByRole('tab', { name: 'Availability' }).click();
    const form = page.getByRole('form', { name: 'Availability' });
    await pickOption(form, 'Time zone', 'Europe/Berlin', 'Berlin');
    await form.getByRole('button', { name: 'Add hours to Saturday' }).click();
    await form.getByRole('textbox', { name: 'Saturday interval 1 end' }).fill('13:00');
    await form.getByRole('textbox', { name: 'Monday interval 1 end' }).fill('08:00');
    await form.getByRole('textbox', { name: 'Buffer (minutes)' }).fill('15');
    await form.getByRole('button', { name: 'Save availability' }).click();
    // The mistake is marked on Monday's row, said under it, and focus goes there.
    const monday = form.getByRole('group', { name: 'Monday' });
    const mondayStart = monday.getByRole('textbox', { name: 'Monday interval 1 start' });
    const mondayEnd = monday.getByRole('textbox', { name: 'Monday interval 1 end' });
    await expect(mondayStart).toBeFocused();
    for (const field of [mondayStart, mondayEnd]) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription('An interval must end after it starts');
    }
    await expect(monday.getByText('An interval must end after it starts')).toBeVisible();
    const saturdayEnd = form.getByRole('textbox', { name: 'Saturday interval 1 end' });
    await expect(saturdayEnd).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('alert')).toHaveText('Monday: An interval must end after it starts');

    await mondayEnd.fill('17:00');
    await expect(mondayEnd).not.toHaveAttribute('aria-invalid', 'true');
    await expect(monday.getByText('An interval must end after it starts')).toHaveCount(0);
    await expect(form.getByRole('alert')).toHaveCount(0);
    await form.getByRole('button', { name: 'Save availability' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Availability saved' })).toBeVisible();

    await page.reload();
    const saved = page.getByRole('form', { name: 'Availability' });
    await expect(saved.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
    await expect(saved.getByRole('textbox', { name: 'Saturday interval 1 start' })).toHaveValue('09:00');
    await expect(saved.getByRole('textbox', { name: 'Saturday interval 1 end' })).toHaveValue('13:00');
    await expect(saved.getByRole('textbox', { name: 'Buffer (minutes)' })).toHaveValue('15');

    // The week is shown in New York's time; its shaded hours are Berlin's, and the page says so.
    await page.getByRole('tab', { name: 'Week' }).click();
    await expect(page.getByText('Times in Eastern Time (America/New York)')).toBeVisible();
    await expect(page.getByText('Your availability is set in Central European Time (Europe/Berlin)')).toBeVisible();
  });

  test('a member’s booking appears live in the advisor’s open week, labelled with its organization, its topic on two lines, and opens over the week', async ({
    page,
    adminApi,
    organization,
    request,
  }) => {
    const advisor = await newAdvisor(adminApi);
    await adminApi.call(advisorEndpoints.assign, {
      params: { orgId: organization.id },
      body: { advisorId: advisor.id },
    });
    const member = await tokenOf(request, organization.orgAdmin);
    const headers = { authorization: `Bearer ${member}` };
    const from = new Date();
    const to = new Date(from.getTime() + 14 * 24 * 60 * 60 * 1000);
    const slots = await request.get(`/api/advisors/${advisor.id}/slots`, {
      headers,
      params: { from: from.toISOString(), to: to.toISOString(), length: 60 },
    });
    expect(slots.status(), await slots.text()).toBe(200);
    const [slot] = ((await slots.json()) as { data: { slots: { start: string }[] } }).data.slots;
    expect(slot, 'the advisor has a free hour in the next two weeks').toBeDefined();
    const start = (slot as { start: string }).start;
    const week = `/dashboard/schedule?week=${dateInViewerZone(start)}`;

    await signIn(page, advisor);
    await openSchedule(page);
    await page.goto(week);
    await expect(page.getByText('No sessions this week.')).toBeVisible();

    const topic = 'Quarterly cash-flow review';
    const booked = await request.post('/api/sessions', {
      headers,
      data: { advisorId: advisor.id, start, length: 60, topic },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const meeting = ((await booked.json()) as { data: { id: string } }).data;

    // Its name is its whole text; an hour's block has room for the topic on two lines, none of it cut.
    const block = page.getByRole('link', { name: new RegExp(`^${organization.name} ?, ${topic} ?, `) });
    await expect(block).toBeVisible();
    await expect(page.getByText('No sessions this week.')).toHaveCount(0);
    const shownTopic = block.getByText(topic, { exact: true });
    expect(await shownTopic.evaluate((line) => line.scrollWidth <= line.clientWidth)).toBe(true);
    expect(await shownTopic.evaluate((line) => line.scrollHeight <= line.clientHeight)).toBe(true);

    // The meeting opens over the schedule, and closing it leaves the advisor on the same week.
    await block.click();
    await expect(page).toHaveURL(`${week}&session=${meeting.id}`);
    const drawer = page.getByRole('dialog', { name: 'Session', exact: true });
    await expect(drawer.getByRole('heading', { name: topic })).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(week);
    await expect(block).toBeFocused();
  });
});

/** A new advisor (no organization yet), signed in as with its own password. */
async function newAdvisor(adminApi: AdminApi): Promise<Person & { id: string }> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `ada.lovelace.${suffix}@e2e.example.com`;
  const { user } = await adminApi.call(userEndpoints.register, {
    body: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      password: PERSON_PASSWORD,
      roles: ['advisor'],
    },
  });
  return {
    id: user.id,
    email,
    password: PERSON_PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    name: 'Ada Lovelace',
  };
}
