import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MAX_TRUSTED_DEVICE_ACCOUNTS, sessionEndpoints, TRUSTED_DEVICE_MAX_AGE_SECONDS } from '@smart/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies"): after a sign-in
 * succeeds, the browser keeps a token `nonce.HMAC(e-mail, nonce)` for that account. A later sign-in
 * that presents one for the same e-mail is counted on that device alone, so failures made elsewhere
 * (someone guessing that e-mail, or spraying from the same network) do not lock its owner out.
 * The cookie names no account and is sent only to the sign-in calls.
 */
const COOKIE_NAME = 'smart_device';
// Also sent to the code step, /api/users/login/2fa, below it.
const COOKIE_PATH = sessionEndpoints.signIn.path;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

const signatureOf = (secret: string, email: string, nonce: string) =>
  createHmac('sha256', secret).update(`device:${email}:${nonce}`).digest('base64url');

function tokensOf(request: FastifyRequest): string[] {
  const header = request.headers.cookie;
  if (!header || header.length > 8192) return [];
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === COOKIE_NAME && value) {
      return value
        .split('~')
        .filter((token) => TOKEN_PATTERN.test(token))
        .slice(0, MAX_TRUSTED_DEVICE_ACCOUNTS);
    }
  }
  return [];
}

/** The device this browser proves for the e-mail (its nonce), or null: it never signed in to that account here. */
export function trustedDeviceOf(request: FastifyRequest, secret: string, email: string): string | null {
  for (const token of tokensOf(request)) {
    const [nonce = '', signature = ''] = token.split('.');
    const expected = Buffer.from(signatureOf(secret, email, nonce));
    const given = Buffer.from(signature);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return nonce;
  }
  return null;
}

/** After a successful sign-in: this browser is remembered for the account (kept first, the oldest dropped). */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, secret: string, email: string) {
  const nonce = trustedDeviceOf(request, secret, email) ?? randomBytes(16).toString('base64url');
  const token = `${nonce}.${signatureOf(secret, email, nonce)}`;
  const others = tokensOf(request).filter((other) => !other.startsWith(`${nonce}.`));
  const value = [token, ...others].slice(0, MAX_TRUSTED_DEVICE_ACCOUNTS).join('~');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${COOKIE_NAME}=${value}; Path=${COOKIE_PATH}; Max-Age=${TRUSTED_DEVICE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
  );
}
