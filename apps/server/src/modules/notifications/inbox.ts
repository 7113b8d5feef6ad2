import { MESSAGES, type NotificationStatus } from '@smart/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notificationEvents, notifications, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { uuidArray } from '../../lib/sql.js';
import { userSummaryOf } from '../users/summary.js';
import type { NotificationRecord } from './presenter.js';

/*
 * The inbox: a recipient's in-app notifications, one item per record (the newest standing for
 * the group), and the bell's count. Every query starts from the recipient's index.
 */

/** Unread and showing now: not read, not archived, not snoozed into the future. */
const unreadNow = sql`${notifications.readAt} is null and ${notifications.archivedAt} is null
  and (${notifications.snoozedUntil} is null or ${notifications.snoozedUntil} <= now())`;

const inTab: Record<NotificationStatus, SQL> = {
  unread: unreadNow,
  all: sql`${notifications.archivedAt} is null`,
  archived: sql`${notifications.archivedAt} is not null`,
};

/** A recipient's unread records (the bell), from the partial index alone. */
export async function unreadCount(db: Database, recipientId: string): Promise<number> {
  return (await unreadCounts(db, [recipientId])).get(recipientId) ?? 0;
}

/** The unread counts of many recipients at once (after a fan-out), in one query. */
export async function unreadCounts(db: Database, recipientIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(recipientIds.map((id) => [id, 0]));
  if (recipientIds.length === 0) return counts;
  const { rows } = (await db.execute(sql`select recipient_id::text as id, count(*)::int as unread from (
      select distinct ${notifications.recipientId} as recipient_id, ${notifications.recordType}, ${notifications.recordId}
      from ${notifications} where ${notifications.recipientId} = any(${uuidArray(recipientIds)})
      and ${notifications.inApp} and ${unreadNow}) g group by recipient_id`)) as unknown as {
    rows: { id: string; unread: number }[];
  };
  for (const row of rows) counts.set(row.id, row.unread);
  return counts;
}

interface GroupRow {
  id: string;
  updates: number;
  unread: number;
}

/** Full records of the given notification ids (with their group counts), in the given order. */
async function loadRecords(db: Database, groups: GroupRow[]): Promise<NotificationRecord[]> {
  if (groups.length === 0) return [];
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      recordType: notifications.recordType,
      recordId: notifications.recordId,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      archivedAt: notifications.archivedAt,
      snoozedUntil: notifications.snoozedUntil,
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
    return row ? [{ ...row, updates: group.updates, unread: group.unread }] : [];
  });
}

/** GET /api/notifications: a page of the tab's records, newest first, with the number of records in it. */
export async function listNotifications(
  db: Database,
  recipientId: string,
  query: { status: NotificationStatus; page: number; limit: number },
): Promise<{ records: NotificationRecord[]; total: number }> {
  const where = sql`${notifications.recipientId} = ${recipientId} and ${notifications.inApp} and ${inTab[query.status]}`;
  const offset = (query.page - 1) * query.limit;
  const { rows } = (await db.execute(sql`
    with mine as (
      select ${notifications.id} as id, ${notifications.createdAt} as created_at,
        row_number() over (partition by ${notifications.recordType}, ${notifications.recordId}
          order by ${notifications.createdAt} desc, ${notifications.id} desc) as position,
        count(*) over (partition by ${notifications.recordType}, ${notifications.recordId})::int as updates,
        (count(*) filter (where ${notifications.readAt} is null)
          over (partition by ${notifications.recordType}, ${notifications.recordId}))::int as unread
      from ${notifications} where ${where}
    )
    select id::text as id, updates, unread, count(*) over ()::int as total from mine where position = 1
    order by created_at desc, id desc limit ${query.limit} offset ${offset}`)) as unknown as {
    rows: (GroupRow & { total: number })[];
  };
  const total = rows[0]?.total ?? (offset > 0 ? await countGroups(db, where) : 0);
  return { records: await loadRecords(db, rows), total };
}

/** A page past the end has no row to carry the total: count the records apart. */
async function countGroups(db: Database, where: SQL): Promise<number> {
  const { rows } =
    (await db.execute(sql`select count(*)::int as total from (select distinct ${notifications.recordType},
    ${notifications.recordId} from ${notifications} where ${where}) g`)) as unknown as { rows: { total: number }[] };
  return rows[0]?.total ?? 0;
}

/** The recipient's notification, or 404 (another user's is not found either). */
async function ownNotification(db: Database, recipientId: string, id: string) {
  const [row] = await db
    .select({ recordType: notifications.recordType, recordId: notifications.recordId })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId), eq(notifications.inApp, true)))
    .limit(1);
  if (!row) throw notFound(MESSAGES.notificationNotFound);
  return row;
}

export interface NotificationChange {
  read?: boolean | undefined;
  archived?: boolean | undefined;
  snoozedUntil?: string | null | undefined;
}

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
  const group = await ownNotification(db, recipientId, id);
  const sameRecord = and(
    eq(notifications.recipientId, recipientId),
    eq(notifications.recordType, group.recordType),
    eq(notifications.recordId, group.recordId),
  );
  const set: Partial<typeof notifications.$inferInsert> = {};
  if (change.read === false) set.readAt = null;
  if (change.archived !== undefined) set.archivedAt = change.archived ? new Date() : null;
  if (change.snoozedUntil !== undefined) set.snoozedUntil = change.snoozedUntil ? new Date(change.snoozedUntil) : null;
  if (Object.keys(set).length > 0) await db.update(notifications).set(set).where(sameRecord);
  // Marking read keeps the time each one was first read.
  if (change.read === true) {
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(sameRecord, isNull(notifications.readAt)));
  }
  const { rows } = (await db.execute(sql`select ${notifications.id}::text as id, count(*) over ()::int as updates,
      (count(*) filter (where ${notifications.readAt} is null) over ())::int as unread
    from ${notifications} where ${sameRecord} and ${notifications.inApp}
    order by ${notifications.createdAt} desc, ${notifications.id} desc limit 1`)) as unknown as { rows: GroupRow[] };
  const [record] = await loadRecords(db, rows);
  if (!record) throw notFound(MESSAGES.notificationNotFound);
  return record;
}

/** POST /api/notifications/read-all: every unread in-app notification of the recipient is read now. */
export async function readAllNotifications(db: Database, recipientId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(eq(notifications.recipientId, recipientId), eq(notifications.inApp, true), isNull(notifications.readAt)),
    );
}

/** Opening a record reads its notifications (the messenger opening a conversation, a task page). */
export async function readNotificationsAbout(
  db: Database,
  recipientId: string,
  recordType: string,
  recordId: string,
): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        sql`${notifications.recordType} = ${recordType}`,
        eq(notifications.recordId, recordId),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return updated.length > 0;
}
