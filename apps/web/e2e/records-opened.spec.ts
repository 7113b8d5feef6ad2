import type { Page } from '@playwright/test';
import { ticketEndpoints } from '@smart/contracts';
import { expect, test } from './support/fixtures';
import { signIn } from './support/session';
import { callAs, uniqueName } from './support/structure';

/**
 * What a new user met on opening a record: the bell reads what the page shows, and a
 * record that is not there says so the same way everywhere.
 */

/** The top bar's bell; its name carries the unread count ('Notifications, 1 unread'). */
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

test('opening a ticket reads what the bell says about it', async ({ page, organization, browser }) => {
  const member = await organization.addPerson('Nora', 'Reyes');
  await signIn(page, member);
  const title = uniqueName('Printer jams');
  const ticket = await callAs(page, ticketEndpoints.create, { body: { title, description: 'Tray 2 again.' } });
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // The org_admin comments, in a browser of its own: the member's bell rises.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, organization.orgAdmin);
  await callAs(owner, ticketEndpoints.comment, { params: { id: ticket.id }, body: { text: 'Looking at it now.' } });
  await ownerContext.close();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  // Opened from the tickets list, not from the bell: the bell drops all the same.
  await page.goto('/dashboard/tickets');
  await page.getByRole('main').getByRole('link', { name: title }).first().click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
});

test.describe('a record that is not there', () => {
  test('says so with a heading, Try Again and a way back, on every record page', async ({ page, organization }) => {
    await signIn(page, organization.orgAdmin);
    const unknown = crypto.randomUUID();
    const cases: [string, string, string][] = [
      [`/dashboard/tickets/${unknown}`, 'Ticket not found', 'Back to Tickets'],
      [`/dashboard/projects/${unknown}`, 'Project not found', 'Back to Projects'],
      [`/dashboard/teams/${unknown}`, 'Team not found', 'Back to Teams'],
      [`/dashboard/departments/${unknown}`, 'Department not found', 'Back to Departments'],
    ];
    for (const [path, heading, back] of cases) {
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(main.getByRole('button', { name: 'Try Again' })).toBeVisible();
      await expect(main.getByRole('link', { name: back })).toBeVisible();
    }
    await page.getByRole('main').getByRole('link', { name: 'Back to Departments' }).click();
    await expect(page).toHaveURL(/\/dashboard\/departments$/);
  });

  test('an unknown ?session= and ?c= say so where the record would show', async ({ page, organization }) => {
    await signIn(page, organization.orgAdmin);
    await page.goto(`/dashboard/sessions?session=${crypto.randomUUID()}`);
    const drawer = page.getByRole('dialog', { name: 'Session' });
    await expect(drawer.getByRole('heading', { name: 'Session not found' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).last().click();
    await expect(drawer).toBeHidden();

    await page.goto(`/dashboard/messenger?c=${crypto.randomUUID()}`);
    const notice = page.getByRole('alert').filter({ hasText: 'Conversation not found' });
    await expect(notice).toBeVisible();
    // It stays (not a passing toast) until dismissed.
    await expect.poll(() => new URL(page.url()).searchParams.get('c')).toBeNull();
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toBeHidden();
  });
});
