import type { NotificationType } from '@smart/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.js';
import type { OrganizationRow } from '../../src/db/schema/index.js';
import {
  type DeliveryChannel,
  notificationDeliveries,
  notificationEvents,
  notifications,
} from '../../src/db/schema/index.js';
import type { Factories, Member } from './factories.js';

/*
 * What the notification engine made of a record's events, read from its tables: who was told
 * (one row per event and recipient), in the app or not, and which deliveries wait.
 */

/** Waits until the record has at least `events` outbox events and the fan-out job has handled every one. */
export async function fannedOut(db: Database, recordId: string, events = 1) {
  await expect
    .poll(
      async () => {
        const [all] = await db
          .select({ total: count() })
          .from(notificationEvents)
          .where(eq(notificationEvents.recordId, recordId));
        const [pending] = await db
          .select({ total: count() })
          .from(notificationEvents)
          .where(and(eq(notificationEvents.recordId, recordId), isNull(notificationEvents.fannedOutAt)));
        return (all?.total ?? 0) >= events && pending?.total === 0;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
}

/** Waits until every outbox event of the database has been fanned out (a count read after this is settled). */
export async function everyEventFannedOut(db: Database) {
  await expect
    .poll(
      async () => {
        const [pending] = await db
          .select({ total: count() })
          .from(notificationEvents)
          .where(isNull(notificationEvents.fannedOutAt));
        return pending?.total;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(0);
}

/** The outbox events of a record, by type (written in the change's transaction, before any fan-out). */
export async function eventTypes(db: Database, recordId: string): Promise<NotificationType[]> {
  const rows = await db
    .select({ type: notificationEvents.type })
    .from(notificationEvents)
    .where(eq(notificationEvents.recordId, recordId))
    .orderBy(notificationEvents.createdAt);
  return rows.map((row) => row.type);
}

export interface Told {
  recipientId: string;
  inApp: boolean;
}

/** Everyone told of the record's events of this type (sorted by id; a person told twice is there twice). */
export async function told(db: Database, recordId: string, type: NotificationType): Promise<Told[]> {
  return db
    .select({ recipientId: notifications.recipientId, inApp: notifications.inApp })
    .from(notifications)
    .where(and(eq(notifications.recordId, recordId), eq(notifications.type, type)))
    .orderBy(notifications.recipientId);
}

/** The recipients' ids of the record's notifications of this type, sorted. */
export const recipientsOf = async (db: Database, recordId: string, type: NotificationType) =>
  (await told(db, recordId, type)).map((row) => row.recipientId);

/** The recipients of the deliveries on a channel of the record's notifications of this type, sorted. */
export async function deliveredTo(db: Database, recordId: string, type: NotificationType, channel: DeliveryChannel) {
  const rows = await db
    .select({ recipientId: notificationDeliveries.recipientId })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(
      and(
        eq(notifications.recordId, recordId),
        eq(notifications.type, type),
        eq(notificationDeliveries.channel, channel),
      ),
    )
    .orderBy(notificationDeliveries.recipientId);
  return rows.map((row) => row.recipientId);
}

/** Ids sorted as the queries above return them. */
export const sorted = (...ids: string[]) => [...ids].sort();

/**
 * An organization whose people are named by the test: its org_admin `owner`, the named members
 * and advisors acting in it, and an `outsider` (another organization's org_admin). Made at once.
 */
export async function namedPeople<M extends string, A extends string = never>(
  make: Factories,
  names: { members: readonly M[]; advisors?: readonly A[] },
): Promise<{ org: OrganizationRow; owner: Member; outsider: Member } & Record<M | A, Member>> {
  const [org, other] = await Promise.all([make.organization(), make.organization()]);
  const advisorNames = names.advisors ?? [];
  const [owner, outsider, ...people] = await Promise.all([
    make.member(org.id, { role: 'org_admin' }),
    make.member(other.id, { role: 'org_admin' }),
    ...names.members.map(() => make.member(org.id)),
    ...advisorNames.map(() => make.advisor([org.id])),
  ]);
  if (!owner || !outsider) throw new Error('people not made');
  const named = Object.fromEntries([...names.members, ...advisorNames].map((name, index) => [name, people[index]]));
  return { org, owner, outsider, ...(named as Record<M | A, Member>) };
}
