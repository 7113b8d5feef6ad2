import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, type TestOrganization, test } from './support/fixtures';
import { accounts, fillSignIn, openFromProfileMenu, sidebar, signIn } from './support/session';

interface NewMember {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A person no other test knows, so runs against one server never collide. */
function newMember(): NewMember {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: 'Test',
    lastName: `Member ${suffix}`,
    email: `test.member.${suffix}@e2e.example.com`,
    password: 'member-password-1',
  };
}

const fullName = (member: NewMember) => `${member.firstName} ${member.lastName}`;

function card(page: Page, name: string) {
  return page.getByRole('main').getByRole('article', { name });
}

async function memberCount(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { name: /^Team Members \(\d+\)$/ });
  await expect(heading).toBeVisible();
  return Number((await heading.textContent())?.match(/\((\d+)\)/)?.[1]);
}

/** Signs in as the organization's org_admin and opens Team Members from the menu. */
async function openTeamMembers(page: Page, organization: TestOrganization) {
  await signIn(page, organization.orgAdmin);
  await openFromProfileMenu(page, 'Team Members', /\/dashboard\/team$/);
  await expect(page.getByRole('heading', { name: organization.name, level: 1 })).toBeVisible();
}

/** By accessible name, exact: 'Password' must not match 'Confirm password', and the asterisk is not part of it. */
function field(dialog: Locator, label: string) {
  return dialog.getByRole('textbox', { name: label, exact: true });
}

async function fillNewMember(dialog: Locator, member: NewMember, confirmPassword = member.password) {
  await field(dialog, 'First name').fill(member.firstName);
  await field(dialog, 'Last name').fill(member.lastName);
  await field(dialog, 'Email').fill(member.email);
  await field(dialog, 'Password').fill(member.password);
  await field(dialog, 'Confirm password').fill(confirmPassword);
}

async function addMember(page: Page, member: NewMember) {
  await page.getByRole('button', { name: 'Add Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Team Member' });
  await fillNewMember(dialog, member);
  await dialog.getByRole('button', { name: 'Add Member' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, fullName(member))).toBeVisible();
}

/** Opens the Edit Team Member modal from a member's card. */
async function openEdit(page: Page, name: string) {
  await card(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  return page.getByRole('dialog', { name: 'Edit Team Member' });
}

async function canSignIn(browser: Browser, email: string, password: string): Promise<boolean> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await fillSignIn(page, email, password);
    const outcome = await Promise.race([
      page.waitForURL(/\/dashboard/).then(() => true),
      page
        .getByRole('alert')
        .waitFor()
        .then(() => false),
    ]);
    return outcome;
  } finally {
    await context.close();
  }
}

test.describe('team members', () => {
  test('the add-member form checks its fields in order, then adds the member', async ({ page, organization }) => {
    await organization.addDepartment('Engineering');
    await openTeamMembers(page, organization);
    const before = await memberCount(page);
    const member = newMember();

    await page.getByRole('button', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Team Member' });
    const alert = dialog.getByRole('alert');

    await field(dialog, 'First name').fill(member.firstName);
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(alert).toHaveText('Last name is required');

    // Editing a field clears the error.
    await field(dialog, 'Last name').fill(member.lastName);
    await expect(alert).toHaveCount(0);

    await fillNewMember(dialog, member, 'a-different-password');
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(alert).toHaveText('Passwords do not match');

    await field(dialog, 'Confirm password').fill(member.password);
    // The optional fields come after the required ones, as the server checks them.
    await field(dialog, 'Phone').fill('abc');
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(alert).toHaveText(
      'Please enter a valid phone number: digits, spaces and + ( ) - only, at least 6 digits',
    );
    await expect(field(dialog, 'Phone')).toHaveAttribute('aria-invalid', 'true');

    await field(dialog, 'Job title').fill('Quality Inspector');
    await dialog.getByRole('combobox', { name: 'Department' }).click();
    await page.getByRole('option', { name: 'Engineering' }).click();
    await field(dialog, 'Phone').fill('+1 (312) 555-0177');
    await dialog.getByRole('button', { name: 'Add Member' }).click();

    await expect(dialog.getByText('Team member added successfully!')).toBeVisible();
    await expect(field(dialog, 'First name')).toHaveValue('');
    await expect(dialog).toBeHidden(); // closes by itself shortly after

    const added = card(page, fullName(member));
    await expect(added).toBeVisible();
    await expect(added).toContainText('Quality Inspector');
    await expect(added).toContainText('Engineering');
    await expect(added).toContainText(member.email);
    await expect(added).toContainText('+1 (312) 555-0177');
    expect(await memberCount(page)).toBe(before + 1);
  });

  test('an org_admin imports members from a CSV file: the preview shows the problems, the fixed file goes in', async ({
    page,
    organization,
  }) => {
    await organization.addDepartment('Engineering');
    await openTeamMembers(page, organization);
    const before = await memberCount(page);
    const [ada, grace] = [newMember(), newMember()];
    const csv = (...rows: string[]) => ({
      name: 'members.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['First name,Last name,Email,Department,Role', ...rows].join('\r\n')),
    });

    await page.getByRole('button', { name: 'Import from CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Members from CSV' });
    const template = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download the template' }).click();
    expect((await readFile(await (await template).path())).toString()).toBe(
      'First name,Last name,Email,Job title,Department,Phone,Role\r\n',
    );

    // A file with problems: each shown on its row, and nothing can be imported.
    const file = dialog.locator('input[type="file"]');
    await file.setInputFiles(
      csv(
        `Ada,${ada.lastName},${ada.email},engineering,`,
        `Grace,${grace.lastName},${ada.email.toUpperCase()},Nowhere,admin`,
      ),
    );
    await expect(dialog.getByText('2 rows: 1 ready, 1 with problems.')).toBeVisible();
    const problemRow = dialog.getByRole('row').filter({ hasText: `Grace ${grace.lastName}` });
    await expect(problemRow).toContainText('Email: This email is already in row 2 of the file');
    await expect(problemRow).toContainText('Department: Department not found');
    await expect(problemRow).toContainText('Role: You may only add users or organization admins');
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

    // The file fixed: both rows ready, then imported together.
    await file.setInputFiles(
      csv(`Ada,${ada.lastName},${ada.email},engineering,`, `Grace,"${grace.lastName}",${grace.email},,org_admin`),
    );
    await expect(dialog.getByText('2 rows: 2 ready, 0 with problems.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import 2 members' }).click();
    await expect(dialog.getByText('2 members imported. Each was emailed a link to choose a password.')).toBeVisible();
    const report = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download report' }).click();
    const lines = (await readFile(await (await report).path())).toString().trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.endsWith(',added'))).toBe(true);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    await expect(card(page, `Ada ${ada.lastName}`)).toContainText('Engineering');
    await expect(card(page, `Grace ${grace.lastName}`)).toContainText(grace.email);
    expect(await memberCount(page)).toBe(before + 2);
  });

  test("a member's job title is edited, and a member is deactivated after confirmation", async ({
    page,
    browser,
    organization,
  }) => {
    await openTeamMembers(page, organization);
    const member = newMember();
    await addMember(page, member);
    const name = fullName(member);

    const dialog = await openEdit(page, name);
    await field(dialog, 'Job title').fill('Senior Quality Inspector');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, name)).toContainText('Senior Quality Inspector');
    await page.reload();
    await expect(card(page, name)).toContainText('Senior Quality Inspector');

    const before = await memberCount(page);
    await card(page, name)
      .getByRole('button', { name: `Deactivate ${name}` })
      .click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(`Deactivate ${name}?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, name)).toBeVisible();

    await card(page, name)
      .getByRole('button', { name: `Deactivate ${name}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(card(page, name)).toHaveCount(0);
    expect(await memberCount(page)).toBe(before - 1);

    expect(await canSignIn(browser, member.email, member.password)).toBe(false);
  });

  test('deactivated members are listed under Inactive and reactivated; they can sign in again', async ({
    page,
    browser,
    organization,
  }) => {
    const member = await organization.addPerson('Ava', 'Martinez');
    await openTeamMembers(page, organization);
    const filter = (label: string) =>
      page.getByRole('radiogroup', { name: 'Show members' }).getByText(label, { exact: true });
    await filter('Inactive').click();
    await expect(page).toHaveURL(/\?status=inactive$/);
    await expect(page.getByRole('heading', { name: 'Deactivated Members (0)' })).toBeVisible();
    await expect(page.getByText('No deactivated members')).toBeVisible();
    await expect(page.getByRole('button', { name: /Add Your First Member/ })).toHaveCount(0);

    await filter('Active').click();
    await card(page, member.name)
      .getByRole('button', { name: `Deactivate ${member.name}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(card(page, member.name)).toHaveCount(0);

    await filter('All').click();
    await expect(page.getByRole('heading', { name: 'All Members (2)' })).toBeVisible();
    await expect(card(page, member.name)).toContainText('Deactivated');
    await expect(card(page, organization.orgAdmin.name)).not.toContainText('Deactivated');

    await filter('Inactive').click();
    await page.reload(); // the filter lives in the address
    const inactive = card(page, member.name);
    await expect(page.getByRole('heading', { name: 'Deactivated Members (1)' })).toBeVisible();
    await expect(inactive.getByRole('button', { name: `Edit ${member.name}` })).toHaveCount(0);
    await inactive.getByRole('button', { name: `Reactivate ${member.name}` }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(
      `Reactivate ${member.name}? They will be able to sign in again with their password.`,
    );
    await confirm.getByRole('button', { name: 'Reactivate' }).click();
    await expect(page.getByText('Team member reactivated')).toBeVisible();
    await expect(inactive).toHaveCount(0);
    await expect(page.getByText('No deactivated members')).toBeVisible();

    await filter('Active').click();
    await expect(card(page, member.name)).not.toContainText('Deactivated');
    expect(await canSignIn(browser, member.email, member.password)).toBe(true);
  });

  test('the edit form refuses a phone that is not one, under the field', async ({ page, organization }) => {
    const member = await organization.addPerson('Marcus', 'Bell');
    await openTeamMembers(page, organization);

    const dialog = await openEdit(page, member.name);
    await field(dialog, 'Phone').fill('call me');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(field(dialog, 'Phone')).toHaveAccessibleDescription(
      'Please enter a valid phone number: digits, spaces and + ( ) - only, at least 6 digits',
    );
    await field(dialog, 'Phone').fill('+1 (312) 555-0188');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, member.name)).toContainText('+1 (312) 555-0188');
  });

  test('no one can edit or deactivate their own card', async ({ page, organization }) => {
    const { orgAdmin } = organization;
    const member = await organization.addPerson('Marcus', 'Bell');
    await openTeamMembers(page, organization);
    const own = card(page, orgAdmin.name);
    await expect(own).toContainText(orgAdmin.email);
    await expect(own.getByRole('button')).toHaveCount(0);
    await expect(card(page, member.name).getByRole('button', { name: `Edit ${member.name}` })).toBeVisible();
  });
});

test.describe('team members for a regular member', () => {
  test('have no menu entry and are denied by address', async ({ page }) => {
    await signIn(page, accounts.member);
    await sidebar(page).getByRole('button', { name: 'My Profile' }).click();
    await expect(sidebar(page).getByRole('link', { name: 'Personal Info' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Team Members' })).toHaveCount(0);

    await page.goto('/dashboard/team');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
  });
});
