import { randomUUID } from 'node:crypto';
import type { DomainEvent, WebhookEventType } from '@smart/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import { deliveryJob } from './delivery.js';
import { type WebhookEvent, webhookEventsOf } from './events.js';

/** The consumer's name on the domain-event stream (its deliveries' `consumer`, its queue `domain-events:webhooks`). */
export const WEBHOOKS_CONSUMER = 'webhooks';

/** A new `webhook-id`: the same on every attempt of one delivery, and never another's. */
export const newMessageId = () => `msg_${randomUUID()}`;

/** The exact body every attempt sends (Standard Webhooks: type, timestamp, data). */
export const webhookBody = (type: WebhookEventType, timestamp: Date, data: Record<string, unknown>) =>
  JSON.stringify({ type, timestamp: timestamp.toISOString(), data });

type EndpointChoice = Pick<typeof webhookEndpoints.$inferSelect, 'eventTypes' | 'messageKinds'>;

/** Whether an endpoint hears the event: it chose the type, and for a message, the conversation's kind. */
export const endpointHears = (endpoint: EndpointChoice, event: WebhookEvent) =>
  endpoint.eventTypes.includes(event.type) &&
  (event.type !== 'message.created' ||
    (event.messageKind !== undefined && endpoint.messageKinds.includes(event.messageKind)));

/**
 * Turns one domain event into its deliveries, in the transaction that marks the event handled
 * (events/stream.ts): a delivery per enabled endpoint of the event's organization that hears it,
 * and its first attempt's job, in the same transaction. Unique per (endpoint, event, type): a run
 * again writes nothing.
 */
export async function fanOut(tx: Database, queue: JobQueue, event: DomainEvent) {
  const events = await webhookEventsOf(tx, event);
  if (events.length === 0) return;
  const endpoints = await tx
    .select({
      id: webhookEndpoints.id,
      eventTypes: webhookEndpoints.eventTypes,
      messageKinds: webhookEndpoints.messageKinds,
    })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, event.organizationId), eq(webhookEndpoints.enabled, true)));
  const now = new Date();
  const rows = endpoints.flatMap((endpoint) =>
    events
      .filter((webhookEvent) => endpointHears(endpoint, webhookEvent))
      .map((webhookEvent) => ({
        endpointId: endpoint.id,
        organizationId: event.organizationId,
        eventId: event.id,
        messageId: newMessageId(),
        eventType: webhookEvent.type,
        recordKey: webhookEvent.recordKey,
        body: webhookBody(webhookEvent.type, event.occurredAt, webhookEvent.data),
        nextAttemptAt: now,
      })),
  );
  if (rows.length === 0) return;
  const written = await tx
    .insert(webhookDeliveries)
    .values(rows)
    .onConflictDoNothing({
      target: [webhookDeliveries.endpointId, webhookDeliveries.eventId, webhookDeliveries.eventType],
    })
    .returning({ id: webhookDeliveries.id });
  await queue.insertIn(
    tx,
    written.map((delivery) => deliveryJob(delivery.id)),
  );
}
