import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UI_TEXT } from '@smart/contracts';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresBinaries, startPrivatePostgres } from '../cluster/postgres.js';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.js';
import { ACCOUNTS } from './helpers/app.js';
import { NO_WRITE_LIMITS, startServerProcess } from './helpers/server-process.js';

/**
 * PostgreSQL crashes (an immediate stop: every backend killed, no checkpoint) while the server
 * writes, one request surely mid-transaction (held on a row lock after its first inserts), others
 * by chance, and jobs mid-run. The server process lives on: while the
 * database is away it answers 503 with Retry-After, never 500; once the database is back it serves
 * again without a restart, every write it acknowledged is there, and the one cut off left nothing.
 */
const bin = await postgresBinaries();
const cleanups: (() => Promise<unknown>)[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(!bin)('a PostgreSQL crash under writes (needs PostgreSQL installed)', () => {
  it('answers 503 with Retry-After while the database is away, then serves again and keeps every acknowledged write', async () => {
    const postgres = await startPrivatePostgres(bin as string);
    cleanups.push(postgres.remove);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'smart-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const server = await startServerProcess({
      ...NO_WRITE_LIMITS,
      DATABASE_URL: postgres.url,
      DATA_DIR: dataDir,
      REDIS_URL: '',
      SEED_DEMO_DATA: 'true',
      TWO_FACTOR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    children.push(server.child);
    let exited = false;
    server.child.once('exit', () => {
      exited = true;
    });

    const signIn = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ACCOUNTS.acmeMember, password: DEMO_PASSWORD }),
    });
    const { token } = ((await signIn.json()) as { data: { token: string } }).data;

    const acknowledged: string[] = [];
    const refusals: { status: number; retryAfter: string | null; error: unknown }[] = [];
    let writing = true;
    const writer = async (name: number) => {
      for (let round = 0; writing; round += 1) {
        // A ticket is a transaction of several statements: the ticket, its history, its domain event and jobs.
        const answer = await fetch(`${server.url}/api/tickets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            title: `Crash ${name}-${round}`,
            description: 'Written while PostgreSQL stops.',
            priority: 'low',
          }),
        });
        const body = (await answer.json()) as { data?: { id: string }; error?: string };
        if (answer.status === 201 && body.data) acknowledged.push(body.data.id);
        else refusals.push({ status: answer.status, retryAfter: answer.headers.get('retry-after'), error: body.error });
      }
    };
    const writers = [1, 2, 3, 4].map(writer);
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(20);

    // A comment's transaction writes the comment and its history entry, then moves the ticket's
    // updatedAt: with the ticket's row locked here, it waits there, mid-transaction, for the crash.
    // (FOR NO KEY UPDATE, as an update takes: the comment's foreign-key check still passes.)
    const heldTicket = acknowledged[0];
    const locker = new pg.Client({ connectionString: postgres.url });
    locker.on('error', () => undefined); // the crash ends this connection too
    await locker.connect();
    await locker.query('begin');
    await locker.query('select 1 from tickets where id = $1 for no key update', [heldTicket]);
    const held = fetch(`${server.url}/api/tickets/${heldTicket}/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ text: 'Cut off mid-transaction' }),
      signal: AbortSignal.timeout(60_000),
    });
    // Looked at from outside the lock's transaction, which would see one snapshot of the activity.
    const observer = new pg.Client({ connectionString: postgres.url });
    observer.on('error', () => undefined);
    await observer.connect();
    const waitingMidTransaction = async () => {
      const { rows } = await observer.query(
        `select count(*)::int as waiting from pg_stat_activity
          where wait_event_type = 'Lock' and backend_xid is not null and query ilike 'update "tickets"%'`,
      );
      return rows[0].waiting;
    };
    await expect.poll(waitingMidTransaction, { timeout: 30_000 }).toBe(1);

    await postgres.crash();
    const heldAnswer = await held;
    expect(heldAnswer.status).toBe(503);
    expect(heldAnswer.headers.get('retry-after')).toBe('5');
    await expect.poll(() => refusals.length, { timeout: 30_000 }).toBeGreaterThan(4);
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not-ready', database: 'down' });

    await postgres.start();
    const before = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThan(before + 20);
    writing = false;
    await Promise.all(writers);

    expect(exited).toBe(false);
    expect(refusals.filter((refusal) => refusal.status !== 503)).toEqual([]);
    for (const refusal of refusals) {
      expect(refusal.retryAfter).toBe('5');
      expect(refusal.error).toBe(UI_TEXT.serviceUnavailable);
    }
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const { rows } = await client.query('select id::text from tickets where id = any($1::uuid[])', [acknowledged]);
    // Neither the comment nor its history entry: the transaction went with the crash, whole.
    const { rows: cutOff } = await client.query(
      `select id from ticket_comments where ticket_id = $1
        union all select id from ticket_activity where ticket_id = $1 and kind = 'comment'`,
      [heldTicket],
    );
    await client.end();
    expect(rows).toHaveLength(acknowledged.length);
    expect(cutOff).toEqual([]);
    expect(server.output()).not.toMatch(/"level":50[^\n]*"msg":"unhandled error"/);
  }, 180_000);
});
