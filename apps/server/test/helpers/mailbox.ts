import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type AddressObject, simpleParser } from 'mailparser';

/**
 * The development mailbox (the .eml files the server writes to DATA_DIR/mail without SMTP_URL),
 * read by a real mail parser. Used by the API tests and the browser tests.
 */
export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

const addressText = (address: AddressObject | AddressObject[] | undefined) =>
  [address ?? []]
    .flat()
    .map((entry) => entry.text)
    .join(', ');

/** Every mail in the mailbox, oldest first (file names start with the time). */
export async function readMailbox(dir: string): Promise<ReceivedMail[]> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (name) => {
      const mail = await simpleParser(await readFile(path.join(dir, name)));
      return {
        from: addressText(mail.from),
        to: addressText(mail.to),
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: mail.html || '',
      };
    }),
  );
}

/** Waits for a mail to `to` beyond the first `seen` ones it has received, and returns it. */
export async function waitForMail(dir: string, to: string, seen = 0, timeoutMs = 10_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await readMailbox(dir)).filter((received) => received.to === to)[seen];
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail ${seen + 1} to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The reset link in a mail's text: its URL and the token in its fragment. */
export function resetLinkIn(mail: ReceivedMail): { url: string; token: string } {
  const match = /(https?:\/\/\S+#token=([\w-]+))/.exec(mail.text);
  if (!match?.[1] || !match[2]) throw new Error(`No reset link in: ${mail.text}`);
  return { url: match[1], token: match[2] };
}
