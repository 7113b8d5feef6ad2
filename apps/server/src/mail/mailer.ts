import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
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
  // nodemailer is loaded with the first mail, not at every start.
  let transport: Promise<Transporter> | undefined;
  const transporter = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      config.smtpUrl
        ? nodemailer.createTransport(config.smtpUrl)
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
      // Sorted by time when listed; the random part keeps two mails of one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(config.mailboxDir, name), eml as Buffer);
    },
    close,
  };
}
