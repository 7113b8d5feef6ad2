import { TOTP_DIGITS, TOTP_DRIFT_STEPS, TOTP_PERIOD_SECONDS, TWO_FACTOR_ISSUER } from '@smart/contracts';
import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) through otpauth, with the parameters every authenticator app assumes. Time is
 * passed in (milliseconds), so the step boundaries can be tested with a fixed clock.
 */

const totpFor = (secret: string, accountName = '') =>
  new TOTP({
    issuer: TWO_FACTOR_ISSUER,
    label: accountName,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret: 20 random bytes (RFC 4226's recommended 160 bits), in base 32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// link a QR code carries: the app names the account after the issuer and the e-mail. */
export const otpauthUrl = (secret: string, accountName: string): string => totpFor(secret, accountName).toString();

/** The time step (counter) of an instant: 30-second windows since the Unix epoch. */
export const totpStep = (now: number): number => TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now });

/** The code of the step of `now` (what the app shows then). */
export const totpCode = (secret: string, now: number): string => totpFor(secret).generate({ timestamp: now });

/**
 * The time step whose code `code` is, looking one step either side of `now`'s (clock drift), or
 * null when it is none of them. The caller refuses a step already used.
 */
export function matchingStep(secret: string, code: string, now: number): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: TOTP_DRIFT_STEPS });
  return delta === null ? null : totpStep(now) + delta;
}
