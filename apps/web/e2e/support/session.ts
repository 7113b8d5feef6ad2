import { expect, type Page } from '@playwright/test';

/** Every seeded demo account signs in with this password (apps/server/src/db/seed). */
export const DEMO_PASSWORD = 'demo-password';

/**
 * The seeded role accounts, shared by every test and worker: a test may sign in as one and read,
 * never change it or its organization. A test that changes something makes its own organization
 * and people (fixtures.ts).
 */
export const accounts = {
  admin: 'admin@smart.example.com',
  advisor: 'advisor@smart.example.com',
  orgAdmin: 'owner@acme.example.com',
  member: 'member@acme.example.com',
} as const;

export function passwordField(page: Page) {
  // Exact name: the show/hide button is called 'Toggle password visibility'.
  return page.getByRole('textbox', { name: 'Password', exact: true });
}

export async function fillSignIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in through the sign-in page (as a demo account, or a fixture's person) and waits until the app has left it. */
export async function signIn(page: Page, who: string | { email: string; password: string }, password = DEMO_PASSWORD) {
  const [email, secret] = typeof who === 'string' ? [who, password] : [who.email, who.password];
  await fillSignIn(page, email, secret);
  await expect(page).toHaveURL(/\/dashboard/);
}

export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/**
 * Opens a page of the My Profile group from the sidebar, as a user would: the group opens, then
 * its link is clicked once it has settled (a click during the group's opening animation can land
 * on nothing, so it is tried again until the address changes).
 */
export async function openFromProfileMenu(page: Page, link: string, url: RegExp) {
  const group = sidebar(page).getByRole('button', { name: 'My Profile' });
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await expect(async () => {
    await sidebar(page).getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(url, { timeout: 2_000 });
  }).toPass();
}
