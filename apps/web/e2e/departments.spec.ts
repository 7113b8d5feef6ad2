import type { Page } from '@playwright/test';
import { departmentEndpoints, teamEndpoints, userEndpoints } from '@smart/contracts';
import { expect, test } from './support/fixtures';
import { solidPng } from './support/png';
import { accounts, openFromProfileMenu, sidebar, signIn } from './support/session';
import { callAs, cardWithLink, loadUntilShown, pickOption, uniqueName } from './support/structure';

/** From anywhere in the app, as a signed-in user of the organization: the Departments entry of the My Profile group. */
async function openDepartments(page: Page, organizationName: string) {
  await openFromProfileMenu(page, 'Departments', /\/dashboard\/departments$/);
  await expect(page.getByRole('heading', { name: organizationName, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Departments \(\d+\)$/ })).toBeVisible();
}

/** Opens a department from its card on the Departments page. */
async function openDepartment(page: Page, name: string) {
  await cardWithLink(page, name).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test.describe('departments', () => {
  test('an org admin creates a department with a chosen icon and finds it in the list', async ({
    page,
    organization,
  }) => {
    await signIn(page, organization.orgAdmin);
    await openDepartments(page, organization.name);
    const name = uniqueName('Legal');

    await page.getByRole('button', { name: 'Create Department' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Department' });
    // The 19 named icons are offered with their labels; Users is the default.
    await expect(dialog.getByRole('radio')).toHaveCount(19);
    await expect(dialog.getByRole('radio', { name: 'Users' })).toBeChecked();

    // Save waits for a name and says so (a blank name once did nothing, silently).
    const save = dialog.getByRole('button', { name: 'Create Department' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription('A department needs a name.');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('   ');
    await expect(save).toBeDisabled();

    await dialog.getByRole('textbox', { name: 'Name' }).fill(`  ${name}  `);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Contracts and compliance');
    await dialog.getByRole('radio', { name: 'Science' }).click();
    await expect(dialog.getByRole('radio', { name: 'Science' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Create Department' }).click();

    await expect(dialog).toBeHidden();
    const card = cardWithLink(page, name);
    await expect(card).toContainText('0 teams and 0 team members');

    // The chosen icon was saved: the edit modal shows it picked.
    await card.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Department' });
    await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await expect(edit.getByRole('radio', { name: 'Science' })).toBeChecked();
    // Save is disabled while the name is blank.
    await edit.getByRole('textbox', { name: 'Name' }).fill('   ');
    await expect(edit.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  test('a single emoji can be the icon; anything else is refused in the form', async ({ page, organization }) => {
    await signIn(page, organization.orgAdmin);
    await openDepartments(page, organization.name);
    const name = uniqueName('Kitchen');

    await page.getByRole('button', { name: 'Create Department' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Department' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    const emoji = dialog.getByRole('textbox', { name: 'Or use an emoji' });
    await emoji.fill('ab');
    await expect(dialog.getByText('Choose one of the listed icons or a single emoji')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Department' }).click();
    await expect(dialog).toBeVisible();

    await emoji.fill('🍳');
    await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Create Department' }).click();
    await expect(dialog).toBeHidden();

    await cardWithLink(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    await expect(
      page.getByRole('dialog', { name: 'Edit Department' }).getByRole('textbox', { name: 'Or use an emoji' }),
    ).toHaveValue('🍳');
  });

  test('adds a person to the department on the People tab', async ({ page, organization }) => {
    const mia = await organization.addPerson('Mia', 'Thompson');
    await signIn(page, organization.orgAdmin);
    const department = await callAs(page, departmentEndpoints.create, { body: { name: uniqueName('Research') } });
    await openDepartments(page, organization.name);
    await openDepartment(page, department.name);

    await expect(page.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'People (0)' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Member to Department' });
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please select a user to add to the department');

    await pickOption(dialog, 'User', /^Mia Thompson/, 'Mia');
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog.getByText('User added to department successfully!')).toBeVisible();
    // The modal closes by itself after 1.5 s, and the list has reloaded.
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'People (1)' })).toBeVisible();
    const person = page.getByRole('main').getByRole('article', { name: 'Mia Thompson' });
    await expect(person).toContainText(mia.email);
    await expect(person).toContainText('User');

    // The picker leaves out people already in the department.
    await page.getByRole('button', { name: 'Add Member' }).click();
    await page.getByRole('combobox', { name: 'User' }).fill('Mia');
    await expect(page.getByRole('option', { name: /Mia Thompson/ })).toHaveCount(0);
  });

  test('the Add Member picker says which department each person would leave', async ({ page, organization }) => {
    const [from, to] = await Promise.all([
      organization.addDepartment('Archive'),
      organization.addDepartment('Library'),
    ]);
    const person = await organization.addPerson('Ruth', 'Mover', { departmentId: from.id });
    await signIn(page, organization.orgAdmin);
    await page.goto(`/dashboard/departments/${to.id}`);

    await page.getByRole('button', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Member to Department' });
    await dialog.getByRole('combobox', { name: 'User' }).fill('Mover');
    const option = page.getByRole('option', { name: /^Ruth Mover/ });
    await expect(option).toContainText('Now in Archive');
    await expect(page.getByRole('option', { name: /^Marcus Bell/ })).toHaveCount(0); // filtered by the server
    await option.click();
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('main').getByRole('article', { name: person.name })).toBeVisible();
  });

  test('creates a team on the Teams tab, manages its members, then removes it from the department', async ({
    page,
    organization,
  }) => {
    const { email: avaEmail } = await organization.addPerson('Ava', 'Martinez');
    await signIn(page, organization.orgAdmin);
    const department = await callAs(page, departmentEndpoints.create, { body: { name: uniqueName('Support') } });
    await openDepartments(page, organization.name);
    await openDepartment(page, department.name);
    await page.getByRole('tab', { name: 'Teams' }).click();
    await expect(page.getByRole('heading', { name: 'Teams (0)' })).toBeVisible();

    // Create Team: the name is required.
    const teamName = uniqueName('Help Desk');
    await page.getByRole('button', { name: 'Create Team' }).click();
    const create = page.getByRole('dialog', { name: 'Create Team' });
    await create.getByRole('button', { name: 'Create Team' }).click();
    await expect(create.getByRole('alert')).toHaveText('Team name is required');
    await create.getByRole('textbox', { name: 'Team name' }).fill(teamName);
    await create.getByRole('textbox', { name: 'Description' }).fill('First-line customer questions');
    await create.getByRole('button', { name: 'Create Team' }).click();
    await expect(create).toBeHidden();

    const teamCard = cardWithLink(page, teamName);
    await expect(teamCard).toContainText('First-line customer questions');
    await expect(teamCard).toContainText('0 members');
    await expect(page.getByRole('heading', { name: 'Teams (1)' })).toBeVisible();

    // Open the team and add a member as Manager.
    await teamCard.getByRole('link', { name: teamName }).click();
    await expect(page).toHaveURL(/\/dashboard\/teams\/[\w-]+$/);
    await expect(page.getByRole('heading', { name: teamName, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: department.name })).toBeVisible();
    await expect(page.getByText('No team members yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add Member' }).click();
    const add = page.getByRole('dialog', { name: 'Add Team Member' });
    await expect(add.getByRole('combobox', { name: 'Role' })).toHaveValue('Member');
    await pickOption(add, 'User', /^Ava Martinez/, 'Ava');
    await pickOption(add, 'Role', 'Manager');
    await add.getByRole('button', { name: 'Add Member' }).click();
    await expect(page.getByText('Member added successfully!')).toBeVisible();
    await expect(add).toBeHidden();
    const ava = page.getByRole('main').getByRole('article', { name: 'Ava Martinez' });
    await expect(ava.getByText('Manager', { exact: true })).toBeVisible();
    await expect(ava).toContainText(avaEmail);

    // Remove the member: Cancel keeps it, confirming removes it.
    await ava.getByRole('button', { name: 'Remove Ava Martinez from the team' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText('Are you sure you want to remove this member from the team?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(ava).toBeVisible();
    await ava.getByRole('button', { name: 'Remove Ava Martinez from the team' }).click();
    await confirm.getByRole('button', { name: 'Remove Member' }).click();
    await expect(confirm).toBeHidden();
    await expect(ava).toBeHidden();
    await expect(page.getByText('No team members yet')).toBeVisible();

    // Back returns to the department's Teams tab; remove the team from the department.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('tab', { name: 'Teams' })).toHaveAttribute('aria-selected', 'true');
    await teamCard.getByRole('button', { name: `Remove ${teamName} from the department` }).click();
    await expect(confirm).toContainText('Are you sure you want to remove this team from the department?');
    await confirm.getByRole('button', { name: 'Remove Team' }).click();
    await expect(confirm).toBeHidden();
    await expect(teamCard).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Teams (0)' })).toBeVisible();

    // The team itself survives, now without a department.
    await sidebar(page).getByRole('link', { name: 'Teams', exact: true }).click();
    await expect(cardWithLink(page, teamName)).toBeVisible();
  });

  test('adds an existing team, and edits the department on the Details tab', async ({ page, organization }) => {
    await organization.addPerson('Sofia', 'Garcia');
    await signIn(page, organization.orgAdmin);
    const department = await callAs(page, departmentEndpoints.create, { body: { name: uniqueName('Logistics') } });
    const team = await callAs(page, teamEndpoints.create, { body: { name: uniqueName('Night Shift') } });
    await page.goto(`/dashboard/departments/${department.id}?tab=teams`);

    await page.getByRole('button', { name: 'Add Existing Team' }).click();
    const attach = page.getByRole('dialog', { name: 'Add Existing Team' });
    await attach.getByRole('button', { name: 'Add Team' }).click();
    await expect(attach.getByRole('alert')).toHaveText('Please select a team');
    await pickOption(attach, 'Team', team.name, team.name);
    await attach.getByRole('button', { name: 'Add Team' }).click();
    await expect(attach).toBeHidden();
    await expect(cardWithLink(page, team.name)).toBeVisible();

    // The picker now leaves that team out.
    await page.getByRole('button', { name: 'Add Existing Team' }).click();
    await attach.getByRole('combobox', { name: 'Team' }).fill(team.name);
    await expect(page.getByRole('option', { name: team.name })).toHaveCount(0);
    await attach.getByRole('heading', { name: 'Add Existing Team' }).click(); // closes the open list
    await attach.getByRole('button', { name: 'Cancel' }).click();
    await expect(attach).toBeHidden();

    await page.getByRole('tab', { name: 'Details' }).click();
    const details = page.getByRole('region', { name: 'Department Details' });
    await details.getByRole('button', { name: 'Edit Department' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Department' });
    await edit.getByRole('textbox', { name: 'Description' }).fill('Warehouses and deliveries');
    await pickOption(edit, 'Manager', /^Sofia Garcia/, 'Sofia');
    await edit.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page.getByText('Department updated successfully!')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(details).toContainText('Warehouses and deliveries');
    await expect(details).toContainText('Sofia Garcia');
  });

  test("saving a department's name keeps a manager who has since been deactivated", async ({ page, organization }) => {
    const manager = await organization.addPerson('Marta', 'Lopez');
    await signIn(page, organization.orgAdmin);
    const department = await callAs(page, departmentEndpoints.create, {
      body: { name: uniqueName('Audit'), manager: manager.id },
    });
    await callAs(page, userEndpoints.deactivate, { params: { id: manager.id } });

    await page.goto(`/dashboard/departments/${department.id}?tab=details`);
    const details = page.getByRole('region', { name: 'Department Details' });
    await details.getByRole('button', { name: 'Edit Department' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Department' });
    await edit.getByRole('textbox', { name: 'Name' }).fill(`${department.name} Office`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();

    // Back in the active members, Marta is still the department's manager.
    await callAs(page, userEndpoints.reactivate, { params: { id: manager.id } });
    const saved = await callAs(page, departmentEndpoints.get, { params: { id: department.id } });
    expect(saved).toMatchObject({ name: `${department.name} Office`, manager: { id: manager.id } });
  });

  test('Upload Image gives a department its picture, shown on its card; a non-image is refused in place', async ({
    page,
    organization,
  }) => {
    await signIn(page, organization.orgAdmin);
    const department = await callAs(page, departmentEndpoints.create, { body: { name: uniqueName('Design') } });
    await page.goto(`/dashboard/departments/${department.id}?tab=details`);
    const details = page.getByRole('region', { name: 'Department Details' });
    const upload = details.getByRole('button', { name: 'Upload Image' });
    const picture = details.getByRole('img', { name: `${department.name} image` });
    await expect(upload).toBeVisible();
    await expect(picture).toHaveCount(0); // the icon until an image is uploaded
    const regionBefore = await details.boundingBox();

    // A PDF named like a picture: the server reads the bytes and the app refuses it.
    let chooser = page.waitForEvent('filechooser');
    await upload.click();
    await (await chooser).setFiles({
      name: 'plan.png',
      mimeType: 'image/png',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    const refusal = details.getByRole('alert');
    await expect(refusal).toHaveText('Please choose an image file (PNG, JPEG, GIF, WebP, AVIF or BMP).');
    // The message wraps beside the picture: the tab keeps its width and the button its place.
    expect((await details.boundingBox())?.width).toBe(regionBefore?.width);
    const box = await refusal.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((regionBefore?.x ?? 0) + (regionBefore?.width ?? 0));

    chooser = page.waitForEvent('filechooser');
    await upload.click();
    await (await chooser).setFiles({ name: 'team.png', mimeType: 'image/png', buffer: solidPng(32, [40, 120, 200]) });
    await expect(picture).toBeVisible();
    await expect(refusal).toHaveCount(0);
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(32);

    await page.getByRole('link', { name: 'Back' }).click();
    const card = cardWithLink(page, department.name);
    await expect(card.locator('img')).toHaveAttribute('src', /^\/api\/files\//);
    await expect.poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(32);

    await openDepartment(page, department.name);
    await page.getByRole('tab', { name: 'Details' }).click();
    await details.getByRole('button', { name: 'Remove image' }).click();
    await expect(picture).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Remove image' })).toHaveCount(0);
    await page.reload();
    await expect(details.getByRole('button', { name: 'Upload Image' })).toBeVisible();
    await expect(picture).toHaveCount(0);
  });

  test("an admin picks the new department's organization; each card names its organization", async ({
    page,
    organization,
  }) => {
    await signIn(page, accounts.admin);
    await page.goto('/dashboard/departments');
    await expect(page.getByRole('heading', { name: 'DEPARTMENTS', level: 1 })).toBeVisible();
    const name = uniqueName('Customs');

    await page.getByRole('button', { name: 'Create Department' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Department' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    const save = dialog.getByRole('button', { name: 'Create Department' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription('Choose the organization first.');
    // The platform organization holds staff only: it is not offered.
    await dialog.getByRole('combobox', { name: 'Organization' }).fill('SMART');
    await expect(page.getByRole('option')).toHaveCount(0);
    await pickOption(dialog, 'Organization', organization.name, organization.name);
    await save.click();

    await expect(dialog).toBeHidden();
    // An admin's cards do not link: found by their text.
    const card = await loadUntilShown(page, page.getByRole('main').getByRole('article').filter({ hasText: name }));
    await expect(card).toContainText(organization.name);
  });

  test('a list shows 50 departments at a time, with Load more', async ({ page, organization }) => {
    for (let index = 0; index < 51; index += 1) await organization.addDepartment(`Desk ${index}`);
    await signIn(page, organization.orgAdmin);
    await openDepartments(page, organization.name);

    const cards = page.getByRole('main').getByRole('article');
    await expect(page.getByRole('heading', { name: 'Departments (51)' })).toBeVisible();
    await expect(cards).toHaveCount(50);
    await expect(page.getByText('Showing 50 of 51')).toBeVisible();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cards).toHaveCount(51);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  test('an unknown department reads "Department not found"', async ({ page }) => {
    await signIn(page, accounts.orgAdmin);
    await page.goto('/dashboard/departments/00000000-0000-4000-8000-000000000000');

    await expect(page.getByText('Department not found')).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/dashboard\/departments$/);
  });

  test('a regular member has no Departments entry, and the pages are denied', async ({ page }) => {
    await signIn(page, accounts.member);
    await sidebar(page).getByRole('button', { name: 'My Profile' }).click();
    await expect(sidebar(page).getByRole('link', { name: 'Personal Info' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Departments' })).toHaveCount(0);

    for (const path of ['/dashboard/departments', '/dashboard/departments/00000000-0000-4000-8000-000000000000']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Departments \(/ })).toHaveCount(0);
      await expect(page.getByRole('tab')).toHaveCount(0);
    }
    // Still signed in: the denial came from the app, not from a refused API call.
    await expect(page).toHaveURL(/\/dashboard\/departments\//);
  });
});
