import { type MyTasksFilter, TASK_PRIORITIES, TASK_STATUSES, type TaskStats } from '@smart/contracts';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { tasks } from '../../db/schema/index.js';
import { countsByValue } from '../../lib/counts.js';
import { forbidden } from '../../lib/errors.js';
import {
  type Actor,
  hasFlag,
  inScope,
  isAdvisor,
  organizationScope,
  organizationsWorkedFor,
} from '../../lib/tenancy.js';
import type { TaskRecord } from './presenter.js';
import { selectTaskRecords } from './service.js';

/**
 * The tasks an actor reaches outside one project: an advisor's are those assigned to it in the
 * organizations it acts in now; everyone else's are in the organizations it works on (its own, or
 * all for admin) and only with canManageProjects. My Tasks, the stats and My work read through it.
 */
export function reachableTasks(actor: Actor): SQL {
  if (isAdvisor(actor)) {
    return and(eq(tasks.assignedTo, actor.id), organizationsWorkedFor(actor, tasks.organizationId)) as SQL;
  }
  return hasFlag(actor, 'canManageProjects') ? organizationsWorkedFor(actor, tasks.organizationId) : sql`false`;
}

/**
 * GET /api/tasks/my-tasks: the tasks assigned to the actor (or created by it), by due date with
 * undated ones last, each with its project and objective: one query.
 */
export function listMyTasks(db: Database, actor: Actor, filter: MyTasksFilter): Promise<TaskRecord[]> {
  const mine = filter === 'created' ? eq(tasks.createdBy, actor.id) : eq(tasks.assignedTo, actor.id);
  return selectTaskRecords(db)
    .where(and(mine, reachableTasks(actor)))
    .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(tasks.createdAt), asc(tasks.id));
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
