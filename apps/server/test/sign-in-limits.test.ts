import {
  LOGIN_GLOBAL_SHARE_PER_ADDRESS,
  LOGIN_MAX_FAILURES,
  pathOf,
  sessionEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, createTestApp, type TestApp } from './helpers/app.js';

/** Sign-in against spraying: per-address and platform budgets, device cookies. */

const PER_ADDRESS = 20;
const GLOBAL = 60;

let t: TestApp;
/** An app of the describe block's own: the platform-wide budget is spent only where a test means to spend it. */
function withApp(global: number) {
  beforeAll(async () => {
    t = await createTestApp({
      settings: { LOGIN_FAILURES_PER_ADDRESS: String(PER_ADDRESS), LOGIN_FAILURES_GLOBAL: String(global) },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
}

let nextAddress = 1;
/** A client address of its own, so tests do not spend each other's budgets. */
const freshAddress = () => `203.0.113.${nextAddress++}`;

const login = (email: string, password: string, from: { address: string; cookie?: string }) =>
  // Injected: a typed call sends from no client address of its own.
  t.app.inject({
    method: sessionEndpoints.signIn.method,
    url: pathOf(sessionEndpoints.signIn),
    remoteAddress: from.address,
    headers: from.cookie ? { cookie: from.cookie } : {},
    payload: { email, password },
  });

/** The browser's cookie after a response (name=value), as a browser would send it back. */
function deviceCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookie = (Array.isArray(header) ? header : [header]).find((value) => value?.startsWith('smart_device='));
  if (!cookie) throw new Error('no device cookie');
  return cookie.split(';')[0] as string;
}

describe('password spraying from one address', () => {
  withApp(10_000);
  it(`refuses the address after ${PER_ADDRESS} failures across e-mails, with Retry-After, and not other addresses`, async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await login(`sprayed-${i}@acme.example.com`, 'Winter2026!', { address })).statusCode).toBe(401);
    }
    const refused = await login(ACCOUNTS.acmeColleague, 'demo-password', { address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, error: UI_TEXT.tooManyLoginAttemptsFromAddress });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    expect((await login(ACCOUNTS.acmeColleague, 'demo-password', { address: freshAddress() })).statusCode).toBe(200);
  });

  it('counts known and unknown e-mails alike: the answers do not tell which exist', async () => {
    const address = freshAddress();
    const known = await login(ACCOUNTS.acmeOwner, 'wrong-password', { address });
    const unknown = await login('no-such-person@acme.example.com', 'wrong-password', { address });
    expect(known.statusCode).toBe(401);
    expect(unknown.json()).toEqual(known.json());
    for (let i = 0; i < PER_ADDRESS; i++) await login(`x${i}@nowhere.example.com`, 'wrong', { address });
    const [knownRefused, unknownRefused] = [
      await login(ACCOUNTS.acmeOwner, 'wrong-password', { address }),
      await login('no-such-person@acme.example.com', 'wrong-password', { address }),
    ];
    expect(knownRefused.statusCode).toBe(429);
    expect(unknownRefused.json()).toEqual(knownRefused.json());
  });

  it('gives back the attempts that succeed: a busy office behind one address keeps signing in', async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_ADDRESS * 2; i++) {
      expect((await login(ACCOUNTS.acmeMember, 'demo-password', { address })).statusCode).toBe(200);
    }
    expect((await login(ACCOUNTS.acmeMember, 'wrong', { address })).statusCode).toBe(401);
  });

  it(`lets at most ${PER_ADDRESS} of 60 simultaneous guesses from one address reach a password check`, async () => {
    const address = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(`parallel-${i}@acme.example.com`, 'guess', { address })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(PER_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - PER_ADDRESS);
  });
});

describe('device cookies', () => {
  withApp(10_000);
  it('remembers a browser after a successful sign-in: HttpOnly, SameSite=Strict, only for sign-in, no e-mail in it', async () => {
    const response = await login(ACCOUNTS.acmeMember, 'demo-password', { address: freshAddress() });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^smart_device=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/api/users/login');
    expect(header.toLowerCase()).not.toContain('acme');
    const failed = await login(ACCOUNTS.acmeMember, 'wrong', { address: freshAddress() });
    expect(failed.headers['set-cookie']).toBeUndefined();
  });

  it('keeps its owner signing in while failures made elsewhere lock the e-mail', async () => {
    const email = 'grace.kim@acme.example.com';
    const home = freshAddress();
    const cookie = deviceCookieOf(await login(email, 'demo-password', { address: home }));

    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await login(email, `guess-${i}`, { address: freshAddress() })).statusCode).toBe(401);
    }
    const attacker = await login(email, 'demo-password', { address: freshAddress() });
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().error).toBe(UI_TEXT.tooManyLoginAttempts);
    // The same address without the cookie is held too: the cookie, not the network, is trusted.
    expect((await login(email, 'demo-password', { address: home })).statusCode).toBe(429);

    expect((await login(email, 'demo-password', { address: home, cookie })).statusCode).toBe(200);
    // From another network as well (a laptop that travels).
    expect((await login(email, 'demo-password', { address: freshAddress(), cookie })).statusCode).toBe(200);
  });

  it('is not held by a spray from its own network', async () => {
    const address = freshAddress();
    const cookie = deviceCookieOf(await login(ACCOUNTS.acmeOwner, 'demo-password', { address }));
    for (let i = 0; i <= PER_ADDRESS; i++) await login(`spray-${i}@globex.example.com`, 'Password1', { address });
    expect((await login(ACCOUNTS.acmeOwner, 'demo-password', { address })).statusCode).toBe(429);
    expect((await login(ACCOUNTS.acmeOwner, 'demo-password', { address, cookie })).statusCode).toBe(200);
  });

  it('is counted on its own: a stolen cookie gets the same few guesses, then that device is refused', async () => {
    const email = 'liam.oconnor@acme.example.com';
    const cookie = deviceCookieOf(await login(email, 'demo-password', { address: freshAddress() }));
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await login(email, `guess-${i}`, { address: freshAddress(), cookie })).statusCode).toBe(401);
    }
    const locked = await login(email, 'demo-password', { address: freshAddress(), cookie });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The e-mail itself was not held by the device's failures: another browser still signs in.
    expect((await login(email, 'demo-password', { address: freshAddress() })).statusCode).toBe(200);
  });

  it('proves nothing for another account, nor when forged or tampered with', async () => {
    const email = 'sofia.reyes@smart.example.com';
    const otherCookie = deviceCookieOf(await login(ACCOUNTS.acmeMember, 'demo-password', { address: freshAddress() }));
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await login(email, `guess-${i}`, { address: freshAddress() });

    const [, value = ''] = otherCookie.split('=');
    const tampered = `smart_device=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    const junk = `smart_device=${'x'.repeat(5000)}; other=${'\u0000'.repeat(3)}`;
    for (const cookie of [otherCookie, tampered, junk, 'smart_device=', 'smart_device=a.b~c.d']) {
      const response = await login(email, 'demo-password', { address: freshAddress(), cookie });
      expect(response.statusCode).toBe(429);
    }
  });

  it('keeps several accounts of one shared browser', async () => {
    const address = freshAddress();
    const first = deviceCookieOf(await login(ACCOUNTS.acmeMember, 'demo-password', { address }));
    const both = deviceCookieOf(await login(ACCOUNTS.globexOwner, 'demo-password', { address, cookie: first }));
    expect(both.split('~')).toHaveLength(2);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      await login(ACCOUNTS.acmeMember, `g-${i}`, { address: freshAddress() });
    expect((await login(ACCOUNTS.acmeMember, 'demo-password', { address, cookie: both })).statusCode).toBe(200);
  });
});

describe('the platform-wide budget', () => {
  withApp(GLOBAL);
  it('pauses browsers never used here after a distributed spray, and lets remembered browsers in', async () => {
    const remembered = deviceCookieOf(await login(ACCOUNTS.globexOwner, 'demo-password', { address: freshAddress() }));
    // An address past its share of the platform's count: no longer counted there, still held by it once spent.
    const busy = freshAddress();
    for (let i = 0; i <= LOGIN_GLOBAL_SHARE_PER_ADDRESS; i++)
      await login(`busy-${i}@initech.example.com`, 'x', { address: busy });
    const spray = Array.from({ length: GLOBAL + 5 }, (_, i) =>
      login(`spray-${i}@initech.example.com`, 'Spring2026!', { address: `198.51.100.${i + 1}` }),
    );
    const statuses = (await Promise.all(spray)).map((response) => response.statusCode);
    expect(statuses).toContain(429);

    const stranger = await login(ACCOUNTS.acmeOwner, 'demo-password', { address: freshAddress() });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error).toBe(UI_TEXT.tooManyLoginAttemptsEverywhere);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    const busyAgain = await login(ACCOUNTS.acmeColleague, 'demo-password', { address: busy });
    expect(busyAgain.json().error).toBe(UI_TEXT.tooManyLoginAttemptsEverywhere);
    expect(
      (await login(ACCOUNTS.globexOwner, 'demo-password', { address: freshAddress(), cookie: remembered })).statusCode,
    ).toBe(200);
  });
});

describe('a flood from one address', () => {
  withApp(GLOBAL);
  it('does not pause sign-in elsewhere: after 1,100 attempts from one address, another address signs in', async () => {
    const flooder = freshAddress();
    const statuses = new Map<number, number>();
    // In bursts of 100 at once, as a script would send them.
    for (let burst = 0; burst < 11; burst++) {
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          login(`flood-${burst}-${i}@initech.example.com`, 'Summer2026!', { address: flooder }),
        ),
      );
      for (const { statusCode } of responses) statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    }
    expect(statuses.get(401)).toBe(PER_ADDRESS);
    expect(statuses.get(429)).toBe(1100 - PER_ADDRESS);

    const elsewhere = await login(ACCOUNTS.acmeOwner, 'demo-password', { address: freshAddress() });
    expect(elsewhere.statusCode).toBe(200);
    expect((await login(ACCOUNTS.globexOwner, 'demo-password', { address: freshAddress() })).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: fresh addresses of one network share its count', async () => {
    for (let i = 0; i < PER_ADDRESS; i++) {
      const address = `2001:db8:37:2::${(i + 1).toString(16)}`;
      expect((await login(`v6-${i}@initech.example.com`, 'guess', { address })).statusCode).toBe(401);
    }
    const sameNetwork = await login(ACCOUNTS.acmeColleague, 'demo-password', { address: '2001:db8:37:2:ffff::1' });
    expect(sameNetwork.statusCode).toBe(429);
    expect(sameNetwork.json().error).toBe(UI_TEXT.tooManyLoginAttemptsFromAddress);
    const otherNetwork = await login(ACCOUNTS.acmeColleague, 'demo-password', { address: '2001:db8:37:3::1' });
    expect(otherNetwork.statusCode).toBe(200);
  });

  it("counts an attempt the e-mail's limit refused toward neither the address nor the platform", async () => {
    const address = freshAddress();
    // Far more guesses at one e-mail than its limit: all but the first few are refused by the e-mail.
    for (let i = 0; i < PER_ADDRESS * 3; i++) await login('hammered@initech.example.com', `guess-${i}`, { address });
    // The address has spent only the e-mail's share of its own budget: other people behind it still sign in.
    expect((await login(ACCOUNTS.acmeMember, 'demo-password', { address })).statusCode).toBe(200);
  });

  it("counts an attempt the address's limit refused toward no e-mail", async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_ADDRESS; i++) await login(`filler-${i}@initech.example.com`, 'guess', { address });
    for (let i = 0; i <= LOGIN_MAX_FAILURES * 2; i++) {
      expect((await login(ACCOUNTS.acmeMember, `guess-${i}`, { address })).statusCode).toBe(429);
    }
    // The member's e-mail was never guessed at: a new browser elsewhere signs in.
    expect((await login(ACCOUNTS.acmeMember, 'demo-password', { address: freshAddress() })).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('across processes (Redis)', () => {
  it('counts an address failing on one server when it signs in on another', async () => {
    const prefix = `smart-spray-${Date.now()}:`;
    const settings = { LOGIN_FAILURES_PER_ADDRESS: '6' };
    const [a, b] = await Promise.all([
      createTestApp({ redisPrefix: prefix, settings }),
      createTestApp({ redisPrefix: prefix, settings }),
    ]);
    try {
      const attempt = (app: TestApp, email: string, password: string) =>
        app.app.inject({
          method: sessionEndpoints.signIn.method,
          url: pathOf(sessionEndpoints.signIn),
          remoteAddress: '192.0.2.7',
          payload: { email, password },
        });
      for (let i = 0; i < 3; i++) {
        expect((await attempt(a, `a${i}@acme.example.com`, 'wrong')).statusCode).toBe(401);
        expect((await attempt(b, `b${i}@acme.example.com`, 'wrong')).statusCode).toBe(401);
      }
      expect((await attempt(a, ACCOUNTS.acmeOwner, 'demo-password')).statusCode).toBe(429);
      expect((await attempt(b, ACCOUNTS.acmeOwner, 'demo-password')).statusCode).toBe(429);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
