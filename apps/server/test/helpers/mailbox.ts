import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { waitFor } from './wait-for.js';

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
  messageId: string;
  /** Raw header values by lower-case name (List-Unsubscribe, List-Unsubscribe-Post ...). */
  headers: Record<string, string>;
  /**
   * A calendar invitation's parts: the METHOD of its text/calendar alternative (what mail clients
   * act on) and its invite.ics attachment as sent (CRLF lines); null in other mails.
   */
  invitation: { method: string; filename: string; ics: string } | null;
}

const addressText = (address: AddressObject | AddressObject[] | undefined) =>
  [address ?? []]
    .flat()
    .map((entry) => entry.text)
    .join(', ');

function invitationOf(mail: ParsedMail): ReceivedMail['invitation'] {
  const alternative = mail.attachments.find((part) => part.contentType === 'text/calendar');
  const file = mail.attachments.find((part) => part.contentType === 'application/ics');
  if (!alternative && !file) return null;
  const type = alternative?.headers.get('content-type') as { params?: Record<string, string> } | undefined;
  return {
    method: type?.params?.method ?? '',
    filename: file?.filename ?? '',
    ics: file?.content.toString('utf8') ?? '',
  };
}

/** Every mail in the mailbox, oldest first (by the files' times; notification mails are named by their Message-ID). */
export async function readMailbox(dir: string): Promise<ReceivedMail[]> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.eml'));
  const files = await Promise.all(
    names.map(async (name) => ({ name, time: (await stat(path.join(dir, name))).mtimeMs })),
  );
  files.sort((a, b) => a.time - b.time || a.name.localeCompare(b.name));
  return Promise.all(
    files.map(async ({ name }) => {
      const mail = await simpleParser(await readFile(path.join(dir, name)));
      return {
        from: addressText(mail.from),
        to: addressText(mail.to),
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: mail.html || '',
        messageId: mail.messageId ?? '',
        headers: Object.fromEntries(
          mail.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()]),
        ),
        invitation: invitationOf(mail),
      };
    }),
  );
}

/** Not a notification e-mail (those have a Message-ID of their own kind): a reset link, a two-factor change. */
export const notNotification = (mail: ReceivedMail) => !mail.messageId.includes('.notification@');

/**
 * Waits for a mail to `to` beyond the first `seen` ones it has received, and returns it. With
 * `accept`, only the mails it accepts count (the mailbox also holds notification mails, such as the
 * notice of a sign-in from a new browser, which may arrive at any moment of a test).
 */
export async function waitForMail(
  dir: string,
  to: string,
  seen = 0,
  timeoutMs = 10_000,
  accept: (mail: ReceivedMail) => boolean = () => true,
): Promise<ReceivedMail> {
  return waitFor(
    async () => (await readMailbox(dir)).filter((received) => received.to === to && accept(received))[seen],
    `mail ${seen + 1} to ${to}`,
    timeoutMs,
  );
}

/** The reset link in a mail's text: its URL and the token in its fragment. */
export function resetLinkIn(mail: ReceivedMail): { url: string; token: string } {
  const match = /(https?:\/\/\S+#token=([\w-]+))/.exec(mail.text);
  if (!match?.[1] || !match[2]) throw new Error(`No reset link in: ${mail.text}`);
  return { url: match[1], token: match[2] };
}
