import type { Page } from '@playwright/test';
import { teamEndpoints } from '@smart/contracts';
import { expect, test } from './support/fixtures';
import { accounts, openFromProfileMenu, sidebar, signIn } from './support/session';
import { callAs, cardWithLink, loadUntilShown, pickOption, uniqueName } from './support/structure';

/** From anywhere in the app, as a signed-in user of the organization: the Teams entry of the My Profile group. */
async function openTeams(page: Page, organizationName: string) {
  await openFromProfileMenu(page, 'Teams', /\/dashboard\/teams$/);
  await expect(page.getByRole('heading', { name: organizationName, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Teams \(\d+\)$/ })).toBeVisible();
}

test.describe('teams', () => {
  test('creating a team with a lead and a department shows the lead as a member with "Team Lead"', async ({
    page,
    organization,
  }) => {
    const ethan = await organization.addPerson('Ethan', 'Brown');
    await organization.addDepartment('Payroll Office');
    await signIn(page, organization.orgAdmin);
    await openTeams(page, organization.name);
    const name = uniqueName('Payroll');

    await page.getByRole('button', { name: 'Create Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Team' });
    // Save waits for a name and says so, as on the department page.
    await expect(dialog.getByRole('button', { name: 'Create Team' })).toBeDisabled();
    await expect(dialog.getByText('A team needs a name.')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Team name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Salaries and benefits');
    await pickOption(dialog, 'Team lead', /^Ethan Brown/, 'Ethan');
    await pickOption(dialog, 'Department', 'Payroll Office', 'Payroll');
    await dialog.getByRole('button', { name: 'Create Team' }).click();
    await expect(dialog).toBeHidden();

    const card = cardWithLink(page, name);
    await expect(card).toContainText('Payroll Office');
    await expect(card).toContainText('1 member');
    await expect(card).toContainText('Lead: Ethan Brown');

    await card.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('Salaries and benefits')).toBeVisible();
    const lead = page.getByRole('main').getByRole('article', { name: 'Ethan Brown' });
    await expect(lead.getByText('Team Lead', { exact: true })).toBeVisible();
    await expect(lead).toContainText(ethan.email);
  });

  test('Add Member needs a person and leaves out the current members', async ({ page, organization }) => {
    const lucas = await organization.addPerson('Lucas', 'Nguyen');
    await signIn(page, organization.orgAdmin);
    const team = await callAs(page, teamEndpoints.create, {
      body: {
        name: uniqueName('Field Sales'),
        members: [{ user: lucas.id, role: 'member' }],
      },
    });
    await page.goto(`/dashboard/teams/${team.id}`);
    await expect(page.getByRole('heading', { name: team.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article', { name: 'Lucas Nguyen' })).toContainText('Member');

    await page.getByRole('button', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Team Member' });
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please select a user');

    await dialog.getByRole('combobox', { name: 'User' }).fill('Lucas');
    await expect(page.getByRole('option', { name: /Lucas Nguyen/ })).toHaveCount(0);
  });

  test('the edit button renames a team and moves it to a department', async ({ page, organization }) => {
    await organization.addDepartment('Finance');
    await signIn(page, organization.orgAdmin);
    const team = await callAs(page, teamEndpoints.create, { body: { name: uniqueName('Tiger Team') } });
    const renamed = uniqueName('Strike Team');
    await openTeams(page, organization.name);

    await cardWithLink(page, team.name)
      .getByRole('button', { name: `Edit ${team.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Team' });
    await expect(dialog.getByRole('textbox', { name: 'Team name' })).toHaveValue(team.name);
    await dialog.getByRole('textbox', { name: 'Team name' }).fill(renamed);
    await pickOption(dialog, 'Department', 'Finance', 'Fin');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();

    await expect(dialog).toBeHidden();
    await expect(cardWithLink(page, renamed)).toContainText('Finance');
    await expect(cardWithLink(page, team.name)).toHaveCount(0);
  });

  test("an admin's Teams page names each card's organization, and Create Team asks which", async ({
    page,
    organization,
  }) => {
    const member = await organization.addPerson('Marcus', 'Bell');
    await signIn(page, accounts.admin);
    await page.goto('/dashboard/teams');
    await expect(page.getByRole('heading', { name: 'TEAMS', level: 1 })).toBeVisible();
    const name = uniqueName('Night Desk');

    await page.getByRole('button', { name: 'Create Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Team' });
    await dialog.getByRole('textbox', { name: 'Team name' }).fill(name);
    await expect(dialog.getByRole('combobox', { name: 'Team lead' })).toBeDisabled();
    await expect(dialog.getByText('Choose the organization first.')).toBeVisible();
    await pickOption(dialog, 'Organization', organization.name, organization.name);
    // The lead is one of the chosen organization's people.
    await pickOption(dialog, 'Team lead', new RegExp(`^${member.name}`), member.firstName);
    await dialog.getByRole('button', { name: 'Create Team' }).click();

    await expect(dialog).toBeHidden();
    const card = await loadUntilShown(page, cardWithLink(page, name));
    await expect(card).toContainText(organization.name);
    await expect(card).toContainText(`Lead: ${member.name}`);
  });

  test('the people picker searches the server and says how many more match', async ({ page, organization }) => {
    // With its org_admin, the organization has 22 people: 2 more than a picker shows.
    for (let index = 0; index < 21; index += 1) {
      await organization.addPerson(`Person${String(index).padStart(2, '0')}`, 'Crowd');
    }
    await signIn(page, organization.orgAdmin);
    const team = await callAs(page, teamEndpoints.create, { body: { name: uniqueName('Crowd Team') } });
    await page.goto(`/dashboard/teams/${team.id}`);

    await page.getByRole('button', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Team Member' });
    await dialog.getByRole('combobox', { name: 'User' }).click();
    await expect(page.getByRole('option')).toHaveCount(20);
    await expect(page.getByText('2 more not shown: type to narrow the list.')).toBeVisible();

    await pickOption(dialog, 'User', /^Person19 Crowd/, 'person19');
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('main').getByRole('article', { name: 'Person19 Crowd' })).toBeVisible();
  });

  test('an unknown team reads "Team not found"', async ({ page }) => {
    await signIn(page, accounts.orgAdmin);
    await page.goto('/dashboard/teams/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Team not found')).toBeVisible();
  });

  test('a regular member has no Teams entry, and the pages are denied', async ({ page }) => {
    await signIn(page, accounts.member);
    await sidebar(page).getByRole('button', { name: 'My Profile' }).click();
    await expect(sidebar(page).getByRole('link', { name: 'Personal Info' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Teams', exact: true })).toHaveCount(0);

    for (const path of ['/dashboard/teams', '/dashboard/teams/00000000-0000-4000-8000-000000000000']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Teams \(/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add Member' })).toHaveCount(0);
    }
    await expect(page).toHaveURL(/\/dashboard\/teams\//);
  });
});
