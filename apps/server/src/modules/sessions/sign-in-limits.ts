import { LOGIN_GLOBAL_SHARE_PER_ADDRESS, LOGIN_MAX_FAILURES, UI_TEXT } from '@smart/contracts';
import { clientNetwork } from '../../lib/client-network.js';
import { type AttemptLimit, admitAttempt, type LoginThrottle } from '../../lib/login-throttle.js';

/** Who is signing in, as far as the limits care: the client's address and the device it proves for the e-mail. */
export interface SignInClient {
  address: string;
  /** The nonce of this browser's device cookie for the e-mail (device-cookie.ts), or null. */
  device: string | null;
}

/**
 * The limits one sign-in attempt is counted against (OWASP ASVS 5.0 V6.3: brute force, credential
 * stuffing and password spraying, without letting anyone lock others out):
 * - a browser with a device cookie for the e-mail: its own count only, so neither failures for that
 *   e-mail elsewhere nor a spray from its network hold it;
 * - any other browser: the e-mail's count, then its address's (an IPv6 /64) across e-mails, then the
 *   platform's, which takes only the first LOGIN_GLOBAL_SHARE_PER_ADDRESS attempts of each address:
 *   pausing new browsers everywhere takes a spray spread over many networks, never one flood.
 * Counted narrowest first and before the password is checked (lib/login-throttle.ts admitAttempt):
 * an attempt a narrower limit refuses counts toward no wider one, parallel guesses cannot slip past,
 * and a success gives back what it took. Refusals carry Retry-After; none of them depends on whether
 * the e-mail has an account.
 */
export function signInLimits(throttle: LoginThrottle, budget: { perAddress: number; global: number }) {
  const limitsOf = (email: string, client: SignInClient): AttemptLimit[] =>
    client.device
      ? [
          {
            key: `device:${client.device}`,
            max: LOGIN_MAX_FAILURES,
            message: UI_TEXT.tooManyLoginAttempts,
            onSuccess: 'reset',
          },
        ]
      : [
          {
            key: `email:${email}`,
            max: LOGIN_MAX_FAILURES,
            message: UI_TEXT.tooManyLoginAttempts,
            onSuccess: 'reset',
          },
          {
            key: `address:${clientNetwork(client.address)}`,
            max: budget.perAddress,
            message: UI_TEXT.tooManyLoginAttemptsFromAddress,
            onSuccess: 'forgive',
          },
          {
            key: 'everywhere',
            max: budget.global,
            message: UI_TEXT.tooManyLoginAttemptsEverywhere,
            onSuccess: 'forgive',
            takesAtMostFromPrevious: LOGIN_GLOBAL_SHARE_PER_ADDRESS,
          },
        ];

  return {
    /** Counts the attempt, refusing it with 429 when a limit is spent; returns what to call once it succeeded. */
    async admit(email: string, client: SignInClient): Promise<() => Promise<void>> {
      const admitted = await admitAttempt(throttle, limitsOf(email, client));
      return () => admitted.succeeded();
    },
  };
}

export type SignInLimits = ReturnType<typeof signInLimits>;
