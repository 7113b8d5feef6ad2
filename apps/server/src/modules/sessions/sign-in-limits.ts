import { LOGIN_MAX_FAILURES, MESSAGES } from '@smart/contracts';
import { rateLimited } from '../../lib/errors.js';
import type { LoginThrottle } from '../../lib/login-throttle.js';

/** Who is signing in, as far as the limits care: the client's address and the device it proves for the e-mail. */
export interface SignInClient {
  address: string;
  /** The nonce of this browser's device cookie for the e-mail (device-cookie.ts), or null. */
  device: string | null;
}

interface Limit {
  key: string;
  max: number;
  message: string;
  /** A success resets the count (the key is the account's own), or takes back only its own attempt (shared keys). */
  onSuccess: 'reset' | 'forgive';
}

/**
 * The limits one sign-in attempt is counted against (OWASP ASVS 5.0 V6.3: brute force, credential
 * stuffing and password spraying, without letting anyone lock others out):
 * - a browser with a device cookie for the e-mail: its own count only, so neither failures for that
 *   e-mail elsewhere nor a spray from its network hold it;
 * - any other browser: the e-mail's count, its address's count across e-mails, and the platform's.
 * Every count is taken before the password is checked (parallel guesses cannot slip past), and a
 * success gives back what it took. Refusals carry Retry-After; none of them depends on whether the
 * e-mail has an account.
 */
export function signInLimits(throttle: LoginThrottle, budget: { perAddress: number; global: number }) {
  const limitsOf = (email: string, client: SignInClient): Limit[] =>
    client.device
      ? [
          {
            key: `device:${client.device}`,
            max: LOGIN_MAX_FAILURES,
            message: MESSAGES.tooManyLoginAttempts,
            onSuccess: 'reset',
          },
        ]
      : [
          {
            key: `email:${email}`,
            max: LOGIN_MAX_FAILURES,
            message: MESSAGES.tooManyLoginAttempts,
            onSuccess: 'reset',
          },
          {
            key: `address:${client.address}`,
            max: budget.perAddress,
            message: MESSAGES.tooManyLoginAttemptsFromAddress,
            onSuccess: 'forgive',
          },
          {
            key: 'everywhere',
            max: budget.global,
            message: MESSAGES.tooManyLoginAttemptsEverywhere,
            onSuccess: 'forgive',
          },
        ];

  return {
    /** Counts the attempt, refusing it with 429 when a limit is spent; returns what to call once it succeeded. */
    async admit(email: string, client: SignInClient): Promise<() => Promise<void>> {
      const limits = limitsOf(email, client);
      const attempts = await Promise.all(limits.map((limit) => throttle.attempt(limit.key)));
      limits.forEach((limit, index) => {
        const attempt = attempts[index];
        if (attempt && attempt.count > limit.max) throw rateLimited(limit.message, attempt.retryAfterSeconds);
      });
      return async () => {
        await Promise.all(
          limits.map((limit) =>
            limit.onSuccess === 'reset' ? throttle.reset(limit.key) : throttle.forgive(limit.key),
          ),
        );
      };
    },
  };
}

export type SignInLimits = ReturnType<typeof signInLimits>;
