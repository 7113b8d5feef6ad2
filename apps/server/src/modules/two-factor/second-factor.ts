import { TWO_FACTOR_MAX_FAILURES, UI_TEXT } from '@smart/contracts';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { badRequest, rateLimited } from '../../lib/errors.js';
import type { LoginThrottle } from '../../lib/login-throttle.js';
import { matchingStep } from '../../lib/totp.js';
import type { TwoFactorKeys } from './keys.js';
import { useRecoveryCode } from './recovery-codes.js';

/** What every check of a second factor needs. */
export interface TwoFactorDeps {
  db: Database;
  keys: TwoFactorKeys;
  /**
   * Wrong codes (in the sign-in window, in Redis when configured): at sign-in per client and account
   * (login.ts), in the signed-in forms per account (admitCodeAttempt).
   */
  throttle: LoginThrottle;
  /** Milliseconds since the epoch; tests may pass a clock of their own. */
  now: () => number;
}

/** An authenticator code or a recovery code (the bodies' schemas let exactly one through, normalized). */
export interface SecondFactorProof {
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

const throttleKey = (userId: string) => `two-factor:${userId}`;

/**
 * Counts one attempt at the user's codes (or at the password that goes with one) in a form of the
 * signed-in user, before it is checked, so parallel guesses cannot slip past the limit; past it, 429
 * until the window ends. Sign-in's code step is counted apart (login.ts): someone who has only the
 * password cannot spend this count.
 */
export async function admitCodeAttempt(throttle: LoginThrottle, userId: string) {
  const attempt = await throttle.attempt(throttleKey(userId));
  if (attempt.count > TWO_FACTOR_MAX_FAILURES) {
    throw rateLimited(UI_TEXT.tooManyTwoFactorAttempts, attempt.retryAfterSeconds);
  }
}

/** After a success (or an admin's reset) the count starts again, as for passwords. */
export const forgiveCodeAttempts = (throttle: LoginThrottle, userId: string) => throttle.reset(throttleKey(userId));

/**
 * Accepts an authenticator code once: its time step must be later than the last one the account
 * used, and one UPDATE claims it, so the same code (or an older one) never works twice, even sent
 * twice at once.
 */
async function useTotpCode(deps: TwoFactorDeps, userId: string, sealedSecret: string, code: string) {
  const step = matchingStep(deps.keys.secrets.open(sealedSecret, userId), code, deps.now());
  if (step === null) return false;
  const [claimed] = await deps.db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return claimed !== undefined;
}

/**
 * Checks the proof of a user's second factor and uses it up; 400 when it does not work. The caller
 * has counted the attempt (admitCodeAttempt) and forgives the count once everything it checks passed.
 */
export async function requireSecondFactor(
  deps: TwoFactorDeps,
  user: { id: string; twoFactorSecret: string },
  proof: SecondFactorProof,
) {
  if (proof.recoveryCode !== undefined) {
    if (!(await useRecoveryCode(deps.db, deps.keys, user.id, proof.recoveryCode))) {
      throw badRequest(UI_TEXT.recoveryCodeInvalid);
    }
    return;
  }
  if (proof.code === undefined || !(await useTotpCode(deps, user.id, user.twoFactorSecret, proof.code))) {
    throw badRequest(UI_TEXT.twoFactorCodeInvalid);
  }
}
