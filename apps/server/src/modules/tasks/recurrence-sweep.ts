import { WORK_EVENTS } from '@smart/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { type TaskRow, taskSeries } from '../../db/schema/index.js';
import { cronEvery } from '../notifications/index.js';
import { announceWorkFromApp } from '../projects/index.js';
import { makeNextTask } from './recurrence.js';

export const RECURRENCE_QUEUE = 'task-recurrence';
/** Series looked at per statement: a backlog (the first sweep after a long stop) goes in several. */
const SERIES_BATCH_SIZE = 200;

interface DueSeries {
  id: string;
  local_today: string;
}

/**
 * The running series that make their tasks by date and whose newest task's date has passed in
 * their organization's time zone (an unknown zone counts as UTC), open organizations only. Local
 * dates lie within a day of UTC's: `latest_on` before tomorrow in UTC keeps the read on
 * task_series_due_idx, and the zone's date decides.
 */
function dueSeries(now: Date, limit: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`
    select s.id, to_char((${at} at time zone known_time_zone(o.time_zone))::date, 'YYYY-MM-DD') as local_today
    from task_series s
      join organizations o on o.id = s.organization_id and o.closed_at is null
    where s.trigger = 'due_date' and s.ended_at is null
      and s.latest_on < (${at} at time zone 'UTC')::date + 1
      and s.latest_on < (${at} at time zone known_time_zone(o.time_zone))::date
    order by s.latest_on, s.id
    limit ${limit}`;
}

/**
 * Makes the next task of every series whose date has passed, each in its own transaction with the
 * series locked (SKIP LOCKED: another process sweeping at once takes the others), checked again
 * under the lock; UNIQUE (series_id, occurrence_on) is the last word. A series that fell behind
 * skips to its first date from today. Returns the tasks made.
 */
export async function sweepDueSeries(db: Database, now: Date): Promise<TaskRow[]> {
  const made: TaskRow[] = [];
  for (;;) {
    const { rows } = (await db.execute(dueSeries(now, SERIES_BATCH_SIZE))) as unknown as { rows: DueSeries[] };
    let progressed = 0;
    for (const due of rows) {
      const task = await db.transaction(async (tx) => {
        const [series] = await tx
          .select()
          .from(taskSeries)
          .where(
            and(
              eq(taskSeries.id, due.id),
              isNull(taskSeries.endedAt),
              sql`${taskSeries.latestOn} < ${due.local_today}::date`,
            ),
          )
          .for('update', { skipLocked: true });
        if (!series) return undefined;
        progressed += 1;
        return makeNextTask(db, tx, series, null, due.local_today);
      });
      if (task) made.push(task);
    }
    // Rows another process holds are skipped; they come back at its next run.
    if (rows.length < SERIES_BATCH_SIZE || progressed === 0) return made;
  }
}

/**
 * The sweep on the job queue, on the reminders' schedule (REMINDER_INTERVAL_SECONDS; 0 turns it
 * off: the tests drive it), and once at start. Each task it makes is announced to its project's
 * room and its people's.
 */
export async function startRecurrenceSweep(app: FastifyInstance) {
  const seconds = app.config.notifications.reminderIntervalSeconds;
  if (seconds === 0) return;
  const runNow = await app.jobs.schedule(RECURRENCE_QUEUE, cronEvery(seconds), async () => {
    const made = await sweepDueSeries(app.db, new Date());
    for (const task of made) announceMadeTask(app, task);
    if (made.length > 0) app.log.info({ made: made.length }, 'repeating tasks made');
  });
  await runNow();
}

/** A task the app made, announced where the tasks it lists are (its project, its assignee and creator). */
export function announceMadeTask(app: FastifyInstance, task: TaskRow) {
  announceWorkFromApp(
    app,
    WORK_EVENTS.taskChanged,
    { projectId: task.projectId, objectiveId: task.objectiveId, taskId: task.id, change: 'created', actorId: null },
    [task.assignedTo, task.createdBy],
  );
}
