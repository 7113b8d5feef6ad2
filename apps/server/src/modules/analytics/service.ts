import {
  ANALYTICS_DEFAULT_WEEKS,
  ANALYTICS_PROJECTS_SHOWN,
  type analyticsQuery,
  analyticsRangeProblem,
  isTimeZone,
  TICKET_PRIORITIES,
  UI_TEXT,
} from '@smart/contracts';
import { and, asc, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Temporal } from 'temporal-polyfill';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import {
  organizations,
  projects,
  taskActivity,
  taskCompletion,
  tasks,
  ticketActivity,
  ticketResolvedAt,
  ticketResponse,
  tickets,
  timeEntries,
  users,
} from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/tenancy.js';
import { taskTotals } from '../projects/index.js';
import { type AnalyticsScope, analyticsScope } from './policy.js';

/**
 * GET /api/analytics: every figure computed in SQL, one statement per group of figures,
 * the groups run together. Each reads an organization-first index for one organization (so its
 * cost is that organization's rows, whatever the others hold), or a range of a time-first index
 * for the whole platform (docs/decisions/0187-analytics-figures.md). Days are the caller's: an instant
 * counts on its day in the caller's zone, weeks start on Monday.
 */

type AnalyticsQuery = z.output<typeof analyticsQuery>;

/** The days asked for, with the caller's zone and today there. */
export interface AnalyticsRange {
  from: string;
  to: string;
  today: string;
  timeZone: string;
}

const EARLIEST_DAY = Temporal.PlainDate.from('0001-01-01');

/**
 * The range: `to` defaults to today in the caller's zone, `from` to the Monday ANALYTICS_DEFAULT_WEEKS - 1
 * weeks before the week of `to`; 400 when the result is backwards or too long.
 */
export function analyticsRange(
  query: Pick<AnalyticsQuery, 'from' | 'to'>,
  timeZone: string,
  today = Temporal.Now.plainDateISO(timeZone),
): AnalyticsRange {
  const to = query.to ?? today.toString();
  const from = query.from ?? defaultStart(Temporal.PlainDate.from(to));
  const problem = analyticsRangeProblem(from, to);
  if (problem) throw badRequest(problem);
  return { from, to, today: today.toString(), timeZone };
}

function defaultStart(to: Temporal.PlainDate): string {
  const monday = to.subtract({ days: to.dayOfWeek - 1, weeks: ANALYTICS_DEFAULT_WEEKS - 1 });
  // PostgreSQL has no year 0: a range asked to end in the first days of the year 1 starts there.
  return (Temporal.PlainDate.compare(monday, EARLIEST_DAY) < 0 ? EARLIEST_DAY : monday).toString();
}

/** The scope as a condition on a table's organization column. */
const inScope = (scope: AnalyticsScope, column: AnyPgColumn): SQL =>
  scope.kind === 'all' ? sql`true` : eq(column, scope.organizationId);

/** SQL for the range's bounds and days, in the caller's zone. */
function rangeSql({ from, to, timeZone }: AnalyticsRange) {
  const start = sql`(${from}::date::timestamp at time zone ${timeZone})`;
  const end = sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`;
  return {
    /** The first instant of the range's first day. */
    start,
    /** The instant column falls on one of the range's days (a range of the column's index). */
    within: (instant: SQL | AnyPgColumn) => sql`${instant} >= ${start} and ${instant} < ${end}`,
    /** The Monday of the instant's week, on the caller's calendar. */
    weekOf: (instant: SQL | AnyPgColumn) => sql`date_trunc('week', ${instant} at time zone ${timeZone})::date`,
    /** Every Monday from the range's first week to its last. */
    weeks: sql`select week::date as week from generate_series(date_trunc('week', ${from}::date::timestamp),
      ${to}::date::timestamp, interval '1 week') as week`,
  };
}

/** The priorities as one filtered count each, named `<prefix>_<priority>`. */
const priorityCounts = (prefix: string) =>
  sql.join(
    TICKET_PRIORITIES.map(
      (priority) =>
        sql`(count(*) filter (where ${tickets.priority} = ${priority}))::int as ${sql.identifier(`${prefix}_${priority}`)}`,
    ),
    sql`, `,
  );
const priorityColumns = (prefix: string) =>
  sql.join(
    TICKET_PRIORITIES.map((priority) => {
      const name = sql.identifier(`${prefix}_${priority}`);
      return sql`coalesce(${sql.identifier(prefix)}.${name}, 0) as ${name}`;
    }),
    sql`, `,
  );

export interface WeekRow extends Record<string, string | number> {
  weekStart: string;
  tasksCreated: number;
  tasksCompleted: number;
}

/**
 * Per week of the range: tasks created, tasks moved to completed (distinct tasks, from their
 * history), tickets opened and resolved per priority. One statement: four range scans grouped by
 * week, joined to the weeks' series.
 */
async function weekly(db: Database, scope: AnalyticsScope, range: AnalyticsRange): Promise<WeekRow[]> {
  const { within, weekOf, weeks } = rangeSql(range);
  const resolvedAt = ticketResolvedAt(tickets);
  const { rows } = (await db.execute(sql`
    with weeks as (${weeks}),
    created as (
      select ${weekOf(tasks.createdAt)} as week, count(*)::int as n from ${tasks}
      where ${inScope(scope, tasks.organizationId)} and ${within(tasks.createdAt)} group by 1),
    completed as (
      select ${weekOf(taskActivity.createdAt)} as week, count(distinct ${taskActivity.taskId})::int as n
      from ${taskActivity}
      where ${inScope(scope, taskActivity.organizationId)} and ${taskCompletion(taskActivity)}
        and ${within(taskActivity.createdAt)}
      group by 1),
    opened as (
      select ${weekOf(tickets.createdAt)} as week, ${priorityCounts('opened')} from ${tickets}
      where ${inScope(scope, tickets.organizationId)} and ${within(tickets.createdAt)} group by 1),
    resolved as (
      select ${weekOf(resolvedAt)} as week, ${priorityCounts('resolved')} from ${tickets}
      where ${inScope(scope, tickets.organizationId)} and ${resolvedAt} is not null and ${within(resolvedAt)}
      group by 1)
    select to_char(weeks.week, 'YYYY-MM-DD') as "weekStart", coalesce(created.n, 0) as "tasksCreated",
      coalesce(completed.n, 0) as "tasksCompleted", ${priorityColumns('opened')}, ${priorityColumns('resolved')}
    from weeks left join created using (week) left join completed using (week)
      left join opened using (week) left join resolved using (week)
    order by weeks.week`)) as unknown as { rows: WeekRow[] };
  return rows;
}

export interface HeadlineRow {
  overdueTasks: number;
  opened: number;
  responded: number;
  resolved: number;
  medianFirstResponseSeconds: number | null;
  medianResolutionSeconds: number | null;
}

/**
 * The headline figures: open tasks past due today, and of the tickets opened in the range how many
 * were answered and resolved, with the median times. A ticket's first response is the first
 * comment or status change by someone other than its creator: the answers are read from a range of
 * ticket_activity's response index (none can come before the range began) and joined to the
 * tickets, never looked up ticket by ticket.
 */
async function headline(db: Database, scope: AnalyticsScope, range: AnalyticsRange): Promise<HeadlineRow> {
  const { within, start } = rangeSql(range);
  const median = (interval: SQL) =>
    sql`round(percentile_cont(0.5) within group (order by extract(epoch from ${interval})::float8))::int`;
  // Two one-row aggregates side by side, not the tickets joined to their answers: that join's
  // estimate (rows times rows) made PostgreSQL compile the statement (JIT, a second at platform size).
  const { rows } = (await db.execute(sql`
    with opened as materialized (
      select ${tickets.id} as id, ${tickets.createdBy} as created_by, ${tickets.createdAt} as created_at,
        ${ticketResolvedAt(tickets)} as resolved_at
      from ${tickets}
      where ${inScope(scope, tickets.organizationId)} and ${within(tickets.createdAt)}),
    responses as (
      select min(${ticketActivity.createdAt}) - opened.created_at as waited
      from ${ticketActivity} join opened on opened.id = ${ticketActivity.ticketId}
      where ${inScope(scope, ticketActivity.organizationId)} and ${ticketResponse(ticketActivity)}
        and ${ticketActivity.createdAt} >= ${start} and ${ticketActivity.actorId} is distinct from opened.created_by
      group by ${ticketActivity.ticketId}, opened.created_at)
    select
      (select count(*)::int from ${tasks} where ${inScope(scope, tasks.organizationId)}
        and ${tasks.status} <> 'completed' and ${tasks.dueDate} < ${range.today}::date) as "overdueTasks",
      raised.opened as "opened", answers.responded as "responded", raised.resolved as "resolved",
      answers.median as "medianFirstResponseSeconds", raised.median as "medianResolutionSeconds"
    from (select count(*)::int as opened, count(resolved_at)::int as resolved,
            ${median(sql`resolved_at - created_at`)} as median from opened) as raised,
      (select count(*)::int as responded, ${median(sql`waited`)} as median from responses) as answers`)) as unknown as {
    rows: HeadlineRow[];
  };
  const [row] = rows;
  if (!row) throw new Error('The headline figures gave no row');
  return row;
}

/** Tickets opened in the range per category (the categories without any: countsByValue). */
function categories(db: Database, scope: AnalyticsScope, range: AnalyticsRange) {
  return db
    .select({ value: tickets.category, total: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(inScope(scope, tickets.organizationId), rangeSql(range).within(tickets.createdAt)))
    .groupBy(tickets.category);
}

const CLOSED_PROJECT_STATUSES = ['completed', 'cancelled'] as const;

/**
 * Project progress: the open projects, soonest due first (undated last), at most
 * ANALYTICS_PROJECTS_SHOWN, each with its progress over its tasks (one range of
 * tasks_project_progress_idx), and how many open projects there are in all.
 */
function projectProgress(db: Database, scope: AnalyticsScope) {
  const open = and(inScope(scope, projects.organizationId), notInArray(projects.status, [...CLOSED_PROJECT_STATUSES]));
  const totals = taskTotals(db, tasks.projectId, projects.id);
  return db
    .select({
      id: projects.id,
      title: projects.title,
      organizationName: organizations.name,
      status: projects.status,
      dueDate: projects.dueDate,
      progress: totals.progress,
      taskCount: totals.taskCount,
      completedTaskCount: totals.completedTaskCount,
      total: sql<number>`(select count(*)::int from ${projects} where ${open})`,
    })
    .from(projects)
    .innerJoin(organizations, eq(organizations.id, projects.organizationId))
    .crossJoinLateral(totals)
    .where(open)
    .orderBy(sql`${projects.dueDate} asc nulls last`, asc(projects.id))
    .limit(ANALYTICS_PROJECTS_SHOWN);
}

export interface MonthRow {
  month: string;
  minutes: number;
  billableMinutes: number;
}

/** The time advisors recorded in the organization (or anywhere) per month of the range, billable apart. */
async function advisorHours(db: Database, scope: AnalyticsScope, range: AnalyticsRange): Promise<MonthRow[]> {
  const { rows } = (await db.execute(sql`
    with months as (
      select month::date as month from generate_series(date_trunc('month', ${range.from}::date::timestamp),
        ${range.to}::date::timestamp, interval '1 month') as month),
    spent as (
      select date_trunc('month', ${timeEntries.date}::timestamp)::date as month,
        sum(${timeEntries.minutes})::int as minutes,
        coalesce(sum(${timeEntries.minutes}) filter (where ${timeEntries.billable}), 0)::int as billable
      from ${timeEntries}
      where ${inScope(scope, timeEntries.organizationId)}
        and ${timeEntries.date} between ${range.from}::date and ${range.to}::date
        and ${timeEntries.userId} in (select ${users.id} from ${users} where ${users.role} = 'advisor')
      group by 1)
    select to_char(months.month, 'YYYY-MM') as "month", coalesce(spent.minutes, 0) as "minutes",
      coalesce(spent.billable, 0) as "billableMinutes"
    from months left join spent using (month)
    order by months.month`)) as unknown as { rows: MonthRow[] };
  return rows;
}

export interface SlaMonthRow {
  month: string;
  priority: (typeof TICKET_PRIORITIES)[number];
  firstResponseMet: number;
  firstResponseMissed: number;
  resolutionMet: number;
  resolutionMissed: number;
}

/**
 * Service-level attainment per month (in the caller's zone) and priority of the tickets opened in
 * the range with targets: a target met when its answer came by its due time, missed when it came
 * later or has not come and its due time passed (a paused clock counts at its pause). One range
 * scan of tickets_organization_created_idx.
 */
async function slaAttainment(db: Database, scope: AnalyticsScope, range: AnalyticsRange): Promise<SlaMonthRow[]> {
  const window = rangeSql(range);
  const outcome = (metAt: SQL, dueAt: AnyPgColumn) => ({
    met: sql`(count(*) filter (where ${dueAt} is not null and ${metAt} <= ${dueAt}))::int`,
    missed: sql`(count(*) filter (where ${dueAt} is not null and coalesce(${metAt}, ${tickets.slaPausedAt}, now()) > ${dueAt}))::int`,
  });
  const resolvedAt = sql`coalesce(${tickets.resolvedAt}, ${tickets.closedAt})`;
  const firstResponse = outcome(sql`coalesce(${tickets.firstRespondedAt}, ${resolvedAt})`, tickets.firstResponseDueAt);
  const resolution = outcome(resolvedAt, tickets.resolutionDueAt);
  const { rows } = (await db.execute(sql`
    select to_char(date_trunc('month', ${tickets.createdAt} at time zone ${range.timeZone}), 'YYYY-MM') as "month",
      ${tickets.priority} as "priority",
      ${firstResponse.met} as "firstResponseMet", ${firstResponse.missed} as "firstResponseMissed",
      ${resolution.met} as "resolutionMet", ${resolution.missed} as "resolutionMissed"
    from ${tickets}
    where ${inScope(scope, tickets.organizationId)} and ${window.within(tickets.createdAt)}
      and ${tickets.slaClock} is not null
    group by 1, 2
    order by 1, 2 desc`)) as unknown as { rows: SlaMonthRow[] };
  return rows;
}

/**
 * The caller's zone and the organization's name, in one statement; 404 when an admin names an
 * organization that does not exist.
 */
async function callerContext(db: Database, actor: Actor, scope: AnalyticsScope) {
  const [row] = await db
    .select({
      timeZone: users.timeZone,
      organizationName:
        scope.kind === 'one'
          ? sql<
              string | null
            >`(select ${organizations.name} from ${organizations} where ${organizations.id} = ${scope.organizationId})`
          : sql<null>`null`,
    })
    .from(users)
    .where(eq(users.id, actor.id));
  if (scope.kind === 'one' && !row?.organizationName) throw notFound(UI_TEXT.organizationNotFound);
  const timeZone = row?.timeZone && isTimeZone(row.timeZone) ? row.timeZone : 'UTC';
  return {
    timeZone,
    organization: scope.kind === 'one' ? { id: scope.organizationId, name: row?.organizationName as string } : null,
  };
}

/** GET /api/analytics: who may read what in policy.ts; the session's statement, this one, then five together. */
export async function readAnalytics(db: Database, actor: Actor, query: AnalyticsQuery) {
  const scope = analyticsScope(actor, query.organizationId);
  const { timeZone, organization } = await callerContext(db, actor, scope);
  const range = analyticsRange(query, timeZone);
  const [weeks, figures, categoryRows, projectRows, months, slaMonths] = await Promise.all([
    weekly(db, scope, range),
    headline(db, scope, range),
    categories(db, scope, range),
    projectProgress(db, scope),
    advisorHours(db, scope, range),
    slaAttainment(db, scope, range),
  ]);
  return { organization, range, weeks, figures, categoryRows, projectRows, months, slaMonths };
}
export type AnalyticsRecord = Awaited<ReturnType<typeof readAnalytics>>;
