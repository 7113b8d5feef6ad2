import {
  LOGIN_CHALLENGE_MAX_ATTEMPTS,
  LOGIN_CHALLENGE_TTL_MS,
  TWO_FACTOR_MAX_FAILURES,
  TWO_FACTOR_MAX_FAILURES_PER_ACCOUNT,
  TWO_FACTOR_WRONG_CODES_NOTICE_AT,
  UI_TEXT,
} from '@smart/contracts';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginChallenges, organizations, users } from '../../db/schema/index.js';
import { clientNetwork } from '../../lib/client-network.js';
import { AppError, forbidden, unauthorized } from '../../lib/errors.js';
import { type AttemptLimit, admitAttempt } from '../../lib/login-throttle.js';
import { notify } from '../../lib/outbox.js';
import { describeDevice, securityNotice } from '../../lib/security-notices.js';
import { hashToken, newSessionToken } from '../../lib/tokens.js';
import { createSession } from '../session-store/index.js';
import { requireSecondFactor, type SecondFactorProof, type TwoFactorDeps } from './second-factor.js';

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

const challengeGone = () => unauthorized(UI_TEXT.twoFactorChallengeExpired);

/** Who sends a code, as far as its limits and the owner's notice care. */
export interface CodeStepClient {
  address: string;
  userAgent: string | undefined;
  /** The device this browser proves for the e-mail (its nonce, session-store/device-cookie.ts), or null. */
  deviceFor(email: string): string | null;
}

/**
 * The counters of one account's codes at sign-in. They carry the moment its second factor was
 * turned on, so an admin's reset (which turns it off) leaves none behind: a set-up after it counts
 * afresh.
 */
const codeCounters = (user: { id: string; twoFactorEnabledAt: Date }) =>
  `two-factor-sign-in:${user.id}:${user.twoFactorEnabledAt.getTime()}`;

/**
 * A code at sign-in is counted like a password (sessions/sign-in-limits.ts): a browser that signed
 * in to the account before on its own, any other on its address and, with the account's other new
 * browsers, on the account. Someone who has the password therefore holds only its own address, or
 * with many addresses the account's new browsers, never the owner's remembered ones.
 */
function codeStepLimits(counters: string, device: string | null, address: string): AttemptLimit[] {
  if (device) {
    return [
      {
        key: `${counters}:device:${device}`,
        max: TWO_FACTOR_MAX_FAILURES,
        message: UI_TEXT.tooManyTwoFactorAttempts,
        onSuccess: 'reset',
      },
    ];
  }
  return [
    {
      key: `${counters}:address:${clientNetwork(address)}`,
      max: TWO_FACTOR_MAX_FAILURES,
      message: UI_TEXT.tooManyTwoFactorAttemptsFromAddress,
      onSuccess: 'reset',
    },
    {
      key: `${counters}:new-browsers`,
      max: TWO_FACTOR_MAX_FAILURES_PER_ACCOUNT,
      message: UI_TEXT.tooManyTwoFactorAttemptsForAccount,
      onSuccess: 'forgive',
    },
  ];
}

/**
 * A wrong code after the right password: at the TWO_FACTOR_WRONG_CODES_NOTICE_AT-th of the window
 * (once per window, whichever browsers sent them) the owner is told, by a security notice always
 * e-mailed, that its password is known to someone and should be changed.
 */
async function countWrongCode(deps: TwoFactorDeps, counters: string, userId: string, client: CodeStepClient) {
  const { count } = await deps.throttle.attempt(`${counters}:wrong`);
  if (count !== TWO_FACTOR_WRONG_CODES_NOTICE_AT) return;
  const device = describeDevice(client.userAgent, client.address);
  await deps.db.transaction((tx) => notify(deps.db, tx, securityNotice('two_factor_codes_wrong', userId, { device })));
}

/**
 * Step two: a code (or a recovery code) for a live challenge. Counted on the challenge (one UPDATE,
 * so parallel guesses cannot pass its limit) and by codeStepLimits; the challenge is gone after its
 * last attempt. On success the challenge is used up and a session begins, exactly as a sign-in
 * without a second factor: returns its user and token.
 */
export async function completeTwoFactorSignIn(
  deps: TwoFactorDeps,
  body: SecondFactorProof & { challengeToken: string },
  client: CodeStepClient,
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
      email: users.email,
      isActive: users.isActive,
      twoFactorSecret: users.twoFactorSecret,
      twoFactorEnabledAt: users.twoFactorEnabledAt,
      organizationClosedAt: organizations.closedAt,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, challenge.userId))
    .limit(1);
  // Deactivated, or its second factor reset, since the password step: that sign-in is over.
  if (!user?.isActive || !user.twoFactorSecret || !user.twoFactorEnabledAt) {
    await endChallenge();
    throw challengeGone();
  }
  if (user.organizationClosedAt) throw forbidden(UI_TEXT.organizationClosed);

  const counters = codeCounters({ id: user.id, twoFactorEnabledAt: user.twoFactorEnabledAt });
  const admitted = await admitAttempt(
    deps.throttle,
    codeStepLimits(counters, client.deviceFor(user.email), client.address),
  );
  try {
    await requireSecondFactor(deps, { id: user.id, twoFactorSecret: user.twoFactorSecret }, body);
  } catch (error) {
    const wrongCode = error instanceof AppError && error.code === 'BAD_REQUEST';
    if (wrongCode) await countWrongCode(deps, counters, user.id, client);
    if (wrongCode && challenge.attempts >= LOGIN_CHALLENGE_MAX_ATTEMPTS) {
      await endChallenge();
      throw unauthorized(UI_TEXT.twoFactorChallengeUsedUp);
    }
    throw error;
  }
  // Used up here: of two right codes sent at once for one challenge, one session begins.
  if ((await endChallenge()).length === 0) throw challengeGone();
  await admitted.succeeded();
  return { userId: user.id, token: await createSession(deps.db, user.id, sessionTtlMs) };
}
