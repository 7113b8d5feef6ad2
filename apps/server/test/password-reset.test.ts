import type { AddressInfo } from 'node:net';
import {
  PASSWORD_RESET_MAX_PER_EMAIL,
  PASSWORD_RESET_MAX_PER_IP,
  PASSWORD_RESET_TTL_MINUTES,
  passwordResetEndpoints,
  sessionEndpoints,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { passwordResets, users } from '../src/db/schema/index.js';
import { hashToken } from '../src/lib/tokens.js';
import { ACCOUNTS, createTestApp, type TestApp } from './helpers/app.js';
import { captureLog } from './helpers/log-capture.js';
import { notNotification, readMailbox, resetLinkIn, waitForMail } from './helpers/mailbox.js';

let t: TestApp;
let mailbox: string;
const log = captureLog();
const tokensSeen: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ logStream: log.stream });
  mailbox = t.app.config.mail.mailboxDir;
});
afterAll(async () => {
  await t?.close();
});

let nextIp = 1;
/** Each test asks from its own address, so the per-IP limit is met only where a test means to. */
const freshIp = () => `203.0.113.${nextIp++}`;

// From a client address of its own: t.call cannot send from another address.
const requestLink = (email: string, remoteAddress = freshIp()) =>
  t.request({ method: 'POST', url: '/api/users/password-reset/request', payload: { email }, remoteAddress });

const confirm = (token: string, newPassword: string) =>
  t.call(passwordResetEndpoints.confirm, { body: { token, newPassword } });

/** The one answer to an unknown, expired or used link. */
function expectRefusedLink(response: { status: number; refusal: { error: string } }) {
  expect(response.status).toBe(400);
  expect(response.refusal.error).toBe(UI_TEXT.passwordResetLinkInvalid);
}

const signIn = (email: string, password: string) => t.call(sessionEndpoints.signIn, { body: { email, password } });

const mailsTo = async (email: string) =>
  (await readMailbox(mailbox)).filter((mail) => mail.to === email && notNotification(mail)).length;

/** Asks for a link and returns the token of the mail that brings it. */
async function newResetToken(email: string): Promise<string> {
  const seen = await mailsTo(email);
  expect((await requestLink(email)).statusCode).toBe(200);
  const { token } = resetLinkIn(await waitForMail(mailbox, email, seen, 10_000, notNotification));
  tokensSeen.push(token);
  return token;
}

describe('POST /api/users/password-reset/request', () => {
  it('mails a one-time link to the reset page', async () => {
    const email = ACCOUNTS.acmeMember;
    const response = await requestLink(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: UI_TEXT.passwordResetRequested });

    // At once, not at the next poll: jobs.test.ts shows a send wakes the worker.
    const mail = await waitForMail(mailbox, email, 0, 10_000, notNotification);
    expect(mail.subject).toBe('Reset your S.M.A.R.T. password');
    expect(mail.from).toContain('no-reply@localhost');
    expect(mail.text).toContain(`within ${PASSWORD_RESET_TTL_MINUTES} minutes`);
    const { url, token } = resetLinkIn(mail);
    tokensSeen.push(token);
    expect(url).toBe(`${t.app.config.appUrl}/reset-password#token=${token}`);
    expect(mail.html).toContain(`href="${url}"`);

    // Only the token's hash is stored.
    const [row] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('answers an unknown or deactivated address exactly like a known one, and mails neither', async () => {
    const inactive = 'liam.oconnor@acme.example.com';
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.email, inactive));
    const unknown = await requestLink('nobody@nowhere.example.com');
    const deactivated = await requestLink(inactive);
    const known = await requestLink(ACCOUNTS.globexMember);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(deactivated.json()).toEqual(known.json());

    // Jobs run in order: once the known address has its mail, the other two have been dealt with.
    tokensSeen.push(resetLinkIn(await waitForMail(mailbox, ACCOUNTS.globexMember, 0, 10_000, notNotification)).token);
    expect(await mailsTo('nobody@nowhere.example.com')).toBe(0);
    expect(await mailsTo(inactive)).toBe(0);
  });

  it('refuses an address that is not one with 400', async () => {
    const response = await requestLink('not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(UI_TEXT.emailInvalid);
  });

  it(`limits requests to ${PASSWORD_RESET_MAX_PER_EMAIL} per address, known or not`, async () => {
    for (const email of ['ghost@acme.example.com', 'omar.haddad@acme.example.com']) {
      for (let i = 0; i < PASSWORD_RESET_MAX_PER_EMAIL; i++) expect((await requestLink(email)).statusCode).toBe(200);
      const refused = await requestLink(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe(UI_TEXT.tooManyPasswordResets);
    }
  });

  it(`limits requests to ${PASSWORD_RESET_MAX_PER_IP} per client address, and not other clients`, async () => {
    const ip = freshIp();
    for (let i = 0; i < PASSWORD_RESET_MAX_PER_IP; i++) {
      expect((await requestLink(`someone-${i}@flood.example.com`, ip)).statusCode).toBe(200);
    }
    expect((await requestLink('one-more@flood.example.com', ip)).statusCode).toBe(429);
    expect((await requestLink('one-more@flood.example.com')).statusCode).toBe(200);
  });
});

describe('POST /api/users/password-reset/confirm', () => {
  it('sets the password, signs out every session and live socket, and works once', async () => {
    const email = ACCOUNTS.acmeColleague;
    const sessions = [await t.tokenFor(email), await t.tokenFor(email)];
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const socket = connect(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, {
      path: '/socket.io',
      auth: { token: sessions[0] },
      reconnection: false,
      transports: ['websocket'],
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const token = await newResetToken(email);
    const response = await confirm(token, 'reset-by-mail-1');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: UI_TEXT.passwordResetDone });

    expect(await dropped).toBe('io server disconnect');
    for (const session of sessions) {
      expect((await t.call(userEndpoints.profile, { token: session })).status).toBe(401);
    }
    expect((await signIn(email, 'demo-password')).status).toBe(401);
    expect((await signIn(email, 'reset-by-mail-1')).status).toBe(200);

    expectRefusedLink(await confirm(token, 'reset-by-mail-2'));
    expect((await signIn(email, 'reset-by-mail-1')).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const email = 'grace.kim@acme.example.com';
    const token = await newResetToken(email);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expectRefusedLink(await confirm(token, 'too-late-password'));
    expect((await signIn(email, 'demo-password')).status).toBe(200);
  });

  it('lets only the newest link of an account work', async () => {
    const email = 'samir.patel@acme.example.com';
    const older = await newResetToken(email);
    const newer = await newResetToken(email);
    expectRefusedLink(await confirm(older, 'older-link-password'));
    expect((await confirm(newer, 'newer-link-password')).status).toBe(200);
  });

  it('lets one of two simultaneous uses of a link through', async () => {
    const token = await newResetToken(ACCOUNTS.globexOwner);
    const statuses = (
      await Promise.all([confirm(token, 'parallel-one'), confirm(token, 'parallel-two'), confirm(token, 'parallel-3')])
    ).map((response) => response.status);
    expect(statuses.sort()).toEqual([200, 400, 400]);
  });

  it.each([
    [{ token: 'made-up-token', newPassword: 'long-enough' }, UI_TEXT.passwordResetLinkInvalid],
    [{ token: 'made-up-token', newPassword: '123' }, UI_TEXT.passwordTooShort],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const response = await t.call(passwordResetEndpoints.confirm, { body });
    expect(response.status).toBe(400);
    expect(response.refusal.error).toBe(message);
  });

  // A body without its token, as an outside client might send it.
  it.each([[{ newPassword: 'long-enough' }, UI_TEXT.passwordResetLinkInvalid]])(
    'refuses %j with 400 "%s"',
    async (payload, message) => {
      const response = await t.request({ method: 'POST', url: '/api/users/password-reset/confirm', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    },
  );
});

describe('mail settings', () => {
  it('link to APP_URL (by default this server), and SMTP_URL needs MAIL_FROM', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://smart.example.com/' }).appUrl).toBe('https://smart.example.com');
    expect(() => loadConfig({ APP_URL: 'javascript:alert(1)' })).toThrow(/APP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(/MAIL_FROM/);
    expect(loadConfig({ DATA_DIR: '/srv/smart' }).mail).toEqual({
      from: 'S.M.A.R.T. <no-reply@localhost>',
      smtpUrl: undefined,
      mailboxDir: '/srv/smart/mail',
      smtpTimeoutMs: 20_000,
    });
    // A short e-mail lease shortens the SMTP timeouts with it.
    expect(loadConfig({ NOTIFICATION_EMAIL_LEASE_SECONDS: '10' }).mail.smtpTimeoutMs).toBe(5_000);
  });
});

describe('the log', () => {
  it('holds no reset token', () => {
    expect(tokensSeen.length).toBeGreaterThan(3);
    expect(log.text()).toContain('/api/users/password-reset/confirm');
    for (const token of tokensSeen) expect(log.text()).not.toContain(token);
  });
});
