import { LOGIN_MAX_FAILURES, UI_TEXT } from '@smart/contracts';
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

const login = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/users/login', payload: { email, password } });

describe('POST /api/users/login', () => {
  it('returns a token and the user for the right password, case-insensitive e-mail', async () => {
    const response = await login('Owner@Acme.example.com', 'demo-password');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.data.user).toMatchObject({ email: ACCOUNTS.acmeOwner, role: 'org_admin', roles: ['org_admin'] });
    expect(body.data.user.meta.organizationName).toBe('Acme Corp');
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('answers a wrong password and an unknown e-mail with the same 401 and text', async () => {
    const wrong = await login(ACCOUNTS.acmeMember, 'not-the-password');
    const unknown = await login('nobody@acme.example.com', 'demo-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toBe(UI_TEXT.invalidCredentials);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.each([
    [{}, UI_TEXT.emailRequired],
    [{ email: 'owner@acme.example.com' }, UI_TEXT.passwordRequired],
    [{ email: 42, password: 'x' }, UI_TEXT.emailRequired],
    [{ email: 'a@b.co', password: ['x'] }, UI_TEXT.passwordRequired],
  ])('refuses %j with 400 "%s"', async (payload, message) => {
    const response = await t.request({ method: 'POST', url: '/api/users/login', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: message, code: 'BAD_REQUEST' });
  });

  it(`locks an e-mail after ${LOGIN_MAX_FAILURES} failures, even for the right password, and not others`, async () => {
    const email = 'grace.kim@acme.example.com';
    for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt++) {
      expect((await login(email, `wrong-${attempt}`)).statusCode).toBe(401);
    }
    const locked = await login(email, 'demo-password');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(UI_TEXT.tooManyLoginAttempts);
    expect((await login(ACCOUNTS.acmeOwner, 'demo-password')).statusCode).toBe(200);
  });
});

describe('login limit under parallel attempts', () => {
  it(`lets at most ${LOGIN_MAX_FAILURES} of 30 simultaneous guesses through to a password check`, async () => {
    const email = 'liam.oconnor@acme.example.com';
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => login(email, `guess-${i}`)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LOGIN_MAX_FAILURES);
  });
});

describe('POST /api/users/logout', () => {
  it('revokes the token: the next call with it is 401', async () => {
    const token = await t.tokenFor('acmeMember');
    expect((await t.request({ method: 'GET', url: '/api/users/profile', token })).statusCode).toBe(200);
    const logout = await t.request({ method: 'POST', url: '/api/users/logout', token });
    expect(logout.statusCode).toBe(200);
    const after = await t.request({ method: 'GET', url: '/api/users/profile', token });
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe(UI_TEXT.sessionExpired);
  });

  it('leaves the same user’s other sessions alone', async () => {
    const first = await t.tokenFor('acmeMember');
    const second = await t.tokenFor('acmeMember');
    await t.request({ method: 'POST', url: '/api/users/logout', token: first });
    expect((await t.request({ method: 'GET', url: '/api/users/profile', token: second })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'POST', url: '/api/users/logout' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/users/logout', token: 'garbage' })).statusCode).toBe(401);
  });
});

describe('PUT /api/users/change-password', () => {
  it('checks the current password', async () => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/users/change-password',
      as: 'globexMember',
      payload: { currentPassword: 'wrong-password', newPassword: 'another-secret' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(UI_TEXT.currentPasswordWrong);
    // Named in details, so the form shows it under the field (decision 0231).
    expect(response.json().details).toEqual([{ path: 'currentPassword', message: UI_TEXT.currentPasswordWrong }]);
  });

  it('refuses a short new password with its UI_TEXT message', async () => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/users/change-password',
      as: 'globexMember',
      payload: { currentPassword: 'demo-password', newPassword: '123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(UI_TEXT.passwordTooShort);
  });

  it('changes the password, keeps this session and revokes the others', async () => {
    const email = ACCOUNTS.acmeColleague;
    const other = await t.tokenFor(email);
    const current = await t.tokenFor(email);
    const response = await t.request({
      method: 'PUT',
      url: '/api/users/change-password',
      token: current,
      payload: { currentPassword: 'demo-password', newPassword: 'brand-new-secret' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: UI_TEXT.passwordChanged });

    expect((await t.request({ method: 'GET', url: '/api/users/profile', token: current })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/profile', token: other })).statusCode).toBe(401);
    expect((await login(email, 'demo-password')).statusCode).toBe(401);
    expect((await login(email, 'brand-new-secret')).statusCode).toBe(200);
  });

  it(`stops checking the current password after ${LOGIN_MAX_FAILURES} wrong ones`, async () => {
    const token = await t.tokenFor('samir.patel@acme.example.com');
    const attempt = (currentPassword: string) =>
      t.request({
        method: 'PUT',
        url: '/api/users/change-password',
        token,
        payload: { currentPassword, newPassword: 'guessed-secret' },
      });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(400);
    const locked = await attempt('demo-password');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(UI_TEXT.tooManyPasswordAttempts);
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
    expect((await t.request({ method: 'GET', url: '/api/users/profile', token })).statusCode).toBe(401);
    await t.tokenFor('globexOwner');
    const left = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(left).toEqual([]);
  });
});
