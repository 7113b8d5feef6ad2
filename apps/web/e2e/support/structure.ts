import { expect, type Locator, type Page } from '@playwright/test';
import {
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  objectiveEndpoints,
  projectEndpoints,
  taskEndpoints,
} from '@smart/contracts';
import { callEndpoint } from './api';

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

/**
 * Calls an endpoint of contracts as the signed-in user, expecting its success status (setup only;
 * what is tested goes through the UI): `callAs(page, teamEndpoints.create, { body: { name } })`.
 */
export async function callAs<E extends Endpoint>(
  page: Page,
  definition: E,
  input: EndpointInput<E>,
): Promise<EndpointAnswer<E>> {
  return callEndpoint(page.request, await token(page), definition, input);
}

/** A task in a new project and objective of the signed-in user (setup, through the API); its id and page's path. */
export async function createTask(page: Page, title = uniqueName('Write the brief')) {
  const project = await callAs(page, projectEndpoints.create, { body: { title: uniqueName('Launch') } });
  const objective = await callAs(page, objectiveEndpoints.create, {
    params: { id: project.id },
    body: { title: 'Launch plan' },
  });
  const task = await callAs(page, taskEndpoints.create, { params: { id: objective.id }, body: { title } });
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
