import { MESSAGES, PASSWORD_RESET_TTL_MS, RESET_PASSWORD_PATH, RESET_TOKEN_PARAM } from '@smart/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { passwordResets, sessions, users } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { hashToken, newSessionToken } from '../../lib/tokens.js';
import type { Mailer } from '../../mail/mailer.js';
import { notify } from '../notifications/events.js';
import { securityNotice } from '../notifications/security-notices.js';
import { passwordResetMail } from './mail.js';

const resetLink = (appUrl: string, token: string) => `${appUrl}${RESET_PASSWORD_PATH}#${RESET_TOKEN_PARAM}=${token}`;

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
  const token = newSessionToken();
  const link = {
    tokenHash: hashToken(token),
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
  };
  // The security notice is recorded with the link (the reset mail below is its e-mail: the
  // notification e-mail worker does not send a second one).
  await db.transaction(async (tx) => {
    await tx
      .insert(passwordResets)
      .values({ userId: user.id, ...link })
      .onConflictDoUpdate({ target: passwordResets.userId, set: link });
    await notify(db, tx, securityNotice('password_reset_requested', user.id));
  });
  await mailer.send(passwordResetMail({ to: email, firstName: user.firstName, link: resetLink(appUrl, token) }));
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
  if (!found) throw badRequest(MESSAGES.passwordResetLinkInvalid);
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
    if (!user) throw badRequest(MESSAGES.passwordResetLinkInvalid);
    const revoked = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
    return revoked.map((row) => row.id);
  });
}
