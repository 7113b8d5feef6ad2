import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { objectives, projects, tasks } from '../../db/schema/index.js';
import { qualified } from '../../lib/sql.js';

/**
 * Progress and counts over a project's or an objective's tasks, computed in the list query
 * (ARCHITECTURE.md, "Work: projects, objectives, tasks"): a lateral subquery per row reading one range of
 * tasks_project_progress_idx or tasks_objective_progress_idx. Progress is the rounded average
 * (PostgreSQL rounds halves away from zero, as Math.round does for these non-negative values), 0
 * with no tasks. Join it with crossJoinLateral: an aggregate without GROUP BY always gives one row.
 */
export function taskTotals(db: Database, taskColumn: AnyPgColumn, outerId: AnyPgColumn) {
  return db
    .select({
      progress: sql<number>`coalesce(round(avg(${qualified(tasks.progress)})), 0)::int`.as('progress'),
      taskCount: sql<number>`count(*)::int`.as('task_count'),
      completedTaskCount: sql<number>`(count(*) filter (where ${qualified(tasks.status)} = 'completed'))::int`.as(
        'completed_task_count',
      ),
    })
    .from(tasks)
    .where(sql`${qualified(taskColumn)} = ${qualified(outerId)}`)
    .as('task_totals');
}

/** The outer project row's objective count, over objectives_project_created_idx. */
export const objectiveCount: SQL<number> = sql<number>`(
  select count(*) from ${objectives} where ${qualified(objectives.projectId)} = ${qualified(projects.id)}
)`.mapWith(Number);
