import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { advisorEndpoints } from '@smart/contracts';
import { expect, type Person, TestOrganization, test } from './support/fixtures';
import { accounts, sidebar, signIn } from './support/session';
import { pickOption, uniqueName } from './support/structure';

/**
 * Triage: the tickets list's quick filters, organization filter, sort by a heading and
 * empty state, its layout at 1280 px and on a phone, and My Tasks' filters (its organization filter
 * in the advisor's tickets test) — each kept in the address, as a person sees them; and the list
 * exported as CSV with its filter and sort.
 */

/** The API as a fixture's person (setup only; what is tested goes through the pages). */
async function apiAs(request: APIRequestContext, person: Person) {
  const signedIn = await request.post('/api/users/login', { data: { email: person.email, password: person.password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { token } = ((await signedIn.json()) as { data: { token: string } }).data;
  const call = async (method: 'post' | 'patch', path: string, data: object) => {
    const response = await request[method](path, { headers: { authorization: `Bearer ${token}` }, data });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return ((await response.json()) as { data: { id: string } }).data;
  };
  return {
    post: (path: string, data: object) => call('post', path, data),
    patch: (path: string, data: object) => call('patch', path, data),
    ticket: (title: string, extra: object = {}) =>
      call('post', '/api/tickets', { title, description: `About ${title}`, ...extra }),
  };
}

const main = (page: Page) => page.getByRole('main');
const rows = (page: Page) => main(page).getByRole('row');
/** The title links of the table's rows (each row's View link is an icon named by its aria-label). */
const titleLinks = (page: Page) => main(page).getByRole('table').locator('a:not([aria-label])');

/** The table's title column, top to bottom. */
async function listedTitles(page: Page): Promise<string[]> {
  return (await titleLinks(page).allTextContents()).map((text) => text.trim());
}

async function expectInViewport(button: Locator, width: number) {
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

// Each test makes its organization and people first (argon2 on a shared machine).
test.describe.configure({ timeout: 90_000 });

test.describe('Triage: the tickets list', () => {
  test('an advisor of two organizations sees an Organization column on tickets and My Tasks, filters by one, and the filter survives a reload', async ({
    page,
    request,
    organization,
    adminApi,
  }) => {
    const second = await TestOrganization.create(adminApi);
    const advisor = await organization.addAdvisor('Vera', 'Vance');
    await adminApi.call(advisorEndpoints.assign, { params: { orgId: second.id }, body: { advisorId: advisor.id } });
    const northTitle = uniqueName('North printer');
    const southTitle = uniqueName('South VPN');
    const northTask = uniqueName('Review the north budget');
    const southTask = uniqueName('Review the south budget');
    const [north, south] = await Promise.all([apiAs(request, organization.orgAdmin), apiAs(request, second.orgAdmin)]);
    // In each organization a ticket, and a task assigned to the advisor.
    const advisorTask = async (owner: typeof north, title: string) => {
      const project = await owner.post('/api/projects', { title: uniqueName('Budget') });
      const objective = await owner.post(`/api/objectives/projects/${project.id}`, { title: 'Advice' });
      await owner.post(`/api/tasks/objectives/${objective.id}`, { title, assignedTo: advisor.id });
    };
    await Promise.all([
      north.ticket(northTitle),
      south.ticket(southTitle),
      advisorTask(north, northTask),
      advisorTask(south, southTask),
    ]);

    await signIn(page, advisor);
    await page.goto('/dashboard/tickets');
    await expect(main(page).getByRole('columnheader', { name: 'Organization' })).toBeVisible();
    await expect(rows(page).filter({ hasText: northTitle })).toContainText(organization.name);
    await expect(rows(page).filter({ hasText: southTitle })).toContainText(second.name);

    await pickOption(main(page), 'Organization', second.name);
    await expect(page).toHaveURL(new RegExp(`organizationId=${second.id}`));
    await expect(main(page).getByRole('link', { name: southTitle, exact: true })).toBeVisible();
    await expect(main(page).getByRole('link', { name: northTitle, exact: true })).toBeHidden();

    await page.reload();
    await expect(main(page).getByRole('combobox', { name: 'Organization' })).toHaveValue(second.name);
    await expect(main(page).getByRole('link', { name: southTitle, exact: true })).toBeVisible();
    await expect(main(page).getByRole('link', { name: northTitle, exact: true })).toBeHidden();
    await expect(page.getByText('Showing 1 to 1 of 1 tickets')).toBeVisible();

    // My Tasks, a list of cards: each names its organization first (its Organization column), and the same filter.
    const taskCard = (title: string) => main(page).getByRole('article').filter({ hasText: title });
    await sidebar(page).getByRole('link', { name: 'My Tasks', exact: true }).click();
    await expect(taskCard(northTask)).toContainText(organization.name);
    await expect(taskCard(southTask)).toContainText(second.name);
    await expect(main(page).getByRole('tab', { name: 'Assigned to Me (2)' })).toBeVisible();

    await pickOption(main(page), 'Organization', organization.name);
    await expect(page).toHaveURL(new RegExp(`organizationId=${organization.id}`));
    await expect(main(page).getByRole('tab', { name: 'Assigned to Me (1)' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: northTask, exact: true })).toBeVisible();
    await expect(main(page).getByRole('link', { name: southTask, exact: true })).toBeHidden();

    await page.reload();
    await expect(main(page).getByRole('combobox', { name: 'Organization' })).toHaveValue(organization.name);
    await expect(main(page).getByRole('tab', { name: 'Assigned to Me (1)' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: northTask, exact: true })).toBeVisible();
    await expect(main(page).getByRole('link', { name: southTask, exact: true })).toBeHidden();
  });

  test('Assigned to me, Unassigned and Created by me narrow the list; a heading sorts it both ways, kept in the address', async ({
    page,
    request,
    organization,
  }) => {
    const member = await organization.addPerson('Mia', 'Member');
    const owner = await apiAs(request, organization.orgAdmin);
    const asMember = await apiAs(request, member);
    const mine = await owner.ticket('Bravo: the printer');
    await owner.patch(`/api/tickets/${mine.id}/assign`, { assignedTo: organization.orgAdmin.id });
    await owner.ticket('alpha: an unassigned one');
    const members = await asMember.ticket('Charlie: the member raised it');
    await owner.patch(`/api/tickets/${members.id}/assign`, { assignedTo: member.id });

    await signIn(page, organization.orgAdmin);
    await page.goto('/dashboard/tickets');
    await expect(titleLinks(page)).toHaveCount(3);

    await main(page).getByText('Assigned to me', { exact: true }).click();
    await expect(page).toHaveURL(/assignedTo=me/);
    await expect(titleLinks(page)).toHaveText(['Bravo: the printer']);

    await main(page).getByText('Unassigned', { exact: true }).click();
    await expect(page).toHaveURL(/assignedTo=unassigned/);
    await expect(titleLinks(page)).toHaveText(['alpha: an unassigned one']);

    await main(page).getByText('Created by me', { exact: true }).click();
    await expect(page).toHaveURL(/createdBy=me/);
    await expect(titleLinks(page)).toHaveText(['alpha: an unassigned one', 'Bravo: the printer']);

    await main(page).getByText('All tickets', { exact: true }).click();
    await expect(titleLinks(page)).toHaveCount(3);

    // Title, A→Z whatever the case; again, Z→A; the sort is in the address and survives a reload.
    const title = main(page).getByRole('columnheader', { name: 'Title' });
    await title.getByRole('button').click();
    await expect(title).toHaveAttribute('aria-sort', 'ascending');
    await expect
      .poll(() => listedTitles(page))
      .toEqual(['alpha: an unassigned one', 'Bravo: the printer', 'Charlie: the member raised it']);
    await title.getByRole('button').click();
    await expect(title).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=title&order=desc/);
    await page.reload();
    await expect(main(page).getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'descending');
    await expect
      .poll(() => listedTitles(page))
      .toEqual(['Charlie: the member raised it', 'Bravo: the printer', 'alpha: an unassigned one']);

    // Export CSV: the list as filtered and sorted now, as a file.
    await main(page).getByText('Created by me', { exact: true }).click();
    await expect.poll(() => listedTitles(page)).toEqual(['Bravo: the printer', 'alpha: an unassigned one']);
    const download = page.waitForEvent('download');
    await main(page).getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tickets-\d{4}-\d{2}-\d{2}\.csv$/);
    // The file starts with the byte order mark Excel needs to read UTF-8.
    const [header, ...lines] = (await readFile(await file.path(), 'utf8')).split('\r\n').filter(Boolean);
    expect(header).toMatch(/^\uFEFFID,Title,Status,Priority,Category,Created by,/);
    expect(lines.map((line) => line.split(',')[1])).toEqual(['Bravo: the printer', 'alpha: an unassigned one']);
  });

  test('a search that finds nothing shows an empty state, not "Showing 0 to 0 of 0" with Previous and Next', async ({
    page,
    request,
    organization,
  }) => {
    const title = uniqueName('Projector flickers');
    await (await apiAs(request, organization.orgAdmin)).ticket(title);
    await signIn(page, organization.orgAdmin);
    await page.goto('/dashboard/tickets');
    await expect(main(page).getByRole('link', { name: title, exact: true })).toBeVisible();

    await main(page).getByLabel('Search').fill('no ticket says this');
    await expect(main(page).getByText('No ticket matches the search and filters.')).toBeVisible();
    await expect(page.getByText(/Showing 0 to 0/)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Next' })).toBeHidden();

    await main(page).getByRole('button', { name: 'Clear filters' }).click();
    await expect(main(page).getByRole('link', { name: title, exact: true })).toBeVisible();
    await expect(main(page).getByLabel('Search')).toHaveValue('');
    await expect(page.getByText('Showing 1 to 1 of 1 tickets')).toBeVisible();
  });

  test('at 1280 px with the sidebar open, a title of one long word wraps and Assign and Delete stay on screen', async ({
    page,
    request,
    organization,
  }) => {
    const longWord = `Pneumonoultramicroscopicsilicovolcanoconiosis${'Overflowing'.repeat(6)}`;
    await (await apiAs(request, organization.orgAdmin)).ticket(longWord);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, organization.orgAdmin);
    await page.goto('/dashboard/tickets');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

    const link = main(page).getByRole('table').getByRole('link', { name: longWord, exact: true });
    await expect(link).toBeVisible();
    // The whole title on hover.
    await expect(link).toHaveAttribute('title', longWord);
    await expectInViewport(main(page).getByRole('button', { name: `Assign ${longWord}` }), 1280);
    await expectInViewport(main(page).getByRole('button', { name: `Delete ${longWord}` }), 1280);
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  });

  test('on a phone the list is cards, and the filters open in a drawer that counts them', async ({
    page,
    request,
    organization,
  }) => {
    const owner = await apiAs(request, organization.orgAdmin);
    const open = uniqueName('Door sticks');
    const resolved = await owner.ticket(uniqueName('Light fixed'));
    await owner.patch(`/api/tickets/${resolved.id}/status`, { status: 'resolved' });
    await owner.ticket(open);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, organization.orgAdmin);
    await page.goto('/dashboard/tickets');

    await expect(main(page).getByRole('article')).toHaveCount(2);
    await expect(main(page).getByRole('table')).toHaveCount(0);
    const card = main(page).getByRole('article', { name: open });
    await expectInViewport(card.getByRole('button', { name: `Delete ${open}` }), 390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const filters = main(page).getByRole('button', { name: /^Filters/ });
    await filters.click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await pickOption(drawer, 'Status', 'Open');
    await drawer.getByRole('button', { name: 'Done' }).click();
    await expect(drawer).toBeHidden();
    await expect(filters).toContainText('1');
    await expect(page).toHaveURL(/status=open/);
    await expect(main(page).getByRole('article')).toHaveCount(1);
    await expect(card).toBeVisible();
  });

  test('on a phone the Support button is a round icon that steps aside while the list scrolls down', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, accounts.member);
    await page.goto('/dashboard/tickets');
    await expect(main(page).getByRole('article')).toHaveCount(10);
    const support = page.getByRole('button', { name: 'Support', exact: true });
    await expect(support).toBeVisible();
    expect((await support.boundingBox())?.width).toBeLessThanOrEqual(56);

    await page.mouse.move(195, 400);
    await page.mouse.wheel(0, 600);
    await expect(support).toBeHidden();
    await page.mouse.wheel(0, -200);
    await expect(support).toBeVisible();
    await support.click();
    await expect(page.getByRole('dialog', { name: 'Create Support Ticket' })).toBeVisible();
  });
});

test.describe('Triage: My Tasks', () => {
  test('filtering by status is kept in the address: a reload shows the same tasks', async ({
    page,
    request,
    organization,
  }) => {
    const owner = await apiAs(request, organization.orgAdmin);
    const project = await owner.post('/api/projects', { title: uniqueName('Launch') });
    const objective = await owner.post(`/api/objectives/projects/${project.id}`, { title: 'Plan' });
    const assignedToMe = { assignedTo: organization.orgAdmin.id };
    const started = await owner.post(`/api/tasks/objectives/${objective.id}`, {
      title: 'Draft the brief',
      ...assignedToMe,
    });
    await owner.patch(`/api/tasks/${started.id}/status`, { status: 'in_progress' });
    await owner.post(`/api/tasks/objectives/${objective.id}`, { title: 'Book the venue', ...assignedToMe });

    await signIn(page, organization.orgAdmin);
    await page.goto('/dashboard/my-tasks');
    await expect(main(page).getByRole('article')).toHaveCount(2);

    await pickOption(main(page), 'Status', 'In Progress');
    await expect(page).toHaveURL(/status=in_progress/);
    await expect(main(page).getByRole('article')).toHaveCount(1);
    await expect(main(page).getByRole('link', { name: 'Draft the brief' })).toBeVisible();
    await expect(main(page).getByRole('tab', { name: 'Assigned to Me (1)' })).toBeVisible();

    await page.reload();
    await expect(main(page).getByRole('combobox', { name: 'Status' })).toHaveValue('In Progress');
    await expect(main(page).getByRole('article')).toHaveCount(1);
    await expect(main(page).getByRole('link', { name: 'Book the venue' })).toBeHidden();
  });
});
