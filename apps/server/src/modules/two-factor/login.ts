import { LOGIN_CHALLENGE_MAX_ATTEMPTS, LOGIN_CHALLENGE_TTL_MS, MESSAGES } from '@smart/contracts';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginChallenges, organizations, users } from '../../db/schema/index.js';
import { AppError, forbidden, unauthorized } from '../../lib/errors.js';
import { hashToken, newSessionToken } from '../../lib/tokens.js';
import { createSession } from '../sessions/service.js';
import {
  admitCodeAttempt,
  forgiveCodeAttempts,
  requireSecondFactor,
  type SecondFactorProof,
  type TwoFactorDeps,
} from './second-factor.js';

/**
 * Sign-in with a second factor, step one (after the password, from sessions/service.ts signIn): a
 * challenge, not a session. Only its token's hash is stored; it lives LOGIN_CHALLENGE_TTL_MS and
 * takes LOGIN_CHALLENGE_MAX_ATTEMPTS codes. The user's expired challenges are cleared on the way.
 */
export async function startLoginChallenge(db: Database, userId: string): Promise<string> {
  const token = newSessionToken();
  const now = new Date();
  await db.delete(loginChallenges).where(and(eq(loginChallenges.userId, userId), lt(loginChallenges.expiresAt, now)));
  await db.insert(loginChallenges).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + LOGIN_CHALLENGE_TTL_MS),
  });
  return token;
}

const challengeGone = () => unauthorized(MESSAGES.twoFactorChallengeExpired);

/**
 * Step two: a code (or a recovery code) for a live challenge. Counted on the challenge (one UPDATE,
 * so parallel guesses cannot pass its limit) and on the user across challenges; the challenge is
 * gone after its last attempt. On success the challenge is used up and a session begins, exactly
 * as a sign-in without a second factor: returns its user and token.
 */
export async function completeTwoFactorSignIn(
  deps: TwoFactorDeps,
  body: SecondFactorProof & { challengeToken: string },
  sessionTtlMs: number,
): Promise<{ userId: string; token: string }> {
  const [challenge] = await deps.db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(eq(loginChallenges.tokenHash, hashToken(body.challengeToken)), gt(loginChallenges.expiresAt, new Date())),
    )
    .returning({ id: loginChallenges.id, userId: loginChallenges.userId, attempts: loginChallenges.attempts });
  if (!challenge) throw challengeGone();
  const endChallenge = () => deps.db.delete(loginChallenges).where(eq(loginChallenges.id, challenge.id)).returning();
  if (challenge.attempts > LOGIN_CHALLENGE_MAX_ATTEMPTS) {
    await endChallenge();
    throw challengeGone();
  }

  const [user] = await deps.db
    .select({
      id: users.id,
      isActive: users.isActive,
      twoFactorSecret: users.twoFactorSecret,
      organizationClosedAt: organizations.closedAt,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, challenge.userId))
    .limit(1);
  // Deactivated, or its second factor reset, since the password step: that sign-in is over.
  if (!user?.isActive || !user.twoFactorSecret) {
    await endChallenge();
    throw challengeGone();
  }
  if (user.organizationClosedAt) throw forbidden(MESSAGES.organizationClosed);

  await admitCodeAttempt(deps.throttle, user.id);
  try {
    await requireSecondFactor(deps, { id: user.id, twoFactorSecret: user.twoFactorSecret }, body);
  } catch (error) {
    const wrongCode = error instanceof AppError && error.code === 'BAD_REQUEST';
    if (wrongCode && challenge.attempts >= LOGIN_CHALLENGE_MAX_ATTEMPTS) {
      await endChallenge();
      throw unauthorized(MESSAGES.twoFactorChallengeUsedUp);
    }
    throw error;
  }
  // Used up here: of two right codes sent at once for one challenge, one session begins.
  if ((await endChallenge()).length === 0) throw challengeGone();
  await forgiveCodeAttempts(deps.throttle, user.id);
  return { userId: user.id, token: await createSession(deps.db, user.id, sessionTtlMs) };
}
