import { expect, type Locator, type Page } from '@playwright/test';

/** A name no other test or run uses, so tests against one server never collide. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The signed-in page's bearer token, for setting up records through the API. */
async function token(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('authToken'));
  expect(stored).toBeTruthy();
  return stored as string;
}

interface Created {
  id: string;
  name: string;
}

/** Creates a record through the API as the signed-in user (setup only; what is tested goes through the UI). */
export async function createViaApi(page: Page, path: string, data: Record<string, unknown>): Promise<Created> {
  const response = await page.request.post(path, { headers: { authorization: `Bearer ${await token(page)}` }, data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Created }).data;
}

/** Reads through the API as the signed-in user (setup only). */
export async function getViaApi<T>(page: Page, path: string, params: Record<string, string | number> = {}): Promise<T> {
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${await token(page)}` }, params });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** Changes a record through the API as the signed-in user (setup only). */
export async function putViaApi(page: Page, path: string, data: Record<string, unknown>): Promise<void> {
  const response = await page.request.put(path, { headers: { authorization: `Bearer ${await token(page)}` }, data });
  expect(response.status(), await response.text()).toBe(200);
}

/** A task in a new project and objective of the signed-in user (setup, through the API); its id and page's path. */
export async function createTask(page: Page, title = uniqueName('Write the brief')) {
  const project = await createViaApi(page, '/api/projects', { title: uniqueName('Launch') });
  const objective = await createViaApi(page, `/api/objectives/projects/${project.id}`, { title: 'Launch plan' });
  const task = await createViaApi(page, `/api/tasks/objectives/${objective.id}`, { title });
  return { id: task.id, path: `/dashboard/projects/${project.id}/objectives/${objective.id}/tasks/${task.id}` };
}

/** Picks an option of a Mantine Select by typing part of it and clicking it in the list. */
export async function pickOption(scope: Locator, field: string, option: string | RegExp, search?: string) {
  const input = scope.getByRole('combobox', { name: field });
  await input.click();
  if (search) await input.fill(search);
  await scope.page().getByRole('option', { name: option }).click();
}

/** A card of the page's grid, found by the name it is labelled with or the link it holds. */
export function cardWithLink(page: Page, name: string): Locator {
  return page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
}

/**
 * Clicks Load more until `card` shows (lists show 50 rows at a time, and other tests add rows to the
 * lists an admin sees); returns it.
 */
export async function loadUntilShown(page: Page, card: Locator): Promise<Locator> {
  const more = page.getByRole('button', { name: 'Load more' });
  await expect(card.or(more).first()).toBeVisible();
  while (!(await card.isVisible())) {
    await more.click();
    await expect(card.or(more).first()).toBeVisible();
  }
  return card;
}
