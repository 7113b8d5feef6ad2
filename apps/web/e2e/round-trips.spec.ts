import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signIn } from './support/session';
import { uniqueName } from './support/structure';

/** The task page's progress bar, by the task's title. */
const progressOf = (page: Page, task: string) =>
  page.getByRole('progressbar', { name: `${task} progress`, exact: true });

/** Every API request a page sends from now on, as 'METHOD /path' (query strings left out). */
function recordApiRequests(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) sent.push(`${request.method()} ${url.pathname}`);
  });
  return sent;
}

test.describe('one change, one round trip', () => {
  test("a +5% click sends one request: the page shows the server's answer, and its own live echo fetches nothing", async ({
    page,
    browser,
    organization,
    adminApi,
  }) => {
    // Two people sign in (an argon2 check each) and open the task: more than the default 30 s on a loaded machine.
    test.setTimeout(120_000);
    const member = await organization.addPerson('Ravi', 'Shah');
    const project = await adminApi.create<{ id: string }>('/api/projects', {
      title: uniqueName('Office move'),
      organizationId: organization.id,
    });
    const objective = await adminApi.create<{ id: string }>(`/api/objectives/projects/${project.id}`, {
      title: uniqueName('Pack'),
    });
    const title = uniqueName('Label boxes');
    const task = await adminApi.create<{ id: string }>(`/api/tasks/objectives/${objective.id}`, {
      title,
      assignedTo: member.id,
    });
    const taskPath = `/dashboard/projects/${project.id}/objectives/${objective.id}/tasks/${task.id}`;

    // A colleague watches the same task in another browser.
    const colleagueContext = await browser.newContext();
    const colleague = await colleagueContext.newPage();
    await signIn(colleague, organization.orgAdmin);
    await colleague.goto(taskPath);
    await signIn(page, member);
    await page.goto(taskPath);
    await expect(progressOf(page, title)).toHaveAttribute('aria-valuenow', '0');
    await expect(progressOf(colleague, title)).toHaveAttribute('aria-valuenow', '0');

    // The colleague's step reaches the member's page: its socket is in the project's room and
    // whatever it fetched on the way in has been sent.
    await colleague.getByRole('button', { name: '+5%' }).click();
    await expect(progressOf(page, title)).toHaveAttribute('aria-valuenow', '5');

    const sent = recordApiRequests(page);
    await page.getByRole('button', { name: '+5%' }).click();
    await expect(page.getByText('Progress updated to 10%!')).toBeVisible();
    await expect(progressOf(page, title)).toHaveAttribute('aria-valuenow', '10');
    await expect(progressOf(colleague, title)).toHaveAttribute('aria-valuenow', '10');
    // A marker: the colleague's next step comes over the same connection after anything the
    // member's own click caused, and is fetched once.
    await colleague.getByRole('button', { name: '+5%' }).click();
    await expect(progressOf(page, title)).toHaveAttribute('aria-valuenow', '15');
    expect(sent).toEqual([`PATCH /api/tasks/${task.id}/progress`, `GET /api/tasks/${task.id}`]);
    await colleagueContext.close();
  });
});
