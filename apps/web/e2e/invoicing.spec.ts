import type { Page } from '@playwright/test';
import { timeEntryEndpoints } from '@smart/contracts';
import { expect, test } from './support/fixtures';
import { accounts, sidebar, signIn } from './support/session';
import { callAs, pickOption, uniqueName } from './support/structure';

/**
 * Approved hours and invoices (decision 0290): an advisor submits a week from its Timesheet, the
 * organization's org_admin returns it with a comment, the advisor submits it again and the
 * org_admin approves it and sets the advisor's rate; the advisor draws up the month's invoice and
 * issues it. In an organization of the test's own, in June 2026 (a past month, away from the demo's
 * invoiced months), so nothing depends on what other tests do.
 */

const main = (page: Page) => page.getByRole('main');
const LOCKED = 'Locked: its week or month is submitted or approved';

/** The organization's block on the Timesheet for June 2026, its week of June 1 row. */
async function juneWeekRow(page: Page, organizationName: string) {
  await page.goto('/dashboard/timesheet?from=2026-06-01&to=2026-06-30');
  const block = main(page).getByRole('region', { name: organizationName });
  return block
    .getByRole('table')
    .filter({ hasText: 'By week' })
    .getByRole('row', { name: /Week of 06\/01\/2026/ });
}

/** Answers the confirmation dialog with its button. */
async function confirm(page: Page, button: string, saying?: string) {
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  if (saying) await expect(dialog).toContainText(saying);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test.describe.configure({ timeout: 120_000 });

test('an advisor submits a week, its org_admin returns it with a comment and approves it again, sets a rate, and the advisor invoices the month and issues it', async ({
  page,
  browser,
  organization,
}) => {
  const advisor = await organization.addAdvisor('Paula', 'Ledger');
  const taskTitle = uniqueName('Reconcile June');
  const task = await organization.addTask(taskTitle, advisor);
  await signIn(page, advisor);
  // Two hours billable and half an hour not, in the week of Monday June 1, 2026.
  for (const entry of [
    { date: '2026-06-02', minutes: 120, billable: true },
    { date: '2026-06-03', minutes: 30, billable: false },
  ]) {
    await callAs(page, timeEntryEndpoints.create, { body: { recordType: 'task', recordId: task.task.id, ...entry } });
  }

  // The advisor submits the week from its Timesheet; its entries lock.
  let week = await juneWeekRow(page, organization.name);
  await week.getByRole('button', { name: 'Submit Week of Jun 1, 2026 for approval' }).click();
  await confirm(page, 'Submit', `Submit the week of Jun 1, 2026 in ${organization.name} for approval?`);
  await expect(page.getByText('Time submitted for approval')).toBeVisible();
  await expect(week).toContainText('Waiting for approval');
  await page.goto(task.path);
  const entries = main(page).getByRole('table', { name: 'Time entries' });
  await expect(entries.getByRole('img', { name: LOCKED })).toHaveCount(2);
  await expect(entries.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);

  // The org_admin finds it waiting and returns it with a comment.
  const context = await browser.newContext();
  const orgAdmin = await context.newPage();
  await signIn(orgAdmin, organization.orgAdmin);
  await sidebar(orgAdmin).getByRole('link', { name: 'Hours and Invoices', exact: true }).click();
  await expect(orgAdmin.getByRole('heading', { name: 'Hours and Invoices', level: 1 })).toBeVisible();
  const waiting = main(orgAdmin).getByRole('article', { name: 'Paula Ledger, Week of Jun 1, 2026' });
  await expect(waiting).toContainText('2 h 30 min in all, 2 h billable');
  await expect(waiting).toContainText('Waiting for approval');
  await waiting.getByRole('button', { name: 'Return' }).click();
  const returning = orgAdmin.getByRole('dialog', { name: 'Return time' });
  // The comment is required.
  await returning.getByRole('button', { name: 'Return' }).click();
  await expect(returning).toContainText('Say what needs changing');
  await returning.getByLabel('What needs changing').fill('Add a note to the Tuesday hours');
  await returning.getByRole('button', { name: 'Return' }).click();
  await expect(returning).toBeHidden();
  await expect(orgAdmin.getByText('Time returned to the advisor')).toBeVisible();
  await expect(main(orgAdmin)).toContainText('Nothing waiting for approval');

  // The advisor reads the comment on its Timesheet and submits the week again.
  week = await juneWeekRow(page, organization.name);
  await expect(week).toContainText('Returned');
  await expect(week).toContainText('Add a note to the Tuesday hours');
  await week.getByRole('button', { name: 'Submit again: Week of Jun 1, 2026' }).click();
  await confirm(page, 'Submit');
  await expect(week).toContainText('Waiting for approval');
  await expect(week).not.toContainText('Add a note to the Tuesday hours');

  // The org_admin approves it, then sets the advisor's hourly rate and the tax rate.
  await orgAdmin.reload();
  await waiting.getByRole('button', { name: 'Approve' }).click();
  await expect(orgAdmin.getByText('Time approved')).toBeVisible();
  await main(orgAdmin).getByRole('combobox', { name: 'Status' }).click();
  await orgAdmin.getByRole('option', { name: 'Approved' }).click();
  await expect(waiting).toContainText(`Approved by ${organization.orgAdmin.name}`);
  await expect(waiting.getByRole('button', { name: 'Reopen' })).toBeVisible();

  await main(orgAdmin).getByRole('tab', { name: 'Rates and tax' }).click();
  await expect(orgAdmin).toHaveURL(/tab=rates/);
  const terms = main(orgAdmin).getByRole('form', { name: 'Currency and tax' });
  await terms.getByRole('textbox', { name: 'Tax rate' }).fill('7.5');
  await terms.getByRole('button', { name: 'Save' }).click();
  await expect(orgAdmin.getByText('Invoice settings saved')).toBeVisible();
  const addRate = main(orgAdmin).getByRole('form', { name: 'Add rate' });
  await pickOption(addRate, 'Advisor', 'Paula Ledger');
  const amount = addRate.getByRole('textbox', { name: 'Hourly rate' });
  await amount.fill('90.123');
  await addRate.getByRole('button', { name: 'Add rate' }).click();
  await expect(addRate).toContainText('Enter an hourly rate in the currency');
  await amount.fill('90');
  await addRate.getByLabel('From').fill('2026-06-01');
  await addRate.getByRole('button', { name: 'Add rate' }).click();
  await expect(orgAdmin.getByText('Rate saved')).toBeVisible();
  const rates = main(orgAdmin).getByRole('group', { name: 'Hourly rates' });
  await expect(rates.getByRole('row', { name: /Paula Ledger/ })).toContainText('$90.00');
  await expect(rates.getByRole('row', { name: /Paula Ledger/ })).toContainText('06/01/2026');
  // An org_admin reads its organization's invoices; its advisors draw them up.
  await main(orgAdmin).getByRole('tab', { name: 'Invoices' }).click();
  await expect(main(orgAdmin)).toContainText('No invoices yet');
  await expect(main(orgAdmin).getByRole('button', { name: 'New invoice draft' })).toHaveCount(0);

  // The advisor draws up June's invoice: 2 billable hours at $90.00, 7.5 % tax.
  await sidebar(page).getByRole('link', { name: 'Hours and Invoices', exact: true }).click();
  await main(page).getByRole('tab', { name: 'Invoices' }).click();
  await main(page).getByRole('button', { name: 'New invoice draft' }).click();
  const newDraft = page.getByRole('dialog', { name: 'New invoice draft' });
  // Its one organization is chosen; the month is last month's until another is picked.
  await expect(newDraft.getByRole('combobox', { name: 'Organization' })).toHaveValue(organization.name);
  await pickOption(newDraft, 'Month', 'June 2026', 'June 2026');
  await newDraft.getByRole('button', { name: 'Start draft' }).click();
  await expect(page.getByRole('heading', { name: 'Invoice draft', level: 1 })).toBeVisible();
  await expect(main(page)).toContainText(`${organization.name} · June 2026`);
  const lines = main(page).getByRole('group', { name: 'Invoice lines and totals' });
  const line = lines.getByRole('row', { name: new RegExp(taskTitle) });
  await expect(line).toContainText('Paula Ledger');
  await expect(line).toContainText('2 h');
  await expect(line).toContainText('$90.00');
  await expect(line).toContainText('$180.00');
  await expect(lines.getByRole('row', { name: /^Tax \(7\.5 %\)/ })).toContainText('$13.50');
  await expect(lines.getByRole('row', { name: /^Total/ })).toContainText('$193.50');

  await main(page).getByRole('button', { name: 'Issue invoice' }).click();
  await confirm(page, 'Issue', 'Issuing fixes its lines and gives it the next number');
  await expect(page.getByText('Invoice issued')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'INV-0001', level: 1 })).toBeVisible();
  await expect(lines.getByRole('row', { name: /^Total/ })).toContainText('$193.50');
  await expect(main(page).getByRole('button', { name: 'Issue invoice' })).toHaveCount(0);
  await expect(main(page).getByRole('button', { name: 'PDF' })).toBeVisible();

  // The org_admin finds it issued in its list.
  await orgAdmin.reload();
  const issued = main(orgAdmin).getByRole('link', { name: `INV-0001 for ${organization.name}, June 2026` });
  await expect(issued).toBeVisible();
  await expect(main(orgAdmin).getByRole('row', { name: /INV-0001/ })).toContainText('$193.50');
  await context.close();
});

test("the demo's Acme terms and time: its org_admin sees the tax and the advisor's rate, and last month waiting for it", async ({
  page,
}) => {
  // Read only: the demo's records are shared by every test.
  await signIn(page, accounts.orgAdmin);
  await page.goto('/dashboard/invoicing?tab=rates');
  const terms = main(page).getByRole('form', { name: 'Currency and tax' });
  await expect(terms.getByRole('textbox', { name: 'Tax rate' })).toHaveValue('8.25');
  // Fixed while rates are set in it.
  await expect(terms.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD');
  await expect(terms.getByRole('combobox', { name: 'Currency' })).toBeDisabled();
  await expect(
    main(page)
      .getByRole('group', { name: 'Hourly rates' })
      .getByRole('row', { name: /Priya Raman/ }),
  ).toContainText('$150.00');

  await main(page).getByRole('tab', { name: 'Approvals' }).click();
  const today = new Date();
  const lastMonth = new Date(today.getFullYear(), today.getMonth() - 1, 1).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
  });
  const waiting = main(page).getByRole('article', { name: `Priya Raman, ${lastMonth}` });
  await expect(waiting).toContainText('Waiting for approval');
  await expect(waiting.getByRole('button', { name: 'Approve' })).toBeVisible();
});
