import { ticketEndpoints } from '@smart/contracts';
import { expect, test } from './support/fixtures';
import { signIn } from './support/session';
import { callAs, pickOption } from './support/structure';

test.describe('service levels', () => {
  test('an org_admin sets an urgent target; a new urgent ticket shows its clock, which stops while it waits', async ({
    page,
    browser,
    organization,
  }) => {
    await signIn(page, organization.orgAdmin);
    await page.goto('/dashboard/organization');
    const section = page.getByRole('region', { name: 'Service levels' });
    await expect(section.getByRole('cell', { name: 'Urgent' })).toBeVisible();
    await section.getByRole('button', { name: 'Edit' }).click();
    await section.getByRole('textbox', { name: 'Urgent: first response in hours' }).fill('1');
    await section.getByRole('textbox', { name: 'Urgent: resolution in hours' }).fill('8');
    await pickOption(section, 'Urgent: counted in', 'Calendar hours');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Service levels saved')).toBeVisible();
    await expect(section.getByRole('row', { name: /Urgent/ })).toContainText('1 h');
    await expect(section.getByRole('row', { name: /Urgent/ })).toContainText('Calendar hours');

    // A member raises an urgent ticket; its page counts down the hour.
    const member = await organization.addPerson('Maya', 'Lopez');
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await signIn(memberPage, member);
    const ticket = await callAs(memberPage, ticketEndpoints.create, {
      body: {
        title: 'Card terminal down',
        description: 'Every card is declined.',
        priority: 'urgent',
        category: 'technical',
      },
    });
    await memberContext.close();

    await page.goto(`/dashboard/tickets/${ticket.id}`);
    const clock = page.getByRole('region', { name: 'Service level' });
    await expect(clock.getByText('Calendar hours')).toBeVisible();
    await expect(clock).toContainText(/First response\s*On track/);
    await expect(clock).toContainText(/Due in (59|60) min|Due in 1 h/);

    // Waiting for the requester: the clock stands still; asking back was the first response.
    await page.getByRole('combobox', { name: 'Change status' }).click();
    await page.getByRole('option', { name: 'Waiting' }).click();
    await expect(clock).toContainText('paused while it waits for its requester');
    await expect(clock).toContainText(/First response\s*Met/);
    await expect(clock).toContainText(/Resolution\s*Paused/);

    // The list: nothing breached, this one soonest due.
    await page.goto('/dashboard/tickets?sla=breached');
    await expect(page.getByText('No tickets found')).toBeVisible();
  });
});
