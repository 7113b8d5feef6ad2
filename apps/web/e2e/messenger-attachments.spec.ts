import type { Page } from '@playwright/test';
import { expect, type Person, test } from './support/fixtures';
import { holdRequests } from './support/hold';
import { attachFiles, composer, messages, openConversationId, postMessages } from './support/messenger';
import { signIn } from './support/session';

/** A file named as a picture whose bytes are not one: the upload takes it, the message refuses it. */
const FAKE_PICTURE = { name: 'holiday.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') };

/**
 * A member sends a message with a file the server refuses, in a conversation long enough to scroll:
 * while it goes it says "Sending...", and once refused the refusal with Retry is brought into view,
 * not left below the fold where the message would look delivered.
 */
async function sendRefusedAttachment(page: Page, member: Person) {
  await signIn(page, member);
  await page.goto('/dashboard/messenger');
  await expect(composer(page)).toBeVisible();
  await expect.poll(() => openConversationId(page)).not.toBeNull();
  await postMessages(
    page,
    openConversationId(page) as string,
    Array.from({ length: 30 }, (_, index) => `Line ${index + 1}`),
  );
  await page.reload();
  const log = messages(page);
  await expect(log.getByText('Line 30', { exact: true })).toBeInViewport();

  // The upload is held until the test has seen the message on its way.
  const releaseUpload = await holdRequests(page, '**/api/files/upload');
  await attachFiles(page, [FAKE_PICTURE]);
  await composer(page).fill('The holiday photo');
  await composer(page).press('Enter');

  const sending = log.getByRole('article', { name: 'Message sending' });
  await expect(sending).toContainText('Sending...');
  await expect(sending).toBeInViewport();
  releaseUpload();

  const failed = log.getByRole('article', { name: 'Message not sent' });
  await expect(failed).toContainText('Not sent');
  await expect(failed.getByRole('alert')).toHaveText(/Only images, PDF, Word, text, zip and rar files can be sent/);
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeInViewport();
  await expect(failed.getByRole('button', { name: 'Discard' })).toBeInViewport();

  await failed.getByRole('button', { name: 'Discard' }).click();
  await expect(failed).toHaveCount(0);
}

test.describe('Messenger attachments', () => {
  test('a refused attachment says Sending..., then its refusal and Retry come into view', async ({
    page,
    organization,
  }) => {
    await sendRefusedAttachment(page, await organization.addPerson('Marcus', 'Bell'));
  });

  test('choosing files the messenger does not take names every one of them', async ({ page, organization }) => {
    await signIn(page, await organization.addPerson('Marcus', 'Bell'));
    await page.goto('/dashboard/messenger');
    await expect(composer(page)).toBeVisible();

    await attachFiles(page, [
      { name: 'budget.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Notes\n') },
      { name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
    ]);
    const pane = page.getByRole('region', { name: 'Conversation', exact: true });
    await expect(pane.getByRole('alert')).toHaveText(
      'budget.csv, tool.exe: Only images, PDF, Word, text, zip and rar files can be sent',
    );
    await expect(page.getByLabel('Files to send')).toHaveText(/^notes\.txt/);
  });
});

test.describe('Messenger attachments on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a refused attachment says Sending..., then its refusal and Retry come into view', async ({
    page,
    organization,
  }) => {
    await sendRefusedAttachment(page, await organization.addPerson('Marcus', 'Bell'));
  });
});
