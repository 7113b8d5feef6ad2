import type { Browser, Page } from '@playwright/test';
import { advisorEndpoints, ticketEndpoints } from '@smart/contracts';
import { expect, type Person, test } from './support/fixtures';
import { accounts, DEMO_PASSWORD, sidebar, signIn } from './support/session';
import { callAs, pickOption, uniqueName } from './support/structure';

/** A second person at another browser, signed in. */
async function signedInPage(browser: Browser, who: string | Person): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who, DEMO_PASSWORD);
  return page;
}

const details = (page: Page) => page.getByRole('region', { name: 'Details' });

test.describe('Tickets', () => {
  test('a member pages and filters the list, raises a ticket with a file and comments; the org admin assigns it to the advisor; the advisor resolves it while the member watches', async ({
    page,
    browser,
    organization,
    adminApi,
  }) => {
    test.setTimeout(90_000);
    const member = await organization.addPerson('Mia', 'Member');
    const advisors = await adminApi.call(advisorEndpoints.list, {});
    const advisor = advisors.find((entry) => entry.email === accounts.advisor);
    if (!advisor) throw new Error('The demo advisor is missing');
    const advisorName = `${advisor.firstName} ${advisor.lastName}`;
    await adminApi.call(advisorEndpoints.assign, {
      params: { orgId: organization.id },
      body: { advisorId: advisor.id },
    });

    // Eleven tickets of the member's, set up through the API: ten about the printer, one about an invoice.
    await signIn(page, member);
    for (let index = 1; index <= 10; index += 1) {
      await callAs(page, ticketEndpoints.create, {
        body: {
          title: `Printer jam ${index}`,
          description: 'The printer on floor 2 jams.',
          category: 'technical',
        },
      });
    }
    await callAs(page, ticketEndpoints.create, {
      body: {
        title: 'Invoice question',
        description: 'Why two invoices?',
        category: 'billing',
      },
    });

    // Paging: ten a page, the page in the address (a reload keeps it).
    await sidebar(page).getByRole('link', { name: 'Tickets' }).click();
    await expect(page.getByText('Showing 1 to 10 of 11 tickets')).toBeVisible();
    await expect(page.getByRole('main').getByRole('row')).toHaveCount(11);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 11 to 11 of 11 tickets')).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
    await page.reload();
    await expect(page.getByText('Showing 11 to 11 of 11 tickets')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    // A filter returns to page 1 and keeps to what it names.
    await pickOption(page.getByRole('main'), 'Category', 'Billing');
    await expect(page.getByText('Showing 1 to 1 of 1 tickets')).toBeVisible();
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.getByRole('link', { name: 'Invoice question', exact: true })).toBeVisible();

    // The floating button raises a ticket with a file.
    const subject = uniqueName('VPN drops');
    await page.getByRole('button', { name: 'Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Support Ticket' });
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByLabel('Description').fill('The VPN drops every hour.');
    await pickOption(dialog, 'Category', 'Technical');
    await pickOption(dialog, 'Priority', 'High');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: /Attachment/ }).click();
    await (await chooser).setFiles({ name: 'vpn-log.txt', mimeType: 'text/plain', buffer: Buffer.alloc(2048, 'a') });
    await dialog.getByRole('button', { name: 'Submit Ticket' }).click();
    await expect(
      dialog.getByText('Support ticket created successfully! Our team will get back to you soon.'),
    ).toBeVisible();
    await expect(dialog.getByLabel('Subject')).toBeDisabled();
    await expect(dialog).toBeHidden({ timeout: 5_000 });

    await pickOption(page.getByRole('main'), 'Category', 'Technical');
    await page.getByLabel('Search').fill(subject);
    await expect(page.getByText('Showing 1 to 1 of 1 tickets')).toBeVisible();
    await page.getByRole('link', { name: subject, exact: true }).click();
    await expect(page.getByRole('heading', { name: subject })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Attachments (1)' })).toBeVisible();
    const attachments = page.getByRole('region', { name: 'Attachments (1)' });
    await expect(attachments.getByText('vpn-log.txt', { exact: true })).toBeVisible();
    await expect(attachments.getByText('2 KB', { exact: true })).toBeVisible();
    const ticketUrl = page.url();

    // A comment.
    await expect(page.getByText('No comments yet. Be the first to comment!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Post Comment' })).toBeDisabled();
    await page.getByPlaceholder('Add a comment...').fill('It happened again at noon.');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expect(page.getByRole('region', { name: 'Comments (1)' })).toContainText('It happened again at noon.');

    // The org admin assigns it to the advisor.
    const owner = await signedInPage(browser, organization.orgAdmin);
    await owner.goto(ticketUrl);
    await owner.getByRole('button', { name: 'Assign' }).click();
    const assign = owner.getByRole('dialog', { name: 'Assign Ticket' });
    await pickOption(assign, 'Assign to', new RegExp(advisorName));
    await assign.getByRole('button', { name: 'Assign' }).click();
    await expect(assign).toBeHidden();
    await expect(details(owner)).toContainText(advisorName);

    // The advisor resolves it; the member's open page follows without a reload.
    await expect(details(page)).toContainText(advisorName);
    const advisorPage = await signedInPage(browser, accounts.advisor);
    await advisorPage.goto(ticketUrl);
    await pickOption(details(advisorPage), 'Change status', 'Resolved');
    await expect(details(advisorPage)).toContainText('Resolved');
    await expect(details(page).getByText('Resolved').first()).toBeVisible();
    await expect(page.getByRole('main').getByText('changed the status from Open to Resolved')).toBeVisible();

    await owner.context().close();
    await advisorPage.context().close();
  });
});
