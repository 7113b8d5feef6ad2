import {
  isTimeZone,
  MY_TASKS_DUE_SOON_DAYS,
  MY_TASKS_SORT_ORDERS,
  type MyTasksDue,
  type MyTasksSort,
  type myTasksQuery,
  sortOrderOf,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TaskStats,
} from '@smart/contracts';
import { and, count, eq, gte, isNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { organizations, projects, tasks, users } from '../../db/schema/index.js';
import { countsByValue } from '../../lib/counts.js';
import { forbidden } from '../../lib/errors.js';
import { type KeysetTerm, keysetOrderBy, termNullsLast } from '../../lib/keyset.js';
import { countWhere, type OrderTerm, type Page, pagination } from '../../lib/paging.js';
import { actorReader, readableTasks } from '../../lib/read-rules/index.js';
import { type Actor, hasFlag, inScope, isAdvisor, organizationScope } from '../../lib/tenancy.js';
import type { TaskRecord } from './presenter.js';
import { selectTaskRecords } from './service.js';

/**
 * The tasks an actor reaches outside one project, those it reads (lib/read-rules readableTasks): an
 * advisor's are those assigned to it in the organizations it acts in now; everyone else's are in the
 * organizations it works on (its own, or all for admin) and only with canManageProjects. My Tasks,
 * the stats and My work read through it.
 */
export const reachableTasks = (actor: Actor): SQL => readableTasks(actorReader(actor));

type MyTasksQuery = z.output<typeof myTasksQuery>;
/** My Tasks' filters and sort, and the export's (its tab optional: every task the caller reaches). */
type TaskFilters = Omit<MyTasksQuery, 'page' | 'limit' | 'filter'> & Partial<Pick<MyTasksQuery, 'filter'>>;

/** What each sort orders by. */
const MY_TASKS_SORT_TERMS: Record<MyTasksSort, OrderTerm> = {
  dueDate: tasks.dueDate,
  title: sql`lower(${tasks.title})`,
  status: tasks.status,
  priority: tasks.priority,
  progress: tasks.progress,
  project: sql`lower(${projects.title})`,
  organization: sql`lower(${organizations.name})`,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
};

/**
 * The sort's term the way the request asks, then what a task list keeps either way: soonest due
 * first, undated last (a date nobody set is not the most urgent), then age and id, so that equal
 * values keep one order.
 */
export function myTasksOrder(query: Pick<TaskFilters, 'sort' | 'order'>): KeysetTerm[] {
  const descending = sortOrderOf(MY_TASKS_SORT_ORDERS, query.sort, query.order) === 'desc';
  return [
    termNullsLast(MY_TASKS_SORT_TERMS[query.sort], descending),
    termNullsLast(tasks.dueDate),
    termNullsLast(tasks.createdAt),
    termNullsLast(tasks.id),
  ];
}

/** The caller's today, in its time zone (UTC when it has none, or one this runtime does not know). */
async function todayOf(db: Database, actor: Actor): Promise<Temporal.PlainDate> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, actor.id)).limit(1);
  const timeZone = row?.timeZone && isTimeZone(row.timeZone) ? row.timeZone : 'UTC';
  return Temporal.Now.plainDateISO(timeZone);
}

/** The due-date filter over the caller's today; overdue leaves out completed tasks (as the stats count them). */
async function dueCondition(db: Database, actor: Actor, due: MyTasksDue | undefined): Promise<SQL | undefined> {
  if (due === undefined) return undefined;
  if (due === 'none') return isNull(tasks.dueDate);
  const today = await todayOf(db, actor);
  if (due === 'overdue') return and(lt(tasks.dueDate, today.toString()), ne(tasks.status, 'completed'));
  if (due === 'today') return eq(tasks.dueDate, today.toString());
  const last = today.add({ days: MY_TASKS_DUE_SOON_DAYS - 1 });
  return and(gte(tasks.dueDate, today.toString()), lte(tasks.dueDate, last.toString()));
}

/**
 * The tasks My Tasks and the tasks export hold: the ones the actor reaches, its own ones of the
 * tab (assigned to it, or created by it) when one is named, filtered by status, due date and
 * organization (the due date over the caller's today, which reads its time zone).
 */
export async function myTasksWhere(db: Database, actor: Actor, query: TaskFilters): Promise<SQL | undefined> {
  const mine =
    query.filter === undefined
      ? undefined
      : query.filter === 'created'
        ? eq(tasks.createdBy, actor.id)
        : eq(tasks.assignedTo, actor.id);
  return and(
    mine,
    reachableTasks(actor),
    query.status ? eq(tasks.status, query.status) : undefined,
    query.organizationId ? eq(tasks.organizationId, query.organizationId) : undefined,
    await dueCondition(db, actor, query.due),
  );
}

/**
 * GET /api/tasks/my-tasks: the tasks assigned to the actor (or created by it) that it reaches,
 * filtered by status, due date and organization, sorted (by due date, undated last, by default),
 * each with its organization, project and objective; a page of them and their count (one more
 * query with a due-date filter, which reads the caller's time zone).
 */
export async function listMyTasks(db: Database, actor: Actor, query: MyTasksQuery): Promise<Page<TaskRecord>> {
  const where = await myTasksWhere(db, actor, query);
  // One person's tasks (the assignee's or creator's index), however many the platform holds; the
  // page and the tab's count at once.
  const [items, total] = await Promise.all([
    selectTaskRecords(db)
      .where(where)
      .orderBy(...keysetOrderBy(myTasksOrder(query)))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    countWhere(db, tasks, where),
  ]);
  return { items, pagination: pagination(query, total) };
}

/** Not completed and due before today (the database's date). */
const overdue =
  sql<number>`count(*) filter (where ${tasks.dueDate} < current_date and ${tasks.status} <> 'completed')`.mapWith(
    Number,
  );

/**
 * GET /api/tasks/stats: tasks by status and priority, and the overdue ones, in the caller's scope:
 * its organization's (an admin's: every one, or the one it names); an advisor's assigned tasks.
 * One grouped query.
 */
export async function taskStats(db: Database, actor: Actor, organizationId?: string): Promise<TaskStats> {
  const scope = isAdvisor(actor)
    ? sql`true`
    : inScope(await organizationScope(db, actor, organizationId), tasks.organizationId);
  if (!isAdvisor(actor) && !hasFlag(actor, 'canManageProjects')) throw forbidden();
  const rows = await db
    .select({ status: tasks.status, priority: tasks.priority, total: count(), overdue })
    .from(tasks)
    .where(and(scope, reachableTasks(actor)))
    .groupBy(tasks.status, tasks.priority);
  const of = (key: 'status' | 'priority') => rows.map((row) => ({ value: row[key], total: row.total }));
  return {
    total: rows.reduce((sum, row) => sum + row.total, 0),
    byStatus: countsByValue(TASK_STATUSES, of('status')),
    byPriority: countsByValue(TASK_PRIORITIES, of('priority')),
    overdue: rows.reduce((sum, row) => sum + row.overdue, 0),
  };
}
