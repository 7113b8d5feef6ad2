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

/** The conversation open in the address (?c=). */
export const openConversationId = (page: Page) => new URL(page.url()).searchParams.get('c');

/** Chooses files with the composer's Attach files button. */
export async function attachFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(files);
}

/** Sends a text with Enter and waits until the log shows it. */
export async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(messages(page).getByText(text)).toBeVisible();
}

/** Messages written straight through the API as the signed-in user (a long conversation in one go). */
export async function postMessages(page: Page, conversationId: string, texts: string[]) {
  await page.evaluate(
    async ([id, contents]) => {
      const headers = {
        Authorization: `Bearer ${localStorage.getItem('authToken')}`,
        'Content-Type': 'application/json',
      };
      for (const content of contents) {
        await fetch('/api/messages', {
          method: 'POST',
          headers,
          body: JSON.stringify({ conversationId: id, content }),
        });
      }
    },
    [conversationId, texts] as const,
  );
}
