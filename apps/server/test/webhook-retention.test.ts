import { WEBHOOK_LIMITS, type WebhookDeliveryStatus } from '@smart/contracts';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../src/db/schema/index.js';
import { sweepWebhookLog } from '../src/modules/webhooks/retention.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { factories } from './helpers/factories.js';

/*
 * The delivery log's retention (WEBHOOK_LIMITS.logRetentionDays): attempts older than it go, then
 * finished deliveries of that age with no attempt left; nothing younger, nothing still owed. On
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoData: false });
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const OLD = WEBHOOK_LIMITS.logRetentionDays + 1;
const RECENT = WEBHOOK_LIMITS.logRetentionDays - 1;

async function endpointIn() {
  const make = factories(t.app.db);
  const organization = await make.organization();
  const [endpoint] = await t.app.db
    .insert(webhookEndpoints)
    .values({
      organizationId: organization.id,
      url: 'https://hooks.example.com/in',
      eventTypes: ['ticket.created'],
      secret: 'sealed',
      secretPrefix: 'whsec_abc',
    })
    .returning();
  if (!endpoint) throw new Error('no endpoint');
  return endpoint;
}

let sequence = 0;
/** A delivery made `createdDaysAgo` days ago, with attempts started the given numbers of days ago. */
async function delivery(
  endpoint: { id: string; organizationId: string },
  createdDaysAgo: number,
  status: WebhookDeliveryStatus,
  attemptDaysAgo: number[],
) {
  sequence += 1;
  const [row] = await t.app.db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint.id,
      organizationId: endpoint.organizationId,
      messageId: `msg_retention_${sequence}_${endpoint.id}`,
      eventType: 'ticket.created',
      body: '{}',
      status,
      attempts: attemptDaysAgo.length,
      createdAt: daysAgo(createdDaysAgo),
      finishedAt: status === 'pending' ? null : daysAgo(createdDaysAgo),
    })
    .returning();
  if (!row) throw new Error('no delivery');
  if (attemptDaysAgo.length > 0) {
    await t.app.db.insert(webhookAttempts).values(
      attemptDaysAgo.map((days, index) => ({
        deliveryId: row.id,
        attempt: index + 1,
        startedAt: daysAgo(days),
        requestHeaders: { 'webhook-id': row.messageId },
        responseStatus: 200,
      })),
    );
  }
  return row.id;
}

async function left(ids: string[]) {
  const deliveries = await t.app.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.id, ids));
  const attempts = await t.app.db
    .select({ deliveryId: webhookAttempts.deliveryId, attempt: webhookAttempts.attempt })
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, ids));
  return {
    deliveries: new Set(deliveries.map((row) => row.id)),
    attempts: attempts.map((row) => `${ids.indexOf(row.deliveryId)}:${row.attempt}`).sort(),
  };
}

describe('the webhook log sweep', () => {
  it('deletes old attempts and the finished old deliveries they leave empty, nothing else', async () => {
    const endpoint = await endpointIn();
    const ids = [
      // 0: old, succeeded, its attempts old: all goes.
      await delivery(endpoint, OLD, 'succeeded', [OLD, OLD]),
      // 1: old, redelivered recently: the old attempt goes, the delivery and its new attempt stay.
      await delivery(endpoint, OLD, 'succeeded', [OLD, RECENT]),
      // 2: old and still owed (pending, no attempt yet): stays.
      await delivery(endpoint, OLD, 'pending', []),
      // 3: recent, finished, no attempts: stays.
      await delivery(endpoint, RECENT, 'failed', []),
      // 4: old, failed without any attempt (its endpoint disabled first): goes.
      await delivery(endpoint, OLD, 'failed', []),
      // 5: recent with recent attempts: stays.
      await delivery(endpoint, RECENT, 'failed', [RECENT, RECENT]),
    ];
    expect(await sweepWebhookLog(t.app.db, now)).toEqual({ attempts: 3, deliveries: 2 });
    const after = await left(ids);
    expect([...after.deliveries].map((id) => ids.indexOf(id)).sort()).toEqual([1, 2, 3, 5]);
    expect(after.attempts).toEqual(['1:2', '5:1', '5:2']);
    // Run again: nothing more to do.
    expect(await sweepWebhookLog(t.app.db, now)).toEqual({ attempts: 0, deliveries: 0 });
  });

  it('goes in batches until the log is within its retention, across endpoints', async () => {
    const first = await endpointIn();
    const endpoints = [first, await endpointIn()];
    const ids: string[] = [];
    for (const endpoint of endpoints) {
      for (let index = 0; index < 5; index += 1) ids.push(await delivery(endpoint, OLD, 'failed', [OLD, OLD, OLD]));
    }
    const kept = await delivery(first, RECENT, 'succeeded', [RECENT]);
    expect(await sweepWebhookLog(t.app.db, now, 4)).toEqual({ attempts: 30, deliveries: 10 });
    const after = await left([...ids, kept]);
    expect([...after.deliveries]).toEqual([kept]);
  });
});
