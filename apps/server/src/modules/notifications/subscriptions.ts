import { type SubscribableRecordType, type Subscription, type SubscriptionMode, UI_TEXT } from '@smart/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notificationSubscriptions } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { personOf, readableBy, recordOrganization } from './audience.js';

const NOT_FOUND: Record<SubscribableRecordType, string> = {
  project: UI_TEXT.projectNotFound,
  task: UI_TEXT.taskNotFound,
  ticket: UI_TEXT.ticketNotFound,
  conversation: UI_TEXT.conversationNotFound,
};

/** 404 (the record's own message) unless the user may read the record: the rule fan-out uses. */
export async function requireReadableRecord(
  db: Database,
  userId: string,
  recordType: SubscribableRecordType,
  recordId: string,
) {
  const { rows } = (await db.execute(
    sql`select ${readableBy(personOf('u'), {
      type: sql`${recordType}`,
      id: sql`${recordId}::uuid`,
      organizationId: recordOrganization[recordType](recordId),
    })} as readable from users u where u.id = ${userId}`,
  )) as unknown as { rows: { readable: boolean }[] };
  if (!rows[0]?.readable) throw notFound(NOT_FOUND[recordType]);
}

const where = (userId: string, recordType: SubscribableRecordType, recordId: string) =>
  and(
    eq(notificationSubscriptions.userId, userId),
    eq(notificationSubscriptions.recordType, recordType),
    eq(notificationSubscriptions.recordId, recordId),
  );

/** GET /api/notifications/subscriptions/{recordType}/{recordId}. */
export async function readSubscription(
  db: Database,
  userId: string,
  recordType: SubscribableRecordType,
  recordId: string,
): Promise<Subscription> {
  await requireReadableRecord(db, userId, recordType, recordId);
  const [row] = await db
    .select({ mode: notificationSubscriptions.mode })
    .from(notificationSubscriptions)
    .where(where(userId, recordType, recordId));
  return { recordType, recordId, mode: row?.mode ?? 'default' };
}

/** PUT …: follow or mute stores the choice; default removes it. */
export async function setSubscription(
  db: Database,
  userId: string,
  recordType: SubscribableRecordType,
  recordId: string,
  mode: SubscriptionMode,
): Promise<Subscription> {
  await requireReadableRecord(db, userId, recordType, recordId);
  if (mode === 'default') {
    await db.delete(notificationSubscriptions).where(where(userId, recordType, recordId));
  } else {
    await db
      .insert(notificationSubscriptions)
      .values({ userId, recordType, recordId, mode })
      .onConflictDoUpdate({
        target: [
          notificationSubscriptions.userId,
          notificationSubscriptions.recordType,
          notificationSubscriptions.recordId,
        ],
        set: { mode },
      });
  }
  return { recordType, recordId, mode };
}
