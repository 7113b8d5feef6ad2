import { expect, type Page } from '@playwright/test';

/** Every seeded demo account signs in with this password (apps/server/src/db/seed). */
export const DEMO_PASSWORD = 'demo-password';

/**
 * Seeded accounts, one per concern, so tests that change an account never meet each other.
 * Read-only tests share the role accounts.
 */
export const accounts = {
  admin: 'admin@smart.example.com',
  advisor: 'advisor@smart.example.com',
  orgAdmin: 'owner@acme.example.com',
  member: 'member@acme.example.com',
  failedSignIn: 'nina.brooks@globex.example.com',
  profileEdit: 'samir.patel@acme.example.com',
  avatarUpload: 'grace.kim@acme.example.com',
  passwordChange: 'dana.lee@acme.example.com',
  notificationToggle: 'liam.oconnor@acme.example.com',
  signOut: 'owner@globex.example.com',
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

/** Signs in through the sign-in page and waits until the app has left it. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard/);
}

export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}
