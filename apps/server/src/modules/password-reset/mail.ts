import { PASSWORD_RESET_TTL_MINUTES, PRODUCT_NAME, WELCOME_LINK_TTL_DAYS } from '@smart/contracts';
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
  return { to, subject: 'Reset your S.M.A.R.T. password', ...linkMailBody(paragraphs, link, 'Choose a new password') };
}

/** Paragraphs as the plain-text and HTML parts, the link's paragraph as a link with its text. */
function linkMailBody(paragraphs: string[], link: string, linkText: string) {
  const html = paragraphs
    .map((paragraph) =>
      paragraph === link
        ? `<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a><br>${escapeHtml(link)}</p>`
        : `<p>${escapeHtml(paragraph)}</p>`,
    )
    .join('\n');
  return { text: `${paragraphs.join('\n\n')}\n`, html };
}

/** The welcome mail of a member added without a password (imported from CSV): where it was added, and the link to choose one. */
export function welcomeMail({
  to,
  firstName,
  organizationName,
  addedBy,
  link,
}: {
  to: string;
  firstName: string;
  organizationName: string | null;
  addedBy: string | null;
  link: string;
}): MailMessage {
  const where = organizationName ? ` to ${organizationName}` : '';
  const paragraphs = [
    firstName ? `Hello ${firstName},` : 'Hello,',
    `${addedBy || 'Your organization'} added you${where} on ${PRODUCT_NAME}, with the account ${to}. ` +
      `Choose your password with the link below. It works once, within ${WELCOME_LINK_TTL_DAYS} days:`,
    link,
    "After that, ask for a new link with 'Forgot Password?' on the sign-in page.",
  ];
  return {
    to,
    subject: `Welcome to ${PRODUCT_NAME}: choose your password`,
    ...linkMailBody(paragraphs, link, 'Choose your password'),
  };
}
