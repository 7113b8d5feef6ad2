import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { eventOn, type NotificationEventInput, notify } from '../../lib/outbox.js';

export const TIME_AWAY_SESSIONS_QUEUE = 'time-away-sessions';
/** How long before time away starts its booked sessions are flagged. */
export const TIME_AWAY_NOTICE_DAYS = 7;

interface FlaggedSession {
  meeting_id: string;
  organization_id: string;
  advisor_id: string;
  topic: string;
  ends_on: string;
}

/**
 * Sessions still scheduled inside an advisor's time away that starts within TIME_AWAY_NOTICE_DAYS
 * (or has started) of `now`: each told once to its advisor and its organization's org_admins. The
 * insert into absence_session_notices returns only the pairs it added, so two sweeps at once tell
 * each session once. Returns how many sessions were flagged.
 */
export async function flagSessionsInTimeAway(db: Database, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`
      with inside as (
        select a.id as absence_id, m.id as meeting_id, m.organization_id, a.advisor_id, m.topic, a.ends_on
        from advisor_absences a
          -- Its availability's zone, else its profile's; one PostgreSQL does not know counts as UTC.
          join lateral (select known_time_zone(coalesce(
            (select time_zone from advisor_availability where advisor_id = a.advisor_id),
            (select time_zone from users where id = a.advisor_id))) as time_zone) av on true
          join advisor_sessions m on m.advisor_id = a.advisor_id and m.status = 'scheduled' and m.start_at > ${at}
        where a.starts_on <= ((${at} at time zone av.time_zone)::date + ${TIME_AWAY_NOTICE_DAYS}::int)
          and a.ends_on >= (${at} at time zone av.time_zone)::date
          and (m.start_at at time zone av.time_zone)::date between a.starts_on and a.ends_on
      ),
      flagged as (
        insert into absence_session_notices (absence_id, meeting_id)
        select absence_id, meeting_id from inside on conflict do nothing
        returning absence_id, meeting_id
      )
      select i.meeting_id, i.organization_id, i.advisor_id, i.topic, to_char(i.ends_on, 'YYYY-MM-DD') as ends_on
      from inside i join flagged f on f.absence_id = i.absence_id and f.meeting_id = i.meeting_id`)) as unknown as {
      rows: FlaggedSession[];
    };
    await notify(db, tx, rows.map(sessionEvent));
    return rows.length;
  });
}

function sessionEvent(row: FlaggedSession): NotificationEventInput {
  const subject = {
    organizationId: row.organization_id,
    record: { type: 'session' as const, id: row.meeting_id },
    data: { title: row.topic },
  };
  return {
    ...eventOn(subject, 'session_during_time_away', null, { to: row.ends_on }),
    audience: { users: [row.advisor_id], organizationMembers: 'org_admin' },
  };
}

/** The sweep on the job queue, hourly and at start; REMINDER_INTERVAL_SECONDS=0 turns it off (tests drive it). */
export async function startTimeAwaySessionsSweep(app: FastifyInstance) {
  if (app.config.notifications.reminderIntervalSeconds === 0) return;
  const runNow = await app.jobs.schedule(TIME_AWAY_SESSIONS_QUEUE, '0 * * * *', async () => {
    const flagged = await flagSessionsInTimeAway(app.db, new Date());
    if (flagged > 0) app.log.info({ flagged }, 'sessions inside time away flagged');
  });
  await runNow();
}
