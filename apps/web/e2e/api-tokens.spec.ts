import type { Browser, Page } from '@playwright/test';
import { expect, type Person, test } from './support/fixtures';
import { accounts, openFromProfileMenu, signIn } from './support/session';
import { uniqueName } from './support/structure';

/** Someone else at another browser, signed in. */
async function signedInPage(browser: Browser, who: string | Person): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who);
  return page;
}

/** A program's request with a token: a ticket raised through the API. */
function raiseTicket(page: Page, secret: string, title: string) {
  return page.request.post('/api/tickets', {
    headers: { Authorization: `Bearer ${secret}` },
    data: { title, description: 'Sent from the website form.' },
  });
}

const tokenRow = (page: Page, name: string) => page.getByRole('main').getByRole('row').filter({ hasText: name });

test.describe('API tokens', () => {
  test('a member makes a tickets:write token, copies its secret and a program raises a ticket with it; revoked, the program is refused; an org_admin makes an organization token; the admin sees both', async ({
    page,
    browser,
    organization,
  }) => {
    test.setTimeout(90_000);
    const member = await organization.addPerson('Mia', 'Member');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, member);
    await openFromProfileMenu(page, 'API Tokens', /\/dashboard\/api-tokens$/);
    await expect(page.getByRole('heading', { name: 'No tokens yet' })).toBeVisible();

    // Create: a name, the default expiry, Tickets: Write.
    const name = uniqueName('Form bridge');
    await page.getByRole('button', { name: 'Create token' }).click();
    const create = page.getByRole('dialog', { name: 'New API token' });
    await create.getByLabel('Name').fill(name);
    await expect(create.getByRole('combobox', { name: 'Expires in' })).toHaveValue('90 days (recommended)');
    await create.getByRole('radiogroup', { name: 'Tickets' }).getByText('Write').click();
    await create.getByRole('button', { name: 'Create token' }).click();

    // The secret, once: copied from the page as a person would.
    await expect(create.getByText("you won't see it again")).toBeVisible();
    await create.getByRole('button', { name: 'Copy' }).click();
    await expect(create.getByRole('button', { name: 'Copied' })).toBeVisible();
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toMatch(/^smart_pat_\w+$/);
    await create.getByRole('button', { name: 'Done' }).click();
    await expect(create).toBeHidden();
    const row = tokenRow(page, name);
    await expect(row.getByText('Tickets: write')).toBeVisible();
    await expect(row.getByText('Never used')).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    // A program raises a ticket with it, and the member finds it in the app.
    const title = uniqueName('Raised by the form bridge');
    const raised = await raiseTicket(page, secret, title);
    expect(raised.status(), await raised.text()).toBe(201);
    await page.goto('/dashboard/tickets');
    await expect(page.getByRole('main').getByText(title)).toBeVisible();

    // Revoked, the same request is refused.
    await page.goto('/dashboard/api-tokens');
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Revoke token' }).click();
    await expect(row.getByText(/^Revoked/)).toBeVisible();
    await expect(row.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);
    const refused = await raiseTicket(page, secret, uniqueName('Too late'));
    expect(refused.status()).toBe(401);

    // The org_admin makes an organization token from the organization page.
    const owner = await signedInPage(browser, organization.orgAdmin);
    await owner.goto('/dashboard/organization');
    await owner.getByRole('link', { name: 'Manage API tokens' }).click();
    await expect(owner.getByRole('heading', { name: 'Organization API tokens' })).toBeVisible();
    await expect(owner.getByText('service identity')).toBeVisible();
    const service = uniqueName('Nightly export');
    await owner.getByRole('button', { name: 'Create token' }).click();
    const organizationCreate = owner.getByRole('dialog', { name: 'New organization token' });
    await organizationCreate.getByLabel('Name').fill(service);
    await organizationCreate.getByRole('radiogroup', { name: 'Exports' }).getByText('Read').click();
    await organizationCreate.getByRole('button', { name: 'Create token' }).click();
    await expect(organizationCreate.getByLabel('Token secret')).toContainText('smart_pat_');
    await organizationCreate.getByRole('button', { name: 'Done' }).click();
    await expect(tokenRow(owner, service).getByText(`Made by ${organization.orgAdmin.name}`)).toBeVisible();

    // The admin finds both among the organization's tokens (the revoked one once revoked ones show).
    const admin = await signedInPage(browser, accounts.admin);
    await admin.goto(`/dashboard/all-api-tokens?organizationId=${organization.id}`);
    await expect(tokenRow(admin, service)).toBeVisible();
    await expect(tokenRow(admin, name)).toHaveCount(0);
    // The switch is the address's: it shows checked once the router has shown the new address.
    const showRevoked = admin.getByRole('switch', { name: 'Show revoked' });
    await showRevoked.click();
    await expect(showRevoked).toBeChecked();
    await expect(admin).toHaveURL(/revoked=true/);
    await expect(tokenRow(admin, name).getByText(/^Revoked/)).toBeVisible();
    await expect(tokenRow(admin, name).getByText(member.email, { exact: false })).toBeVisible();
    await expect(tokenRow(admin, service).getByRole('button', { name: `Revoke ${service}` })).toBeVisible();
  });
});
