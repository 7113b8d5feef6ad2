import { expect, type Page, test } from '@playwright/test';
import { fillTogether } from './support/forms';
import { accounts, sidebar, signIn } from './support/session';

/**
 * Analytics: an org_admin opens its organization's figures and sees them change with the
 * range (the demo's Acme tickets were raised one a day over the last six weeks, so four weeks hold
 * fewer than twelve); a member has no entry and is refused at the address.
 */

const main = (page: Page) => page.getByRole('main');
const figure = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });
/** The number a headline figure shows. */
const figureValue = async (page: Page, name: string) =>
  Number((await figure(page, name).locator('p').nth(1).textContent()) ?? Number.NaN);

test('an org_admin opens Analytics, sees its charts, and a shorter range counts fewer tickets', async ({ page }) => {
  await signIn(page, accounts.orgAdmin);
  await sidebar(page).getByRole('link', { name: 'Analytics', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/analytics$/);
  await expect(main(page).getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  for (const chart of ['Tasks per week', 'Tickets opened per week', 'Tickets by category']) {
    await expect(main(page).getByRole('img', { name: new RegExp(`^${chart}`) })).toBeVisible();
  }
  await expect(main(page).getByRole('button', { name: 'Last 12 weeks' })).toHaveAttribute('aria-pressed', 'true');
  await expect(figure(page, 'Tickets opened')).toBeVisible();
  const twelveWeeks = await figureValue(page, 'Tickets opened');
  expect(twelveWeeks).toBeGreaterThan(0);

  await main(page).getByRole('button', { name: 'Last 4 weeks' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(main(page).getByRole('button', { name: 'Last 4 weeks' })).toHaveAttribute('aria-pressed', 'true');
  await expect(main(page).locator('[aria-busy="true"]')).toHaveCount(0);
  const fourWeeks = await figureValue(page, 'Tickets opened');
  expect(fourWeeks).toBeGreaterThan(0);
  expect(fourWeeks).toBeLessThan(twelveWeeks);

  // The category chart as a table: its total is the headline's count.
  const categories = main(page).getByRole('region', { name: 'Tickets by category' });
  await categories.getByText('Table', { exact: true }).click();
  const total = categories.getByRole('table', { name: 'Tickets by category' }).getByRole('row', { name: /^Total/ });
  await expect(total).toHaveText(`Total${fourWeeks}`);

  // The range survives a reload: it is in the address.
  await page.reload();
  await expect(main(page).getByRole('button', { name: 'Last 4 weeks' })).toHaveAttribute('aria-pressed', 'true');
  await expect(figure(page, 'Tickets opened')).toContainText(String(fourWeeks));

  // Both days of a range typed before the page renders again count: one ending before it starts is said.
  await fillTogether(page, { From: '2026-03-10', To: '2026-03-01' });
  await expect(page).toHaveURL(/from=2026-03-10&to=2026-03-01/);
  await expect(main(page).getByText('The end of the range must not be before its start')).toBeVisible();
  await expect(figure(page, 'Tickets opened')).toHaveCount(0);
});

test('a member has no Analytics entry, and its address is not permitted', async ({ page }) => {
  await signIn(page, accounts.member);
  await expect(sidebar(page).getByRole('link', { name: 'Tickets', exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Analytics', exact: true })).toHaveCount(0);
  await page.goto('/dashboard/analytics');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Analytics', level: 1 })).toHaveCount(0);
});
