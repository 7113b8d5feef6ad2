import type { APIRequestContext, Page } from '@playwright/test';
import { organizationEndpoints, twoFactorEndpoints } from '@smart/contracts';
import { Secret, TOTP } from 'otpauth';
import { callEndpoint } from './support/api';
import { expect, type Person, test } from './support/fixtures';
import { fillSignIn, passwordField, sidebar, signIn } from './support/session';

/** What an authenticator app shows for the secret `steps` periods from now. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

const section = (page: Page) => page.getByRole('region', { name: 'Two-factor authentication' });

/** The key the set-up shows as text, without its spaces. */
async function shownSecret(page: Page) {
  const key = page.getByLabel('Secret key');
  await expect(key).toHaveText(/^[A-Z2-7 ]{32,}$/);
  return (await key.innerText()).replace(/\s+/g, '');
}

/** The recovery codes shown once, saved with Done: returns them. */
async function saveCodes(page: Page) {
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allInnerTexts();
  const done = page.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await page.getByLabel('I have saved these codes somewhere safe').check();
  await done.click();
  return recoveryCodes;
}

async function signOut(page: Page) {
  await sidebar(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe('two-factor sign-in', () => {
  test('is set up on the profile page, then signing in asks for a code', async ({ page, person }) => {
    // Four sign-ins (argon2 on the server each time): more than one page's usual time.
    test.slow();
    await signIn(page, person);
    await page.goto('/dashboard/profile');
    await expect(section(page).getByText('Off', { exact: true })).toBeVisible();
    const qrCode = section(page).getByRole('img', { name: 'QR code to scan with your authenticator app' });
    await section(page).getByRole('button', { name: 'Set up' }).click();
    await expect(qrCode).toBeVisible();
    // A change of mind: Cancel setup closes it, and focus stays on the button.
    await section(page).getByRole('button', { name: 'Cancel setup' }).click();
    await expect(qrCode).toBeHidden();
    await expect(section(page).getByRole('button', { name: 'Set up' })).toBeFocused();
    await section(page).getByRole('button', { name: 'Set up' }).click();
    await expect(qrCode).toBeVisible();
    const secret = await shownSecret(page);

    // A wrong code is said under the field.
    await page.getByLabel('Code from your app').fill(codeFor(secret, 40));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('That code did not work.', { exact: false })).toBeVisible();
    // The right code turns it on at once: the section says On while the recovery codes are shown,
    // and nothing but Done leaves them (Cancel setup would hide codes never saved).
    await page.getByLabel('Code from your app').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(section(page).getByRole('list', { name: 'Recovery codes' })).toBeVisible();
    await expect(section(page).getByText('On', { exact: true })).toBeVisible();
    await expect(section(page).getByText('Off', { exact: true })).toHaveCount(0);
    await expect(section(page).getByRole('button', { name: 'Cancel setup' })).toHaveCount(0);
    await expect(section(page).getByRole('button', { name: 'Turn off' })).toHaveCount(0);
    const recoveryCodes = await saveCodes(page);
    await expect(section(page).getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);
    await expect(section(page).getByText('On', { exact: true })).toBeVisible();
    await expect(section(page).getByRole('button', { name: 'Turn off' })).toBeVisible();

    // Signing in: the password, then the code of the app (the next step's: the current one was used).
    await signOut(page);
    await fillSignIn(page, person.email, person.password);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Authentication code').fill(codeFor(secret, 40));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('That code did not work.', { exact: false })).toBeVisible();
    await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    // A recovery code, once.
    await signOut(page);
    await fillSignIn(page, person.email, person.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    // Back to the password from the code step.
    await signOut(page);
    await fillSignIn(page, person.email, person.password);
    await page.getByRole('button', { name: 'Back to password' }).click();
    await expect(passwordField(page)).toHaveValue('');
  });

  test('required by the organization: a member sets it up before reaching anything', async ({
    page,
    organization,
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({ baseURL: baseURL ?? '' });
    await requireTwoFactor(api, organization.id, organization.orgAdmin);
    const member = await organization.addPerson('Rita', 'Moreno');
    await api.dispose();

    await fillSignIn(page, member.email, member.password);
    await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
    await expect(page).toHaveTitle(/^Set up two-factor sign-in/);
    await expect(sidebar(page)).toHaveCount(0);
    const secret = await shownSecret(page);
    await page.getByLabel('Code from your app').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    // It is on now: Sign out would leave recovery codes never saved, so only Done goes on.
    await expect(page.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    await saveCodes(page);
    await expect(sidebar(page)).toBeVisible();
    await page.goto('/dashboard/profile');
    await expect(section(page).getByText('On', { exact: true })).toBeVisible();
  });
});

/** Through the API: the org_admin sets up its own second factor, then requires one of everyone. */
async function requireTwoFactor(api: APIRequestContext, organizationId: string, orgAdmin: Person) {
  // Signed in as an outside client would (a literal URL): the typed caller needs the token first.
  const signedIn = await api.post('/api/users/login', { data: { email: orgAdmin.email, password: orgAdmin.password } });
  const { token } = (await signedIn.json()).data as { token: string };
  const { secret } = await callEndpoint(api, token, twoFactorEndpoints.beginSetup, {});
  await callEndpoint(api, token, twoFactorEndpoints.confirmSetup, { body: { code: codeFor(secret) } });
  await callEndpoint(api, token, organizationEndpoints.updateSecurity, {
    params: { id: organizationId },
    body: { requireTwoFactor: true },
  });
}
