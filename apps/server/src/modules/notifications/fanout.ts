import {
  isAlwaysEmailed,
  NOTIFICATION_MORNING_HOUR,
  NOTIFICATION_TYPES,
  type NotificationCategory,
  type NotificationType,
  type NotificationTypeInfo,
} from '@smart/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notificationEvents, users } from '../../db/schema/index.js';
import type { JobQueue, JobToInsert } from '../../jobs/queue.js';
import { EMAIL_QUEUE, SMS_QUEUE } from '../../lib/outbox.js';
import { uuidArray } from '../../lib/sql.js';
import { audienceCandidates, personOf, preference, readableBy } from './audience.js';
import type { NotificationRecord } from './presenter.js';

type EventRow = typeof notificationEvents.$inferSelect;

const isPersonal = (type: NotificationType) => (NOTIFICATION_TYPES[type] as NotificationTypeInfo).personal === true;

/** A notification just made, for the live bell: its id and recipient, when it shows in the app. */
export interface FannedOut {
  event: EventRow;
  inApp: { id: string; recipientId: string }[];
}

/** The in-app channel's toggles of a type's category: allNotifications, and the category's own key where it has one. */
function inAppAllowed(category: string) {
  const all = preference('u', 'inApp', 'allNotifications');
  if (category === 'taskAssignments' || category === 'projectUpdates' || category === 'teamMessages') {
    return sql`(${all} and ${preference('u', 'inApp', category)})`;
  }
  return all;
}

function emailAllowed(category: NotificationCategory) {
  if (isAlwaysEmailed(category)) return sql`true`;
  return preference('u', 'email', category as 'systemAlerts');
}

/** SMS: the event is urgent under a key, the person's toggle of that key is on, and the phone is verified. */
function smsAllowed(event: EventRow) {
  if (!event.smsKey) return sql`false`;
  return sql`(${preference('u', 'sms', event.smsKey)} and u.phone is not null and u.phone_verified = u.phone)`;
}

/** The next NOTIFICATION_MORNING_HOUR:00 in the person's zone (PostgreSQL's IANA database), as an instant. */
const nextLocalMorning = sql`(select (case when l.now_local >= l.morning then l.morning + interval '1 day' else l.morning end)
    at time zone p.tz from (select now() at time zone p.tz as now_local,
      date_trunc('day', now() at time zone p.tz) + ${`${NOTIFICATION_MORNING_HOUR} hours`}::interval as morning) l)`;

/**
 * How a person's e-mail of this event is batched: immediate types alone and at once; a daily
 * digest for those who chose it; else with the other pending ones of the record, sent when the
 * first one's delay is up (one e-mail per recipient and record).
 */
function emailBatch(event: EventRow, delaySeconds: number) {
  if (NOTIFICATION_TYPES[event.type].email === 'immediate') {
    return { key: sql`${`event:${event.id}`}`, sendAfter: sql`now()` };
  }
  const recordKey = `record:${event.recordType}:${event.recordId}`;
  return {
    key: sql`(case when p.email_digest = 'daily' then 'digest' else ${recordKey} end)`,
    sendAfter: sql`(case when p.email_digest = 'daily' then ${nextLocalMorning}
      else now() + ${`${delaySeconds} seconds`}::interval end)`,
  };
}

/**
 * Turns one outbox event into its notifications and deliveries, in one transaction and a fixed
 * number of statements whatever the number of recipients: the event row is locked (a second run
 * waits, then finds it done), rows are unique per (event, recipient[, channel]), and the delivery
 * jobs are queued in the same transaction.
 */
export async function fanOutEvent(
  db: Database,
  queue: JobQueue,
  eventId: string,
  settings: { emailDelaySeconds: number },
): Promise<FannedOut | null> {
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(notificationEvents).where(eq(notificationEvents.id, eventId)).for('update');
    if (!event || event.fannedOutAt) return null;
    const { category } = NOTIFICATION_TYPES[event.type];
    const rule = event.audience;
    const except = rule.except ?? [];
    const withoutAccessCheck = rule.withoutAccessCheck ?? [];
    const record = {
      type: sql`${event.recordType}`,
      id: sql`${event.recordId}::uuid`,
      organizationId: sql`${event.organizationId}::uuid`,
    };
    const projectId = event.projectId ?? event.recordId;
    const batch = emailBatch(event, settings.emailDelaySeconds);
    const subscriptionMode = (type: string, id: string | null) =>
      sql`(select s.mode from notification_subscriptions s where s.user_id = u.id and s.record_type = ${type}
        and s.record_id = ${id}::uuid)`;
    // A personal event ("assigned you") is for the people it names; followers hear the record's other events.
    const notActor = sql`u.id is distinct from ${event.actorId}::uuid`;
    // A calendar invitation goes to the one who made the change too, by e-mail only: its .ics is how
    // the booking (or move, or cancellation) reaches that person's own calendar. Nobody is told in
    // the app of its own act.
    const actorMailed = category === 'calendar' ? sql`true` : sql`false`;
    const followers = isPersonal(event.type)
      ? sql``
      : sql`union
        select s.user_id from notification_subscriptions s where s.mode = 'follow'
          and ((s.record_type = ${event.recordType} and s.record_id = ${event.recordId}::uuid)
            or (s.record_type = 'project' and s.record_id = ${projectId}::uuid))`;
    const result = (await tx.execute(sql`
      with candidates as (
        ${audienceCandidates(rule, event.organizationId)}
        ${followers}
      ),
      people as (
        select u.id, u.email_digest, coalesce(u.time_zone, 'UTC') as tz,
          (${inAppAllowed(category)} and ${notActor}) as in_app, ${emailAllowed(category)} as email,
          (${smsAllowed(event)} and ${notActor}) as sms
        from ${users} u
        where u.id in (select user_id from candidates where user_id is not null)
          and u.is_active
          -- Someone whose account came after the event is not told of it, however late the job runs.
          and u.created_at <= ${event.createdAt.toISOString()}::timestamptz
          and (${notActor} or ${actorMailed})
          and not (u.id = any(${uuidArray(except)}))
          and coalesce(${subscriptionMode(event.recordType, event.recordId)},
            ${subscriptionMode('project', event.projectId)}, 'default') <> 'mute'
          and (u.id = any(${uuidArray(withoutAccessCheck)}) or ${readableBy(personOf('u'), record)})
      ),
      inserted as (
        insert into notifications (event_id, recipient_id, type, record_type, record_id, in_app, created_at)
        select ${event.id}::uuid, p.id, ${event.type}, ${event.recordType}, ${event.recordId}::uuid, p.in_app,
          ${event.createdAt.toISOString()}::timestamptz
        from people p where p.in_app or p.email or p.sms
        on conflict (event_id, recipient_id) do nothing
        returning id, recipient_id, in_app
      ),
      threads as (
        -- In recipient order, so two fan-outs about one record lock their rows in the same order.
        insert into notification_threads as t (recipient_id, record_type, record_id, latest_id, latest_at, updates, unread)
        select i.recipient_id, ${event.recordType}, ${event.recordId}::uuid, i.id,
          ${event.createdAt.toISOString()}::timestamptz, 1, 1
        from inserted i where i.in_app order by i.recipient_id
        on conflict (recipient_id, record_type, record_id) do update set
          latest_id = case when (excluded.latest_at, excluded.latest_id) > (t.latest_at, t.latest_id)
            then excluded.latest_id else t.latest_id end,
          latest_at = greatest(t.latest_at, excluded.latest_at),
          updates = t.updates + 1,
          unread = t.unread + 1,
          -- New activity brings an archived or snoozed item back to the inbox.
          archived_at = null,
          snoozed_until = null
      ),
      emails as (
        insert into notification_deliveries (notification_id, event_id, recipient_id, channel, batch_key, send_after)
        select i.id, ${event.id}::uuid, i.recipient_id, 'email', k.batch_key,
          coalesce((select min(d.send_after) from notification_deliveries d where d.recipient_id = i.recipient_id
            and d.channel = 'email' and d.batch_key = k.batch_key and d.status = 'pending'), k.send_after)
        from inserted i join people p on p.id = i.recipient_id
          cross join lateral (select ${batch.key} as batch_key, ${batch.sendAfter} as send_after) k
        where p.email
        on conflict do nothing
        returning recipient_id, batch_key, send_after
      ),
      texts as (
        insert into notification_deliveries (notification_id, event_id, recipient_id, channel, batch_key, send_after)
        select i.id, ${event.id}::uuid, i.recipient_id, 'sms', ${`event:${event.id}`}, now()
        from inserted i join people p on p.id = i.recipient_id
        where p.sms
        on conflict do nothing
        returning id
      )
      select 'notification' as kind, i.id::text as id, i.recipient_id::text as recipient_id, i.in_app,
          null::text as batch_key, null::timestamptz as send_after
        from inserted i
      union all
      select distinct 'email', null::text, e.recipient_id::text, null::boolean, e.batch_key, e.send_after from emails e
      union all
      select 'sms', t.id::text, null::text, null::boolean, null::text, null::timestamptz from texts t
    `)) as unknown as { rows: FanOutRow[] };

    const jobs: JobToInsert[] = [];
    const inApp: FannedOut['inApp'] = [];
    for (const row of result.rows) {
      if (row.kind === 'notification' && row.in_app) inApp.push({ id: row.id, recipientId: row.recipient_id });
      if (row.kind === 'email') {
        jobs.push({
          name: EMAIL_QUEUE,
          data: { recipientId: row.recipient_id, batchKey: row.batch_key },
          startAfter: new Date(row.send_after),
        });
      }
      if (row.kind === 'sms') jobs.push({ name: SMS_QUEUE, data: { deliveryId: row.id } });
    }
    await queue.insertIn(tx, jobs);
    await tx.update(notificationEvents).set({ fannedOutAt: new Date() }).where(eq(notificationEvents.id, event.id));
    return { event, inApp };
  });
}

interface FanOutRow {
  kind: 'notification' | 'email' | 'sms';
  id: string;
  recipient_id: string;
  in_app: boolean | null;
  batch_key: string;
  send_after: string | Date;
}

/** The item the live bell receives for a notification just made (a group of one until the inbox is read again). */
export function freshNotification(event: EventRow, id: string, actor: NotificationRecord['actor']): NotificationRecord {
  return {
    id,
    type: event.type,
    recordType: event.recordType,
    recordId: event.recordId,
    data: event.data,
    actor,
    createdAt: event.createdAt,
    readAt: null,
    archivedAt: null,
    snoozedUntil: null,
    updates: 1,
    unread: 1,
  };
}
