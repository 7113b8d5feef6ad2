/**
 * Two-factor sign-in: TOTP codes by RFC 6238 with the defaults every authenticator app
 * reads from an otpauth:// link (SHA-1, 6 digits, 30 seconds), and single-use recovery codes.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** The code of the step just before or after the server's is accepted too: a phone's clock drifts. */
export const TOTP_DRIFT_STEPS = 1;
/** The name an authenticator app shows above the account. */
export const TWO_FACTOR_ISSUER = 'S.M.A.R.T.';

/** Recovery codes: this many per set, each of 10 Crockford base-32 characters (50 bits), shown as xxxxx-xxxxx. */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;

/** Between the password and the code: a challenge lives 5 minutes and takes 5 codes. */
export const LOGIN_CHALLENGE_TTL_MINUTES = 5;
export const LOGIN_CHALLENGE_TTL_MS = LOGIN_CHALLENGE_TTL_MINUTES * 60 * 1000;
export const LOGIN_CHALLENGE_MAX_ATTEMPTS = 5;
/**
 * Wrong codes, each in the sign-in window (15 minutes). At the sign-in's code step they are counted
 * per client, as the password is: a browser that signed in to the account before on its
 * own (its device cookie), any other on its address (an IPv6 /64), TWO_FACTOR_MAX_FAILURES each, and
 * the account's browsers not seen before together TWO_FACTOR_MAX_FAILURES_PER_ACCOUNT: someone who has
 * the password cannot lock the owner out from one address, nor ever from the owner's own browsers.
 * The signed-in forms (turning it off, new recovery codes, confirming the set-up) count per account.
 */
export const TWO_FACTOR_MAX_FAILURES = 10;
export const TWO_FACTOR_MAX_FAILURES_PER_ACCOUNT = 50;
/** This many wrong codes at sign-in in the window tell the owner (a security notice) that its password is known. */
export const TWO_FACTOR_WRONG_CODES_NOTICE_AT = 3;

/** A challenge token is 43 base64url characters; anything much longer is not one. */
export const MAX_CHALLENGE_TOKEN_LENGTH = 128;
/** What a code field accepts before it is even looked at (spaces and dashes people paste included). */
export const MAX_CODE_INPUT_LENGTH = 32;

/** A typed authenticator code as compared: without the spaces apps show in the middle. */
export const normalizeTotpCode = (input: string) => input.replace(/\s+/g, '');

/**
 * A typed recovery code as compared: lower-case, without spaces or dashes, and with the letters
 * Crockford's alphabet leaves out read as the digits they look like (i, l → 1; o → 0).
 */
export const normalizeRecoveryCode = (input: string) =>
  input
    .replace(/[\s-]+/g, '')
    .toLowerCase()
    .replace(/[il]/g, '1')
    .replace(/o/g, '0');

/** A recovery code as shown: two groups of five. */
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;
