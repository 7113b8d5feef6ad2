import { expect, test } from '@playwright/test';
import { accounts, signIn } from './support/session';

test.describe('keyboard', () => {
  test('the skip link is the first stop of Tab and moves the focus to the page', async ({ page }) => {
    await signIn(page, accounts.orgAdmin);
    await page.goto('/dashboard/projects');
    await expect(page.getByRole('heading', { name: /Projects/, level: 1 })).toBeVisible();

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab lands inside the page, past the top bar and the menu.
    await page.keyboard.press('Tab');
    await expect(page.locator('main :focus')).toHaveCount(1);
  });

  test('? lists the shortcuts, c creates in the list on screen, Escape closes', async ({ page }) => {
    await signIn(page, accounts.orgAdmin);
    await page.goto('/dashboard/projects');
    await expect(page.getByRole('button', { name: 'Create Project' })).toBeVisible();

    await page.keyboard.press('Shift+?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help.getByText('Create in the list you are on')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    await page.keyboard.press('c');
    const create = page.getByRole('dialog', { name: 'Create Project' });
    await expect(create).toBeVisible();
    // Typing in the dialog's fields is typing, not shortcuts.
    await page.keyboard.type('c?');
    await expect(help).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(create).toBeHidden();
  });
});

test.describe('dark theme', () => {
  test('follows the system, can be switched in the top bar, and is remembered by this browser', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, accounts.member);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await page.getByRole('button', { name: 'Color theme' }).click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    const background = () => page.getByRole('main').evaluate((main) => getComputedStyle(main).backgroundColor);
    const lightBackground = await background();

    await page.reload();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

    await page.getByRole('button', { name: 'Color theme' }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect.poll(background).not.toBe(lightBackground);

    // Back to the system's choice: it follows the system as it changes.
    await page.getByRole('button', { name: 'Color theme' }).click();
    await page.getByRole('menuitem', { name: 'Same as system' }).click();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});
