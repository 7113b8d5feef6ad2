import { notificationEndpoints, searchEndpoints, userEndpoints } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { captureLog } from './helpers/log-capture.js';

/**
 * Requests that fail inside the database are logged, but the log never holds what the failing
 * query carried: passwords, argon2 hashes, tokens, phones, bios, or the query string of a URL.
 */
let t: TestApp;
const captured = captureLog();
const logText = captured.text;

const NEW_PASSWORD = 'Never-Log-This-Password-1';
const SECRET_PHONE = '+1 555 0199 777';
const SECRET_BIO = 'bio-that-breaks-a-check-constraint';
const QUERY_SECRET = 'reset-token-in-a-query-string';

beforeAll(async () => {
  t = await createTestApp({ logStream: captured.stream });
  // This database refuses new users and one bio value, so those requests fail in PostgreSQL itself.
  await t.database.db.execute(sql`
    create function refuse_new_users() returns trigger language plpgsql as $$
    begin raise exception 'new users are refused in this test'; end $$`);
  await t.database.db.execute(sql`
    create trigger refuse_new_users before insert on users for each row execute function refuse_new_users()`);
  await t.database.db.execute(
    sql.raw(`alter table users add constraint test_bio_check check (bio is distinct from '${SECRET_BIO}')`),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('the log of failed database queries', () => {
  it('names the failure but holds no password, hash, token, phone, bio or query parameter', async () => {
    const register = await t.call(userEndpoints.register, {
      as: 'acmeOwner',
      body: {
        firstName: 'Nora',
        lastName: 'Quinn',
        email: 'nora.quinn@acme.example.com',
        password: NEW_PASSWORD,
        roles: ['user'],
        meta: { phone: SECRET_PHONE },
      },
    });
    expect(register.status).toBe(500);

    // A check violation's detail quotes the whole failing row, password hash included.
    const token = await t.tokenFor('acmeMember');
    // A query string the route does not take: the log must not hold it.
    const profile = await t.request({
      method: 'PUT',
      url: `/api/users/profile?token=${QUERY_SECRET}`,
      token,
      payload: { meta: { bio: SECRET_BIO } },
    });
    expect(profile.statusCode).toBe(500);
    expect(profile.json().error).not.toContain('bio');

    const log = logText();
    expect(log).toContain('database query failed');
    expect(log).toContain('"sqlState":"P0001"');
    expect(log).toContain('"sqlState":"23514"');
    expect(log).toContain('/api/users/profile');
    for (const secret of [
      NEW_PASSWORD,
      DEMO_PASSWORD,
      '$argon2',
      SECRET_PHONE,
      SECRET_BIO,
      QUERY_SECRET,
      token.slice(0, 20),
      'nora.quinn@acme.example.com',
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });
});

describe('the log of an unsubscribe link', () => {
  it('names the path, never the token of the query string', async () => {
    const token = `00000000-0000-4000-8000-000000000000.taskAssignments.${'x'.repeat(43)}`;
    for (const endpoint of [notificationEndpoints.unsubscribePage, notificationEndpoints.unsubscribe]) {
      const response = await t.call(endpoint, { query: { token } });
      expect(response.status).toBe(400);
    }
    const log = await captured.textWith('"url":"/api/notifications/unsubscribe"');
    expect(log).toContain('"url":"/api/notifications/unsubscribe"');
    expect(log).not.toContain(token.slice(37));
  });
});

describe('the log of a search', () => {
  it('names the path, never the words searched for', async () => {
    const words = 'confidential-merger-codename';
    const token = await t.tokenFor('acmeOwner');
    expect((await t.call(searchEndpoints.search, { query: { q: words }, token })).status).toBe(200);
    expect((await t.call(searchEndpoints.search, { query: { q: `${words}\u0000` }, token })).status).toBe(400);
    const log = await captured.textWith('"url":"/api/search"');
    expect(log).toContain('"url":"/api/search"');
    expect(log).not.toContain(words);
  });
});
