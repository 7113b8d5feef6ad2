import {
  nextOccurrence,
  type RecurrenceInput,
  type RecurrenceRule,
  type RecurrenceTrigger,
  recurrenceLabel,
  recurrenceRuleSchema,
  UI_TEXT,
} from '@smart/contracts';
import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type TaskRow, type TaskSeriesRow, taskSeries, tasks } from '../../db/schema/index.js';
import { publish } from '../../events/stream.js';
import { badField } from '../../lib/errors.js';
import { recordTaskActivity, type TaskActivityEntry } from './activity.js';
import { isAssignable } from './assignee.js';
import { taskCreated } from './events.js';

/*
 * Repeating tasks (decision 0285). A series makes its tasks one at a time: the next when the
 * current one is completed, or when its due date has passed (the sweep: recurrence-sweep.ts). Each
 * date makes one task: UNIQUE (series_id, occurrence_on) holds against every process at once, and
 * the series row is locked while its next task is made.
 */

/** A series' rule and trigger as the body sends them, checked against its first due date. */
function checkedRule(input: RecurrenceInput, startsOn: string): { rule: RecurrenceRule; trigger: RecurrenceTrigger } {
  const rule = recurrenceRuleSchema.parse(input.rule);
  if (rule.until && rule.until < startsOn) throw badField('recurrence.rule.until', UI_TEXT.recurrenceUntilBeforeStart);
  return { rule, trigger: input.trigger ?? 'completion' };
}

/** The series' label for a task's history ("Every month on day 31"). */
export const seriesLabel = (series: Pick<TaskSeriesRow, 'rule' | 'startsOn'>) =>
  recurrenceLabel(series.rule, series.startsOn);

/** A task's series, locked for the caller's transaction. */
export async function lockSeries(tx: Database, seriesId: string): Promise<TaskSeriesRow | undefined> {
  const [series] = await tx.select().from(taskSeries).where(eq(taskSeries.id, seriesId)).for('update');
  return series;
}

/**
 * Starts a series from a task (its due date is the first date) in the caller's transaction; the
 * task becomes its first occurrence. Returns the history entry that says so.
 */
export async function startSeries(tx: Database, task: TaskRow, input: RecurrenceInput): Promise<TaskActivityEntry> {
  const startsOn = task.dueDate;
  if (!startsOn) throw badField('dueDate', UI_TEXT.recurrenceNeedsDueDate);
  const { rule, trigger } = checkedRule(input, startsOn);
  const [series] = await tx
    .insert(taskSeries)
    .values({
      organizationId: task.organizationId,
      projectId: task.projectId,
      objectiveId: task.objectiveId,
      title: task.title,
      description: task.description,
      priority: task.priority,
      assignedTo: task.assignedTo,
      createdBy: task.createdBy,
      rule,
      trigger,
      startsOn,
      latestOn: startsOn,
    })
    .returning();
  if (!series) throw new Error('insert returned no row');
  await tx.update(tasks).set({ seriesId: series.id, occurrenceOn: startsOn }).where(eq(tasks.id, task.id));
  return { kind: 'recurrence', from: null, to: seriesLabel(series) };
}

/** Stops a series: it makes no more tasks; the ones it made stay. */
export async function stopSeries(tx: Database, series: TaskSeriesRow): Promise<TaskActivityEntry[]> {
  if (series.endedAt) return [];
  await tx.update(taskSeries).set({ endedAt: new Date(), updatedAt: new Date() }).where(eq(taskSeries.id, series.id));
  return [{ kind: 'recurrence', from: seriesLabel(series), to: null }];
}

/** What "this and the following" carries to the series: the next tasks are made from it. */
export type SeriesTemplate = Partial<Pick<TaskSeriesRow, 'title' | 'description' | 'priority' | 'assignedTo'>>;

/**
 * Changes a running series from one of its tasks on ("this and the following"): the template, and
 * with an `anchor` (a new rule, or the task's due date moved) the series counts again from that
 * date, the task's (a count-ended rule counts that task and the ones after it).
 */
export async function changeSeries(
  tx: Database,
  series: TaskSeriesRow,
  task: TaskRow,
  change: { template: SeriesTemplate; recurrence?: RecurrenceInput; anchor?: string | null },
): Promise<TaskActivityEntry[]> {
  const set: Partial<typeof taskSeries.$inferInsert> = { ...change.template };
  const entries: TaskActivityEntry[] = [];
  if (change.anchor !== undefined) {
    const anchor = change.anchor;
    if (!anchor) throw badField('dueDate', UI_TEXT.recurrenceNeedsDueDate);
    const { rule, trigger } = change.recurrence
      ? checkedRule(change.recurrence, anchor)
      : { rule: series.rule, trigger: series.trigger };
    const [later] = await tx
      .select({ tasks: count() })
      .from(tasks)
      .where(and(eq(tasks.seriesId, series.id), gt(tasks.occurrenceOn, task.occurrenceOn ?? anchor)));
    Object.assign(set, { rule, trigger, startsOn: anchor, made: 1 + (later?.tasks ?? 0) });
    if (task.occurrenceOn === series.latestOn) {
      const [taken] = await tx
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.seriesId, series.id), eq(tasks.occurrenceOn, anchor), ne(tasks.id, task.id)))
        .limit(1);
      if (taken) throw badField('dueDate', UI_TEXT.seriesDateTaken);
      set.latestOn = anchor;
      await tx.update(tasks).set({ occurrenceOn: anchor }).where(eq(tasks.id, task.id));
    }
    const before = seriesLabel(series);
    const after = recurrenceLabel(rule, anchor);
    if (before !== after || trigger !== series.trigger) entries.push({ kind: 'recurrence', from: before, to: after });
  }
  if (Object.keys(set).length > 0) {
    await tx
      .update(taskSeries)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(taskSeries.id, series.id));
  }
  return entries;
}

/**
 * Makes the series' next task in the caller's transaction, the series locked: from its template,
 * due on the rule's next date after `latestOn` (or, with `notBefore`, its first date from that day:
 * a series that fell behind skips the dates it missed). A series past its end is marked ended.
 * Returns the new task, or null (ended, or that date's task exists: another process made it).
 */
export async function makeNextTask(
  db: Database,
  tx: Database,
  series: TaskSeriesRow,
  actorId: string | null,
  notBefore?: string,
): Promise<TaskRow | null> {
  if (series.endedAt) return null;
  let made = series.made;
  // After every date it holds a task for: a task moved before older ones ("this and following")
  // must not make the next date one an older task already has (its insert would conflict forever).
  const [held] = await tx
    .select({ latest: sql<string | null>`max(${tasks.occurrenceOn})::text` })
    .from(tasks)
    .where(eq(tasks.seriesId, series.id));
  const after = held?.latest && held.latest > series.latestOn ? held.latest : series.latestOn;
  let next = nextOccurrence(series.rule, series.startsOn, after, made);
  // A bounded walk: a daily series ten years behind is 3,650 steps of date arithmetic.
  for (let steps = 0; next && notBefore && next < notBefore && steps < 20_000; steps += 1) {
    made += 1;
    next = nextOccurrence(series.rule, series.startsOn, next, made);
  }
  if (!next) {
    await tx.update(taskSeries).set({ endedAt: new Date(), updatedAt: new Date() }).where(eq(taskSeries.id, series.id));
    return null;
  }
  const keeps = series.assignedTo && (await isAssignable(tx, series.organizationId, series.assignedTo));
  const assignee = keeps ? series.assignedTo : null;
  const [created] = await tx
    .insert(tasks)
    .values({
      organizationId: series.organizationId,
      projectId: series.projectId,
      objectiveId: series.objectiveId,
      title: series.title,
      description: series.description,
      priority: series.priority,
      dueDate: next,
      assignedTo: assignee,
      createdBy: series.createdBy,
      seriesId: series.id,
      occurrenceOn: next,
    })
    .onConflictDoNothing({ target: [tasks.seriesId, tasks.occurrenceOn] })
    .returning();
  // The series moves on whether or not the date's task was new, so it can never stall on one date.
  await tx
    .update(taskSeries)
    .set({ latestOn: next, made: made + 1, updatedAt: new Date() })
    .where(eq(taskSeries.id, series.id));
  if (!created) return null;
  await recordTaskActivity(tx, created, actorId, [{ kind: 'created', to: created.title }]);
  await publish(db, tx, taskCreated(created, actorId));
  return created;
}

/**
 * After a task of a series is completed (in that transaction): its series' next task, when the
 * series makes them on completion and this was its newest task.
 */
export async function nextTaskAfterCompletion(
  db: Database,
  tx: Database,
  task: TaskRow,
  actorId: string,
): Promise<TaskRow | null> {
  if (!task.seriesId) return null;
  const series = await lockSeries(tx, task.seriesId);
  if (!series || series.trigger !== 'completion' || series.latestOn !== task.occurrenceOn) return null;
  return makeNextTask(db, tx, series, actorId);
}

/** The running series of a task, if it has one: its lock is the caller's transaction's. */
export async function runningSeriesOf(tx: Database, task: TaskRow): Promise<TaskSeriesRow | undefined> {
  if (!task.seriesId) return undefined;
  const series = await lockSeries(tx, task.seriesId);
  return series && !series.endedAt ? series : undefined;
}
