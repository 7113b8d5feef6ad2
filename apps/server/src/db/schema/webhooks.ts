import type { WebhookDeliveryStatus, WebhookEventType, WebhookMessageKind } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, organizationColumn, personColumn, timestamps } from './columns.js';

/**
 * Webhook endpoints (docs/decisions/0277-webhooks-standard-webhooks.md): an organization's URLs and
 * the events each hears. The signing secret is stored encrypted (lib/secret-box.ts): it must sign.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    organizationId: organizationColumn(),
    url: text('url').notNull(),
    description: text('description'),
    eventTypes: text('event_types').array().$type<WebhookEventType[]>().notNull(),
    messageKinds: text('message_kinds').array().$type<WebhookMessageKind[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    secret: text('secret').notNull(),
    secretPrefix: text('secret_prefix').notNull(),
    /** After a rotation, the old secret also signs until `previous_secret_expires_at`. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** Deliveries in flight at once. */
    concurrency: integer('concurrency').notNull().default(4),
    /** Since when every attempt has failed; null after a success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdById: personColumn('created_by_id'),
    ...timestamps(),
  },
  (table) => [index('webhook_endpoints_organization_idx').on(table.organizationId, table.createdAt)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One event to one endpoint: its `webhook-id` (`message_id`) and exact body never change between
 * attempts. Unique per (endpoint, event): a consumer run twice delivers once.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    organizationId: organizationColumn(),
    /** The domain event it carries; null for a test event. */
    eventId: uuid('event_id'),
    messageId: text('message_id').notNull().unique(),
    eventType: text('event_type').$type<WebhookEventType>().notNull(),
    /** The record the event is about: deliveries for one record go in event order. */
    recordKey: text('record_key'),
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** An attempt is out since then (null between attempts): what an endpoint's concurrency counts. */
    sendingSince: timestamp('sending_since', { withTimezone: true }),
    /** Held back since then by its endpoint's concurrency: the next attempt's end there queues it. */
    heldSince: timestamp('held_since', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    unique('webhook_deliveries_endpoint_event_key').on(table.endpointId, table.eventId, table.eventType),
    // The log: an endpoint's deliveries newest first, and its "failed" and event-type filters.
    index('webhook_deliveries_endpoint_created_idx').on(table.endpointId, table.createdAt, table.id),
    index('webhook_deliveries_endpoint_status_idx').on(table.endpointId, table.status, table.createdAt),
    index('webhook_deliveries_endpoint_type_idx').on(table.endpointId, table.eventType, table.createdAt),
    // What is still owed, by when it is due.
    index('webhook_deliveries_pending_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_organization_idx').on(table.organizationId),
    // An endpoint's attempts out now (its concurrency), and a record's deliveries still owed (its
    // order): each read on every claim, so they cost the same however long the endpoint's backlog.
    index('webhook_deliveries_sending_idx')
      .on(table.endpointId, table.sendingSince)
      .where(sql`${table.sendingSince} is not null`),
    // An endpoint's deliveries held back, longest first: the one an attempt's end there queues.
    index('webhook_deliveries_held_idx')
      .on(table.endpointId, table.heldSince)
      .where(sql`${table.heldSince} is not null`),
    // An endpoint's deliveries owed, by when they are due: the minute's refill.
    index('webhook_deliveries_owed_due_idx')
      .on(table.endpointId, table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_owed_record_idx')
      .on(table.endpointId, table.recordKey)
      .where(sql`${table.status} = 'pending'`),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Each attempt of a delivery, as sent and as answered (kept 30 days). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    durationMs: integer('duration_ms'),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    responseBody: text('response_body'),
    error: text('error'),
  },
  (table) => [
    unique('webhook_attempts_delivery_attempt_key').on(table.deliveryId, table.attempt),
    index('webhook_attempts_started_idx').on(table.startedAt),
  ],
);
