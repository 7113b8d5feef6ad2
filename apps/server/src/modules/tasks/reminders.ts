import { NOTIFICATION_MORNING_HOUR, type NotificationType, OVERDUE_REMINDER_LOOKBACK_DAYS } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { TaskRow } from '../../db/schema/index.js';
import { eventOn, type NotificationEventInput, notify } from '../../lib/outbox.js';
import { cronEvery, REMINDER_BATCH_SIZE } from '../notifications/index.js';
import { taskSubject } from './notifications.js';

export const REMINDER_QUEUE = 'notification-reminders';

type ReminderKind = 'due_tomorrow' | 'due_today' | 'overdue';

const TYPE_OF: Record<ReminderKind, NotificationType> = {
  due_tomorrow: 'task_due_tomorrow',
  due_today: 'task_due_today',
  overdue: 'task_overdue',
};

interface GivenReminder {
  kind: ReminderKind;
  recipient_id: string;
  id: string;
  organization_id: string;
  project_id: string;
  objective_id: string;
  title: string;
  priority: TaskRow['priority'];
}

/**
 * The due-date reminders owed at `now`, given once each: for every open task with an assignee and
 * a due date, in the assignee's time zone (PostgreSQL's IANA database, UTC when unset), "due
 * tomorrow" from NOTIFICATION_MORNING_HOUR:00 on the day before, "due today" from that hour on
 * the day, "overdue" once the local date has passed the due date (for OVERDUE_REMINDER_LOOKBACK_DAYS).
 * Each batch is one statement — it reads tasks_open_due_idx for due dates near today, inserts the
 * reminders into task_reminders (whose key makes each one happen once, whoever else sweeps at the
 * same time) and returns exactly the rows it inserted — and the events of those rows, recorded by
 * notify() in the same transaction. Returns how many reminders were given.
 */
export async function sweepReminders(db: Database, now: Date, batchSize = REMINDER_BATCH_SIZE): Promise<number> {
  let given = 0;
  for (;;) {
    const batch = await db.transaction((tx) => giveReminderBatch(db, tx, now, batchSize));
    given += batch;
    // A short batch was the last (rows another sweep took meanwhile come back at the next one).
    if (batch < batchSize) return given;
  }
}

/** One batch in the caller's transaction: up to `batchSize` reminders given and their events recorded; how many. */
export async function giveReminderBatch(db: Database, tx: Database, now: Date, batchSize: number): Promise<number> {
  const { rows } = (await tx.execute(reminderBatch(now, batchSize))) as unknown as { rows: GivenReminder[] };
  await notify(db, tx, rows.map(reminderEvent));
  return rows.length;
}

/** One batch's statement: the reminders owed at `now`, inserted, returned with their tasks (the bench explains it). */
export function reminderBatch(now: Date, batchSize: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const utcDate = sql`(${at} at time zone 'UTC')::date`;
  const morning = sql`${`${NOTIFICATION_MORNING_HOUR}:00`}::time`;
  const lookback = sql`${OVERDUE_REMINDER_LOOKBACK_DAYS}::int`;
  // A stored zone PostgreSQL does not know (the browser's list is not the server's) counts as UTC
  // rather than failing the sweep for everyone. Local dates lie within a day of the UTC date (zones
  // span UTC-12 to UTC+14): the due-date range holds every date any kind can be owed for, and keeps
  // the read on tasks_open_due_idx.
  return sql`
    with zones as (select name from pg_timezone_names),
    due as (
      select t.id, t.assigned_to, t.due_date, (${at} at time zone coalesce(z.name, 'UTC')) as local_now
      from tasks t join users u on u.id = t.assigned_to
        left join zones z on z.name = u.time_zone
      where t.status <> 'completed' and t.assigned_to is not null and t.due_date is not null
        and t.due_date between ${utcDate} - ${lookback} - 1 and ${utcDate} + 2
        and u.is_active
    ),
    owed as (
      select d.id, d.assigned_to, d.due_date, case
          when d.due_date = d.local_now::date + 1 and d.local_now::time >= ${morning} then 'due_tomorrow'
          when d.due_date = d.local_now::date and d.local_now::time >= ${morning} then 'due_today'
          when d.due_date < d.local_now::date and d.due_date >= d.local_now::date - ${lookback} then 'overdue'
        end as kind
      from due d
    ),
    batch as (
      select o.* from owed o
      where o.kind is not null and not exists (select 1 from task_reminders r where r.task_id = o.id
        and r.recipient_id = o.assigned_to and r.kind = o.kind and r.due_date = o.due_date)
      limit ${batchSize}
    ),
    given as (
      insert into task_reminders (task_id, recipient_id, kind, due_date)
      select id, assigned_to, kind, due_date from batch
      on conflict do nothing
      returning task_id, recipient_id, kind
    )
    select g.kind, g.recipient_id, t.id, t.organization_id, t.project_id, t.objective_id, t.title, t.priority
    from given g join tasks t on t.id = g.task_id`;
}

/** A reminder's event: to the assignee alone, from nobody; an overdue task also by SMS (urgentTasks). */
function reminderEvent(row: GivenReminder): NotificationEventInput {
  const task = {
    id: row.id,
    organizationId: row.organization_id,
    projectId: row.project_id,
    objectiveId: row.objective_id,
    title: row.title,
    priority: row.priority,
  };
  return {
    ...eventOn(taskSubject(task), TYPE_OF[row.kind], null),
    audience: { users: [row.recipient_id] },
    ...(row.kind === 'overdue' && { sms: 'urgentTasks' as const }),
  };
}

/**
 * The sweep on the job queue: on a cron schedule near REMINDER_INTERVAL_SECONDS (one run per tick
 * across every process sharing the database) and once at start (several processes starting
 * together make one run). REMINDER_INTERVAL_SECONDS=0 turns it off (the tests drive the sweep).
 */
export async function startReminderSweep(app: FastifyInstance) {
  const seconds = app.config.notifications.reminderIntervalSeconds;
  if (seconds === 0) return;
  const runNow = await app.jobs.schedule(REMINDER_QUEUE, cronEvery(seconds), async () => {
    const given = await sweepReminders(app.db, new Date());
    if (given > 0) app.log.info({ given }, 'due-date reminders given');
  });
  await runNow();
}
