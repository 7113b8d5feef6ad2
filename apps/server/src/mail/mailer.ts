import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Over SMTP when SMTP_URL is set; else every message becomes an .eml file in DATA_DIR/mail (the development mailbox). */
export function mailerFromConfig(config: MailConfig): Mailer {
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await smtp.sendMail({ from: config.from, ...message });
      },
      close: () => smtp.close(),
    };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const { message: eml } = await composer.sendMail({ from: config.from, ...message });
      await mkdir(config.mailboxDir, { recursive: true });
      // Sorted by time when listed; the random part keeps two mails of one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(config.mailboxDir, name), eml as Buffer);
    },
    close: () => composer.close(),
  };
}
