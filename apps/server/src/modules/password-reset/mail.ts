import { PASSWORD_RESET_TTL_MINUTES } from '@smart/contracts';
import { escapeHtml } from '../../mail/html.js';
import type { MailMessage } from '../../mail/mailer.js';

/** The reset mail: who asked is unknown, so it says what happens and what to do if it was not you. */
export function passwordResetMail({
  to,
  firstName,
  link,
}: {
  to: string;
  firstName: string;
  link: string;
}): MailMessage {
  const paragraphs = [
    firstName ? `Hello ${firstName},` : 'Hello,',
    `Someone, hopefully you, asked to reset the password of the S.M.A.R.T. account ${to}. ` +
      `The link below works once, within ${PASSWORD_RESET_TTL_MINUTES} minutes:`,
    link,
    'Setting a new password signs the account out everywhere. ' +
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ];
  const html = paragraphs
    .map((paragraph) =>
      paragraph === link
        ? `<p><a href="${escapeHtml(link)}">Choose a new password</a><br>${escapeHtml(link)}</p>`
        : `<p>${escapeHtml(paragraph)}</p>`,
    )
    .join('\n');
  return { to, subject: 'Reset your S.M.A.R.T. password', text: `${paragraphs.join('\n\n')}\n`, html };
}
