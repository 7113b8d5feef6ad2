import { type DomainEvent, type DomainEventInput, type DomainEventType, domainEventSchema } from '@smart/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { domainEventDeliveries, domainEvents } from '../db/schema/index.js';
import type { JobQueue } from '../jobs/queue.js';

/*
 * The domain-event stream (docs/decisions/0250-one-domain-event-stream.md). A change publishes its
 * events in its own transaction; consumers subscribe in one of two ways:
 * - in the change's transaction (`onPublish`): cheap writes of the consumer's own outbox rows, so
 *   they exist if and only if the change does (the notification engine's events);
 * - by queue (`subscribe`): one delivery row and one job per event, handled later, once.
 */

/** A consumer that writes its own rows in the change's transaction: the events of one change, together. */
export type PublishHook = (tx: Database, events: readonly DomainEvent[]) => Promise<void>;

/** A consumer that handles each event later, in a job of its own. */
export interface QueuedConsumer {
  /** Its name: its deliveries' `consumer` and its job queue (`domain-events:<name>`). */
  name: string;
  /** The types it hears (every one when left out). */
  types?: readonly DomainEventType[];
  /**
   * Handles one event inside the transaction that marks its delivery handled: what it writes
   * happens once. A side effect outside the database (an HTTP call) may repeat when a run is killed
   * after it: it gets the event's id to pass on as an idempotency key.
   */
  handle(tx: Database, event: DomainEvent): Promise<void>;
}

/** Each consumer once, by name: two apps on one database handle (the tests' two processes) share its stream. */
interface Stream {
  queue: JobQueue;
  hooks: Map<string, PublishHook>;
  consumers: Map<string, QueuedConsumer>;
}

/** Each database's stream: `publish` only has the transaction in hand. Registered when the job queue starts. */
const streams = new WeakMap<Database, Stream>();

export function registerEventStream(db: Database, queue: JobQueue) {
  const stream = streams.get(db);
  if (stream) stream.queue = queue;
  else streams.set(db, { queue, hooks: new Map(), consumers: new Map() });
}

function streamOf(db: Database): Stream {
  const stream = streams.get(db);
  if (!stream) throw new Error('domain events: no stream is registered for this database');
  return stream;
}

export const consumerQueue = (name: string) => `domain-events:${name}`;

/** Adds a consumer, named, that runs in each publishing transaction. */
export function onPublish(db: Database, name: string, hook: PublishHook) {
  streamOf(db).hooks.set(name, hook);
}

/**
 * Adds a queued consumer: its job handles one delivery, locked (a second run waits, then finds it
 * handled) and marked handled in the transaction of its effect (a run killed half way leaves it
 * owed, and the job is retried or swept again).
 */
export async function subscribe(db: Database, consumer: QueuedConsumer) {
  const stream = streamOf(db);
  stream.consumers.set(consumer.name, consumer);
  await stream.queue.define<{ eventId: string }>(consumerQueue(consumer.name), ({ eventId }) =>
    handleDelivery(db, consumer, eventId),
  );
}

export async function handleDelivery(db: Database, consumer: QueuedConsumer, eventId: string) {
  await db.transaction(async (tx) => {
    const owed = and(eq(domainEventDeliveries.eventId, eventId), eq(domainEventDeliveries.consumer, consumer.name));
    const [delivery] = await tx.select().from(domainEventDeliveries).where(owed).for('update');
    if (!delivery || delivery.handledAt) return;
    const [row] = await tx.select().from(domainEvents).where(eq(domainEvents.id, eventId));
    if (row) await consumer.handle(tx, row as DomainEvent);
    await tx.update(domainEventDeliveries).set({ handledAt: new Date() }).where(owed);
  });
}

/**
 * Writes the events of one change in its transaction `tx` (on database `db`), each checked against
 * its contracts schema; runs the in-transaction consumers, and owes each queued consumer its
 * events (delivery rows and jobs, in the same transaction). A change that rolls back has told
 * nobody; one that commits is never lost. Returns the events as written.
 */
export async function publish(db: Database, tx: Database, input: DomainEventInput | DomainEventInput[]) {
  const list = (Array.isArray(input) ? input : [input]).map((event) => domainEventSchema.parse(event));
  if (list.length === 0) return [];
  const stream = streamOf(db);
  const events = (await tx.insert(domainEvents).values(list).returning()) as DomainEvent[];
  for (const hook of stream.hooks.values()) await hook(tx, events);
  const owed = [...stream.consumers.values()].flatMap((consumer) =>
    events
      .filter((event) => !consumer.types || consumer.types.includes(event.type))
      .map((event) => ({ consumer: consumer.name, eventId: event.id })),
  );
  if (owed.length > 0) {
    await tx.insert(domainEventDeliveries).values(owed);
    await stream.queue.insertIn(
      tx,
      owed.map((delivery) => ({ name: consumerQueue(delivery.consumer), data: { eventId: delivery.eventId } })),
    );
  }
  return events;
}

/** Deliveries still owed this long after their event lost their job (a process killed before or while it ran). */
const LOST_AFTER = sql`now() - interval '60 seconds'`;

/** Queues again the deliveries owed for a minute (from the partial index of pending ones); returns how many. */
export async function requeueLostDeliveries(db: Database, limit = 1000) {
  const rows = await db
    .select({ consumer: domainEventDeliveries.consumer, eventId: domainEventDeliveries.eventId })
    .from(domainEventDeliveries)
    .where(and(isNull(domainEventDeliveries.handledAt), sql`${domainEventDeliveries.createdAt} <= ${LOST_AFTER}`))
    .limit(limit);
  await streamOf(db).queue.insertIn(
    db,
    rows.map((row) => ({ name: consumerQueue(row.consumer), data: { eventId: row.eventId } })),
  );
  return rows.length;
}
