import type { NotificationData, NotificationRecordType, NotificationType, SmsKey } from '@smart/contracts';
import type { Database } from '../db/client.js';
import { type AudienceRule, notificationEvents } from '../db/schema/index.js';
import type { JobQueue } from '../jobs/queue.js';

/** Something that happened that people may be told about (ARCHITECTURE.md, "Notification engine"). */
export interface NotificationEventInput {
  type: NotificationType;
  /** The record's organization; null for an account's own events (security notices). */
  organizationId: string | null;
  record: { type: NotificationRecordType; id: string };
  /** A task's or objective's project: following or muting the project covers them. */
  projectId?: string | null;
  /** Who did it (never told); null for the system (reminders). */
  actorId: string | null;
  audience: AudienceRule;
  data: NotificationData;
  /** Urgent events also go by SMS to those whose toggle of this key is on (and whose phone is verified). */
  sms?: SmsKey;
}

/** What every event about one record repeats: the record, its organization and project, and what lines say of it. */
export type EventSubject = Pick<NotificationEventInput, 'organizationId' | 'record' | 'projectId' | 'data'>;

/** An event about `subject` before its audience: its type, who did it, and what this change adds to the data. */
export function eventOn(
  subject: EventSubject,
  type: NotificationType,
  actorId: string | null,
  extra: NotificationData = {},
): Omit<NotificationEventInput, 'audience'> {
  return { ...subject, type, actorId, data: { ...subject.data, ...extra } };
}

export const FANOUT_QUEUE = 'notification-fanout';

/**
 * The job queue of each database: `notify` queues the fan-out in the caller's transaction, and
 * only has the transaction in hand. Registered when the notifications plugin starts.
 */
const queues = new WeakMap<Database, JobQueue>();

export function registerNotificationQueue(db: Database, queue: JobQueue) {
  queues.set(db, queue);
}

/**
 * Records events in the caller's transaction (the outbox) and queues their fan-out in the same
 * transaction: a change that rolls back tells nobody, one that commits is never lost. `db` is the
 * database the transaction `tx` runs on.
 */
export async function notify(db: Database, tx: Database, events: NotificationEventInput | NotificationEventInput[]) {
  const list = Array.isArray(events) ? events : [events];
  if (list.length === 0) return;
  const queue = queues.get(db);
  if (!queue) throw new Error('notify: no job queue is registered for this database');
  const rows = await tx
    .insert(notificationEvents)
    .values(
      list.map((event) => ({
        organizationId: event.organizationId,
        type: event.type,
        recordType: event.record.type,
        recordId: event.record.id,
        projectId: event.projectId ?? null,
        actorId: event.actorId,
        audience: event.audience,
        data: event.data,
        smsKey: event.sms ?? null,
      })),
    )
    .returning({ id: notificationEvents.id });
  await queue.insertIn(
    tx,
    rows.map((row) => ({ name: FANOUT_QUEUE, data: { eventId: row.id } })),
  );
}

/** Delivery queues: one job per e-mail batch ({recipientId, batchKey}), one per SMS ({deliveryId}). */
export const EMAIL_QUEUE = 'notification-email';
export const SMS_QUEUE = 'notification-sms';
