import { WEBHOOK_LIMITS } from '@smart/contracts';
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { WebhooksConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import {
  domainEvents,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.js';
import type { JobQueue, JobToInsert } from '../../jobs/queue.js';
import { postOutbound } from '../../lib/outbound-http.js';
import { failOwedDeliveries, nextWaitSeconds, outcomeOf, recordAttemptResult } from './attempts.js';
import { disableEndpoint, recordDeliveryOutcome } from './endpoint-health.js';
import { signatureHeader, type WebhookSecrets } from './signing.js';

/*
 * The delivery engine (docs/decisions/0277-webhooks-standard-webhooks.md): one job per attempt
 * on the `webhook-deliveries` queue, worked by any process. An attempt is claimed in a short
 * transaction (its number taken under the delivery's lock, its row written before the request),
 * sent with no transaction open, and its answer recorded in a second one that also schedules the
 * next attempt. A job run twice finds the delivery sent or being sent; a run killed between the
 * two leaves an unfinished attempt that stops counting after its lease, and the queue's retry
 * sends the delivery again with the same `webhook-id`, which the receiver recognises.
 */

export const DELIVERY_QUEUE = 'webhook-deliveries';

export interface DeliveryJob {
  deliveryId: string;
}

export const deliveryJob = (deliveryId: string, startAfter?: Date): JobToInsert => ({
  name: DELIVERY_QUEUE,
  data: { deliveryId } satisfies DeliveryJob,
  ...(startAfter && { startAfter }),
});

export interface DeliveryDeps {
  db: Database;
  queue: JobQueue;
  secrets: WebhookSecrets;
  config: WebhooksConfig;
}

/** How long an unfinished attempt counts as being sent: past it, its process is taken for dead. */
const leaseMs = (config: WebhooksConfig) => config.timeoutMs + 30_000;

/** An attempt not finished (no answer, no error recorded). */
const unfinished = and(isNull(webhookAttempts.durationMs), isNull(webhookAttempts.error));

interface Claim {
  delivery: WebhookDeliveryRow;
  endpoint: WebhookEndpointRow;
  attemptId: string;
  headers: Record<string, string>;
}

/**
 * Takes the delivery's next attempt, or nothing: when it is not pending or not due, is being sent,
 * must wait for an earlier event of its record, or its endpoint has `concurrency` attempts out.
 */
async function claimAttempt(deps: DeliveryDeps, deliveryId: string, now: Date): Promise<Claim | null> {
  const { db, queue, config } = deps;
  return db.transaction(async (tx) => {
    // Endpoint first, then delivery, as everything that locks both: claims of one endpoint take turns,
    // so its attempts in flight are counted by one at a time.
    const [endpoint] = await tx
      .select()
      .from(webhookEndpoints)
      .where(
        eq(
          webhookEndpoints.id,
          tx
            .select({ endpointId: webhookDeliveries.endpointId })
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.id, deliveryId)),
        ),
      )
      .for('no key update');
    if (!endpoint) return null;
    const [delivery] = await tx
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryId))
      .for('no key update');
    if (delivery?.status !== 'pending') return null;
    if (delivery.nextAttemptAt && delivery.nextAttemptAt > now) return null;

    const leaseStart = new Date(now.getTime() - leaseMs(config));
    if (delivery.sendingSince) {
      if (delivery.sendingSince > leaseStart) return null;
      // An attempt whose process died: it ended without an answer.
      await tx
        .update(webhookAttempts)
        .set({ error: 'interrupted' })
        .where(and(eq(webhookAttempts.deliveryId, delivery.id), unfinished));
    }

    const { busy, earlierOwed } = await endpointAndRecordState(tx, delivery, leaseStart);
    // Held back, with no job of its own: the next attempt's end at this endpoint queues the delivery
    // held longest (queueHeldDelivery), and the minute's sweep refills. Polling here instead made a
    // backlog of N deliveries N claims a second: one endpoint's burst of test events stalled the server.
    if (busy >= endpoint.concurrency) {
      await tx.update(webhookDeliveries).set({ heldSince: now }).where(eq(webhookDeliveries.id, delivery.id));
      return null;
    }
    // The event order per record: an earlier event's delivery still owed goes first, and queues this one when done.
    if (earlierOwed) return null;

    const attempt = delivery.attempts + 1;
    const timestamp = Math.floor(now.getTime() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'SMART-Webhooks/1',
      'webhook-id': delivery.messageId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(
        deps.secrets.signing(endpoint, now),
        delivery.messageId,
        timestamp,
        delivery.body,
      ),
    };
    const [written] = await tx
      .insert(webhookAttempts)
      .values({ deliveryId: delivery.id, attempt, startedAt: now, requestHeaders: headers })
      .returning({ id: webhookAttempts.id });
    await tx
      .update(webhookDeliveries)
      .set({ attempts: attempt, sendingSince: now, heldSince: null })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (!written) return null;
    return { delivery: { ...delivery, attempts: attempt }, endpoint, attemptId: written.id, headers };
  });
}

/**
 * In one statement (each is a round trip on every claim): the endpoint's attempts out now, and
 * whether a delivery of an earlier event about the same record is still owed to it.
 */
async function endpointAndRecordState(tx: Database, delivery: WebhookDeliveryRow, leaseStart: Date) {
  const earlierOwed =
    delivery.recordKey && delivery.eventId
      ? sql`exists (
          select 1 from ${webhookDeliveries} owed
          inner join ${domainEvents} on ${domainEvents.id} = owed.event_id
          where owed.endpoint_id = ${delivery.endpointId} and owed.status = 'pending'
            and owed.record_key = ${delivery.recordKey} and owed.id <> ${delivery.id}
            and (${domainEvents.occurredAt}, ${domainEvents.id}) <
              (select occurred_at, id from ${domainEvents} where id = ${delivery.eventId}))`
      : sql`false`;
  const [state] = await tx
    .select({ busy: count(), earlierOwed: sql<boolean>`${earlierOwed}` })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, delivery.endpointId),
        sql`${webhookDeliveries.sendingSince} > ${leaseStart}`,
      ),
    );
  return { busy: state?.busy ?? 0, earlierOwed: state?.earlierOwed === true };
}

/** The next delivery owed for the same record to the same endpoint, queued once this one is done. */
async function queueNextOfRecord(tx: Database, queue: JobQueue, delivery: WebhookDeliveryRow) {
  if (!delivery.recordKey) return;
  const [next] = await tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .leftJoin(domainEvents, eq(domainEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, delivery.endpointId),
        eq(webhookDeliveries.status, 'pending'),
        eq(webhookDeliveries.recordKey, delivery.recordKey),
      ),
    )
    .orderBy(asc(domainEvents.occurredAt), asc(domainEvents.id))
    .limit(1);
  if (next) await queue.insertIn(tx, [deliveryJob(next.id)]);
}

/**
 * The endpoint's delivery held back longest, queued as an attempt there ends: the slot it leaves is
 * taken at once. Taken off the held list in the same statement (two attempts ending together queue
 * two different ones); if it finds the endpoint busy again, it is held again.
 */
async function queueHeldDelivery(tx: Database, queue: JobQueue, endpointId: string) {
  const [next] = await tx
    .update(webhookDeliveries)
    .set({ heldSince: null })
    .where(
      eq(
        webhookDeliveries.id,
        tx
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(
            and(
              eq(webhookDeliveries.endpointId, endpointId),
              isNotNull(webhookDeliveries.heldSince),
              eq(webhookDeliveries.status, 'pending'),
            ),
          )
          .orderBy(asc(webhookDeliveries.heldSince))
          .limit(1)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (next) await queue.insertIn(tx, [deliveryJob(next.id)]);
}

/** Records the attempt's answer and decides what follows: done, another attempt later, or failed. */
async function finishAttempt(deps: DeliveryDeps, claim: Claim, result: Awaited<ReturnType<typeof postOutbound>>) {
  const { db, queue, config } = deps;
  const now = new Date();
  await db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({
        id: webhookEndpoints.id,
        enabled: webhookEndpoints.enabled,
        failingSince: webhookEndpoints.failingSince,
      })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, claim.endpoint.id))
      .for('no key update');
    await recordAttemptResult(tx, claim.attemptId, result);
    if (!endpoint) return;
    const outcome = outcomeOf(result, now);
    const lastStatus = result.ok ? result.status : null;
    const delivery = claim.delivery;
    const settle = async (status: 'succeeded' | 'failed') => {
      await tx
        .update(webhookDeliveries)
        .set({ status, lastStatus, nextAttemptAt: null, finishedAt: now, sendingSince: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      await queueNextOfRecord(tx, queue, delivery);
      await queueHeldDelivery(tx, queue, delivery.endpointId);
    };
    if (outcome.kind === 'succeeded') {
      await settle('succeeded');
      if (endpoint.failingSince) await recordDeliveryOutcome(db, tx, endpoint.id, 'succeeded');
      return;
    }
    const health = await recordDeliveryOutcome(db, tx, endpoint.id, 'failed');
    const disabled = outcome.kind === 'gone' ? await disableEndpoint(db, tx, endpoint.id, 'gone') : health.disabled;
    if (disabled) {
      // A disabled endpoint is sent nothing unasked: this delivery and those still owed fail with it.
      await settle('failed');
      await failOwedDeliveries(tx, endpoint.id, now);
      return;
    }
    const wait =
      outcome.kind === 'retry' && endpoint.enabled
        ? nextWaitSeconds(config.retryScheduleSeconds, delivery.attempts, outcome.retryAfterSeconds)
        : null;
    if (wait === null) {
      await settle('failed');
      return;
    }
    const nextAttemptAt = new Date(now.getTime() + wait * 1000);
    await tx
      .update(webhookDeliveries)
      .set({ lastStatus, nextAttemptAt, sendingSince: null })
      .where(eq(webhookDeliveries.id, delivery.id));
    await queue.insertIn(tx, [deliveryJob(delivery.id, nextAttemptAt)]);
    await queueHeldDelivery(tx, queue, delivery.endpointId);
  });
}

/** The job: one attempt of one delivery, if it is due and free to go. */
export async function runDelivery(deps: DeliveryDeps, { deliveryId }: DeliveryJob) {
  const claim = await claimAttempt(deps, deliveryId, new Date());
  if (!claim) return;
  const result = await postOutbound({
    url: claim.endpoint.url,
    headers: claim.headers,
    body: claim.delivery.body,
    timeoutMs: deps.config.timeoutMs,
    maxResponseBytes: WEBHOOK_LIMITS.responseBodyKeptBytes,
    allowPrivateTargets: deps.config.allowPrivateTargets,
  });
  await finishAttempt(deps, claim, result);
}

/**
 * The minute's refill: per endpoint, up to its `concurrency` deliveries owed for a minute past their
 * time and not being sent (a job lost with a killed process, or a delivery held back while its
 * endpoint was busy when no attempt's end took it), and those whose attempt's process died (past
 * its lease). Bounded by endpoints, not by their backlogs.
 */
export async function requeueOverdueDeliveries(deps: DeliveryDeps, limit = 1000) {
  const now = Date.now();
  const overdue = new Date(now - 60_000);
  const leaseStart = new Date(now - leaseMs(deps.config));
  const { rows } = (await deps.db.execute(sql`
    select owed.id from ${webhookEndpoints} endpoint
    cross join lateral (
      select id from ${webhookDeliveries} delivery
      where delivery.endpoint_id = endpoint.id and delivery.status = 'pending'
        and delivery.next_attempt_at < ${overdue.toISOString()}::timestamptz
        and (delivery.sending_since is null or delivery.sending_since < ${leaseStart.toISOString()}::timestamptz)
      order by delivery.next_attempt_at
      limit endpoint.concurrency
    ) owed
    limit ${limit}`)) as unknown as { rows: { id: string }[] };
  await deps.queue.insertIn(
    deps.db,
    rows.map((row) => deliveryJob(row.id)),
  );
  return rows.length;
}
