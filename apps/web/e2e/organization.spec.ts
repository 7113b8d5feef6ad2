import type { Page } from '@playwright/test';
import {
  exportEndpoints,
  objectiveEndpoints,
  pathOf,
  projectEndpoints,
  queryStringOf,
  taskEndpoints,
  userEndpoints,
} from '@smart/contracts';
import { expect, type TestOrganization, test } from './support/fixtures';
import { fillTogether } from './support/forms';
import { solidPng } from './support/png';
import { accounts, openFromProfileMenu, sidebar, signIn } from './support/session';
import { callAs, pickOption, uniqueName } from './support/structure';

function details(page: Page) {
  return page.getByRole('region', { name: 'Organization Details' });
}

/** Signs in as the organization's org_admin and opens its page from the menu. */
async function openOrganization(page: Page, organization: TestOrganization) {
  await signIn(page, organization.orgAdmin);
  await openFromProfileMenu(page, 'Organization Details', /\/dashboard\/organization$/);
  await expect(page.getByRole('heading', { name: organization.name, level: 1 })).toBeVisible();
}

test.describe('organization page', () => {
  test('an edit is saved, leaves edit mode and is still there after a reload', async ({ page, organization }) => {
    await openOrganization(page, organization);
    await expect(page.getByText('Organization', { exact: true })).toBeVisible(); // the badge
    const description = `Precision tools for workshops, revision ${Date.now().toString(36)}`;

    await details(page).getByRole('button', { name: 'Edit' }).click();
    await details(page).getByLabel('Description').fill(description);
    await details(page).getByRole('button', { name: 'Save' }).click();

    await expect(details(page).getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(details(page).getByText(description)).toBeVisible();

    await page.reload();
    await expect(details(page).getByText(description)).toBeVisible();
    await expect(details(page).getByText(organization.contact.email)).toBeVisible();

    // The change is in the organization's audit log: who, which setting, the new value.
    // The My Profile group is open on the organization's page.
    await sidebar(page).getByRole('link', { name: 'Audit Log', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/audit-log$/);
    const log = page.getByRole('table', { name: 'Audit log' });
    const line = log.getByRole('row').filter({ hasText: 'Organization settings changed' }).first();
    await expect(line).toContainText('Description');
    await expect(line).toContainText(description);
    await line.getByRole('button', { name: organization.orgAdmin.name }).click();
    await expect(page).toHaveURL(/actorId=/);
    await expect(page.getByRole('button', { name: "Show everyone's changes" })).toBeVisible();
    await expect(log.getByRole('row').filter({ hasText: 'Organization settings changed' }).first()).toBeVisible();

    // Days that end before they start are said under the field, not fetched into an error; both
    // days count when typed before the page renders again.
    await fillTogether(page, { From: '2026-03-10', To: '2026-03-01' });
    await expect(page).toHaveURL(/from=2026-03-10&to=2026-03-01/);
    await expect(page.getByText('The end of the range must not be before its start')).toBeVisible();
    await expect(log).toBeHidden();
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  });

  test('every invalid field shows at once, a phone of letters too, and nothing is sent', async ({
    page,
    organization,
  }) => {
    await openOrganization(page, organization);
    const saves: string[] = [];
    page.on('request', (request) => request.method() === 'PUT' && saves.push(request.url()));

    await details(page).getByRole('button', { name: 'Edit' }).click();
    await details(page).getByLabel('Organization Name').fill('   ');
    await details(page).getByLabel('Email Address').fill('contact.acme.example.com');
    await details(page).getByLabel('Telephone Number').fill('abc');
    await details(page).getByRole('button', { name: 'Save' }).click();

    await expect(details(page).getByLabel('Organization Name')).toHaveAccessibleDescription(
      'Organization name is required',
    );
    await expect(details(page).getByLabel('Email Address')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    await expect(details(page).getByLabel('Telephone Number')).toHaveAccessibleDescription(
      'Please enter a valid phone number: digits, spaces and + ( ) - only, at least 6 digits',
    );
    expect(saves).toEqual([]);

    // Fixing a field clears its message; the others stay until they are fixed.
    await details(page).getByLabel('Telephone Number').fill('+1 (312) 555-0142');
    await expect(details(page).getByLabel('Telephone Number')).not.toHaveAccessibleDescription(/phone/);
    await expect(details(page).getByLabel('Email Address')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
  });

  test('a validation error shows under its field, and Cancel restores the saved values', async ({
    page,
    organization,
  }) => {
    await openOrganization(page, organization);

    await details(page).getByRole('button', { name: 'Edit' }).click();
    await details(page).getByLabel('Website').fill('not a website');
    await details(page).getByLabel('Telephone Number').fill('+1 (312) 555-0199');
    await details(page).getByRole('button', { name: 'Save' }).click();

    await expect(details(page).getByLabel('Website')).toHaveAccessibleDescription(
      'Please enter a valid website address',
    );
    await expect(details(page).getByRole('button', { name: 'Save' })).toBeVisible(); // still editing

    await details(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(details(page).getByText(organization.contact.website)).toBeVisible();
    await expect(details(page).getByText(organization.contact.phone)).toBeVisible();
    await expect(details(page).getByText('+1 (312) 555-0199')).toHaveCount(0);
  });

  test('an uploaded logo replaces the placeholder', async ({ page, organization }) => {
    await openOrganization(page, organization);
    const logo = page.getByRole('img', { name: `${organization.name} logo` });

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload Logo' }).click();
    await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(24, [200, 80, 40]) });

    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute('src', /^\/api\/files\//);
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(24);
    await page.reload();
    await expect(page.getByRole('img', { name: `${organization.name} logo` })).toBeVisible();
  });

  test('the billing page is reached from the organization page and counts the active members', async ({
    page,
    organization,
  }) => {
    await organization.addPerson('Marcus', 'Bell');
    await openOrganization(page, organization);

    await page.getByRole('link', { name: 'Subscription and Billing' }).click();
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
    await expect(page.getByRole('heading', { name: 'Subscription and Billing', level: 1 })).toBeVisible();

    const subscription = page.getByRole('tabpanel', { name: 'Subscription' });
    await expect(page.getByRole('tab', { name: 'Subscription' })).toHaveAttribute('aria-selected', 'true');
    await expect(subscription.getByText('Professional')).toBeVisible();
    await expect(subscription.getByText(organization.name)).toBeVisible();
    // Olivia (the org_admin) and Marcus, on a plan of 25 seats.
    const figure = (label: string) => subscription.getByText(label, { exact: true }).locator('xpath=..');
    await expect(figure('Users')).toHaveText('Users2');
    await expect(figure('Available seats')).toHaveText('Available seats23');
    // Its storage: nothing uploaded yet, against the default quota of 5,120 MB.
    await expect(subscription.getByText('0 KB of 5 GB used')).toBeVisible();
    await expect(subscription.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute('aria-valuenow', '0');
    // The billing buttons ask the platform: each opens the support dialog filled in as a billing request.
    await page.getByRole('button', { name: 'Add User Seats' }).click();
    const request = page.getByRole('dialog', { name: 'Create Support Ticket' });
    await expect(request.getByLabel('Subject')).toHaveValue(`Add user seats for ${organization.name}`);
    await expect(request.getByLabel('Description')).toHaveValue(/2 of 25 seats are in use/);
    await expect(request.getByLabel('Category', { exact: true })).toHaveValue('Billing');
    await page.keyboard.press('Escape');
    await expect(request).toBeHidden();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(request.getByLabel('Subject')).toHaveValue(`Cancel the subscription of ${organization.name}`);
    await page.keyboard.press('Escape');
    await expect(request).toBeHidden();

    await page.getByRole('tab', { name: 'Payment Methods' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Payment Methods' })).toHaveText('No payment methods on file.');
    await page.getByRole('tab', { name: 'Billing History' }).click();
    const history = page.getByRole('tabpanel', { name: 'Billing History' });
    await expect(history).toContainText('No subscription invoices yet.');
    await history.getByRole('link', { name: 'Hours and Invoices' }).click();
    await expect(page).toHaveURL(/\/dashboard\/invoicing$/);
  });

  test("the admin sets an organization's seats; its org_admin sees them on the Billing page and cannot change them", async ({
    browser,
    page,
    organization,
  }) => {
    await signIn(page, accounts.admin);
    await page.goto('/dashboard/organization');
    await pickOption(page.getByRole('main'), 'Organization', organization.name, organization.name);
    await details(page).getByRole('button', { name: 'Edit' }).click();
    await details(page).getByRole('textbox', { name: 'Seats' }).fill('3');
    await details(page).getByRole('button', { name: 'Save' }).click();
    await expect(details(page).getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(details(page).getByText('Seats', { exact: true }).locator('xpath=..')).toHaveText('Seats3');

    const owner = await (await browser.newContext()).newPage();
    await signIn(owner, organization.orgAdmin);
    await owner.goto('/dashboard/billing');
    const subscription = owner.getByRole('tabpanel', { name: 'Subscription' });
    await expect(subscription.getByText('3 seats', { exact: true })).toBeVisible();
    const figure = (label: string) => subscription.getByText(label, { exact: true }).locator('xpath=..');
    await expect(figure('Users')).toHaveText('Users1');
    await expect(figure('Available seats')).toHaveText('Available seats2');
    // Its org_admin edits the organization's details, never its seats.
    await owner.goto('/dashboard/organization');
    await details(owner).getByRole('button', { name: 'Edit' }).click();
    await expect(details(owner).getByLabel('Description')).toBeVisible();
    await expect(details(owner).getByRole('textbox', { name: 'Seats' })).toHaveCount(0);
    await owner.context().close();
  });
});

test.describe('audit log', () => {
  test("speaks the app's words, and keeps exports apart from changes, counting repeats", async ({
    page,
    organization,
  }) => {
    const person = await organization.addPerson('Rhea', 'Stone');
    await signIn(page, organization.orgAdmin);
    // Changes and exports made with the org_admin's session, as its pages would make them.
    const project = await callAs(page, projectEndpoints.create, {
      body: { title: uniqueName('Ledger'), organizationId: organization.id },
    });
    const objective = await callAs(page, objectiveEndpoints.create, {
      params: { id: project.id },
      body: { title: 'Close the books' },
    });
    const task = await callAs(page, taskEndpoints.create, {
      params: { id: objective.id },
      body: { title: uniqueName('Reconcile') },
    });
    await callAs(page, taskEndpoints.setStatus, { params: { id: task.id }, body: { status: 'in_progress' } });
    await callAs(page, taskEndpoints.setProgress, { params: { id: task.id }, body: { progress: 100 } });
    await callAs(page, userEndpoints.update, { params: { id: person.id }, body: { role: 'org_admin' } });
    // A CSV answer, which the typed caller does not read: fetched from its definition's path.
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const exportUrl = pathOf(exportEndpoints.tickets) + queryStringOf({ status: 'open' });
    for (let time = 0; time < 3; time += 1) {
      const response = await page.request.get(exportUrl, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status(), `GET ${exportUrl}: ${await response.text()}`).toBeLessThan(300);
    }

    await page.goto('/dashboard/audit-log');
    const log = page.getByRole('table', { name: 'Audit log' });
    const row = (what: string, change: string) =>
      log.getByRole('row').filter({ hasText: what }).filter({ hasText: change });
    await expect(row('Task status changed', 'Not Started → In Progress')).toBeVisible();
    // Progress 100 completes the task: a second status line.
    await expect(row('Task status changed', 'In Progress → Completed')).toBeVisible();
    await expect(row('Task progress changed', '0% → 100%')).toBeVisible();
    await expect(row('Role changed', 'User → Organization Admin')).toBeVisible();
    await expect(log).not.toContainText('in_progress');
    await expect(log).not.toContainText('org_admin');
    // The changes are the default view: the exports are one switch away, three as one line.
    await expect(log.getByRole('row').filter({ hasText: 'Data exported' })).toHaveCount(0);
    await page.getByRole('radiogroup', { name: 'Show' }).getByText('Exports', { exact: true }).click();
    await expect(page).toHaveURL(/view=exports/);
    await expect(page.getByRole('heading', { name: 'Exports (1)' })).toBeVisible();
    await expect(row('Data exported (3 times)', 'Status: open')).toBeVisible();
  });
});

test.describe('organization pages for a regular member', () => {
  test('have no menu entries and are denied by address', async ({ page }) => {
    await signIn(page, accounts.member);
    await sidebar(page).getByRole('button', { name: 'My Profile' }).click();
    await expect(sidebar(page).getByRole('link', { name: 'Personal Info' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Organization Details' })).toHaveCount(0);

    for (const path of ['/dashboard/organization', '/dashboard/billing']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Acme Corp' })).toHaveCount(0);
    }
  });
});
