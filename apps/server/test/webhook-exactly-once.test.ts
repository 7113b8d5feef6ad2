import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WEBHOOK_LIMITS } from '@smart/contracts';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.js';
import { ACCOUNTS } from './helpers/app.js';
import { createPostgresDatabase } from './helpers/postgres.js';
import { installationEnv, startServerProcess } from './helpers/server-process.js';
import { startWebhookReceiver } from './helpers/webhook-receiver.js';

/**
 * Exactly once across processes: two real server processes work the webhook queue of one
 * PostgreSQL database; one is killed with SIGKILL while deliveries are out. Once nothing is owed,
 * each endpoint has one delivery per event, succeeded, and the receiver has seen every event's
 * `webhook-id` at every endpoint. An attempt the dead process had sent is sent again under the same
 * `webhook-id` (what Standard Webhooks asks receivers to recognise), so the receiver may see such an
 * id twice: never more than the attempts one process can have out at once.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const EVENTS = 80;
const ENDPOINTS = 2;
/** Each answer waits this long, so attempts are out when the process dies. */
const ANSWER_DELAY_MS = 40;

const cleanups: (() => Promise<unknown>)[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(!serverUrl)('exactly-once webhooks across two server processes (needs TEST_DATABASE_URL)', () => {
  it(`delivers ${EVENTS} tickets to ${ENDPOINTS} endpoints once each while one of two processes is killed mid-delivery`, async () => {
    const database = await createPostgresDatabase(serverUrl as string, inject('databaseTemplates')?.demo);
    cleanups.push(database.drop);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'smart-webhooks-once-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    cleanups.push(() => client.end());
    const receiver = await startWebhookReceiver();
    cleanups.push(() => receiver.close());
    receiver.script(
      ...Array.from({ length: EVENTS * ENDPOINTS * 2 }, () => ({ status: 200, delayMs: ANSWER_DELAY_MS })),
    );

    // Two processes of one installation: same database, same data directory, same keys.
    // The receiver is on loopback; a short timeout keeps a dead process's attempt's lease short.
    const env = installationEnv(database.url, dataDir, {
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_TIMEOUT_SECONDS: '1',
    });
    const doomed = await startServerProcess(env);
    children.push(doomed.child);
    const survivor = await startServerProcess(env);
    children.push(survivor.child);

    const login = await fetch(`${survivor.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ACCOUNTS.acmeOwner, password: DEMO_PASSWORD }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const post = (url: string, body: object) =>
      fetch(`${survivor.url}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const endpointIds: string[] = [];
    for (let index = 0; index < ENDPOINTS; index += 1) {
      const response = await post('/api/webhooks', {
        url: `${receiver.url}/${index}`,
        eventTypes: ['ticket.created'],
      });
      expect(response.status).toBe(201);
      endpointIds.push(((await response.json()) as { data: { endpoint: { id: string } } }).data.endpoint.id);
    }

    // The tickets are raised through the process that lives; both work the queues.
    const raising = (async () => {
      for (let index = 0; index < EVENTS; index += 10) {
        const answers = await Promise.all(
          Array.from({ length: Math.min(10, EVENTS - index) }, (_, offset) =>
            post('/api/tickets', { title: `Exactly once ${index + offset + 1}`, description: 'Raised for a webhook.' }),
          ),
        );
        expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
      }
    })();
    // SIGKILL in the middle of delivery: once a quarter of the deliveries are out.
    await expect
      .poll(() => receiver.received.length, { timeout: 120_000, interval: 20 })
      .toBeGreaterThanOrEqual((EVENTS * ENDPOINTS) / 4);
    doomed.child.kill('SIGKILL');
    const killedAt = receiver.received.length;
    await raising;

    // Every event fanned out (a fan-out the killed process held is queued again by the sweep) and
    // every delivery finished: nothing owed.
    const owed = async () =>
      (
        await client.query<{ owed: number }>(
          `select (select count(*) from webhook_deliveries where status = 'pending')
             + (select count(*) from domain_event_deliveries where consumer = 'webhooks' and handled_at is null)
             + (select count(*) from tickets t where t.title like 'Exactly once %'
                  and (select count(*) from webhook_deliveries d where d.record_key = 'ticket:' || t.id) < $1)
           as owed`,
          [ENDPOINTS],
        )
      ).rows[0]?.owed;
    await expect.poll(owed, { timeout: 300_000, interval: 250 }).toBe('0');

    const deliveries = (
      await client.query<{ endpoint_id: string; message_id: string; status: string; attempts: number }>(
        `select endpoint_id, message_id, status, attempts from webhook_deliveries
         where endpoint_id = any($1::uuid[]) and event_type = 'ticket.created'`,
        [endpointIds],
      )
    ).rows;
    const received = receiver.received.map((request) => `${request.headers['webhook-id']} at ${request.path}`);
    const expected = deliveries.map(
      (delivery) => `${delivery.message_id} at /hooks/${endpointIds.indexOf(delivery.endpoint_id)}`,
    );
    const twice = received.length - new Set(received).size;
    console.info(
      `webhooks exactly once: ${EVENTS} events × ${ENDPOINTS} endpoints, process killed at ${killedAt} receipts; ` +
        `${deliveries.length} deliveries, receiver ${received.length} requests, ${new Set(received).size} distinct, ` +
        `${twice} seen twice, ${deliveries.filter((delivery) => delivery.attempts > 1).length} sent more than once`,
    );
    expect(deliveries).toHaveLength(EVENTS * ENDPOINTS);
    expect(deliveries.every((delivery) => delivery.status === 'succeeded')).toBe(true);
    expect(new Set(expected).size).toBe(EVENTS * ENDPOINTS);
    expect(new Set(received)).toEqual(new Set(expected));
    expect(twice).toBeLessThanOrEqual(ENDPOINTS * WEBHOOK_LIMITS.concurrencyPerEndpoint);
    survivor.child.kill('SIGTERM');
  }, 420_000);
});
