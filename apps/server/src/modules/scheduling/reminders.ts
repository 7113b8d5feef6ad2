import { MEETING_REMINDERS, type MeetingReminderKind } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { type NotificationEventInput, notify } from '../../lib/outbox.js';
import { REMINDER_BATCH_SIZE } from '../notifications/index.js';

/*
 * Meeting reminders: 24 hours and 1 hour before each scheduled meeting, to its advisor
 * and attendees, in the app and by e-mail through the notification engine (session_reminder, a
 * system alert: the person's toggles apply).
 */

export const MEETING_REMINDER_QUEUE = 'session-reminders';

/**
 * Each kind is owed from its moment (start − lead) until the next shorter kind's moment (the start
 * for the shortest): a sweep that comes late, after a stop, gives the reminder that is still true
 * ("starts in 1 hour") and never a stale "starts in 24 hours" beside it.
 */
const KINDS = (Object.entries(MEETING_REMINDERS) as [MeetingReminderKind, number][])
  .sort(([, a], [, b]) => b - a)
  .map(([kind, lead], index, all) => ({ kind, lead, until: all[index + 1]?.[1] ?? 0 }));
const LONGEST_LEAD = Math.max(...Object.values(MEETING_REMINDERS));

interface GivenMeetingReminder {
  kind: MeetingReminderKind;
  id: string;
  organization_id: string;
  organization_name: string;
  topic: string;
  people: string[];
}

/**
 * The meeting reminders owed at `now`, given once each. Each batch is one statement: it reads
 * the scheduled meetings starting within the longest lead (advisor_sessions_scheduled_start_idx),
 * keeps the kinds whose moment has come and came after the meeting's time was set (a meeting
 * booked 3 hours ahead gets its 1-hour reminder only), inserts them into session_reminders — whose
 * key (meeting, kind, start) makes each happen once across processes and owes new ones after a
 * reschedule — and returns exactly the rows it inserted, whose events notify() records in the same
 * transaction. A cancelled meeting is no longer read: its reminders are dropped. Returns how many
 * reminders were given.
 */
export async function sweepMeetingReminders(db: Database, now: Date, batchSize = REMINDER_BATCH_SIZE): Promise<number> {
  let given = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const { rows } = (await tx.execute(meetingReminderBatch(now, batchSize))) as unknown as {
        rows: GivenMeetingReminder[];
      };
      await notify(db, tx, rows.map(meetingReminderEvent));
      return rows.length;
    });
    given += batch;
    // A short batch was the last (rows another sweep took meanwhile come back at the next one).
    if (batch < batchSize) return given;
  }
}

/** One batch's statement: the reminders owed at `now`, inserted, returned with their meetings and people. */
export function meetingReminderBatch(now: Date, batchSize: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const kinds = sql.join(
    KINDS.map(
      ({ kind, lead, until }) => sql`(${kind}, ${`${lead} minutes`}::interval, ${`${until} minutes`}::interval)`,
    ),
    sql`, `,
  );
  return sql`
    with owed as (
      select s.id, k.kind, s.start_at
      from advisor_sessions s
      cross join (values ${kinds}) as k(kind, lead, until)
      where s.status = 'scheduled'
        and s.start_at > ${at} and s.start_at <= ${at} + ${`${LONGEST_LEAD} minutes`}::interval
        and s.start_at - k.lead <= ${at} and ${at} < s.start_at - k.until
        and s.time_set_at <= s.start_at - k.lead
        and not exists (select 1 from session_reminders r
          where r.session_id = s.id and r.kind = k.kind and r.start_at = s.start_at)
      order by s.start_at
      limit ${batchSize}
    ),
    given as (
      insert into session_reminders (session_id, kind, start_at)
      select id, kind, start_at from owed
      on conflict do nothing
      returning session_id, kind
    )
    select g.kind, s.id, s.organization_id, o.name as organization_name, s.topic,
      array(select s.advisor_id union select a.user_id from advisor_session_attendees a where a.session_id = s.id)::text[]
        as people
    from given g
    join advisor_sessions s on s.id = g.session_id
    join organizations o on o.id = s.organization_id`;
}

/** A reminder's event: to the advisor and the attendees, from nobody. */
function meetingReminderEvent(row: GivenMeetingReminder): NotificationEventInput {
  return {
    type: 'session_reminder',
    organizationId: row.organization_id,
    record: { type: 'session', id: row.id },
    actorId: null,
    audience: { users: row.people },
    data: { title: row.topic, organizationName: row.organization_name, reminder: row.kind },
  };
}

/**
 * The sweep on the job queue, every minute (a 1-hour reminder should not come minutes late): one
 * run per tick across every process sharing the database, and once at start. Off with
 * REMINDER_INTERVAL_SECONDS=0, like the due-date sweep (the tests drive it with their own `now`).
 */
export async function startMeetingReminderSweep(app: FastifyInstance) {
  if (app.config.notifications.reminderIntervalSeconds === 0) return;
  const runNow = await app.jobs.schedule(MEETING_REMINDER_QUEUE, '* * * * *', async () => {
    const given = await sweepMeetingReminders(app.db, new Date());
    if (given > 0) app.log.info({ given }, 'session reminders given');
  });
  await runNow();
}
