import {
  OBJECTIVE_STATUSES,
  PROJECT_STATUSES,
  RECURRENCE_TRIGGERS,
  type RecurrenceRule,
  TASK_ACTIVITY_KINDS,
  TASK_STATUSES,
  WORK_PRIORITIES,
} from '@smart/contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { changeColumns, commentColumns, id, organizationColumn, personColumn, timestamps } from './columns.js';
import { organizationKey, sameOrganization, type TenantTable } from './same-organization.js';
import { teams } from './teams.js';

/**
 * Projects, objectives and tasks. Every row carries its
 * organization, so each list is scoped inside its own WHERE, and children reference parents by
 * (organization_id, id) so no row can join two tenants. Creators and assignees are plain user
 * references: admins create for any organization, and advisors (platform staff) take tasks.
 */
export const projectStatusEnum = pgEnum('project_status', PROJECT_STATUSES);
export const objectiveStatusEnum = pgEnum('objective_status', OBJECTIVE_STATUSES);
export const taskStatusEnum = pgEnum('task_status', TASK_STATUSES);
export const workPriorityEnum = pgEnum('work_priority', WORK_PRIORITIES);
export const taskActivityKindEnum = pgEnum('task_activity_kind', TASK_ACTIVITY_KINDS);
export const recurrenceTriggerEnum = pgEnum('recurrence_trigger', RECURRENCE_TRIGGERS);

/** What a work search looks in: "title description". Queries must use this expression for the trigram index. */
export function workSearchText(table: { title: AnyPgColumn; description: AnyPgColumn }): SQL {
  return sql`${table.title} || ' ' || coalesce(${table.description}, '')`;
}

export const projects = pgTable(
  'projects',
  {
    id: id(),
    organizationId: organizationColumn(),
    title: text('title').notNull(),
    description: text('description'),
    status: projectStatusEnum('status').notNull().default('planning'),
    priority: workPriorityEnum('priority').notNull().default('medium'),
    startDate: date('start_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    tags: text('tags').array().notNull().default([]),
    /** A team of the same organization, or none; deleting the team clears it. */
    teamId: uuid('team_id'),
    createdBy: personColumn('created_by'),
    ...timestamps(),
  },
  (table) => [
    index('projects_organization_created_idx').on(table.organizationId, table.createdAt, table.id),
    index('projects_created_idx').on(table.createdAt, table.id),
    // Analytics' project progress: open projects, soonest due first, of one organization or all.
    index('projects_organization_due_idx').on(table.organizationId, table.dueDate, table.id),
    index('projects_due_idx').on(table.dueDate, table.id),
    // Organization first (btree_gin): one organization's search reads its own entries.
    index('projects_organization_search_idx').using(
      'gin',
      table.organizationId,
      sql`(${workSearchText(table)}) gin_trgm_ops`,
    ),
    organizationKey(table),
    sameOrganization(table, 'teamId', (): TenantTable => teams, 'set null'),
    check(
      'projects_dates_check',
      sql`${table.dueDate} is null or ${table.startDate} is null or ${table.dueDate} >= ${table.startDate}`,
    ),
  ],
);

export const objectives = pgTable(
  'objectives',
  {
    id: id(),
    organizationId: uuid('organization_id').notNull(),
    projectId: uuid('project_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    status: objectiveStatusEnum('status').notNull().default('not_started'),
    priority: workPriorityEnum('priority').notNull().default('medium'),
    dueDate: date('due_date', { mode: 'string' }),
    teamId: uuid('team_id'),
    createdBy: personColumn('created_by'),
    ...timestamps(),
  },
  (table) => [
    index('objectives_project_created_idx').on(table.projectId, table.createdAt, table.id),
    index('objectives_search_idx').using('gin', sql`(${workSearchText(table)}) gin_trgm_ops`),
    organizationKey(table),
    /** What a task's (project_id, objective_id) points at: a task's objective is in the task's project. */
    unique('objectives_project_id_id_unique').on(table.projectId, table.id),
    sameOrganization(table, 'projectId', (): TenantTable => projects, 'cascade'),
    sameOrganization(table, 'teamId', (): TenantTable => teams, 'set null'),
  ],
);

/** Where a task sits and what it says: a task's, and a repeating task's series' (its next tasks are made from it). */
function taskPlaceAndText() {
  return {
    organizationId: uuid('organization_id').notNull(),
    /** The objective's project, kept on the row so a project's progress reads one index. */
    projectId: uuid('project_id').notNull(),
    objectiveId: uuid('objective_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
  };
}

/**
 * A repeating task's series (decision 0285): the rule, when its next task comes, and what each next
 * task is made from (its title, description, priority, assignee and objective, changed by "this and
 * the following" edits). Its tasks point at it; `latestOn` is the date of the newest one it made.
 */
export const taskSeries = pgTable(
  'task_series',
  {
    id: id(),
    ...taskPlaceAndText(),
    priority: workPriorityEnum('priority').notNull().default('medium'),
    assignedTo: personColumn('assigned_to'),
    createdBy: personColumn('created_by'),
    rule: jsonb('rule').$type<RecurrenceRule>().notNull(),
    trigger: recurrenceTriggerEnum('trigger').notNull(),
    /** The first due date, which the rule counts from. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    latestOn: date('latest_on', { mode: 'string' }).notNull(),
    /** How many tasks it has made, the first included (a count-ended rule stops there). */
    made: integer('made').notNull().default(1),
    /** When it stopped (deleted or turned off) or ran past its end: it makes no more tasks. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    organizationKey(table),
    sameOrganization(table, 'objectiveId', (): TenantTable => objectives, 'cascade'),
    // The due-date sweep: running series whose newest date is near today, whatever else exists.
    index('task_series_due_idx')
      .on(table.latestOn)
      .where(sql`${table.trigger} = 'due_date' and ${table.endedAt} is null`),
    check('task_series_made_check', sql`${table.made} >= 1`),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    ...taskPlaceAndText(),
    status: taskStatusEnum('status').notNull().default('not_started'),
    priority: workPriorityEnum('priority').notNull().default('medium'),
    dueDate: date('due_date', { mode: 'string' }),
    progress: smallint('progress').notNull().default(0),
    /** A member of the organization or an advisor assigned to it (checked by the service). */
    assignedTo: personColumn('assigned_to'),
    createdBy: personColumn('created_by'),
    /** The series a repeating task belongs to, and the date the series gave it (its due date unless edited). */
    seriesId: uuid('series_id'),
    occurrenceOn: date('occurrence_on', { mode: 'string' }),
    ...timestamps(),
  },
  (table) => [
    // Each of a series' dates makes one task, however many processes try at once.
    unique('tasks_series_occurrence_unique').on(table.seriesId, table.occurrenceOn),
    sameOrganization(table, 'seriesId', (): TenantTable => taskSeries, 'cascade'),
    index('tasks_objective_created_idx').on(table.objectiveId, table.createdAt, table.id),
    // Progress and counts of a project or objective read only these indexes.
    index('tasks_project_progress_idx').on(table.projectId, table.status, table.progress),
    index('tasks_objective_progress_idx').on(table.objectiveId, table.status, table.progress),
    index('tasks_assignee_due_idx').on(table.assignedTo, table.dueDate),
    index('tasks_creator_due_idx').on(table.createdBy, table.dueDate),
    index('tasks_organization_status_idx').on(table.organizationId, table.status, table.dueDate),
    // Analytics: tasks created in a range, of one organization or of all; open tasks
    // past due across the platform.
    index('tasks_organization_created_idx').on(table.organizationId, table.createdAt),
    index('tasks_created_idx').on(table.createdAt),
    index('tasks_open_by_due_idx').on(table.dueDate).where(sql`${table.status} <> 'completed'`),
    // The due-date reminder sweep: open, assigned tasks around today's date, without scanning the rest.
    index('tasks_open_due_idx')
      .on(table.dueDate)
      .where(sql`${table.status} <> 'completed' and ${table.assignedTo} is not null and ${table.dueDate} is not null`),
    index('tasks_organization_search_idx').using(
      'gin',
      table.organizationId,
      sql`(${workSearchText(table)}) gin_trgm_ops`,
    ),
    organizationKey(table),
    sameOrganization(table, 'projectId', (): TenantTable => projects, 'cascade'),
    sameOrganization(table, 'objectiveId', (): TenantTable => objectives, 'cascade'),
    foreignKey({
      name: 'tasks_objective_in_project_fk',
      columns: [table.projectId, table.objectiveId],
      foreignColumns: [objectives.projectId, objectives.id],
    }).onDelete('cascade'),
    check('tasks_progress_check', sql`${table.progress} between 0 and 100 and ${table.progress} % 5 = 0`),
  ],
);

export const taskComments = pgTable(
  'task_comments',
  {
    id: id(),
    organizationId: uuid('organization_id').notNull(),
    taskId: uuid('task_id').notNull(),
    ...commentColumns(),
  },
  (table) => [
    index('task_comments_task_created_idx').on(table.taskId, table.createdAt),
    // A person's own comments in the order written ("Download my data").
    index('task_comments_author_created_idx').on(table.authorId, table.createdAt, table.id),
    sameOrganization(table, 'taskId', (): TenantTable => tasks, 'cascade'),
  ],
);

/** A history entry recording a move to completed. Queries must use this condition for the partial indexes. */
export function taskCompletion(table: { kind: AnyPgColumn; toValue: AnyPgColumn }): SQL {
  return sql`${table.kind} = 'status' and ${table.toValue} = 'completed'`;
}

/** A task's history: who changed what (from → to, as text) and when, written with the change. */
export const taskActivity = pgTable(
  'task_activity',
  {
    id: id(),
    organizationId: uuid('organization_id').notNull(),
    taskId: uuid('task_id').notNull(),
    ...changeColumns(taskActivityKindEnum('kind').notNull()),
  },
  (table) => [
    index('task_activity_task_created_idx').on(table.taskId, table.createdAt),
    // The organization's audit log reads its histories newest first (decision 0185).
    index('task_activity_organization_created_idx').on(table.organizationId, table.createdAt),
    // Analytics' tasks completed per week: the moves to completed in a range, of one
    // organization or of all, counted from the index alone.
    index('task_activity_organization_completed_idx')
      .on(table.organizationId, table.createdAt, table.taskId)
      .where(taskCompletion(table)),
    index('task_activity_completed_idx').on(table.createdAt, table.taskId).where(taskCompletion(table)),
    sameOrganization(table, 'taskId', (): TenantTable => tasks, 'cascade'),
  ],
);

export type ProjectRow = typeof projects.$inferSelect;
export type ObjectiveRow = typeof objectives.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type TaskSeriesRow = typeof taskSeries.$inferSelect;
export type TaskCommentRow = typeof taskComments.$inferSelect;
export type TaskActivityRow = typeof taskActivity.$inferSelect;
