import { LOGIN_MAX_FAILURES, UI_TEXT } from '@smart/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { organizations, sessions, users } from '../../db/schema/index.js';
import { badField, forbidden, rateLimited, unauthorized } from '../../lib/errors.js';
import type { LoginThrottle } from '../../lib/login-throttle.js';
import { notify } from '../../lib/outbox.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { securityNotice } from '../../lib/security-notices.js';
import { createSession } from '../session-store/index.js';
import { startLoginChallenge } from '../two-factor/index.js';
import type { SignInClient, SignInLimits } from './sign-in-limits.js';

/** A session, or, for an account with a second factor, the challenge its code answers (modules/two-factor/login.ts). */
export type SignInResult = { userId: string; token: string } | { userId: string; challengeToken: string };

/**
 * Checks e-mail and password. Unknown e-mail, wrong password and deactivated account fail
 * alike (same status, text and time); the attempt is counted first against the limits of
 * sign-in-limits.ts. A member of a closed organization is told so (403). An account with a second
 * factor gets a challenge for its code instead of a session.
 */
export async function signIn(
  db: Database,
  limits: SignInLimits,
  credentials: { email: string; password: string },
  client: SignInClient,
  ttlMs: number,
): Promise<SignInResult> {
  const email = credentials.email;
  const succeeded = await limits.admit(email, client);

  const [user] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      twoFactorEnabledAt: users.twoFactorEnabledAt,
      organizationClosedAt: organizations.closedAt,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.email, email))
    .limit(1);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), credentials.password);
  if (!user || !passwordMatches || !user.isActive) throw unauthorized(UI_TEXT.invalidCredentials);
  await succeeded();
  // Said only to someone who knows the password, so the message reveals nothing to a guesser.
  if (user.organizationClosedAt) throw forbidden(UI_TEXT.organizationClosed);
  if (user.twoFactorEnabledAt) return { userId: user.id, challengeToken: await startLoginChallenge(db, user.id) };
  return { userId: user.id, token: await createSession(db, user.id, ttlMs) };
}

export async function revokeSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Changes the password and revokes every other session of the user, and tells them (a security
 * notice, by e-mail always). Returns the revoked session ids.
 * Checks of the current password are limited like sign-ins, so a stolen token cannot guess it.
 */
export async function changePassword(
  db: Database,
  throttle: LoginThrottle,
  session: { id: string; user: { id: string } },
  passwords: { currentPassword: string; newPassword: string },
): Promise<string[]> {
  const throttleKey = `password-change:${session.user.id}`;
  const attempt = await throttle.attempt(throttleKey);
  if (attempt.count > LOGIN_MAX_FAILURES) throw rateLimited(UI_TEXT.tooManyPasswordAttempts, attempt.retryAfterSeconds);
  const [current] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, session.user.id))
    .limit(1);
  if (!current || !(await verifyPassword(current.passwordHash, passwords.currentPassword))) {
    throw badField('currentPassword', UI_TEXT.currentPasswordWrong);
  }
  await throttle.reset(throttleKey);
  const passwordHash = await hashPassword(passwords.newPassword);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, session.user.id));
    await notify(db, tx, securityNotice('password_changed', session.user.id));
    const revoked = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, session.user.id), ne(sessions.id, session.id)))
      .returning({ id: sessions.id });
    return revoked.map((row) => row.id);
  });
}
