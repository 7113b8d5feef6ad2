import { createHmac, timingSafeEqual } from 'node:crypto';
import { fileEndpoints, pathOf, SIGNED_URL_TTL_SECONDS } from '@smart/contracts';

/**
 * Short-lived download links for attached files: the key and an expiry time,
 * signed with HMAC-SHA256 under the server's secret (config FILE_URL_SECRET). Whoever holds the
 * link may download the file until it expires, so the access check happens when it is issued.
 * The signature travels in the query string, which the log never records (lib/log.ts).
 */

const signatureOf = (secret: string, key: string, expires: number) =>
  createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A link to the file that works for SIGNED_URL_TTL_SECONDS from now. */
export function signedFileUrl(secret: string, key: string): string {
  const expires = nowSeconds() + SIGNED_URL_TTL_SECONDS;
  const query = new URLSearchParams({ expires: String(expires), signature: signatureOf(secret, key, expires) });
  // Served by fileEndpoints.signed; the query carries `expires` (Unix seconds) and `signature`.
  return `${pathOf(fileEndpoints.signed, { key })}?${query}`;
}

/** Whether the link's signature is the server's for this key and expiry (compared in constant time), and not expired. */
export function isValidSignedLink(secret: string, key: string, expires: number, signature: string): boolean {
  const expected = Buffer.from(signatureOf(secret, key, expires));
  const given = Buffer.from(signature);
  const authentic = given.length === expected.length && timingSafeEqual(given, expected);
  return authentic && expires >= nowSeconds();
}
