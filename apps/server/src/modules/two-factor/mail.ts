import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { escapeHtml } from '../../mail/html.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';

/** What changed about a person's second factor; each is told by e-mail (a security notice, not a preference). */
export type TwoFactorChange = 'enabled' | 'disabled' | 'recovery-codes' | 'reset';

const NOTICES: Record<TwoFactorChange, { subject: string; body: string }> = {
  enabled: {
    subject: 'Two-factor sign-in is on',
    body: 'Two-factor sign-in was turned on for your S.M.A.R.T. account: signing in now asks for a code from your authenticator app.',
  },
  disabled: {
    subject: 'Two-factor sign-in is off',
    body: 'Two-factor sign-in was turned off for your S.M.A.R.T. account, with its password and a code: signing in asks for the password alone.',
  },
  'recovery-codes': {
    subject: 'New recovery codes',
    body: 'A new set of recovery codes was made for your S.M.A.R.T. account. The previous codes no longer work.',
  },
  reset: {
    subject: 'Your two-factor sign-in was reset',
    body: 'A S.M.A.R.T. administrator reset the two-factor sign-in of your account: your authenticator app and recovery codes no longer work, and signing in asks for the password alone. Set it up again on your profile page (your organization may ask you to at your next sign-in).',
  },
};

export function twoFactorChangeMail({
  to,
  firstName,
  change,
}: {
  to: string;
  firstName: string;
  change: TwoFactorChange;
}): MailMessage {
  const notice = NOTICES[change];
  const paragraphs = [
    firstName ? `Hello ${firstName},` : 'Hello,',
    notice.body,
    'If this was not you or someone you asked, sign in, change your password and tell your administrator at once.',
  ];
  return {
    to,
    subject: `${notice.subject} – S.M.A.R.T.`,
    text: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
  };
}

/** The job's work: the person's current address and name are read when the mail goes out. */
export async function mailTwoFactorChange(db: Database, mailer: Mailer, userId: string, change: TwoFactorChange) {
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (user) await mailer.send(twoFactorChangeMail({ to: user.email, firstName: user.firstName, change }));
}
