import type { Browser, Page } from '@playwright/test';
import { advisorEndpoints, organizationEndpoints } from '@smart/contracts';
import { expect, test } from './support/fixtures';
import { accounts, DEMO_PASSWORD, sidebar, signIn } from './support/session';
import { pickOption, uniqueName } from './support/structure';

/** The demo advisor without assignments and the demo organization without an advisor (the seed's). */
const SOFIA = { email: 'sofia.reyes@smart.example.com', name: 'Sofia Reyes' };
const INITECH = 'Initech';

async function openAdvisors(page: Page) {
  await sidebar(page).getByRole('link', { name: 'S.M.A.R.T. Advisors' }).click();
  await expect(page.getByRole('heading', { name: 'S.M.A.R.T. Advisors', level: 1 })).toBeVisible();
  await expect(page.getByText('Manage and assign S.M.A.R.T. Advisors to organizations')).toBeVisible();
}

async function openMyOrganizations(page: Page) {
  await sidebar(page).getByRole('link', { name: 'Organizations' }).click();
  await expect(page.getByText("Organizations you're assigned to as a S.M.A.R.T. Advisor")).toBeVisible();
}

/** A second person at another browser, signed in (the admin and the advisor work side by side). */
async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return page;
}

const advisorCard = (page: Page, name: string) => page.getByRole('main').getByRole('article', { name });

test.describe('S.M.A.R.T. Advisors', () => {
  test('the admin assigns an advisor through the dialog; the advisor finds the organization with Open Messenger, disabled once deactivated', async ({
    page,
    browser,
    adminApi,
  }) => {
    // The one test that changes these two demo records; it first undoes a previous run's assignment,
    // so it also passes against a server that has already run it (E2E_BASE_URL).
    const advisors = await adminApi.call(advisorEndpoints.list, {});
    const sofiaId = advisors.find((advisor) => advisor.email === SOFIA.email)?.id;
    const [initech] = (await adminApi.call(organizationEndpoints.list, { query: { search: INITECH } })).data;
    expect(initech && sofiaId, 'the demo data holds Initech and Sofia').toBeTruthy();
    await adminApi.deleteIfPresent(advisorEndpoints.removeAssignment, {
      params: { orgId: initech?.id ?? '', advisorId: sofiaId ?? '' },
    });

    await signIn(page, accounts.admin);
    await openAdvisors(page);
    const card = advisorCard(page, SOFIA.name);
    await expect(card).toContainText('Not assigned to any organization yet');

    await card.getByRole('button', { name: 'Assign to Org' }).click();
    const dialog = page.getByRole('dialog', { name: `Assign ${SOFIA.name} to Organization` });
    await dialog.getByRole('button', { name: 'Assign Advisor' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please select an organization');
    // The platform's own organization is never offered (the one named 'smart').
    await dialog.getByRole('combobox', { name: 'Organization' }).click();
    await expect(page.getByRole('option', { name: /Initech/ })).toContainText('Software for banks');
    await expect(page.getByRole('option', { name: /^SMART/i })).toHaveCount(0);
    await pickOption(dialog, 'Organization', /Initech/, INITECH);
    await dialog.getByRole('button', { name: 'Assign Advisor' }).click();
    await expect(dialog).toBeHidden();
    const assignment = card.getByRole('listitem', { name: INITECH });
    await expect(assignment).toContainText('Active');
    await expect(assignment).toContainText(/Assigned [A-Z][a-z]{2} \d{1,2}, \d{4}/);

    const sofia = await signedInPage(browser, SOFIA.email);
    await openMyOrganizations(sofia);
    const organization = advisorCard(sofia, INITECH);
    await expect(organization).toContainText('S.M.A.R.T. Advisor Assignment');
    await expect(organization).toContainText('Active');
    // Active: Open Messenger links to the organization's conversation (messenger.spec.ts follows it).
    await expect(organization.getByRole('link', { name: 'Open Messenger' })).toHaveAttribute(
      'href',
      `/dashboard/messenger?org=${initech?.id}`,
    );

    await card.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Advisor details' });
    await details.getByRole('button', { name: `Deactivate ${INITECH}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText(`Deactivate ${SOFIA.name} in ${INITECH}?`);
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(confirm).toBeHidden();
    // The drawer follows the change: the assignment is inactive and may be activated again.
    await expect(details.getByRole('listitem', { name: INITECH })).toContainText('Inactive');
    await expect(details.getByRole('button', { name: `Activate ${INITECH}` })).toBeVisible();

    await sofia.reload();
    await expect(organization).toContainText('Inactive');
    await expect(organization.getByRole('button', { name: 'Open Messenger' })).toBeDisabled();
    await expect(organization.getByRole('link', { name: 'Open Messenger' })).toHaveCount(0);
    await sofia.context().close();
  });

  test('the admin adds an advisor, assigns it, removes the assignment after a confirmation and edits its profile', async ({
    page,
    organization,
  }) => {
    const firstName = uniqueName('Ada').replace(' ', '');
    const email = `${firstName.toLowerCase()}@e2e.example.com`;
    await signIn(page, accounts.admin);
    await openAdvisors(page);

    await page.getByRole('button', { name: 'Add Advisor' }).click();
    const form = page.getByRole('dialog', { name: 'Add S.M.A.R.T. Advisor' });
    await form.getByRole('button', { name: 'Add Advisor' }).click();
    await expect(form.getByRole('alert')).toHaveText('First name is required');
    await form.getByRole('textbox', { name: 'First name' }).fill(firstName);
    await form.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('advisor-password');
    await form.getByRole('textbox', { name: 'Confirm password' }).fill('advisor-password');
    const specialties = form.getByRole('combobox', { name: 'Specialties' });
    await specialties.fill('Analytics');
    await specialties.press('Enter');
    await specialties.fill('Pricing');
    await specialties.press('Enter');
    await form.getByRole('button', { name: 'Add Advisor' }).click();
    await expect(form).toBeHidden();

    const card = advisorCard(page, `${firstName} Lovelace`);
    await expect(card).toContainText(email);
    await expect(card.getByRole('group', { name: 'Specialties' })).toHaveText(/Analytics\s*Pricing/);
    await expect(card).toContainText('No experience listed');
    await expect(card).toContainText('SMART');

    await card.getByRole('button', { name: 'Assign to Org' }).click();
    const dialog = page.getByRole('dialog', { name: `Assign ${firstName} Lovelace to Organization` });
    await pickOption(dialog, 'Organization', organization.name, organization.name);
    await dialog.getByRole('button', { name: 'Assign Advisor' }).click();
    // Said in a toast, as the app's other actions are (the dialog closed without a word).
    await expect(page.getByRole('status').filter({ hasText: 'is now assigned to' })).toHaveText(
      `${firstName} Lovelace is now assigned to ${organization.name}.`,
    );
    await expect(card.getByRole('listitem', { name: organization.name })).toContainText('Active');

    await card.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Advisor details' });
    await details.getByRole('button', { name: `Remove ${organization.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    // Escape answers the confirmation only; the drawer stays.
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(details).toBeVisible();
    await details.getByRole('button', { name: `Remove ${organization.name}` }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(details).toContainText('Not assigned to any organization yet');

    // The admin edits the advisor's profile from the drawer; the card follows.
    await details.getByRole('button', { name: 'Edit profile' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit advisor profile' });
    await edit.getByRole('combobox', { name: 'Specialties' }).fill('Hiring');
    await edit.getByRole('combobox', { name: 'Specialties' }).press('Enter');
    await edit.getByRole('textbox', { name: 'Experience' }).fill('Twenty years in retail');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(details).toContainText('Twenty years in retail');
    await page.keyboard.press('Escape');
    await expect(card).toContainText('Not assigned to any organization yet');
    await expect(card.getByRole('group', { name: 'Specialties' })).toHaveText(/Analytics\s*Pricing\s*Hiring/);
    await expect(card).toContainText('Twenty years in retail');
  });

  test('each advisor page is refused to the other roles with its own text', async ({ page }) => {
    await signIn(page, accounts.orgAdmin);
    await page.goto('/dashboard/smart-advisors');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access Smart Advisors management.")).toBeVisible();

    await page.goto('/dashboard/organizations');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  });
});
