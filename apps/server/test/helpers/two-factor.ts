import { createHmac } from 'node:crypto';
import { TOTP_PERIOD_SECONDS, twoFactorEndpoints } from '@smart/contracts';
import { expect } from 'vitest';
import type { TestApp } from './app.js';

/**
 * An authenticator app for the tests, written here from RFC 6238 and RFC 4648 with node:crypto
 * alone (not the server's otpauth), so a mistake in the server's TOTP cannot pass unnoticed.
 */
const PERIOD_MS = TOTP_PERIOD_SECONDS * 1000;

function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const character of text.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(character);
    if (value < 0) throw new Error(`Not base 32: ${character}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The 6-digit code of the secret at time step `step` (RFC 4226 HOTP with SHA-1, dynamic truncation). */
export function hotp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

export const stepAt = (time: number) => Math.floor(time / PERIOD_MS);

/**
 * The time of the authenticator and of the server's code checks in these tests (createTestApp's
 * `clock`): held in the middle of a step, so a code never crosses a step's end while a test uses it.
 */
const heldTime = (stepAt(Date.now()) + 0.5) * PERIOD_MS;
export const authenticatorClock = () => heldTime;

/** The code the app shows `steps` steps from now: -1 the one before, 0 the current one, 1 the next. */
export const codeAt = (secret: string, steps = 0) => hotp(secret, stepAt(authenticatorClock()) + steps);

/** A well-formed code that is none of the codes the server accepts around now. */
export function wrongCode(secret: string): string {
  const now = stepAt(authenticatorClock());
  const near = new Set([-2, -1, 0, 1, 2].map((offset) => hotp(secret, now + offset)));
  for (let step = now + 100; ; step += 1) {
    const candidate = hotp(secret, step);
    if (!near.has(candidate)) return candidate;
  }
}

/** Sets up and confirms a second factor for the session (with the previous step's code): its secret and recovery codes. */
export async function enrolTwoFactor(t: TestApp, token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = (await t.call(twoFactorEndpoints.beginSetup, { token })).data;
  const confirmed = await t.call(twoFactorEndpoints.confirmSetup, { token, body: { code: codeAt(secret, -1) } });
  return { secret, recoveryCodes: confirmed.data.recoveryCodes };
}

/** Where a sign-in comes from: the client's address and the browser's cookies (its device cookie). */
export interface SignInFrom {
  address?: string;
  cookie?: string;
}
const requestFrom = (from: SignInFrom = {}) => ({
  ...(from.address && { remoteAddress: from.address }),
  ...(from.cookie && { headers: { cookie: from.cookie } }),
});

/** The password step of a sign-in. */
export const passwordStep = (t: TestApp, email: string, password: string, from?: SignInFrom) =>
  t.request({ method: 'POST', url: '/api/users/login', payload: { email, password }, ...requestFrom(from) });

/** The password step of an account with a second factor: its challenge token. */
export async function challengeFor(t: TestApp, email: string, password: string, from?: SignInFrom): Promise<string> {
  const response = await passwordStep(t, email, password, from);
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data;
  expect(data).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String) });
  return data.challengeToken;
}

/** The code step of a sign-in. */
export const codeStep = (t: TestApp, payload: Record<string, unknown>, from?: SignInFrom) =>
  t.request({ method: 'POST', url: '/api/users/login/2fa', payload, ...requestFrom(from) });
