import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { holdRequests } from './support/hold';
import { accounts, signIn } from './support/session';
import { createTask } from './support/structure';

/**
 * Fast navigation: a page's data is asked for as the navigation starts (the route's
 * loader) or as its link is pointed at, not once its code has arrived and rendered.
 */

/** Holds back the chunk of one page until `release` is called. */
const holdPageCode = (page: Page, chunk: string) => holdRequests(page, new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`));

const asksFor = (path: string) => (request: Request) => new URL(request.url()).pathname === path;

test('an objective is asked for while its page code is still on its way, and shows once it arrives', async ({
  page,
  organization,
}) => {
  await signIn(page, organization.orgAdmin);
  const task = await createTask(page);
  const [, , , projectId, , objectiveId] = task.path.split('/');
  await page.goto(`/dashboard/projects/${projectId}`);

  const release = await holdPageCode(page, 'ObjectiveDetailPage');
  const asked = page.waitForRequest(asksFor(`/api/objectives/${objectiveId}`));
  // By keyboard: no pointer over the link first, so the route's loader is what asks.
  await page.getByRole('main').getByRole('link', { name: 'Launch plan', exact: true }).focus();
  await page.keyboard.press('Enter');
  await asked;
  release();
  await expect(page.getByRole('heading', { name: 'Launch plan', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tasks (1)' })).toBeVisible();
});

test('pointing at a task asks for it before the click; another organization’s task still reads "Task not found"', async ({
  page,
  organization,
  browser,
}) => {
  await signIn(page, organization.orgAdmin);
  const task = await createTask(page, 'Prefetched task');
  const objectivePath = task.path.replace(/\/tasks\/[^/]+$/, '');
  await page.goto(objectivePath);

  const link = page.getByRole('main').getByRole('link', { name: 'Prefetched task' });
  const asked = page.waitForRequest(asksFor(`/api/tasks/${task.id}`));
  await link.hover();
  await asked;
  await link.click();
  await expect(page.getByRole('heading', { name: 'Prefetched task', level: 1 })).toBeVisible();

  // Someone of another organization, inside the loaded app (a history step, as Back and Forward
  // make): the read the navigation starts answers 404, and the page says so in its own words.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, accounts.orgAdmin);
  await other.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, task.path);
  await expect(other.getByText('Task not found')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await otherContext.close();
});
