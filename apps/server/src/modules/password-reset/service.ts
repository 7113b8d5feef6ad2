import {
  PASSWORD_RESET_TTL_MS,
  RESET_PASSWORD_PATH,
  RESET_TOKEN_PARAM,
  UI_TEXT,
  WELCOME_LINK_TTL_MS,
} from '@smart/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { organizations, passwordResets, sessions, users } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { notify } from '../../lib/outbox.js';
import { hashPassword, NO_PASSWORD } from '../../lib/passwords.js';
import { securityNotice } from '../../lib/security-notices.js';
import { hashToken, newSessionToken } from '../../lib/tokens.js';
import type { Mailer } from '../../mail/mailer.js';
import { passwordResetMail, welcomeMail } from './mail.js';

const resetLink = (appUrl: string, token: string) => `${appUrl}${RESET_PASSWORD_PATH}#${RESET_TOKEN_PARAM}=${token}`;

/**
 * A new reset link for the user, valid `ttlMs`, replacing its previous one: the database keeps the
 * token's hash, the token itself lives only in the mail. Returns the token.
 */
async function newResetLink(db: Database, userId: string, ttlMs: number): Promise<string> {
  const token = newSessionToken();
  const link = { tokenHash: hashToken(token), createdAt: new Date(), expiresAt: new Date(Date.now() + ttlMs) };
  await db
    .insert(passwordResets)
    .values({ userId, ...link })
    .onConflictDoUpdate({ target: passwordResets.userId, set: link });
  return token;
}

/**
 * Mails a new reset link to the active account with this address, if there is one; runs as a job,
 * so the request's answer and timing do not depend on it. The token lives only in the mail; the
 * database keeps its hash, replacing the user's previous link.
 */
export async function mailResetLink(db: Database, mailer: Mailer, appUrl: string, email: string) {
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, isActive: users.isActive })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user?.isActive) return;
  // The security notice is recorded with the link (the reset mail below is its e-mail: the
  // notification e-mail worker does not send a second one).
  const token = await db.transaction(async (tx) => {
    const made = await newResetLink(tx, user.id, PASSWORD_RESET_TTL_MS);
    await notify(db, tx, securityNotice('password_reset_requested', user.id));
    return made;
  });
  await mailer.send(passwordResetMail({ to: email, firstName: user.firstName, link: resetLink(appUrl, token) }));
}

/** The welcome e-mail's job: queued in the transaction that adds the member, so it exists if and only if the member does. */
export const WELCOME_MAIL_QUEUE = 'member-welcome-mail';
export interface WelcomeMailJob {
  userId: string;
  /** Who added the member (named in the mail). */
  addedById: string;
}

/**
 * Welcomes a member added without a password (imported from CSV): who added it to which
 * organization, and a reset link, valid WELCOME_LINK_TTL_DAYS, to choose its password. Nothing is
 * sent to an account deactivated meanwhile, nor to one that has chosen a password already (a
 * 'Forgot Password?' link): its link would replace a link it may be using.
 */
export async function mailWelcomeLink(db: Database, mailer: Mailer, appUrl: string, job: WelcomeMailJob) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      isActive: users.isActive,
      passwordHash: users.passwordHash,
      organizationName: organizations.name,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, job.userId))
    .limit(1);
  if (!user?.isActive || user.passwordHash !== NO_PASSWORD) return;
  const [addedBy] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, job.addedById))
    .limit(1);
  const token = await newResetLink(db, user.id, WELCOME_LINK_TTL_MS);
  await mailer.send(
    welcomeMail({
      to: user.email,
      firstName: user.firstName,
      organizationName: user.organizationName,
      addedBy: addedBy ? `${addedBy.firstName} ${addedBy.lastName}`.trim() : null,
      link: resetLink(appUrl, token),
    }),
  );
}

/**
 * Sets a new password with a reset token. The token is used up and every session of the user is
 * revoked; their ids are returned so that live sockets can be closed. An unknown, expired or
 * used token fails with one message.
 */
export async function resetPassword(db: Database, body: { token: string; newPassword: string }): Promise<string[]> {
  const unexpiredLink = and(
    eq(passwordResets.tokenHash, hashToken(body.token)),
    gt(passwordResets.expiresAt, new Date()),
  );
  // Looked up before hashing the password, so made-up tokens cost no argon2 time.
  const [found] = await db.select({ userId: passwordResets.userId }).from(passwordResets).where(unexpiredLink).limit(1);
  if (!found) throw badRequest(UI_TEXT.passwordResetLinkInvalid);
  const passwordHash = await hashPassword(body.newPassword);
  return db.transaction(async (tx) => {
    // The delete decides: of two uses of one link at the same time, only one gets the row.
    const [used] = await tx.delete(passwordResets).where(unexpiredLink).returning({ userId: passwordResets.userId });
    const [user] = used
      ? await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(and(eq(users.id, used.userId), eq(users.isActive, true)))
          .returning({ id: users.id })
      : [];
    if (!user) throw badRequest(UI_TEXT.passwordResetLinkInvalid);
    const revoked = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
    return revoked.map((row) => row.id);
  });
}
