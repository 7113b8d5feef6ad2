import { LOGIN_MAX_FAILURES, sessionEndpoints, UI_TEXT, userEndpoints } from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema/index.js';
import { hashToken } from '../src/lib/tokens.js';
import { ACCOUNTS, createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string) => t.call(sessionEndpoints.signIn, { body: { email, password } });

describe('POST /api/users/login', () => {
  it('returns a token and the user for the right password, case-insensitive e-mail', async () => {
    const response = await login('Owner@Acme.example.com', 'demo-password');
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.success).toBe(true);
    if (!('token' in body.data)) throw new Error('A second factor was asked for');
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.data.user).toMatchObject({ email: ACCOUNTS.acmeOwner, role: 'org_admin', roles: ['org_admin'] });
    expect(body.data.user.meta.organizationName).toBe('Acme Corp');
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('answers a wrong password and an unknown e-mail with the same 401 and text', async () => {
    const wrong = await login(ACCOUNTS.acmeMember, 'not-the-password');
    const unknown = await login('nobody@acme.example.com', 'demo-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.refusal.error).toBe(UI_TEXT.invalidCredentials);
    expect(unknown.refusal).toEqual(wrong.refusal);
  });

  it.each([
    [{}, UI_TEXT.emailRequired],
    [{ email: 'owner@acme.example.com' }, UI_TEXT.passwordRequired],
    [{ email: 42, password: 'x' }, UI_TEXT.emailRequired],
    [{ email: 'a@b.co', password: ['x'] }, UI_TEXT.passwordRequired],
  ])('refuses %j with 400 "%s"', async (payload, message) => {
    // Mistyped bodies, as an outside client might send them.
    const response = await t.request({ method: 'POST', url: '/api/users/login', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: message, code: 'BAD_REQUEST' });
  });

  it(`locks an e-mail after ${LOGIN_MAX_FAILURES} failures, even for the right password, and not others`, async () => {
    const email = 'grace.kim@acme.example.com';
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt++) {
      expect((await login(email, `wrong-${attempt}`)).status).toBe(401);
    }
    const locked = await login(email, 'demo-password');
    expect(locked.status).toBe(429);
    expect(locked.refusal.error).toBe(UI_TEXT.tooManyLoginAttempts);
    expect((await login(ACCOUNTS.acmeOwner, 'demo-password')).status).toBe(200);
  });
});

describe('login limit under parallel attempts', () => {
  it(`lets at most ${LOGIN_MAX_FAILURES} of 30 simultaneous guesses through to a password check`, async () => {
    const email = 'liam.oconnor@acme.example.com';
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => login(email, `guess-${i}`)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LOGIN_MAX_FAILURES);
  });
});

describe('POST /api/users/logout', () => {
  it('revokes the token: the next call with it is 401', async () => {
    const token = await t.tokenFor('acmeMember');
    expect((await t.call(userEndpoints.profile, { token })).status).toBe(200);
    const logout = await t.call(sessionEndpoints.signOut, { token });
    expect(logout.status).toBe(200);
    const after = await t.call(userEndpoints.profile, { token });
    expect(after.status).toBe(401);
    expect(after.refusal.error).toBe(UI_TEXT.sessionExpired);
  });

  it('leaves the same user’s other sessions alone', async () => {
    const first = await t.tokenFor('acmeMember');
    const second = await t.tokenFor('acmeMember');
    await t.call(sessionEndpoints.signOut, { token: first });
    expect((await t.call(userEndpoints.profile, { token: second })).status).toBe(200);
  });

  it('needs a session', async () => {
    expect((await t.call(sessionEndpoints.signOut, {})).status).toBe(401);
    expect((await t.call(sessionEndpoints.signOut, { token: 'garbage' })).status).toBe(401);
  });
});

describe('PUT /api/users/change-password', () => {
  it('checks the current password', async () => {
    const response = await t.call(sessionEndpoints.changePassword, {
      body: { currentPassword: 'wrong-password', newPassword: 'another-secret' },
      as: 'globexMember',
    });
    expect(response.status).toBe(400);
    expect(response.refusal.error).toBe(UI_TEXT.currentPasswordWrong);
    // Named in details, so the form shows it under the field (decision 0231).
    expect(response.refusal.details).toEqual([{ path: 'currentPassword', message: UI_TEXT.currentPasswordWrong }]);
  });

  it('refuses a short new password with its UI_TEXT message', async () => {
    const response = await t.call(sessionEndpoints.changePassword, {
      body: { currentPassword: 'demo-password', newPassword: '123' },
      as: 'globexMember',
    });
    expect(response.status).toBe(400);
    expect(response.refusal.error).toBe(UI_TEXT.passwordTooShort);
  });

  it('changes the password, keeps this session and revokes the others', async () => {
    const email = ACCOUNTS.acmeColleague;
    const other = await t.tokenFor(email);
    const current = await t.tokenFor(email);
    const response = await t.call(sessionEndpoints.changePassword, {
      body: { currentPassword: 'demo-password', newPassword: 'brand-new-secret' },
      token: current,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: UI_TEXT.passwordChanged });

    expect((await t.call(userEndpoints.profile, { token: current })).status).toBe(200);
    expect((await t.call(userEndpoints.profile, { token: other })).status).toBe(401);
    expect((await login(email, 'demo-password')).status).toBe(401);
    expect((await login(email, 'brand-new-secret')).status).toBe(200);
  });

  it(`stops checking the current password after ${LOGIN_MAX_FAILURES} wrong ones`, async () => {
    const token = await t.tokenFor('samir.patel@acme.example.com');
    const attempt = (currentPassword: string) =>
      t.call(sessionEndpoints.changePassword, { body: { currentPassword, newPassword: 'guessed-secret' }, token });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await attempt(`wrong-${i}`)).status).toBe(400);
    const locked = await attempt('demo-password');
    expect(locked.status).toBe(429);
    expect(locked.refusal.error).toBe(UI_TEXT.tooManyPasswordAttempts);
  });

  it('needs a session before it looks at the body', async () => {
    const response = await t.request({ method: 'PUT', url: '/api/users/change-password', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('login limit across processes (Redis)', () => {
  it('counts failures made on one server when signing in on another', async () => {
    const prefix = `smart-shared-${Date.now()}:`;
    const [a, b] = await Promise.all([createTestApp({ redisPrefix: prefix }), createTestApp({ redisPrefix: prefix })]);
    try {
      const attempt = (app: TestApp, password: string) =>
        app.request({ method: 'POST', url: '/api/users/login', payload: { email: ACCOUNTS.acmeOwner, password } });
      for (let i = 0; i < LOGIN_MAX_FAILURES / 2; i++) {
        expect((await attempt(a, 'wrong')).statusCode).toBe(401);
        expect((await attempt(b, 'wrong')).statusCode).toBe(401);
      }
      expect((await attempt(a, 'demo-password')).statusCode).toBe(429);
      expect((await attempt(b, 'demo-password')).statusCode).toBe(429);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('session expiry', () => {
  it('refuses an expired token and clears expired sessions at the next sign-in', async () => {
    const token = await t.tokenFor('globexOwner');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await t.call(userEndpoints.profile, { token })).status).toBe(401);
    await t.tokenFor('globexOwner');
    const left = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(left).toEqual([]);
  });
});
