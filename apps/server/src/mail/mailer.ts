import { randomBytes } from 'node:crypto';
import { link, mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { MailConfig } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on notification mails). */
  headers?: Record<string, string>;
  /**
   * A stable Message-ID (`<id@host>`) for a mail that may be sent again after a crash: SMTP
   * receivers drop a second copy with the same id, and the file mailbox writes it once.
   */
  messageId?: string;
  /**
   * A calendar invitation (RFC 6047, iMIP): nodemailer sends it as a text/calendar alternative with
   * its METHOD and as an attachment, which is what Gmail and Outlook read to show Accept/Decline and
   * to put, move or remove the event in the calendar.
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; content: string; filename: string };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Over SMTP when SMTP_URL is set; else every message becomes an .eml file in DATA_DIR/mail (the development mailbox). */
export function mailerFromConfig(config: MailConfig): Mailer {
  // nodemailer is loaded with the first mail, not at every start.
  let transport: Promise<Transporter> | undefined;
  const transporter = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      config.smtpUrl
        ? nodemailer.createTransport({
            url: config.smtpUrl,
            connectionTimeout: config.smtpTimeoutMs,
            greetingTimeout: config.smtpTimeoutMs,
            socketTimeout: config.smtpTimeoutMs,
          })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return transport;
  };
  const close = () => void transport?.then((created) => created.close());
  if (config.smtpUrl) {
    return {
      async send(message) {
        await (await transporter()).sendMail({ from: config.from, ...message });
      },
      close,
    };
  }
  return {
    async send(message) {
      const { message: eml } = await (await transporter()).sendMail({ from: config.from, ...message });
      await mkdir(config.mailboxDir, { recursive: true });
      if (message.messageId) {
        // Named by its Message-ID and linked into place whole: a mail sent again after a crash
        // between sending and recording it finds its file there and is not written twice, and a
        // process killed while writing leaves a partial file nobody reads, never a cut-off mail.
        const final = path.join(config.mailboxDir, `${mailboxName(message.messageId)}.eml`);
        const partial = `${final}.${randomBytes(4).toString('hex')}.partial`;
        await writeFile(partial, eml as Buffer);
        await link(partial, final)
          .catch((error: unknown) => {
            if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          })
          .finally(() => unlink(partial));
        return;
      }
      // Sorted by time when listed; the random part keeps two mails of one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(config.mailboxDir, name), eml as Buffer);
    },
    close,
  };
}

/** A Message-ID as a file name: `<abc@host>` → `abc@host`, anything but letters, digits, `@ . _ -` dropped. */
const mailboxName = (messageId: string) => messageId.replace(/[^A-Za-z0-9@._-]/g, '');
