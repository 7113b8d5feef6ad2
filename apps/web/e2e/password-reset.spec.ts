import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
// The API tests' reader of the development mailbox: the .eml files the server writes without SMTP_URL.
import { notNotification, resetLinkIn, waitForMail } from '../../server/test/helpers/mailbox';
import { accounts, DEMO_PASSWORD, passwordField, signIn } from './support/session';

const dataDir = process.env.E2E_DATA_DIR;
const mailbox = dataDir ? path.join(dataDir, 'mail') : '';

/** A new member of Acme, made through the API by its org_admin: this test changes the account's password. */
async function newMember(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/users/login', { data: { email: accounts.orgAdmin, password: DEMO_PASSWORD } });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const email = `reset-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@acme.example.com`;
  const created = await request.post('/api/users/register', {
    headers: { authorization: `Bearer ${token}` },
    data: { email, password: DEMO_PASSWORD, firstName: 'Riley', lastName: 'Reset' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return email;
}

async function setNewPassword(page: Page, password: string, confirmation = password) {
  // By role: the show/hide buttons are labelled too.
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(confirmation);
  await page.getByRole('button', { name: 'Save new password' }).click();
}

test.describe('password reset by e-mail', () => {
  test.skip(!dataDir, 'reads the mailbox of the server this run started (not with E2E_BASE_URL)');

  test('Forgot Password? mails a link that sets a new password once', async ({ page, request }) => {
    const email = await newMember(request);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();

    await expect(page.getByRole('heading', { name: 'Forgot Password?' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('a link to reset its password is on its way');

    const { url } = resetLinkIn(await waitForMail(mailbox, email, 0, 10_000, notNotification));
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await setNewPassword(page, 'mailed-secret', 'other-secret');
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await setNewPassword(page, 'mailed-secret');
    await expect(page.getByRole('status')).toContainText('Your password has been reset');

    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill(email);
    await passwordField(page).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
    await signIn(page, email, 'mailed-secret');

    // The link worked once.
    await page.goto(url);
    await setNewPassword(page, 'second-secret');
    await expect(page.getByRole('alert')).toContainText(
      'This reset link is invalid, has expired or has already been used',
    );
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });

  test('a reset page opened without a token says so and offers a new link', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toContainText('This reset link is invalid');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot Password?' })).toBeVisible();
  });

  test("the profile's Reset password by email mails the user's own address", async ({ page }) => {
    await signIn(page, accounts.member);
    await page.goto('/dashboard/profile');
    const password = page.getByRole('region', { name: 'Password' });
    await password.getByRole('button', { name: 'Reset password by email' }).click();
    await expect(page.getByText('We sent a link to reset your password to your email address.')).toBeVisible();
    expect(resetLinkIn(await waitForMail(mailbox, accounts.member, 0, 10_000, notNotification)).url).toContain(
      '/reset-password#token=',
    );
  });
});
