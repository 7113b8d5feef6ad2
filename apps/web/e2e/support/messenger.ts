import { type Browser, expect, type Page } from '@playwright/test';
import type { Person } from './fixtures';
import { signIn } from './session';

/** Messenger pieces the browser tests share: a second signed-in browser, the message log and the composer. */

/** A page of its own (a new browser context) signed in as `who`; `viewport` for a phone. */
export async function signedInPage(
  browser: Browser,
  who: string | Person,
  viewport?: { width: number; height: number },
) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}

export const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
export const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** Sends a text with Enter and waits until the log shows it. */
export async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(messages(page).getByText(text)).toBeVisible();
}
