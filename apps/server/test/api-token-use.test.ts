import { randomBytes } from 'node:crypto';
import { API_TOKEN_LIMITS, formatSlotTime, UI_TEXT } from '@smart/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { apiTokenAddresses, apiTokens, users } from '../src/db/schema/index.js';
import { sweepApiTokenExpiry } from '../src/modules/api-token-notices/index.js';
import { insertApiToken, insertServiceUser } from './helpers/api-tokens.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { type Factories, factories, type Member } from './helpers/factories.js';
import { type ReceivedMail, readMailbox } from './helpers/mailbox.js';
import { createPostgresDatabase } from './helpers/postgres.js';
import { waitFor } from './helpers/wait-for.js';

/**
 * What happens around each request made with an API token (decision 0280): its own limit with the
 * RateLimit-* fields, its last use written at most once a minute, and a security notice when it is
 * used from a new address. Sign-in sessions go by untouched.
 */
const LIMIT = 5;

let t: TestApp;
let make: Factories;
let owner: Member;

const mailbox = () => t.app.config.mail.mailboxDir;
const noticesTo = async (email: string, tokenName: string) =>
  (await readMailbox(mailbox())).filter(
    (mail: ReceivedMail) => mail.to === email && mail.subject.includes(`"${tokenName}" was used from a new address`),
  );

const listTickets = (secret: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'GET', url: '/api/tickets', headers: { authorization: `Bearer ${secret}` }, remoteAddress });

const tokenRow = async (id: string) => {
  const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, id));
  return row;
};

beforeAll(async () => {
  t = await createTestApp({ settings: { API_TOKEN_REQUESTS_PER_MINUTE: String(LIMIT) } });
  make = factories(t.database.db);
  const organization = await make.organization();
  owner = await make.member(organization.id, { role: 'org_admin' });
});
afterAll(async () => {
  await t?.close();
});

describe('the per-token limit', () => {
  it('tells every token answer where it stands, and refuses past the limit with Retry-After', async () => {
    const { secret } = await insertApiToken(t.app, { userId: owner.id, scopes: { tickets: 'read' } });
    const remaining: string[] = [];
    for (let index = 0; index < LIMIT; index += 1) {
      const response = await listTickets(secret);
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe(String(LIMIT));
      const reset = Number(response.headers['ratelimit-reset']);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
      remaining.push(String(response.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);

    const refused = await listTickets(secret);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, error: UI_TEXT.tooManyRequests, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    // Even a refused request's answer, and one that fails for another reason, carries the fields.
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/tickets/00000000-0000-4000-8000-000000000000',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(missing.headers['ratelimit-limit']).toBe(String(LIMIT));
  });

  it('counts each token on its own, and leaves sign-in sessions as they were', async () => {
    const spent = await insertApiToken(t.app, { userId: owner.id, scopes: { tickets: 'read' } });
    for (let index = 0; index <= LIMIT; index += 1) await listTickets(spent.secret);
    expect((await listTickets(spent.secret)).statusCode).toBe(429);

    const other = await insertApiToken(t.app, { userId: owner.id, scopes: { tickets: 'read' } });
    expect((await listTickets(other.secret)).statusCode).toBe(200);
    for (let index = 0; index <= LIMIT; index += 1) {
      const response = await t.request({ method: 'GET', url: '/api/tickets', token: owner.token });
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBeUndefined();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('across server processes (Redis)', () => {
  it("two processes count one token's requests together, and tell the same remaining budget", async () => {
    const redisPrefix = `smart-test-${randomBytes(4).toString('hex')}:`;
    const options = {
      database: t.database,
      redisPrefix,
      settings: { API_TOKEN_REQUESTS_PER_MINUTE: String(LIMIT) },
    };
    const [first, second] = await Promise.all([createTestApp(options), createTestApp(options)]);
    try {
      const { secret } = await insertApiToken(t.app, { userId: owner.id, scopes: { tickets: 'read' } });
      const list = (through: TestApp) =>
        through.app.inject({ method: 'GET', url: '/api/tickets', headers: { authorization: `Bearer ${secret}` } });
      const answers = [];
      for (let index = 0; index < LIMIT; index += 1) answers.push(await list(index % 2 === 0 ? first : second));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(LIMIT).fill(200));
      expect(answers.map((answer) => answer.headers['ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0']);
      const [overFirst, overSecond] = [await list(first), await list(second)];
      expect([overFirst.statusCode, overSecond.statusCode]).toEqual([429, 429]);
      expect(Number(overSecond.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('last used', () => {
  it('is written once a minute at most, with the client address, off the request', async () => {
    const token = await insertApiToken(t.app, { userId: owner.id, scopes: { tickets: 'read' } });
    expect(await tokenRow(token.id)).toMatchObject({ lastUsedAt: null, lastUsedAddress: null });
    await listTickets(token.secret, '198.51.100.20');
    const first = await waitFor(
      async () => {
        const row = await tokenRow(token.id);
        return row?.lastUsedAt ? row : undefined;
      },
      'the first use written',
      10_000,
    );
    expect(first.lastUsedAddress).toBe('198.51.100.20');

    // Within the minute, from the same address: nothing is written again.
    await listTickets(token.secret, '198.51.100.20');
    await listTickets(token.secret, '198.51.100.20');
    // From another address: written at once (and the notice below).
    await listTickets(token.secret, '198.51.100.21');
    const moved = await waitFor(
      async () => {
        const row = await tokenRow(token.id);
        return row?.lastUsedAddress === '198.51.100.21' ? row : undefined;
      },
      'the use from another address written',
      10_000,
    );
    expect(moved.lastUsedAt?.getTime()).toBeGreaterThanOrEqual(first.lastUsedAt?.getTime() ?? 0);

    // A minute later (the clock of the row set back), the same address is written again.
    await t.app.db
      .update(apiTokens)
      .set({
        lastUsedAt: sql`now() - interval '${sql.raw(String(API_TOKEN_LIMITS.lastUsedEverySeconds + 1))} seconds'`,
      })
      .where(eq(apiTokens.id, token.id));
    const before = (await tokenRow(token.id))?.lastUsedAt?.getTime() ?? 0;
    await listTickets(token.secret, '198.51.100.21');
    await waitFor(
      async () => ((await tokenRow(token.id))?.lastUsedAt?.getTime() ?? 0) > before || undefined,
      'the use a minute later written',
      10_000,
    );
  });
});

describe('a new address', () => {
  it('tells the owner once per address, never about the first, however many requests race', async () => {
    const name = `Nightly sync ${Date.now()}`;
    const token = await insertApiToken(t.app, { userId: owner.id, scopes: { tickets: 'read' }, name });
    await listTickets(token.secret, '192.0.2.10');
    await waitFor(
      async () => ((await tokenRow(token.id))?.lastUsedAt ? true : undefined),
      'the first use written',
      10_000,
    );
    // A burst from a second address, and a third address at the same time.
    await Promise.all([
      ...Array.from({ length: 4 }, () => listTickets(token.secret, '192.0.2.11')),
      listTickets(token.secret, '192.0.2.12'),
    ]);
    const notices = await waitFor(
      async () => {
        const found = await noticesTo(owner.email, name);
        return found.length >= 2 ? found : undefined;
      },
      'two notices',
      15_000,
    );
    expect(notices.map((mail) => mail.text.match(/Address: (\S+)/)?.[1]).sort()).toEqual(['192.0.2.11', '192.0.2.12']);
    expect(notices[0]?.text).toContain('security notice');
    expect(notices[0]?.text).toContain('Revoke the token where it is listed');
    expect(notices[0]?.text).toContain('/profile');

    // Used again from a known address, after its last-used minute: no new notice.
    await t.app.db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now() - interval '2 minutes'` })
      .where(eq(apiTokens.id, token.id));
    await listTickets(token.secret, '192.0.2.10');
    await waitFor(
      async () => ((await tokenRow(token.id))?.lastUsedAddress === '192.0.2.10' ? true : undefined),
      'the known address written',
      10_000,
    );
    const addresses = await t.app.db
      .select({ address: apiTokenAddresses.address })
      .from(apiTokenAddresses)
      .where(eq(apiTokenAddresses.tokenId, token.id));
    expect(addresses.map((row) => row.address).sort()).toEqual(['192.0.2.10', '192.0.2.11', '192.0.2.12']);
    expect(await noticesTo(owner.email, name)).toHaveLength(2);
  });

  it("tells an organization token's org_admins, and counts an IPv6 /64 as one address", async () => {
    const organization = await make.organization();
    const [admin, otherAdmin, member] = await Promise.all([
      make.member(organization.id, { role: 'org_admin' }),
      make.member(organization.id, { role: 'org_admin' }),
      make.member(organization.id),
    ]);
    const serviceUserId = await insertServiceUser(t.app);
    const name = `Warehouse ${Date.now()}`;
    const token = await insertApiToken(t.app, {
      organizationId: organization.id,
      serviceUserId,
      scopes: { tickets: 'read' },
      name,
    });
    await listTickets(token.secret, '2001:db8:1:2::10');
    await waitFor(async () => ((await tokenRow(token.id))?.lastUsedAt ? true : undefined), 'first use', 10_000);
    // Another address in the same /64: its own last-used address, no notice.
    await listTickets(token.secret, '2001:db8:1:2::99');
    await waitFor(
      async () => ((await tokenRow(token.id))?.lastUsedAddress === '2001:db8:1:2::99' ? true : undefined),
      'the second address written',
      10_000,
    );
    await listTickets(token.secret, '2001:db8:1:3::10');
    const [toAdmin] = await waitFor(
      async () => {
        const found = await noticesTo(admin.email, name);
        return found.length > 0 ? found : undefined;
      },
      "the org_admin's notice",
      15_000,
    );
    expect(toAdmin?.text).toContain('Address: 2001:db8:1:3::/64');
    await waitFor(
      async () => ((await noticesTo(otherAdmin.email, name)).length === 1 ? true : undefined),
      "the other org_admin's notice",
      15_000,
    );
    expect(await noticesTo(member.email, name)).toHaveLength(0);
    expect(await noticesTo(admin.email, name)).toHaveLength(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two processes on PostgreSQL', () => {
  it('give one notice per new address however many requests race through both', async () => {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string);
    const handles = [
      await openDatabase({ kind: 'postgres', url: created.url }),
      await openDatabase({ kind: 'postgres', url: created.url }),
    ] as const;
    const apps: TestApp[] = [];
    try {
      await handles[0].migrate();
      const redisPrefix = `smart-test-${randomBytes(4).toString('hex')}:`;
      for (const database of handles) apps.push(await createTestApp({ database, redisPrefix }));
      const organization = await factories(handles[0].db).organization();
      const person = await factories(handles[0].db).member(organization.id);
      const token = await insertApiToken({ db: handles[0].db }, { userId: person.id, scopes: { tickets: 'read' } });
      const list = (index: number, remoteAddress: string) =>
        (apps[index % 2] as TestApp).app.inject({
          method: 'GET',
          url: '/api/tickets',
          headers: { authorization: `Bearer ${token.secret}` },
          remoteAddress,
        });
      const query = async (text: string) => (await handles[0].query(text, [token.id])).rows;
      expect((await list(0, '192.0.2.50')).statusCode).toBe(200);
      await waitFor(
        async () =>
          (await query('select 1 from api_tokens where id = $1 and last_used_at is not null')).length
            ? true
            : undefined,
        'the first use written',
        10_000,
      );
      // Twenty requests from each of two new addresses, alternating between the processes, at once.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) => list(index, index % 4 < 2 ? '192.0.2.51' : '192.0.2.52')),
      );
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      const notices = await waitFor(
        async () => {
          const rows = (await query(
            `select data->>'address' as address from notification_events
             where type = 'api_token_new_address' and record_id = (select user_id from api_tokens where id = $1)`,
          )) as { address: string }[];
          return rows.length >= 2 ? rows : undefined;
        },
        'two notices',
        15_000,
      );
      // Whatever else is still in flight has settled: the addresses are all written.
      await waitFor(
        async () =>
          (await query('select 1 from api_token_addresses where token_id = $1')).length === 3 ? true : undefined,
        'three addresses',
        10_000,
      );
      await Promise.all(apps.map((one) => one.app.close()));
      expect(notices.map((row) => row.address).sort()).toEqual(['192.0.2.51', '192.0.2.52']);
      const after = await query(
        `select 1 from notification_events
         where type = 'api_token_new_address' and record_id = (select user_id from api_tokens where id = $1)`,
      );
      expect(after).toHaveLength(2);
    } finally {
      for (const one of apps) await one.close().catch(() => undefined);
      for (const handle of handles) await handle.close().catch(() => undefined);
      await created.drop();
    }
  });
});

describe('the expiry notice', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const expiringTo = async (email: string, tokenName: string) =>
    (await readMailbox(mailbox())).filter(
      (mail) => mail.to === email && mail.subject.includes(`"${tokenName}" expires soon`),
    );

  it('e-mails the owner once, a week ahead, the time in their own time zone', async () => {
    const organization = await make.organization();
    const person = await make.member(organization.id);
    await t.app.db.update(users).set({ timeZone: 'America/New_York' }).where(eq(users.id, person.id));
    const now = new Date();
    const name = `Backup job ${Date.now()}`;
    const expiresAt = new Date(now.getTime() + 6 * DAY + 3 * 60 * 60 * 1000);
    const token = await insertApiToken(t.app, {
      userId: person.id,
      scopes: { tickets: 'read' },
      name,
      createdAt: new Date(now.getTime() - 80 * DAY),
      expiresAt,
    });
    // Not due yet: eight days ahead. Made to last five days: never told.
    const later = await insertApiToken(t.app, {
      userId: person.id,
      scopes: { tickets: 'read' },
      name: `${name} later`,
      expiresAt: new Date(now.getTime() + 8 * DAY),
    });
    await insertApiToken(t.app, {
      userId: person.id,
      scopes: { tickets: 'read' },
      name: `${name} short`,
      expiresAt: new Date(now.getTime() + 5 * DAY),
    });

    // Two sweeps at once (two processes), then another: one notice.
    const told = await Promise.all([sweepApiTokenExpiry(t.app.db, now), sweepApiTokenExpiry(t.app.db, now)]);
    expect(told[0] + told[1]).toBeGreaterThanOrEqual(1);
    await sweepApiTokenExpiry(t.app.db, new Date(now.getTime() + 60 * 60 * 1000));
    const [mail] = await waitFor(
      async () => {
        const found = await expiringTo(person.email, name);
        return found.length > 0 ? found : undefined;
      },
      'the expiry notice',
      15_000,
    );
    expect(mail?.text).toContain(`Expires: ${formatSlotTime(expiresAt, 'America/New_York')}`);
    expect(mail?.text).toContain('Eastern');
    expect((await tokenRow(token.id))?.expiryNoticeSentAt).not.toBeNull();
    expect((await tokenRow(later.id))?.expiryNoticeSentAt).toBeNull();

    // The later one's week comes: it is told then, and the first is not told again.
    await sweepApiTokenExpiry(t.app.db, new Date(now.getTime() + 2 * DAY));
    await waitFor(
      async () => ((await expiringTo(person.email, `${name} later`)).length === 1 ? true : undefined),
      "the later token's notice",
      15_000,
    );
    const all = await readMailbox(mailbox());
    expect(all.filter((one) => one.to === person.email && one.subject.includes(`"${name}" expires soon`))).toHaveLength(
      1,
    );
    expect(all.filter((one) => one.to === person.email && one.subject.includes('short'))).toHaveLength(0);
  });
});
