import type { DomainEventType } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, organizationColumn, personColumn } from './columns.js';

/**
 * The domain-event stream (docs/decisions/0250-one-domain-event-stream.md): one row per change
 * that others may hear of, written in the change's transaction (events/stream.ts `publish`).
 * Its payload is checked against the type's schema in the contracts package.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: id(),
    type: text('type').$type<DomainEventType>().notNull(),
    organizationId: organizationColumn(),
    actorId: personColumn('actor_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // An organization's events in order (what it holds, an export, a replay to a new consumer).
  (table) => [index('domain_events_organization_idx').on(table.organizationId, table.occurredAt)],
);

/**
 * A queued consumer's share of the stream: one row per (consumer, event), written with the event.
 * Its job handles it once (the row is locked, then marked handled in the same transaction); the
 * partial index is what is still owed, for the lost-jobs sweep.
 */
export const domainEventDeliveries = pgTable(
  'domain_event_deliveries',
  {
    consumer: text('consumer').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.consumer] }),
    index('domain_event_deliveries_pending_idx').on(table.createdAt).where(sql`${table.handledAt} is null`),
  ],
);
