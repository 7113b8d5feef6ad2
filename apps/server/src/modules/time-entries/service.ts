import {
  type createTimeEntryBody,
  domainEvent,
  MAX_MINUTES_PER_DAY,
  MAX_STATEMENT_ENTRIES,
  MAX_TIME_ENTRY_MINUTES,
  type TimeRecordType,
  type timeEntryFilters,
  type timeEntryListQuery,
  timerDayFullMessage,
  type timeSummaryQuery,
  type timesheetPdfQuery,
  type timesheetQuery,
  UI_TEXT,
  type updateTimeEntryBody,
} from '@smart/contracts';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import {
  objectives,
  organizations,
  projects,
  runningTimers,
  type TimeEntryRow,
  tasks,
  tickets,
  timeEntries,
  users,
} from '../../db/schema/index.js';
import { publish } from '../../events/stream.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { type KeysetWalk, keysetBatches, keysetTerms, selectWalk } from '../../lib/keyset.js';
import { orderFor, type Page, paginate } from '../../lib/paging.js';
import { actorReader, readableObjectives, readableProjects } from '../../lib/read-rules/index.js';
import { type Actor, accessIn, canActInOrganization, seesAllOrganizations } from '../../lib/tenancy.js';
import { localDateOf } from '../../lib/time-zones.js';
import { userSummaryOf } from '../people/index.js';
import { readableTask } from '../tasks/index.js';
import { readableTicket } from '../tickets/index.js';
import { lockDaysOf, minutesOnDay, requireRoomInDay } from './day-cap.js';
import { entryLocked, requireOpenDay } from './period-lock.js';
import {
  canChangeTimeEntry,
  canRecordTimeOnTask,
  canRecordTimeOnTicket,
  leadsTimeIn,
  readsAllTimeIn,
} from './policy.js';

/** The task or ticket time is spent on, once the caller may read it. */
interface TimeRecord {
  recordType: TimeRecordType;
  id: string;
  organizationId: string;
  title: string;
  /** Whether the caller may record time on it (policy.ts). */
  mayRecord: boolean;
}

/** The record, or 404 where the caller may not read it (another organization's, an advisor's unassigned task). */
export async function readableTimeRecord(
  db: Database,
  actor: Actor,
  recordType: TimeRecordType,
  recordId: string,
): Promise<TimeRecord> {
  const of = ({ id, organizationId, title }: Omit<TimeRecord, 'recordType' | 'mayRecord'>, mayRecord: boolean) => ({
    recordType,
    id,
    organizationId,
    title,
    mayRecord,
  });
  if (recordType === 'task') {
    const { task, access } = await readableTask(db, actor, recordId);
    return of(task, canRecordTimeOnTask(access, task));
  }
  const { ticket, access } = await readableTicket(db, actor, recordId);
  return of(ticket, canRecordTimeOnTicket(access, ticket));
}

/** The record the caller records time on: 404 when it may not read it, 403 when it may not change it. */
async function recordToTimeOn(db: Database, actor: Actor, recordType: TimeRecordType, recordId: string) {
  const record = await readableTimeRecord(db, actor, recordType, recordId);
  if (!record.mayRecord) throw forbidden();
  return record;
}

/** The columns naming the record: the one its type uses. */
const recordColumns = (record: Pick<TimeRecord, 'recordType' | 'id'>) =>
  record.recordType === 'task' ? { taskId: record.id, ticketId: null } : { taskId: null, ticketId: record.id };

// ---- reading ----------------------------------------------------------------------------------

/** An entry as the API shows it: with its record's title and its person. */
export function selectTimeEntryRecords(db: Database) {
  return db
    .select({
      entry: timeEntries,
      recordTitle: sql<string>`coalesce(${tasks.title}, ${tickets.title}, '')`,
      user: userSummaryOf(users),
      locked: entryLocked(),
      organizationName: sql<string>`(select ${organizations.name} from ${organizations} where ${organizations.id} = ${timeEntries.organizationId})`,
    })
    .from(timeEntries)
    .leftJoin(tasks, eq(tasks.id, timeEntries.taskId))
    .leftJoin(tickets, eq(tickets.id, timeEntries.ticketId))
    .leftJoin(users, eq(users.id, timeEntries.userId))
    .$dynamic();
}
export type TimeEntryRecord = Awaited<ReturnType<ReturnType<typeof selectTimeEntryRecords>['execute']>>[number];

async function loadTimeEntryRecord(db: Database, id: string): Promise<TimeEntryRecord> {
  const [row] = await selectTimeEntryRecords(db).where(eq(timeEntries.id, id)).limit(1);
  if (!row) throw notFound(UI_TEXT.timeEntryNotFound);
  return row;
}

type ListQuery = z.output<typeof timeEntryListQuery>;
/** The list's filters (its page aside): GET /api/time-entries and its CSV export. */
type TimeEntryFilters = z.output<typeof timeEntryFilters>;

/** The entries' order: newest day first, then the newest entry of the day. */
export const TIME_ENTRY_LIST_ORDER = [timeEntries.date, timeEntries.createdAt, timeEntries.id];

/**
 * The entries a list of them holds, shared by GET /api/time-entries and its CSV export: a
 * record's for whoever reads the record; otherwise the caller's own, and for X's org_admin
 * (admin: everyone's) its organization's; then the filters.
 */
export async function timeEntryListWhere(db: Database, actor: Actor, query: TimeEntryFilters) {
  return and(await readableEntries(db, actor, query), ...filtersOf(query));
}

/** GET /api/time-entries: newest day first. */
export async function listTimeEntries(db: Database, actor: Actor, query: ListQuery): Promise<Page<TimeEntryRecord>> {
  const where = await timeEntryListWhere(db, actor, query);
  return paginate(query, {
    count: async () =>
      (
        await db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(timeEntries)
          .where(where)
      )[0]?.total ?? 0,
    rows: (window) =>
      selectTimeEntryRecords(db)
        .where(where)
        .orderBy(...orderFor(window, TIME_ENTRY_LIST_ORDER, true))
        .offset(window.offset)
        .limit(window.limit),
  });
}

async function readableEntries(db: Database, actor: Actor, query: TimeEntryFilters): Promise<SQL | undefined> {
  if (query.recordType && query.recordId) {
    const record = await readableTimeRecord(db, actor, query.recordType, query.recordId);
    return record.recordType === 'task' ? eq(timeEntries.taskId, record.id) : eq(timeEntries.ticketId, record.id);
  }
  if (seesAllOrganizations(actor)) return undefined;
  // An organization the caller reads all time of: its filter alone scopes the list, so the count
  // reads that organization's index only, not the caller's own entries beside it.
  if (query.organizationId && readsAllTimeIn(actor, query.organizationId)) return undefined;
  const own = eq(timeEntries.userId, actor.id);
  if (actor.organizationId && readsAllTimeIn(actor, actor.organizationId)) {
    return sql`(${own} or ${eq(timeEntries.organizationId, actor.organizationId)})`;
  }
  return own;
}

const filtersOf = (query: TimeEntryFilters) => [
  query.userId ? eq(timeEntries.userId, query.userId) : undefined,
  query.organizationId ? eq(timeEntries.organizationId, query.organizationId) : undefined,
  query.from ? gte(timeEntries.date, query.from) : undefined,
  query.to ? lte(timeEntries.date, query.to) : undefined,
];

// ---- totals -----------------------------------------------------------------------------------

const minutesSum = sql<number>`coalesce(sum(${timeEntries.minutes}), 0)`.mapWith(Number);
const billableSum =
  sql<number>`coalesce(sum(${timeEntries.minutes}) filter (where ${timeEntries.billable}), 0)`.mapWith(Number);

/**
 * GET /api/time-entries/summary: the minutes on a task or ticket (over its own index), or on the
 * tasks of an objective or project; an advisor, which sees only the tasks assigned to it there,
 * gets their time only. One sum, billable and in all.
 */
export async function summarizeTime(db: Database, actor: Actor, query: z.output<typeof timeSummaryQuery>) {
  const totals = { minutes: minutesSum, billableMinutes: billableSum };
  if (query.recordType === 'task' || query.recordType === 'ticket') {
    const record = await readableTimeRecord(db, actor, query.recordType, query.recordId);
    const [row] = await db
      .select(totals)
      .from(timeEntries)
      .where(record.recordType === 'task' ? eq(timeEntries.taskId, record.id) : eq(timeEntries.ticketId, record.id));
    return row ?? { minutes: 0, billableMinutes: 0 };
  }
  const [holder, readable] =
    query.recordType === 'objective' ? [objectives, readableObjectives] : [projects, readableProjects];
  const [work] = await db
    .select({ organizationId: holder.organizationId, readable: sql<boolean>`${readable(actorReader(actor))}` })
    .from(holder)
    .where(eq(holder.id, query.recordId));
  const missing = query.recordType === 'objective' ? UI_TEXT.objectiveNotFound : UI_TEXT.projectNotFound;
  if (!work) throw notFound(missing);
  const { advisorActsInOrganization } = await accessIn(db, actor, work.organizationId);
  // An advisor acting there sums the tasks assigned to it without reading the project or objective.
  if (!work.readable && !advisorActsInOrganization) throw notFound(missing);
  const [row] = await db
    .select(totals)
    .from(timeEntries)
    .innerJoin(tasks, eq(tasks.id, timeEntries.taskId))
    .where(
      and(
        query.recordType === 'objective' ? eq(tasks.objectiveId, query.recordId) : eq(tasks.projectId, query.recordId),
        advisorActsInOrganization ? eq(tasks.assignedTo, actor.id) : undefined,
      ),
    );
  return row ?? { minutes: 0, billableMinutes: 0 };
}

// ---- the timesheet --------------------------------------------------------------------------------

/**
 * GET /api/time-entries/timesheet: the caller's entries between two days (time_entries_user_date_idx)
 * summed per organization and week (ISO weeks, from Monday) and per month, in one statement with
 * grouping sets; organizations by name.
 */
export async function readTimesheet(db: Database, actor: Actor, query: z.output<typeof timesheetQuery>) {
  const week = sql<string>`to_char(date_trunc('week', ${timeEntries.date}), 'YYYY-MM-DD')`;
  const month = sql<string>`to_char(${timeEntries.date}, 'YYYY-MM')`;
  const rows = await db
    .select({
      organizationId: timeEntries.organizationId,
      organizationName: organizations.name,
      week: sql<string | null>`case when grouping(${week}) = 0 then ${week} end`,
      month: sql<string | null>`case when grouping(${month}) = 0 then ${month} end`,
      minutes: minutesSum,
      billableMinutes: billableSum,
    })
    .from(timeEntries)
    .innerJoin(organizations, eq(organizations.id, timeEntries.organizationId))
    .where(and(eq(timeEntries.userId, actor.id), gte(timeEntries.date, query.from), lte(timeEntries.date, query.to)))
    .groupBy(
      sql`grouping sets ((${timeEntries.organizationId}, ${organizations.name}, ${week}), (${timeEntries.organizationId}, ${organizations.name}, ${month}), (${timeEntries.organizationId}, ${organizations.name}))`,
    )
    .orderBy(organizations.name, timeEntries.organizationId, week, month);
  return { ...query, rows };
}
export type TimesheetRecord = Awaited<ReturnType<typeof readTimesheet>>;

/**
 * The caller's entries between two days (of one organization when named), oldest first, in keyset
 * batches of `batchRows` (lib/keyset.ts): for the timesheet's CSV and PDF statement. Each batch is
 * one short query, so on PGlite (one query at a time, on the server's own thread) other people's
 * queries take their turn between a long file's batches instead of waiting for the whole of it.
 */
export function timesheetEntryBatches(
  db: Database,
  actor: Actor,
  query: z.output<typeof timesheetQuery>,
  batchRows: number,
): AsyncGenerator<TimeEntryRecord[]> {
  const where = and(
    eq(timeEntries.userId, actor.id),
    gte(timeEntries.date, query.from),
    lte(timeEntries.date, query.to),
    query.organizationId ? eq(timeEntries.organizationId, query.organizationId) : undefined,
  );
  return keysetBatches(timeEntryWalk(db, where, batchRows));
}

/** Time entries matching `where` as a keyset walk in the list's order (newest first when `descending`): the timesheet's files and the CSV export. */
export function timeEntryWalk(
  db: Database,
  where: SQL | undefined,
  batchRows: number,
  descending = false,
): KeysetWalk<TimeEntryRecord> {
  return selectWalk(db, {
    select: selectTimeEntryRecords,
    where,
    terms: keysetTerms(TIME_ENTRY_LIST_ORDER, descending),
    batchRows,
    table: timeEntries,
    idOf: (record) => record.entry.id,
  });
}

/**
 * GET /api/time-entries/timesheet.pdf: the caller's entries in one organization between two days
 * (at most MAX_STATEMENT_ENTRIES; read in batches), and the organization's name: read from those
 * entries, else from the organization when the caller may act in it (an empty statement). Any
 * other organization is a 404: its name is not the caller's to learn (docs/decisions/0186).
 */
export async function timesheetStatement(
  db: Database,
  actor: Actor,
  query: z.output<typeof timesheetPdfQuery>,
  batchRows: number,
) {
  const entries: TimeEntryRecord[] = [];
  for await (const batch of timesheetEntryBatches(db, actor, query, batchRows)) {
    entries.push(...batch);
    if (entries.length > MAX_STATEMENT_ENTRIES) throw badRequest(UI_TEXT.statementTooLong);
  }
  const organizationName = entries[0]?.organizationName ?? (await nameOfOrganizationActedIn(db, actor, query));
  return { ...query, organizationName, entries };
}
export type TimesheetStatement = Awaited<ReturnType<typeof timesheetStatement>>;

async function nameOfOrganizationActedIn(db: Database, actor: Actor, { organizationId }: { organizationId: string }) {
  if (await canActInOrganization(db, actor, organizationId)) {
    const [row] = await db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .limit(1);
    if (row) return row.name;
  }
  throw notFound(UI_TEXT.organizationNotFound);
}

// ---- writing ----------------------------------------------------------------------------------

/** `time_entry.created`, in the entry's transaction, with its record's title as it is now. */
async function publishEntryCreated(db: Database, tx: Database, entry: TimeEntryRow, actorId: string) {
  const [recordType, recordId] = recordOf(entry);
  const [record] = await tx
    .select({ title: sql<string>`coalesce(${tasks.title}, ${tickets.title}, '')` })
    .from(timeEntries)
    .leftJoin(tasks, eq(tasks.id, timeEntries.taskId))
    .leftJoin(tickets, eq(tickets.id, timeEntries.ticketId))
    .where(eq(timeEntries.id, entry.id));
  await publish(
    db,
    tx,
    domainEvent('time_entry.created', entry.organizationId, actorId, {
      timeEntryId: entry.id,
      userId: actorId,
      recordType,
      recordId,
      recordTitle: record?.title ?? '',
      date: entry.date,
      minutes: entry.minutes,
      billable: entry.billable,
      note: entry.note || null,
    }),
  );
}

export async function createTimeEntry(
  db: Database,
  actor: Actor,
  body: z.output<typeof createTimeEntryBody>,
): Promise<TimeEntryRecord> {
  const record = await recordToTimeOn(db, actor, body.recordType, body.recordId);
  const id = await db.transaction(async (tx) => {
    await lockDaysOf(tx, actor.id);
    await requireOpenDay(tx, { userId: actor.id, organizationId: record.organizationId, date: body.date });
    await requireRoomInDay(tx, { userId: actor.id, date: body.date, minutes: body.minutes });
    const [row] = await tx
      .insert(timeEntries)
      .values({
        organizationId: record.organizationId,
        userId: actor.id,
        recordType: record.recordType,
        ...recordColumns(record),
        date: body.date,
        minutes: body.minutes,
        note: body.note,
        billable: body.billable,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await publishEntryCreated(db, tx, row, actor.id);
    return row.id;
  });
  return loadTimeEntryRecord(db, id);
}

/**
 * The entry the caller may change (policy.ts, canChangeTimeEntry): 404 when it may not read the
 * entry's record (now: another organization's, an assignment ended), 403 when it reads it but may
 * not change the entry, saying why when the entry is its own (too old, or it no longer records on
 * the record). X's org_admin and admin change X's entries without reading the record.
 */
async function changeableEntry(db: Database, actor: Actor, id: string): Promise<TimeEntryRow> {
  const [entry] = await db.select().from(timeEntries).where(eq(timeEntries.id, id)).limit(1);
  if (!entry) throw notFound(UI_TEXT.timeEntryNotFound);
  if (leadsTimeIn(actor, entry.organizationId)) return entry;
  const record = await readableTimeRecord(db, actor, ...recordOf(entry)).catch(() => {
    throw notFound(UI_TEXT.timeEntryNotFound);
  });
  if (canChangeTimeEntry(actor, entry, record.mayRecord)) return entry;
  if (entry.userId !== actor.id) throw forbidden();
  throw forbidden(record.mayRecord ? UI_TEXT.timeEntryTooOld : UI_TEXT.timeRecordingEnded);
}

/** The record an entry or a timer is on: its type and id. */
const recordOf = (row: Pick<TimeEntryRow, 'taskId' | 'ticketId'>): [TimeRecordType, string] =>
  row.taskId ? ['task', row.taskId] : ['ticket', row.ticketId as string];

export async function updateTimeEntry(
  db: Database,
  actor: Actor,
  id: string,
  body: z.output<typeof updateTimeEntryBody>,
): Promise<TimeEntryRecord> {
  const entry = await changeableEntry(db, actor, id);
  await db.transaction(async (tx) => {
    // Its person's day counts (an org_admin changing a member's entry checks the member's), read
    // again under the lock: the entry may have changed since. Neither its day nor a new one may lie
    // in submitted or approved time (period-lock.ts).
    if (entry.userId) {
      const userId = entry.userId;
      await lockDaysOf(tx, userId);
      const [now] = await tx
        .select({ date: timeEntries.date, minutes: timeEntries.minutes })
        .from(timeEntries)
        .where(eq(timeEntries.id, entry.id));
      if (!now) throw notFound(UI_TEXT.timeEntryNotFound);
      const date = body.date ?? now.date;
      for (const day of new Set([now.date, date])) {
        await requireOpenDay(tx, { userId, organizationId: entry.organizationId, date: day });
      }
      if (body.minutes !== undefined || body.date !== undefined) {
        const minutes = body.minutes ?? now.minutes;
        const before = date === now.date ? now.minutes : undefined;
        await requireRoomInDay(tx, { userId, date, minutes, exceptId: entry.id, before });
      }
    }
    await tx
      .update(timeEntries)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(timeEntries.id, entry.id));
  });
  return loadTimeEntryRecord(db, entry.id);
}

export async function deleteTimeEntry(db: Database, actor: Actor, id: string): Promise<void> {
  const entry = await changeableEntry(db, actor, id);
  await db.transaction(async (tx) => {
    if (entry.userId) {
      await lockDaysOf(tx, entry.userId);
      await requireOpenDay(tx, { userId: entry.userId, organizationId: entry.organizationId, date: entry.date });
    }
    await tx.delete(timeEntries).where(eq(timeEntries.id, entry.id));
  });
}

// ---- the timer --------------------------------------------------------------------------------

/** The caller's running timer with its record's title, or null. */
export async function readRunningTimer(db: Database, actor: Actor) {
  const [row] = await db
    .select({ timer: runningTimers, recordTitle: sql<string>`coalesce(${tasks.title}, ${tickets.title}, '')` })
    .from(runningTimers)
    .leftJoin(tasks, eq(tasks.id, runningTimers.taskId))
    .leftJoin(tickets, eq(tickets.id, runningTimers.ticketId))
    .where(eq(runningTimers.userId, actor.id))
    .limit(1);
  return row ?? null;
}
export type RunningTimerRecord = NonNullable<Awaited<ReturnType<typeof readRunningTimer>>>;

/** Starts the caller's one timer: 409 while another runs (the key is the person). */
export async function startTimer(
  db: Database,
  actor: Actor,
  recordType: TimeRecordType,
  recordId: string,
): Promise<RunningTimerRecord> {
  const record = await recordToTimeOn(db, actor, recordType, recordId);
  const started = await db
    .insert(runningTimers)
    .values({ userId: actor.id, organizationId: record.organizationId, recordType, ...recordColumns(record) })
    .onConflictDoNothing()
    .returning({ userId: runningTimers.userId });
  if (started.length === 0) throw conflict(UI_TEXT.timerAlreadyRunning);
  const timer = await readRunningTimer(db, actor);
  if (!timer) throw notFound(UI_TEXT.timerNotRunning);
  return timer;
}

/** What stopping the timer came to: its entry, or the timer discarded with the refusal to answer. */
export type TimerStop = { entry: TimeEntryRecord } | { discarded: AppError };

/**
 * Stops the caller's timer: its time, in whole minutes (at least one, at most what is left of the
 * person's day), becomes an entry dated the day it started in the person's zone. Taking the timer
 * row and writing the entry is one transaction, so two stops at once make one entry; a day already
 * full is a 409 that rolls it back, and the timer keeps running (docs/decisions/0193). A timer on a
 * record the caller may no longer record on (its assignment ended, it left the organization, the
 * task was handed over) is discarded, no entry made: 404 where it no longer reads the record, else
 * 403, both saying so (docs/decisions/0207).
 */
export async function stopTimer(db: Database, actor: Actor, now = new Date()): Promise<TimerStop> {
  const [running] = await db.select().from(runningTimers).where(eq(runningTimers.userId, actor.id)).limit(1);
  if (!running) throw notFound(UI_TEXT.timerNotRunning);
  const refusal = await recordingRefusal(db, actor, recordOf(running));
  if (refusal) {
    // This timer only: one started since (on a record still allowed) keeps running.
    await db
      .delete(runningTimers)
      .where(and(eq(runningTimers.userId, actor.id), eq(runningTimers.startedAt, running.startedAt)));
    return { discarded: refusal };
  }
  const id = await db.transaction(async (tx) => {
    const [timer] = await tx.delete(runningTimers).where(eq(runningTimers.userId, actor.id)).returning();
    if (!timer) throw notFound(UI_TEXT.timerNotRunning);
    const [person] = await tx.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, actor.id)).limit(1);
    const date = localDateOf(timer.startedAt, person?.timeZone ?? 'UTC');
    await lockDaysOf(tx, actor.id);
    // A day in submitted or approved time refuses the entry: the timer keeps running, as for a full day.
    await requireOpenDay(tx, { userId: actor.id, organizationId: timer.organizationId, date });
    const left = MAX_MINUTES_PER_DAY - (await minutesOnDay(tx, actor.id, date));
    if (left < 1) throw conflict(timerDayFullMessage(date));
    const ran = Math.max(1, Math.round((now.getTime() - timer.startedAt.getTime()) / 60_000));
    const [entry] = await tx
      .insert(timeEntries)
      .values({
        organizationId: timer.organizationId,
        userId: actor.id,
        recordType: timer.recordType,
        taskId: timer.taskId,
        ticketId: timer.ticketId,
        date,
        minutes: Math.min(MAX_TIME_ENTRY_MINUTES, left, ran),
      })
      .returning();
    if (!entry) throw new Error('insert returned no row');
    await publishEntryCreated(db, tx, entry, actor.id);
    return entry.id;
  });
  return { entry: await loadTimeEntryRecord(db, id) };
}

/** Why the caller may no longer record on the record, as the timer's refusal (404 or 403), or null when it may. */
async function recordingRefusal(db: Database, actor: Actor, [recordType, recordId]: [TimeRecordType, string]) {
  try {
    const record = await readableTimeRecord(db, actor, recordType, recordId);
    return record.mayRecord ? null : forbidden(UI_TEXT.timerDiscardedRecordingEnded);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return notFound(UI_TEXT.timerDiscardedRecordingEnded);
    throw error;
  }
}

/** Discards the caller's timer (started by mistake): no entry; 404 when none runs. Nobody else's. */
export async function discardTimer(db: Database, actor: Actor): Promise<void> {
  const discarded = await db
    .delete(runningTimers)
    .where(eq(runningTimers.userId, actor.id))
    .returning({ userId: runningTimers.userId });
  if (discarded.length === 0) throw notFound(UI_TEXT.timerNotRunning);
}
