import { type NotificationStatus, UI_TEXT } from '@smart/contracts';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { notificationEvents, notifications, notificationThreads, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { uuidArray } from '../../lib/sql.js';
import { userSummaryOf } from '../people/index.js';
import { personOf, readableBy } from './audience.js';
import type { NotificationRecord } from './presenter.js';

/*
 * The inbox: a recipient's in-app notifications, one item per record (its thread: the newest
 * notification stands for the group), and the bell's count. Both read `notification_threads`
 * from the recipient's index, so they cost the same at 20 or 20,000 notifications.
 */

const threads = notificationThreads;

/** Showing as unread now: something unread, not archived, not snoozed into the future. */
const unreadNow = sql`${threads.unread} > 0 and ${threads.archivedAt} is null
  and (${threads.snoozedUntil} is null or ${threads.snoozedUntil} <= now())`;

/*
 * Shown only while the recipient may still read the record (the fan-out's rule, audience.ts): an
 * item about a project one left, a ticket of an organization whose assignment ended or a deleted
 * task is hidden from the list and the bell alike, and comes back if the access does. The record's
 * organization is its newest event's; each thread costs a few primary-key reads.
 */
const readableNow = sql`exists (select 1 from ${notifications} as latest
  join ${notificationEvents} as latest_event on latest_event.id = latest.event_id
  join ${users} as recipient on recipient.id = ${threads.recipientId}
  where latest.id = ${threads.latestId} and ${readableBy(personOf('recipient'), {
    type: sql`${threads.recordType}`,
    id: sql`${threads.recordId}`,
    organizationId: sql.raw('latest_event.organization_id'),
  })})`;

const inTab: Record<NotificationStatus, SQL> = {
  unread: sql`${unreadNow} and ${readableNow}`,
  all: sql`${threads.archivedAt} is null and ${readableNow}`,
  archived: sql`${threads.archivedAt} is not null and ${readableNow}`,
};

/** A recipient's unread records (the bell). */
export async function unreadCount(db: Database, recipientId: string): Promise<number> {
  return (await unreadCounts(db, [recipientId])).get(recipientId) ?? 0;
}

/** The unread counts of many recipients at once (after a fan-out), in one query. */
export async function unreadCounts(db: Database, recipientIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(recipientIds.map((id) => [id, 0]));
  if (recipientIds.length === 0) return counts;
  const rows = await db
    .select({ id: threads.recipientId, unread: sql<number>`count(*)::int` })
    .from(threads)
    .where(and(sql`${threads.recipientId} = any(${uuidArray(recipientIds)})`, inTab.unread))
    .groupBy(threads.recipientId);
  for (const row of rows) counts.set(row.id, row.unread);
  return counts;
}

/** A thread as the inbox lists it: its newest notification's id and the group's state. */
const threadColumns = {
  id: threads.latestId,
  updates: threads.updates,
  unread: threads.unread,
  archivedAt: threads.archivedAt,
  snoozedUntil: threads.snoozedUntil,
};
type ThreadRow = { id: string; updates: number; unread: number; archivedAt: Date | null; snoozedUntil: Date | null };

/** Full records of the threads' newest notifications, in the threads' order. */
async function loadRecords(db: Database, groups: ThreadRow[]): Promise<NotificationRecord[]> {
  if (groups.length === 0) return [];
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      recordType: notifications.recordType,
      recordId: notifications.recordId,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      data: notificationEvents.data,
      actor: userSummaryOf(users),
    })
    .from(notifications)
    .innerJoin(notificationEvents, eq(notificationEvents.id, notifications.eventId))
    .leftJoin(users, eq(users.id, notificationEvents.actorId))
    .where(sql`${notifications.id} = any(${uuidArray(groups.map((group) => group.id))})`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return groups.flatMap((group) => {
    const row = byId.get(group.id);
    if (!row) return [];
    // An item is read when its whole group is, whichever of it was read last.
    return [{ ...row, ...group, readAt: group.unread > 0 ? null : (row.readAt ?? row.createdAt) }];
  });
}

/** GET /api/notifications: a page of the tab's records, newest first, with the number of records in it. */
export async function listNotifications(
  db: Database,
  recipientId: string,
  query: { status: NotificationStatus; page: number; limit: number },
): Promise<{ records: NotificationRecord[]; total: number }> {
  const where = and(eq(threads.recipientId, recipientId), inTab[query.status]);
  const [page, [counted]] = await Promise.all([
    db
      .select(threadColumns)
      .from(threads)
      .where(where)
      .orderBy(desc(threads.latestAt), desc(threads.latestId))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(threads).where(where),
  ]);
  return { records: await loadRecords(db, page), total: counted?.total ?? 0 };
}

/** The recipient's notification, or 404 (another user's is not found either). */
async function ownNotification(db: Database, recipientId: string, id: string) {
  const [row] = await db
    .select({ recordType: notifications.recordType, recordId: notifications.recordId })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId), eq(notifications.inApp, true)))
    .limit(1);
  if (!row) throw notFound(UI_TEXT.notificationNotFound);
  return row;
}

export interface NotificationChange {
  read?: boolean | undefined;
  archived?: boolean | undefined;
  snoozedUntil?: string | null | undefined;
}

/** The recipient's unread notifications about a record (all records when none is given). */
const unreadNotificationsOf = (recipientId: string, record?: { recordType: string; recordId: string }) =>
  and(
    eq(notifications.recipientId, recipientId),
    eq(notifications.inApp, true),
    isNull(notifications.readAt),
    record && sql`${notifications.recordType} = ${record.recordType}`,
    record && eq(notifications.recordId, record.recordId),
  );

const threadOf = (recipientId: string, record: { recordType: string; recordId: string }) =>
  and(
    eq(threads.recipientId, recipientId),
    sql`${threads.recordType} = ${record.recordType}`,
    eq(threads.recordId, record.recordId),
  );

/*
 * Reading updates the thread first: its row lock orders a read after a fan-out about the same
 * record that is committing, so the notifications marked read next include the one it added.
 */

/**
 * PATCH /api/notifications/{id}: read, archived and snoozed apply to the item's whole group (the
 * recipient's notifications about the same record). Returns the group's item as it now stands.
 */
export async function changeNotification(
  db: Database,
  recipientId: string,
  id: string,
  change: NotificationChange,
): Promise<NotificationRecord> {
  const record = await ownNotification(db, recipientId, id);
  const [thread] = await db.transaction(async (tx) => {
    const set: PgUpdateSetSource<typeof threads> = {};
    if (change.read === true) set.unread = 0;
    if (change.read === false) set.unread = sql`${threads.updates}`;
    if (change.archived !== undefined) set.archivedAt = change.archived ? new Date() : null;
    if (change.snoozedUntil !== undefined)
      set.snoozedUntil = change.snoozedUntil ? new Date(change.snoozedUntil) : null;
    const changed =
      Object.keys(set).length > 0
        ? await tx.update(threads).set(set).where(threadOf(recipientId, record)).returning(threadColumns)
        : await tx.select(threadColumns).from(threads).where(threadOf(recipientId, record));
    // Marking read keeps the time each one was first read.
    if (change.read === true) {
      await tx.update(notifications).set({ readAt: new Date() }).where(unreadNotificationsOf(recipientId, record));
    }
    if (change.read === false) {
      await tx
        .update(notifications)
        .set({ readAt: null })
        .where(
          and(
            eq(notifications.recipientId, recipientId),
            eq(notifications.inApp, true),
            sql`${notifications.recordType} = ${record.recordType}`,
            eq(notifications.recordId, record.recordId),
          ),
        );
    }
    return changed;
  });
  const [item] = thread ? await loadRecords(db, [thread]) : [];
  if (!item) throw notFound(UI_TEXT.notificationNotFound);
  return item;
}

/** POST /api/notifications/read-all: every unread in-app notification of the recipient is read now. */
export async function readAllNotifications(db: Database, recipientId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(threads)
      .set({ unread: 0 })
      .where(and(eq(threads.recipientId, recipientId), sql`${threads.unread} > 0`));
    await tx.update(notifications).set({ readAt: new Date() }).where(unreadNotificationsOf(recipientId));
  });
}

/**
 * Opening a record reads its notifications (a record's page opening, the messenger reading a
 * conversation); true when there were unread ones. Most opens find none: that costs one read of the
 * thread's primary key, and the transaction runs only when something is unread.
 */
export async function readNotificationsAbout(
  db: Database,
  recipientId: string,
  recordType: string,
  recordId: string,
): Promise<boolean> {
  const record = { recordType, recordId };
  const [unread] = await db
    .select({ unread: threads.unread })
    .from(threads)
    .where(and(threadOf(recipientId, record), sql`${threads.unread} > 0`))
    .limit(1);
  if (!unread) return false;
  return db.transaction(async (tx) => {
    const read = await tx
      .update(threads)
      .set({ unread: 0 })
      .where(and(threadOf(recipientId, record), sql`${threads.unread} > 0`))
      .returning({ id: threads.latestId });
    await tx.update(notifications).set({ readAt: new Date() }).where(unreadNotificationsOf(recipientId, record));
    return read.length > 0;
  });
}
