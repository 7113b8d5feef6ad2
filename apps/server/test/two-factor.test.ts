import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  LOGIN_CHALLENGE_MAX_ATTEMPTS,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_ISSUER,
  TWO_FACTOR_MAX_FAILURES,
  TWO_FACTOR_MAX_FAILURES_PER_ACCOUNT,
  type TwoFactorDisableBody,
  twoFactorEndpoints,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loginChallenges,
  notificationEvents,
  sessions,
  twoFactorRecoveryCodes,
  users,
} from '../src/db/schema/index.js';
import { KEY_FILE_NAME, twoFactorKeys } from '../src/modules/two-factor/keys.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { FACTORY_PASSWORD, type Factories, factories, type Member } from './helpers/factories.js';
import { captureLog } from './helpers/log-capture.js';
import { notNotification, readMailbox, waitForMail } from './helpers/mailbox.js';
import {
  authenticatorClock,
  challengeFor,
  codeAt,
  codeStep,
  enrolTwoFactor,
  passwordStep,
  type SignInFrom,
  wrongCode,
} from './helpers/two-factor.js';
import { waitFor } from './helpers/wait-for.js';

let t: TestApp;
let make: Factories;
let organizationId: string;
const log = captureLog();
/** Every secret, code and challenge token a test handled: none may reach the log. */
const secretsSeen: string[] = [];
/** Requests sent with input an attacker would try (wrong, reused, expired, malformed): counted for the report. */
let attackInputs = 0;

beforeAll(async () => {
  t = await createTestApp({ logStream: log.stream, clock: authenticatorClock });
  make = factories(t.database.db);
  organizationId = (await make.organization()).id;
});
afterAll(async () => {
  console.info(`two-factor.test.ts sent ${attackInputs} attack inputs`);
  await t?.close();
});

const mailbox = () => t.app.config.mail.mailboxDir;
const mailsTo = async (email: string) =>
  (await readMailbox(mailbox())).filter((mail) => mail.to === email && notNotification(mail)).length;
const member = () => make.member(organizationId);

/** A member with a second factor turned on. */
async function enrolledMember() {
  const person = await member();
  const enrolment = await enrolTwoFactor(t, person.token);
  secretsSeen.push(enrolment.secret, ...enrolment.recoveryCodes);
  // Its first mail says it is on; later mails are counted from there.
  expect((await waitForMail(mailbox(), person.email, 0, 10_000, notNotification)).subject).toContain(
    'Two-factor sign-in is on',
  );
  return { ...person, ...enrolment };
}

const setUp = (token: string) => t.call(twoFactorEndpoints.beginSetup, { token });
const confirm = (token: string, code: string) => t.call(twoFactorEndpoints.confirmSetup, { token, body: { code } });
const profile = (token: string) => t.call(userEndpoints.profile, { token });
const profileOf = async (token: string) => (await profile(token)).data;

/** An attack input, sent typed (t.call) or as a client sends it: answered with the given status and message. */
async function refused(
  response: Promise<LightMyRequestResponse | { response: LightMyRequestResponse }>,
  status: number,
  message?: string,
) {
  attackInputs += 1;
  const answered = await response;
  const answer = 'response' in answered ? answered.response : answered;
  expect(answer.statusCode).toBe(status);
  if (message) expect(answer.json().error).toBe(message);
}

/** Wrong codes from one client, over as many challenges as they take (each a password step first). */
async function spendCodesFrom(person: { email: string; secret: string }, from: SignInFrom, wrongCodes: number) {
  let challengeToken = '';
  for (let sent = 0; sent < wrongCodes; sent += 1) {
    if (sent % LOGIN_CHALLENGE_MAX_ATTEMPTS === 0) {
      challengeToken = await challengeFor(t, person.email, FACTORY_PASSWORD, from);
    }
    attackInputs += 1;
    const answer = await codeStep(t, { challengeToken, code: wrongCode(person.secret) }, from);
    expect([400, 401]).toContain(answer.statusCode);
  }
}

/** The security notices mailed to the person about wrong codes after its password. */
const noticesTo = async (email: string) =>
  (await readMailbox(mailbox())).filter(
    (mail) => mail.to === email && mail.subject.includes('then wrong two-factor codes were given'),
  );

async function sessionCount(userId: string) {
  const [row] = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}

describe('setting up two-factor sign-in', () => {
  it('gives a secret and its otpauth link, kept encrypted until a valid code confirms it', async () => {
    const person = await member();
    const setup = await setUp(person.token);
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl } = setup.data;
    secretsSeen.push(secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const link = new URL(otpauthUrl);
    expect(link.protocol).toBe('otpauth:');
    expect(link.host).toBe('totp');
    expect(decodeURIComponent(link.pathname)).toBe(`/${TWO_FACTOR_ISSUER}:${person.email}`);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      secret,
      issuer: TWO_FACTOR_ISSUER,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });

    // Encrypted at rest with the key of DATA_DIR (AES-256-GCM): the text is nowhere in the row.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row?.twoFactorPendingSecret).toMatch(/^v1\./);
    expect(row?.twoFactorSecret).toBeNull();
    const keyFile = path.join(t.app.config.dataDir, KEY_FILE_NAME);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const key = Buffer.from((await readFile(keyFile, 'utf8')).trim(), 'base64');
    expect(twoFactorKeys(key).secrets.open(row?.twoFactorPendingSecret ?? '', person.id)).toBe(secret);
    // Sealed for its user: the same value in another user's row does not open.
    expect(() => twoFactorKeys(key).secrets.open(row?.twoFactorPendingSecret ?? '', organizationId)).toThrow();
    expect((await profileOf(person.token)).twoFactorEnabled).toBe(false);

    // A wrong code, then a malformed one, then the right one.
    await refused(confirm(person.token, wrongCode(secret)), 400, UI_TEXT.twoFactorCodeInvalid);
    await refused(confirm(person.token, '12a456'), 400, UI_TEXT.twoFactorCodeFormat);
    expect((await profileOf(person.token)).twoFactorEnabled).toBe(false);
    const mailsBefore = await mailsTo(person.email);
    const confirmed = await confirm(person.token, codeAt(secret));
    expect(confirmed.status, confirmed.response.body).toBe(200);
    const { recoveryCodes } = confirmed.data;
    secretsSeen.push(...recoveryCodes);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);

    const [enabled] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(enabled?.twoFactorSecret).toBe(row?.twoFactorPendingSecret);
    expect(enabled?.twoFactorPendingSecret).toBeNull();
    expect(enabled?.twoFactorEnabledAt).toBeInstanceOf(Date);
    // Only hashes of the recovery codes are stored.
    const stored = await t.database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, person.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    const storedText = JSON.stringify(stored);
    for (const code of recoveryCodes) {
      expect(storedText).not.toContain(code);
      expect(storedText).not.toContain(code.replace('-', ''));
    }
    expect((await profileOf(person.token)).twoFactorEnabled).toBe(true);
    expect((await waitForMail(mailbox(), person.email, mailsBefore, 10_000, notNotification)).subject).toContain(
      'Two-factor sign-in is on',
    );

    // On already: neither a new set-up nor a second confirmation.
    await refused(setUp(person.token), 409, UI_TEXT.twoFactorAlreadyEnabled);
    await refused(confirm(person.token, codeAt(secret, 1)), 409, UI_TEXT.twoFactorAlreadyEnabled);
  });

  it("ends the account's other sessions once it is on, and keeps the one that turned it on", async () => {
    const person = await member();
    const otherBrowser = (await passwordStep(t, person.email, FACTORY_PASSWORD)).json().data.token as string;
    expect((await profile(otherBrowser)).status).toBe(200);
    await enrolTwoFactor(t, person.token);
    await refused(profile(otherBrowser), 401);
    expect((await profile(person.token)).status).toBe(200);
    expect(await sessionCount(person.id)).toBe(1);
  });

  it('refuses a confirmation without a set-up, and a code of an earlier set-up', async () => {
    const person = await member();
    await refused(confirm(person.token, '123456'), 409, UI_TEXT.twoFactorSetupNotStarted);
    const first = (await setUp(person.token)).data.secret;
    const second = (await setUp(person.token)).data.secret;
    secretsSeen.push(first, second);
    expect(second).not.toBe(first);
    await refused(confirm(person.token, codeAt(first)), 400, UI_TEXT.twoFactorCodeInvalid);
    expect((await confirm(person.token, codeAt(second))).status).toBe(200);
  });
});

describe('signing in with a second factor', () => {
  it('answers the password with a challenge and no session, then the code with a session', async () => {
    const person = await enrolledMember();
    const before = await sessionCount(person.id);
    const challengeToken = await challengeFor(t, person.email, FACTORY_PASSWORD);
    secretsSeen.push(challengeToken);
    expect(await sessionCount(person.id)).toBe(before);
    // Only the challenge's hash is stored, with a 5-minute life.
    const [challenge] = await t.database.db.select().from(loginChallenges).where(eq(loginChallenges.userId, person.id));
    expect(challenge?.tokenHash).not.toBe(challengeToken);
    expect(JSON.stringify(challenge)).not.toContain(challengeToken);
    const life = (challenge?.expiresAt.getTime() ?? 0) - Date.now();
    expect(life).toBeGreaterThan(4 * 60 * 1000);
    expect(life).toBeLessThanOrEqual(5 * 60 * 1000);

    // A challenge is not a bearer token.
    await refused(profile(challengeToken), 401);

    const signedIn = await codeStep(t, { challengeToken, code: codeAt(person.secret) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token, user } = signedIn.json().data;
    expect(user).toMatchObject({ id: person.id, email: person.email, twoFactorEnabled: true });
    expect((await profile(token)).status).toBe(200);
    expect(await sessionCount(person.id)).toBe(before + 1);
    // The challenge is used up.
    await refused(
      codeStep(t, { challengeToken, code: codeAt(person.secret, 1) }),
      401,
      UI_TEXT.twoFactorChallengeExpired,
    );
  });

  it('remembers the browser (its device cookie) only once the code is right, not after the password', async () => {
    const person = await enrolledMember();
    const password = await passwordStep(t, person.email, FACTORY_PASSWORD);
    expect(password.headers['set-cookie']).toBeUndefined();
    const { challengeToken } = password.json().data;
    secretsSeen.push(challengeToken);
    await refused(codeStep(t, { challengeToken, code: wrongCode(person.secret) }), 400);
    const signedIn = await codeStep(t, { challengeToken, code: codeAt(person.secret) });
    expect(signedIn.statusCode).toBe(200);
    expect(String(signedIn.headers['set-cookie'])).toMatch(/^smart_device=[^;]+; Path=\/api\/users\/login;.*HttpOnly/);
  });

  it('refuses a code whose time step was used, and older ones, even from another challenge', async () => {
    const person = await enrolledMember();
    const code = codeAt(person.secret);
    expect(
      (await codeStep(t, { challengeToken: await challengeFor(t, person.email, FACTORY_PASSWORD), code })).statusCode,
    ).toBe(200);
    const again = await challengeFor(t, person.email, FACTORY_PASSWORD);
    await refused(codeStep(t, { challengeToken: again, code }), 400, UI_TEXT.twoFactorCodeInvalid);
    await refused(
      codeStep(t, { challengeToken: again, code: codeAt(person.secret, -1) }),
      400,
      UI_TEXT.twoFactorCodeInvalid,
    );
    // The next step's code still works (a phone clock ahead by one step).
    expect((await codeStep(t, { challengeToken: again, code: codeAt(person.secret, 1) })).statusCode).toBe(200);
  });

  it('lets one of two sign-ins with the same code through when they arrive together', async () => {
    const person = await enrolledMember();
    const [first, second] = [
      await challengeFor(t, person.email, FACTORY_PASSWORD),
      await challengeFor(t, person.email, FACTORY_PASSWORD),
    ];
    const code = codeAt(person.secret);
    attackInputs += 1;
    const answers = await Promise.all([first, second].map((challengeToken) => codeStep(t, { challengeToken, code })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('accepts each recovery code once, whatever its case and dashes', async () => {
    const person = await enrolledMember();
    const [code = ''] = person.recoveryCodes;
    const typed = ` ${code.toUpperCase().replace('-', ' - ')} `;
    const signedIn = await codeStep(t, {
      challengeToken: await challengeFor(t, person.email, FACTORY_PASSWORD),
      recoveryCode: typed,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const [used] = await t.database.db
      .select({ n: count() })
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, person.id));
    expect(used?.n).toBe(RECOVERY_CODE_COUNT);
    const challengeToken = await challengeFor(t, person.email, FACTORY_PASSWORD);
    await refused(codeStep(t, { challengeToken, recoveryCode: code }), 400, UI_TEXT.recoveryCodeInvalid);
    // Another person's code is not this person's.
    const other = await enrolledMember();
    await refused(
      codeStep(t, { challengeToken, recoveryCode: other.recoveryCodes[0] }),
      400,
      UI_TEXT.recoveryCodeInvalid,
    );
    expect((await codeStep(t, { challengeToken, recoveryCode: person.recoveryCodes[1] })).statusCode).toBe(200);
  });

  it('refuses an unknown or expired challenge', async () => {
    const person = await enrolledMember();
    await refused(
      codeStep(t, { challengeToken: 'x'.repeat(43), code: '123456' }),
      401,
      UI_TEXT.twoFactorChallengeExpired,
    );
    const challengeToken = await challengeFor(t, person.email, FACTORY_PASSWORD);
    await t.database.db
      .update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.userId, person.id));
    await refused(codeStep(t, { challengeToken, code: codeAt(person.secret) }), 401, UI_TEXT.twoFactorChallengeExpired);
    // The next password step clears the expired challenge.
    await challengeFor(t, person.email, FACTORY_PASSWORD);
    expect(
      await t.database.db.select().from(loginChallenges).where(eq(loginChallenges.userId, person.id)),
    ).toHaveLength(1);
  });

  it(`ends a challenge after ${LOGIN_CHALLENGE_MAX_ATTEMPTS} codes, and an address after ${TWO_FACTOR_MAX_FAILURES} wrong codes`, async () => {
    const person = await enrolledMember();
    const wrong = wrongCode(person.secret);
    const attacker = { address: '198.51.100.37' };
    const first = await challengeFor(t, person.email, FACTORY_PASSWORD, attacker);
    for (let attempt = 1; attempt < LOGIN_CHALLENGE_MAX_ATTEMPTS; attempt += 1) {
      await refused(codeStep(t, { challengeToken: first, code: wrong }, attacker), 400, UI_TEXT.twoFactorCodeInvalid);
    }
    await refused(codeStep(t, { challengeToken: first, code: wrong }, attacker), 401, UI_TEXT.twoFactorChallengeUsedUp);
    await refused(
      codeStep(t, { challengeToken: first, code: codeAt(person.secret) }, attacker),
      401,
      UI_TEXT.twoFactorChallengeExpired,
    );

    // Across challenges the address takes TWO_FACTOR_MAX_FAILURES wrong codes, then refuses even the right one.
    await spendCodesFrom(person, attacker, TWO_FACTOR_MAX_FAILURES - LOGIN_CHALLENGE_MAX_ATTEMPTS);
    const fresh = await challengeFor(t, person.email, FACTORY_PASSWORD, attacker);
    await refused(
      codeStep(t, { challengeToken: fresh, code: codeAt(person.secret) }, attacker),
      429,
      UI_TEXT.tooManyTwoFactorAttemptsFromAddress,
    );
    await refused(codeStep(t, { challengeToken: fresh, recoveryCode: person.recoveryCodes[0] }, attacker), 429);
  });

  it("does not lock the owner out: wrong codes from one address hold that address, not the owner's other browsers", async () => {
    const person = await enrolledMember();
    // The owner's own browser signed in before: it keeps a device cookie for the account.
    const home = { address: '192.0.2.10' };
    const signedIn = await codeStep(
      t,
      { challengeToken: await challengeFor(t, person.email, FACTORY_PASSWORD, home), code: codeAt(person.secret) },
      home,
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const ownBrowser = { ...home, cookie: String(signedIn.headers['set-cookie']).split(';')[0] };

    // Someone who has the password sends more wrong codes than an account used to take.
    const attacker = { address: '198.51.100.38' };
    await spendCodesFrom(person, attacker, TWO_FACTOR_MAX_FAILURES);
    await refused(
      codeStep(
        t,
        {
          challengeToken: await challengeFor(t, person.email, FACTORY_PASSWORD, attacker),
          code: codeAt(person.secret, 1),
        },
        attacker,
      ),
      429,
    );

    // The owner on a new browser elsewhere, with the right code.
    const elsewhere = { address: '203.0.113.90' };
    const fromElsewhere = await codeStep(
      t,
      {
        challengeToken: await challengeFor(t, person.email, FACTORY_PASSWORD, elsewhere),
        code: codeAt(person.secret, 1),
      },
      elsewhere,
    );
    expect(fromElsewhere.statusCode, fromElsewhere.body).toBe(200);
    // The owner's own browser behind the attacker's address (a shared network), with a recovery code.
    const sharedNetwork = { ...attacker, cookie: ownBrowser.cookie };
    const fromOwnBrowser = await codeStep(
      t,
      {
        challengeToken: await challengeFor(t, person.email, FACTORY_PASSWORD, sharedNetwork),
        recoveryCode: person.recoveryCodes[1],
      },
      sharedNetwork,
    );
    expect(fromOwnBrowser.statusCode, fromOwnBrowser.body).toBe(200);
  });

  it(`holds the account's new browsers after ${TWO_FACTOR_MAX_FAILURES_PER_ACCOUNT} wrong codes from many addresses, never its remembered ones`, async () => {
    const person = await enrolledMember();
    const home = { address: '192.0.2.11' };
    const signedIn = await codeStep(
      t,
      { challengeToken: await challengeFor(t, person.email, FACTORY_PASSWORD, home), code: codeAt(person.secret) },
      home,
    );
    const ownBrowser = { ...home, cookie: String(signedIn.headers['set-cookie']).split(';')[0] };
    const addresses = TWO_FACTOR_MAX_FAILURES_PER_ACCOUNT / TWO_FACTOR_MAX_FAILURES;
    for (let i = 0; i < addresses; i += 1) {
      await spendCodesFrom(person, { address: `198.51.101.${i + 1}` }, TWO_FACTOR_MAX_FAILURES);
    }
    const newBrowser = { address: '203.0.113.91' };
    await refused(
      codeStep(
        t,
        {
          challengeToken: await challengeFor(t, person.email, FACTORY_PASSWORD, newBrowser),
          code: codeAt(person.secret, 1),
        },
        newBrowser,
      ),
      429,
      UI_TEXT.tooManyTwoFactorAttemptsForAccount,
    );
    const remembered = await codeStep(
      t,
      {
        challengeToken: await challengeFor(t, person.email, FACTORY_PASSWORD, ownBrowser),
        code: codeAt(person.secret, 1),
      },
      ownBrowser,
    );
    expect(remembered.statusCode, remembered.body).toBe(200);
  });

  it('tells the owner, once, that its password was used with wrong codes', async () => {
    const person = await enrolledMember();
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const attacker = { address: '198.51.100.39' };
    const challengeToken = await challengeFor(t, person.email, FACTORY_PASSWORD, attacker);
    // t.call cannot send from another address.
    const wrong = (code: string) =>
      t.request({
        method: 'POST',
        url: '/api/users/login/2fa',
        remoteAddress: attacker.address,
        headers: { 'user-agent': firefox },
        payload: { challengeToken, code },
      });
    // One mistyped code is no news.
    await refused(wrong(wrongCode(person.secret)), 400);
    await refused(wrong(wrongCode(person.secret)), 400);
    expect(await noticesTo(person.email)).toEqual([]);
    await refused(wrong(wrongCode(person.secret)), 400);
    const notice = await waitFor(async () => (await noticesTo(person.email))[0], 'the wrong-codes notice', 10_000);
    expect(notice.subject).toBe(
      'Your password was used to sign in from Firefox on Windows (198.51.100.39), then wrong two-factor codes were given: change your password',
    );
    expect(notice.text).toContain('change your password now');
    // More wrong codes in the same window tell nothing new.
    await spendCodesFrom(person, attacker, 4);
    const events = await t.database.db
      .select()
      .from(notificationEvents)
      .where(and(eq(notificationEvents.recordId, person.id), eq(notificationEvents.type, 'two_factor_codes_wrong')));
    expect(events).toHaveLength(1);
  });

  it('refuses malformed bodies with 400', async () => {
    const challengeToken = 'c'.repeat(43);
    const bodies = [
      {},
      { challengeToken },
      { challengeToken, code: '123456', recoveryCode: 'abcde-12345' },
      { challengeToken, code: '12345' },
      { challengeToken, code: '1234567' },
      { challengeToken, code: 123456 },
      { challengeToken, code: '12\u00003456' },
      { challengeToken, code: '1'.repeat(100_000) },
      { challengeToken, recoveryCode: 'abc' },
      { challengeToken, recoveryCode: 'r'.repeat(100_000) },
      { challengeToken: 'c'.repeat(100_000), code: '123456' },
      { challengeToken: `c\u0000c`, code: '123456' },
      { challengeToken: ['a'], code: '123456' },
    ];
    for (const payload of bodies) await refused(codeStep(t, payload), 400);
  });
});

describe('turning two-factor sign-in off', () => {
  const disable = (token: string, body: TwoFactorDisableBody) => t.call(twoFactorEndpoints.disable, { token, body });

  it('needs the password and a code; then signing in asks for the password alone', async () => {
    const person = await enrolledMember();
    await refused(
      disable(person.token, { password: 'wrong-password', code: codeAt(person.secret) }),
      400,
      UI_TEXT.currentPasswordWrong,
    );
    await refused(
      disable(person.token, { password: FACTORY_PASSWORD, code: wrongCode(person.secret) }),
      400,
      UI_TEXT.twoFactorCodeInvalid,
    );
    await refused(disable(person.token, { password: FACTORY_PASSWORD }), 400);
    expect((await profileOf(person.token)).twoFactorEnabled).toBe(true);

    const mailsBefore = await mailsTo(person.email);
    const off = await disable(person.token, { password: FACTORY_PASSWORD, code: codeAt(person.secret) });
    expect(off.status, off.response.body).toBe(200);
    expect(off.data).toMatchObject({ id: person.id, twoFactorEnabled: false });
    expect((await waitForMail(mailbox(), person.email, mailsBefore, 10_000, notNotification)).subject).toContain(
      'Two-factor sign-in is off',
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorEnabledAt: null });
    expect(
      await t.database.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, person.id)),
    ).toEqual([]);

    const signIn = await passwordStep(t, person.email, FACTORY_PASSWORD);
    expect(signIn.json().data).toMatchObject({ token: expect.any(String), user: { twoFactorEnabled: false } });
    await refused(disable(person.token, { password: FACTORY_PASSWORD, code: '123456' }), 409);
  });

  it('takes a recovery code instead of a code, for a lost phone', async () => {
    const person = await enrolledMember();
    const off = await disable(person.token, { password: FACTORY_PASSWORD, recoveryCode: person.recoveryCodes[2] });
    expect(off.status, off.response.body).toBe(200);
  });
});

describe('new recovery codes', () => {
  const renew = (token: string, code: string) =>
    t.call(twoFactorEndpoints.regenerateRecoveryCodes, { token, body: { code } });

  it('replace the old set, for a code', async () => {
    const person = await enrolledMember();
    await refused(renew(person.token, wrongCode(person.secret)), 400);
    const mailsBefore = await mailsTo(person.email);
    const renewed = await renew(person.token, codeAt(person.secret));
    expect(renewed.status, renewed.response.body).toBe(200);
    const fresh = renewed.data.recoveryCodes;
    secretsSeen.push(...fresh);
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.some((code) => person.recoveryCodes.includes(code))).toBe(false);
    expect((await waitForMail(mailbox(), person.email, mailsBefore, 10_000, notNotification)).subject).toContain(
      'New recovery codes',
    );

    const challengeToken = await challengeFor(t, person.email, FACTORY_PASSWORD);
    await refused(
      codeStep(t, { challengeToken, recoveryCode: person.recoveryCodes[0] }),
      400,
      UI_TEXT.recoveryCodeInvalid,
    );
    expect((await codeStep(t, { challengeToken, recoveryCode: fresh[0] })).statusCode).toBe(200);
  });

  it('are refused without a second factor', async () => {
    const person = await member();
    await refused(renew(person.token, '123456'), 409, UI_TEXT.twoFactorNotEnabled);
  });
});

describe("an admin's reset", () => {
  let admin: Member;
  let orgAdmin: Member;
  beforeAll(async () => {
    admin = await make.admin();
    orgAdmin = await make.member(organizationId, { role: 'org_admin' });
  });
  const reset = (userId: string, token: string) => t.call(twoFactorEndpoints.reset, { params: { id: userId }, token });

  it('removes the second factor and tells the person by e-mail', async () => {
    const person = await enrolledMember();
    await refused(reset(person.id, person.token), 403);
    await refused(reset(person.id, orgAdmin.token), 403);
    const otherOrganization = await make.organization();
    const stranger = await make.member(otherOrganization.id, { role: 'org_admin' });
    await refused(reset(person.id, stranger.token), 404, UI_TEXT.userNotFound);
    await refused(reset('00000000-0000-4000-8000-000000000000', admin.token), 404);
    // A malformed id, as an outside client might send it.
    await refused(t.request({ method: 'DELETE', url: '/api/users/not-an-id/2fa', token: admin.token }), 404);

    // The admin sees who may be reset.
    const directory = async (token: string) =>
      (
        await t.call(userEndpoints.listByOrganization, {
          params: { orgId: organizationId },
          query: { limit: 200 },
          token,
        })
      ).data;
    const card = (await directory(admin.token)).find((user) => user.id === person.id);
    expect(card?.permissions.canResetTwoFactor).toBe(true);
    const ownView = await directory(orgAdmin.token);
    expect(ownView.find((user) => user.id === person.id)!.permissions.canResetTwoFactor).toBe(false);

    const mailsBefore = await mailsTo(person.email);
    const done = await reset(person.id, admin.token);
    expect(done.status, done.response.body).toBe(200);
    expect(done.data).toMatchObject({ twoFactorEnabled: false, permissions: { canResetTwoFactor: false } });
    const mail = await waitForMail(mailbox(), person.email, mailsBefore, 10_000, notNotification);
    expect(mail.subject).toContain('Your two-factor sign-in was reset');
    expect(mail.text).toContain('administrator reset the two-factor sign-in');
    expect((await passwordStep(t, person.email, FACTORY_PASSWORD)).json().data.token).toEqual(expect.any(String));
    await refused(reset(person.id, admin.token), 409, UI_TEXT.twoFactorNotEnabled);
  });

  it('clears the counts of wrong codes: the owner sets it up again and signs in from the address that was held', async () => {
    const person = await enrolledMember();
    // The office's one address, where someone with the password sent wrong codes.
    const office = { address: '198.51.100.40' };
    await spendCodesFrom(person, office, TWO_FACTOR_MAX_FAILURES);
    await refused(
      codeStep(
        t,
        { challengeToken: await challengeFor(t, person.email, FACTORY_PASSWORD, office), code: codeAt(person.secret) },
        office,
      ),
      429,
    );
    expect((await reset(person.id, admin.token)).status).toBe(200);

    const signedIn = await passwordStep(t, person.email, FACTORY_PASSWORD, office);
    const token = signedIn.json().data.token as string;
    const again = await enrolTwoFactor(t, token);
    const back = await codeStep(
      t,
      { challengeToken: await challengeFor(t, person.email, FACTORY_PASSWORD, office), code: codeAt(again.secret) },
      office,
    );
    expect(back.statusCode, back.body).toBe(200);
  });

  it("refuses the admin's own account: that goes through the password and a code", async () => {
    const secondAdmin = await make.member(
      (await t.database.db.query.organizations.findFirst({
        where: (organization, { eq: equals }) => equals(organization.isPlatform, true),
      }))!.id,
      { role: 'admin' },
    );
    await enrolTwoFactor(t, secondAdmin.token);
    await refused(reset(secondAdmin.id, secondAdmin.token), 400, UI_TEXT.twoFactorResetOwnAccount);
  });
});

describe('the log', () => {
  it('holds no secret, code, recovery code or challenge token', async () => {
    const text = await log.textWith('/api/users/login/2fa');
    expect(text).toContain('/api/users/2fa/confirm');
    for (const secret of secretsSeen) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.replace('-', ''));
    }
  });
});
