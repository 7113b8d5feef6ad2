import { createHmac, timingSafeEqual } from 'node:crypto';
import { fileEndpoints, pathOf, SIGNED_URL_TTL_SECONDS } from '@smart/contracts';

/**
 * Download links signed with HMAC-SHA256 under the server's secret (config FILE_URL_SECRET): what
 * they open (an attached file's key, an organization export's subject) and an expiry time.
 * Whoever holds the link may download until it expires, so the access check happens when it is
 * issued. The signature travels in the query string, which the log never records (lib/log.ts).
 */

const signatureOf = (secret: string, subject: string, expires: number) =>
  createHmac('sha256', secret).update(`${subject}\n${expires}`).digest('base64url');

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The query string (`expires`, Unix seconds, and `signature`) of a link to `subject` until `expires`. */
export function signedLinkQuery(secret: string, subject: string, expires: number): string {
  return new URLSearchParams({ expires: String(expires), signature: signatureOf(secret, subject, expires) }).toString();
}

/** A link to the file that works for SIGNED_URL_TTL_SECONDS from now. */
export function signedFileUrl(secret: string, key: string): string {
  // Served by fileEndpoints.signed.
  return `${pathOf(fileEndpoints.signed, { key })}?${signedLinkQuery(secret, key, nowSeconds() + SIGNED_URL_TTL_SECONDS)}`;
}

/** Whether the link's signature is the server's for this subject and expiry (compared in constant time). */
export function isAuthenticLink(secret: string, subject: string, expires: number, signature: string): boolean {
  const expected = Buffer.from(signatureOf(secret, subject, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether the link is authentic and not expired. */
export function isValidSignedLink(secret: string, key: string, expires: number, signature: string): boolean {
  return isAuthenticLink(secret, key, expires, signature) && expires >= nowSeconds();
}
