import type { Locator, Page } from '@playwright/test';
import { expect, type Person, test } from './support/fixtures';
import { solidPng } from './support/png';
import { accounts, fillSignIn, sidebar, signIn } from './support/session';

function personalInfo(page: Page) {
  return page.getByRole('region', { name: 'Personal Information' });
}

async function openProfile(page: Page, who: string | Person) {
  await signIn(page, who);
  await page.goto('/dashboard/profile');
  await expect(personalInfo(page)).toBeVisible();
}

test.describe('profile', () => {
  test('shows the account information read-only with N/A fallbacks', async ({ page }) => {
    await openProfile(page, accounts.member);
    const account = page.getByRole('region', { name: 'Account Information' });

    await expect(account.getByText('Acme Corp')).toBeVisible();
    await expect(account.getByText('Operations')).toBeVisible();
    await expect(account.getByText('User', { exact: true })).toBeVisible();
    await expect(account.getByText('N/A')).toBeVisible(); // no experience on record
    await expect(account.getByRole('textbox')).toHaveCount(0);
  });

  test('an edit is saved, shown in view mode and still there after a reload', async ({ page, person }) => {
    await openProfile(page, person);
    const jobTitle = `Staff Engineer ${Date.now()}`;

    await personalInfo(page).getByRole('button', { name: 'Edit' }).click();
    await personalInfo(page).getByLabel('Job title').fill(jobTitle);
    await personalInfo(page).getByLabel('Location').fill('Denver, CO');
    await personalInfo(page).getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(personalInfo(page).getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(personalInfo(page).getByText(jobTitle)).toBeVisible();

    await page.reload();
    await expect(personalInfo(page).getByText(jobTitle)).toBeVisible();
    await expect(personalInfo(page).getByText('Denver, CO')).toBeVisible();
  });

  test('Cancel throws away unsaved changes', async ({ page }) => {
    await openProfile(page, accounts.member);

    await personalInfo(page).getByRole('button', { name: 'Edit' }).click();
    await personalInfo(page).getByLabel('Job title').fill('Not saved');
    await personalInfo(page).getByRole('button', { name: 'Cancel' }).click();

    await expect(personalInfo(page).getByText('Project Coordinator')).toBeVisible();
    await expect(personalInfo(page).getByText('Not saved')).toHaveCount(0);
  });

  test('a refused file says why without squeezing the form beside it', async ({ page, person }) => {
    await openProfile(page, person);
    await personalInfo(page).getByRole('button', { name: 'Edit' }).click();
    const email = personalInfo(page).getByRole('textbox', { name: 'Email' });
    const before = await email.boundingBox();

    const chooser = page.waitForEvent('filechooser');
    await personalInfo(page).getByRole('button', { name: 'Upload photo' }).click();
    await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });

    await expect(personalInfo(page).getByRole('alert')).toHaveText(
      'Please choose an image file (PNG, JPEG, GIF, WebP, AVIF or BMP).',
    );
    // The message wraps in the avatar's column: the fields keep their place and size.
    expect(await email.boundingBox()).toEqual(before);
    const message = await personalInfo(page).getByRole('alert').boundingBox();
    expect((message?.x ?? 0) + (message?.width ?? 0)).toBeLessThan(before?.x ?? 0);
  });

  test('every invalid field says why at once, and nothing is sent', async ({ page, person }) => {
    await openProfile(page, person);
    const saves: string[] = [];
    page.on('request', (request) => request.method() === 'PUT' && saves.push(request.url()));

    await personalInfo(page).getByRole('button', { name: 'Edit' }).click();
    await personalInfo(page).getByRole('textbox', { name: 'First name' }).fill(' ');
    await personalInfo(page).getByRole('textbox', { name: 'Email' }).fill('someone.example.com');
    await personalInfo(page).getByRole('textbox', { name: 'Phone' }).fill('abc');
    await personalInfo(page).getByRole('button', { name: 'Save' }).click();

    await expect(personalInfo(page).getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
      'First name is required',
    );
    await expect(personalInfo(page).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    await expect(personalInfo(page).getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      'Please enter a valid phone number: digits, spaces and + ( ) - only, at least 6 digits',
    );
    expect(saves).toEqual([]);
  });

  test('an uploaded picture replaces the initials and survives a reload', async ({ page, person: member }) => {
    await openProfile(page, member);
    const avatar = personalInfo(page).getByRole('img', { name: member.name });
    await expect(avatar).toHaveCount(0); // initials until a picture is uploaded

    await personalInfo(page).getByRole('button', { name: 'Edit' }).click();
    const chooser = page.waitForEvent('filechooser');
    await personalInfo(page).getByRole('button', { name: 'Upload photo' }).click();
    await (await chooser).setFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: solidPng(32, [40, 120, 200]) });

    await expect(page.getByText('Profile image updated successfully!')).toBeVisible();
    await expect(avatar).toBeVisible();
    await expect(avatar).toHaveAttribute('src', /^\/api\/files\//);
    await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(32);

    await page.reload();
    await expect(personalInfo(page).getByRole('img', { name: member.name })).toBeVisible();
    // The page frame shows the new picture too.
    await expect(sidebar(page).getByRole('img', { name: member.name })).toBeVisible();
  });
});

/** Exact name: the required-field asterisk is not part of it, and 'New password' must not match 'Confirm new password'. */
function passwordInput(scope: Locator, name: string) {
  return scope.getByRole('textbox', { name, exact: true });
}

test.describe('password change', () => {
  const newPassword = 'a-new-password-42';

  async function changePassword(page: Page, current: string, next: string, confirm = next) {
    const section = page.getByRole('region', { name: 'Password' });
    await passwordInput(section, 'Current password').fill(current);
    await passwordInput(section, 'New password').fill(next);
    await passwordInput(section, 'Confirm new password').fill(confirm);
    await section.getByRole('button', { name: 'Update Password' }).click();
  }

  test('checks the inputs, changes the password, and the new one signs in', async ({ page, person: member }) => {
    await openProfile(page, member);
    const section = page.getByRole('region', { name: 'Password' });
    await section.getByRole('button', { name: 'Change Password' }).click();

    // Each problem shows under its field, all at once.
    await changePassword(page, '', '12345', 'something-else');
    await expect(passwordInput(section, 'Current password')).toHaveAccessibleDescription('Password is required');
    await expect(passwordInput(section, 'New password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters long',
    );
    await expect(passwordInput(section, 'Confirm new password')).toHaveAccessibleDescription(
      'New passwords do not match',
    );

    await changePassword(page, 'wrong-current-password', newPassword);
    await expect(passwordInput(section, 'Current password')).toHaveAccessibleDescription(
      'Current password is incorrect',
    );

    await changePassword(page, member.password, newPassword);
    await expect(section.getByText('Password changed successfully!')).toBeVisible();
    await expect(passwordInput(section, 'Current password')).toHaveValue('');
    await expect(passwordInput(section, 'New password')).toHaveValue('');

    await sidebar(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await fillSignIn(page, member.email, member.password);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');

    await signIn(page, member.email, newPassword);
  });
});
