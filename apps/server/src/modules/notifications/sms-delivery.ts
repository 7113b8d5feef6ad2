import { type NotificationData, type NotificationType, notificationLine, recordPaths, smsLine } from '@smart/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { SMS_QUEUE } from '../../lib/outbox.js';
import { SmsSendError, type SmsSender, smsText } from '../../sms/sender.js';
import { personOf, preference, readableBy } from './audience.js';
import { actorName, notificationLink } from './presenter.js';

/** How long a claimed SMS is held by its worker before another may take it over (shorter than a job's expiry, 120 s). */
const LEASE_SECONDS = 60;
/** The job queue's first try and its 5 retries: after the last, the delivery is marked failed. */
const MAX_ATTEMPTS = 6;

export interface SmsDeliverySettings {
  sender: SmsSender;
  dailyLimitPerOrganization: number;
  appUrl: string;
}

/** What happened to one SMS delivery job. */
export type SmsOutcome = 'sent' | 'skipped' | 'capped' | 'done elsewhere';

/** The SMS toggle an event rides on, for the person under alias `u`. */
const smsToggle = sql`(case e.sms_key
  when 'urgentTasks' then ${preference('u', 'sms', 'urgentTasks')}
  when 'systemAlerts' then ${preference('u', 'sms', 'systemAlerts')}
  else false end)`;

interface DeliveryRow {
  organization_id: string | null;
  type: NotificationType;
  record_type: Parameters<typeof notificationLink>[0];
  record_id: string;
  data: NotificationData;
  phone: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  allowed: boolean;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Sends one SMS delivery at most once, as a job that may run twice (a retry, a second process, a
 * crash mid-send): it is claimed (pending → sending, with a lease); the phone must still be the
 * verified one, the toggle still on and the record still readable, else it is skipped; then the
 * organization's daily count is taken under a row lock — past SMS_DAILY_LIMIT_PER_ORGANIZATION it
 * is skipped and counted. Marked sent only after the sender resolved; a failure puts it back to
 * pending, gives back its count and rethrows, so the job queue retries it with backoff.
 */
export async function deliverSms(db: Database, deliveryId: string, settings: SmsDeliverySettings): Promise<SmsOutcome> {
  const claimed = rowsOf<{ id: string }>(
    await db.execute(sql`update notification_deliveries
      set status = 'sending', lease_until = now() + ${`${LEASE_SECONDS} seconds`}::interval, attempts = attempts + 1
      where id = ${deliveryId} and channel = 'sms'
        and (status = 'pending' or (status = 'sending' and lease_until < now()))
      returning id`),
  );
  if (claimed.length === 0) {
    const [current] = rowsOf<{ status: string }>(
      await db.execute(sql`select status from notification_deliveries where id = ${deliveryId}`),
    );
    // Held by a live worker elsewhere: try again after its lease, in case that worker dies.
    if (current?.status === 'sending') throw new SmsSendError('SMS delivery is being sent by another worker');
    return 'done elsewhere';
  }

  const prepared = await db.transaction(async (tx) => {
    const [row] = rowsOf<DeliveryRow>(
      await tx.execute(sql`select e.organization_id, e.type, e.record_type, e.record_id, e.data, u.phone,
          a.first_name as actor_first_name, a.last_name as actor_last_name,
          (u.is_active and u.phone is not null and u.phone_verified = u.phone and ${smsToggle}
            and ${readableBy(personOf('u'), {
              type: sql`e.record_type`,
              id: sql`e.record_id`,
              organizationId: sql`e.organization_id`,
            })}) as allowed
        from notification_deliveries d
        join notification_events e on e.id = d.event_id
        join users u on u.id = d.recipient_id
        left join users a on a.id = e.actor_id
        where d.id = ${deliveryId}`),
    );
    if (!row?.allowed || !row.phone) {
      await finish(tx, deliveryId, 'skipped', 'no longer allowed');
      return { outcome: 'skipped' as const };
    }
    if (row.organization_id && !(await countAgainstCap(tx, row.organization_id, settings.dailyLimitPerOrganization))) {
      await finish(tx, deliveryId, 'skipped', 'daily SMS limit of the organization reached');
      return { outcome: 'capped' as const };
    }
    return { outcome: 'send' as const, row: { ...row, phone: row.phone } };
  });
  if (prepared.outcome !== 'send') return prepared.outcome;

  const { row } = prepared;
  const line = smsLine(
    row.type,
    notificationLine(
      row.type,
      actorName(
        row.actor_first_name === null ? null : { firstName: row.actor_first_name, lastName: row.actor_last_name ?? '' },
      ),
      row.data,
    ),
  );
  // A task's own page takes three ids: its short link leaves the line room in one SMS.
  const recordLink =
    row.record_type === 'task'
      ? recordPaths.taskShort(row.record_id)
      : notificationLink(row.record_type, row.record_id, row.data);
  const links = [recordLink, recordPaths.inbox].flatMap((link) => (link ? [`${settings.appUrl}${link}`] : []));
  try {
    await settings.sender.send({ id: deliveryId, to: row.phone, text: smsText(line, links) });
  } catch (error) {
    await db.transaction(async (tx) => {
      const [attempt] = rowsOf<{ attempts: number }>(
        await tx.execute(sql`select attempts from notification_deliveries where id = ${deliveryId}`),
      );
      const spent = (attempt?.attempts ?? 0) >= MAX_ATTEMPTS;
      await finish(
        tx,
        deliveryId,
        spent ? 'failed' : 'pending',
        error instanceof SmsSendError ? error.message : 'send failed',
      );
      if (row.organization_id) await giveBackCount(tx, row.organization_id);
    });
    throw error;
  }
  await db.execute(sql`update notification_deliveries set status = 'sent', sent_at = now(), lease_until = null,
    last_error = null where id = ${deliveryId}`);
  return 'sent';
}

const utcToday = sql`(now() at time zone 'UTC')::date`;

/**
 * Takes one SMS from the organization's count of today (UTC): the upsert locks the day's row
 * until the transaction ends, so concurrent workers count one after another; below the limit
 * `sent` grows and the SMS may go, else `skipped` grows. Phone verification codes are taken from
 * it too (modules/phone/service.ts).
 */
export async function countAgainstCap(tx: Database, organizationId: string, limit: number): Promise<boolean> {
  const [day] = rowsOf<{ sent: number }>(
    await tx.execute(sql`insert into sms_daily_counts as c (organization_id, day) values (${organizationId}, ${utcToday})
      on conflict (organization_id, day) do update set sent = c.sent
      returning c.sent`),
  );
  const allowed = (day?.sent ?? 0) < limit;
  const column: SQL = allowed ? sql`sent` : sql`skipped`;
  await tx.execute(sql`update sms_daily_counts set ${column} = ${column} + 1
    where organization_id = ${organizationId} and day = ${utcToday}`);
  return allowed;
}

/** A send that failed does not use up the organization's day: its retry counts again. */
export async function giveBackCount(tx: Database, organizationId: string) {
  await tx.execute(sql`update sms_daily_counts set sent = greatest(sent - 1, 0)
    where organization_id = ${organizationId} and day = ${utcToday}`);
}

async function finish(tx: Database, deliveryId: string, status: 'skipped' | 'pending' | 'failed', reason: string) {
  await tx.execute(sql`update notification_deliveries set status = ${status}, lease_until = null, last_error = ${reason}
    where id = ${deliveryId}`);
}

/** The `notification-sms` worker (jobs {deliveryId} queued by the fan-out). */
export async function startSmsDelivery(app: FastifyInstance, sender: SmsSender) {
  const settings: SmsDeliverySettings = {
    sender,
    dailyLimitPerOrganization: app.config.notifications.smsDailyLimitPerOrganization,
    appUrl: app.config.appUrl,
  };
  await app.jobs.define<{ deliveryId: string }>(SMS_QUEUE, async ({ deliveryId }) => {
    await deliverSms(app.db, deliveryId, settings);
  });
}
