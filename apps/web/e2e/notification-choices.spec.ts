import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { type Endpoint, type EndpointInput, notificationEndpoints, userEndpoints } from '@smart/contracts';
import { callEndpoint } from './support/api';
import { expect, type Person, test } from './support/fixtures';
import { signIn } from './support/session';
import { callAs, createTask, pickOption } from './support/structure';

/**
 * What a person chooses about notifications: the day they live in and the digest, follow
 * or mute per record, and @mentions that reach the person named.
 */

const settingsSaved = (page: Page) =>
  page.waitForResponse(
    (response) => response.url().endsWith('/api/users/notifications') && response.request().method() === 'PUT',
  );

const dataDir = process.env.E2E_DATA_DIR;

/** The code in the newest verification SMS to this person: one JSON file per SMS in DATA_DIR/sms. */
async function smsCode(personId: string): Promise<string> {
  const outbox = path.join(dataDir ?? '', 'sms');
  let code = '';
  await expect(async () => {
    const names = (await readdir(outbox).catch(() => [])).filter((name) => name.startsWith(`phone-code-${personId}-`));
    const newest = names.sort().at(-1);
    expect(newest).toBeTruthy();
    const { text } = JSON.parse(await readFile(path.join(outbox, newest ?? ''), 'utf8')) as { text: string };
    code = /\b(\d{6})\b/.exec(text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass();
  return code;
}

/** The person's own API, signed in with its password (to read what the server sent it). */
async function apiOf(page: Page, person: Person) {
  // Signed in as an outside client would (a literal URL): the typed caller needs the token first.
  const signedIn = await page.request.post('/api/users/login', {
    data: { email: person.email, password: person.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { token } = ((await signedIn.json()) as { data: { token: string } }).data;
  return <E extends Endpoint>(definition: E, input: EndpointInput<E>) =>
    callEndpoint(page.request, token, definition, input);
}

test.describe('notification choices', () => {
  test.use({ timezoneId: 'America/Chicago' });

  test("the browser's time zone is taken on the first visit; a chosen zone and the daily digest are kept", async ({
    page,
    person,
  }) => {
    // Three full page loads and three saves.
    test.setTimeout(60_000);
    await signIn(page, person);
    // Nothing stored yet: the page offers the browser's zone and saves it without being asked.
    const firstSave = settingsSaved(page);
    await page.goto('/dashboard/notifications');
    expect((await firstSave).ok()).toBe(true);
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await expect(zone).toHaveValue('America/Chicago');
    await page.reload();
    await expect(zone).toHaveValue('America/Chicago');

    // Searched by part of its name.
    let saved = settingsSaved(page);
    await pickOption(page.getByRole('main'), 'Time zone', 'Asia/Tokyo', 'tokyo');
    await expect(page.getByText('Now UTC+9.', { exact: false })).toBeVisible();
    expect((await saved).ok()).toBe(true);
    await expect(zone).toHaveValue('Asia/Tokyo');

    const daily = page.getByRole('radio', { name: 'Daily at 8:00 AM in your time zone' });
    await expect(page.getByRole('radio', { name: 'Off: e-mails as things happen' })).toBeChecked();
    saved = settingsSaved(page);
    await daily.check();
    expect((await saved).ok()).toBe(true);

    await page.reload();
    await expect(zone).toHaveValue('Asia/Tokyo');
    await expect(daily).toBeChecked();
  });

  test('security notices show as always on, and SMS toggles ask for a verified phone', async ({ page, person }) => {
    await signIn(page, person);
    await page.goto('/dashboard/notifications');
    const security = page.getByRole('switch', { name: 'Security notices' });
    await expect(security).toBeChecked();
    await expect(security).toBeDisabled();
    await expect(page.getByText(/Always on: these keep your account safe/)).toBeVisible();
    const sms = page.getByRole('region', { name: 'SMS notifications' });
    await expect(sms.getByText('Needs a verified phone number.', { exact: false })).toHaveCount(2);
    // Nothing can be texted yet: the SMS switches show off, whatever is saved, and cannot be switched.
    await expect(sms.getByRole('switch')).toHaveCount(2);
    for (const toggle of await sms.getByRole('switch').all()) {
      await expect(toggle).not.toBeChecked();
      await expect(toggle).toBeDisabled();
    }
    // The fixture's person has no phone: the profile is where to add one.
    await expect(sms.getByText('No phone number on your profile.')).toBeVisible();
    await sms.getByRole('link', { name: 'Add one on your profile' }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
  });

  test('a phone is verified with the code sent to it by SMS; a wrong code is refused', async ({ page, person }) => {
    test.skip(!dataDir, 'reads the SMS files of the server this run starts');
    await signIn(page, person);
    await callAs(page, userEndpoints.updateProfile, { body: { meta: { phone: '+1 (312) 555-0199' } } });
    await page.goto('/dashboard/notifications');
    const sms = page.getByRole('region', { name: 'SMS notifications' });
    await expect(sms.getByText('+1 (312) 555-0199')).toBeVisible();
    await expect(sms.getByText('Needs a verified phone number.', { exact: false })).toHaveCount(2);

    await sms.getByRole('button', { name: 'Send code' }).click();
    await expect(sms.getByText('We sent a 6-digit code to your phone.')).toBeVisible();
    const code = await smsCode(person.id);
    const input = sms.getByRole('textbox', { name: '6-digit code' });
    const verify = sms.getByRole('button', { name: 'Verify' });
    await input.fill(code === '000000' ? '111111' : '000000');
    await verify.click();
    await expect(sms.getByText('That code is not right, or it has expired. Ask for a new one.')).toBeVisible();

    // After a reload the code still works: asking again within a minute sends none, and shows the field.
    await page.reload();
    await sms.getByRole('button', { name: 'Send code' }).click();
    await expect(sms.getByText('A code was just sent. Please wait a minute before asking for another.')).toBeVisible();
    await input.fill(code);
    await verify.click();
    await expect(sms.getByText('Verified', { exact: true })).toBeVisible();
    await expect(sms.getByText('Needs a verified phone number.', { exact: false })).toHaveCount(0);
    await expect(sms.getByRole('switch').first()).toBeEnabled();
    await page.reload();
    await expect(sms.getByText('Verified', { exact: true })).toBeVisible();
  });

  test('following a task is shown on its page and kept after a reload', async ({ page, organization }) => {
    await signIn(page, organization.orgAdmin);
    const task = await createTask(page);
    await page.goto(task.path);

    await page.getByRole('button', { name: 'Notifications for this task: default' }).click();
    const choices = page.getByRole('radiogroup', { name: 'Notifications for this task' });
    await expect(choices.getByRole('radio', { name: 'Default' })).toBeChecked();
    const saved = page.waitForResponse(
      (response) => response.url().includes(`/subscriptions/task/${task.id}`) && response.request().method() === 'PUT',
    );
    await choices.getByRole('radio', { name: 'Follow' }).check();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByRole('button', { name: 'Following this task' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(choices).toBeHidden();

    await page.reload();
    await page.getByRole('button', { name: 'Following this task' }).click();
    await expect(choices.getByRole('radio', { name: 'Follow' })).toBeChecked();
  });

  test('a colleague mentioned through the picker is highlighted in the comment and told', async ({
    page,
    browser,
    organization,
  }) => {
    // Two people's browsers, and the server's fan-out job.
    test.setTimeout(90_000);
    const colleague = await organization.addPerson('Dana', 'Okafor');
    // First in the list by last name: the picker must not offer them once "@Dan" is typed.
    await organization.addPerson('Ethan', 'Brooks');
    await signIn(page, organization.orgAdmin);
    const task = await createTask(page);
    await page.goto(task.path);

    const box = page.getByRole('textbox', { name: 'Add a comment' });
    await box.fill('Please check this, ');
    await box.pressSequentially('@Dan');
    const picker = page.getByRole('listbox', { name: 'People to mention' });
    const option = picker.getByRole('option', { name: /Dana Okafor/ });
    await expect(option).toBeVisible();
    await expect(picker.getByRole('option')).toHaveCount(1);
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
    await box.press('Enter');
    await expect(picker).toBeHidden();
    await expect(box).toHaveValue('Please check this, @Dana Okafor ');
    await box.pressSequentially('thanks');

    const sent = page.waitForRequest(
      (request) => request.url().endsWith(`/api/tasks/${task.id}/comments`) && request.method() === 'POST',
    );
    await box.press('Control+Enter');
    expect((await sent).postDataJSON()).toEqual({
      text: 'Please check this, @Dana Okafor thanks',
      mentions: [colleague.id],
    });
    const comments = page.getByRole('region', { name: /^Comments/ });
    const mention = comments.locator('[data-mention]', { hasText: '@Dana Okafor' });
    await expect(mention).toBeVisible();
    await expect(mention).toHaveCSS('font-weight', '600');

    // The colleague sees the mention of them set apart too.
    const colleagueContext = await browser.newContext();
    const colleaguePage = await colleagueContext.newPage();
    await signIn(colleaguePage, colleague);
    await colleaguePage.goto(task.path);
    await expect(
      colleaguePage.getByRole('region', { name: /^Comments/ }).locator('[data-mention]', { hasText: '@Dana Okafor' }),
    ).toBeVisible();
    await colleagueContext.close();

    // The server tells the person named (once its fan-out job has run). Read already, perhaps: the colleague
    // opened the task above, and opening a record reads what the bell says of it.
    const asColleague = await apiOf(page, colleague);
    await expect(async () => {
      const { data: items } = await asColleague(notificationEndpoints.list, { query: { status: 'all' } });
      expect(items.some((item) => item.type === 'mentioned' && item.record.id === task.id)).toBe(true);
    }).toPass();
  });
});
