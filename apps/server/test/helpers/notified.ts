import type { NotificationType } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.js';

/** Who was told of a record's events of one type, channel by channel (sorted user ids). */
export interface Notified {
  /** Everyone with a notification row (any channel). */
  recipients: string[];
  inApp: string[];
  email: string[];
  sms: string[];
}

const sorted = (ids: Iterable<string>) => [...new Set(ids)].sort();

/**
 * Waits until the record's events of `type` exist and have all been fanned out (a background job),
 * then reads who they reached and on which channels: the notifications and their deliveries.
 */
export async function notified(db: Database, type: NotificationType, recordId: string): Promise<Notified> {
  await expect
    .poll(
      async () => {
        const { rows } = (await db.execute(sql`select count(*)::int as total, count(fanned_out_at)::int as done
          from notification_events where type = ${type} and record_id = ${recordId}::uuid`)) as unknown as {
          rows: { total: number; done: number }[];
        };
        const counts = rows[0];
        return counts !== undefined && counts.total > 0 && counts.total === counts.done;
      },
      { timeout: 15_000, interval: 50 },
    )
    .toBe(true);
  const { rows } = (await db.execute(sql`select n.recipient_id::text as recipient, n.in_app,
      coalesce(bool_or(d.channel = 'email'), false) as email, coalesce(bool_or(d.channel = 'sms'), false) as sms
    from notifications n join notification_events e on e.id = n.event_id
    left join notification_deliveries d on d.notification_id = n.id
    where e.type = ${type} and e.record_id = ${recordId}::uuid
    group by n.id`)) as unknown as {
    rows: { recipient: string; in_app: boolean; email: boolean; sms: boolean }[];
  };
  const on = (channel: 'email' | 'sms') => rows.filter((row) => row[channel]).map((row) => row.recipient);
  return {
    recipients: sorted(rows.map((row) => row.recipient)),
    inApp: sorted(rows.filter((row) => row.in_app).map((row) => row.recipient)),
    email: sorted(on('email')),
    sms: sorted(on('sms')),
  };
}

/** The same people as `notified`'s lists hold them. */
export const people = (...members: { id: string }[]) => sorted(members.map((member) => member.id));

/** Gives the member a verified phone (as confirming the code does), so urgent events may go by SMS. */
export async function verifyPhone(db: Database, userId: string, phone = '+15550100000') {
  await db.execute(sql`update users set phone = ${phone}, phone_verified = ${phone} where id = ${userId}::uuid`);
}
