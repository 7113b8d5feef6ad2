import { z } from 'zod';
import { MAX_LONG_TEXT_LENGTH, MAX_SEARCH_LENGTH } from '../limits.js';
import { isCalendarDate } from '../scheduling.js';
import { UI_TEXT } from '../ui-text.js';
import {
  DEFAULT_MY_TASKS_FILTER,
  DEFAULT_MY_TASKS_SORT,
  DEFAULT_PROJECT_STATUS,
  DEFAULT_WORK_PRIORITY,
  MAX_COMMENT_LENGTH,
  MAX_PROGRESS,
  MAX_PROJECT_TAGS,
  MAX_TAG_LENGTH,
  MAX_TITLE_LENGTH,
  MIN_PROGRESS,
  MY_TASKS_DUE,
  MY_TASKS_FILTERS,
  MY_TASKS_PAGE_SIZE,
  MY_TASKS_SORTS,
  OBJECTIVE_STATUSES,
  PROGRESS_STEP,
  PROJECT_STATUSES,
  TASK_ACTIVITY_KINDS,
  TASK_PRIORITIES,
  TASK_STATUSES,
  WORK_DEFAULT_PAGE_SIZE,
  WORK_MAX_PAGE_SIZE,
  WORK_PRIORITIES,
} from '../work.js';
import {
  boundedString,
  countsSchema,
  idSchema,
  optionalText,
  permissionsSchema,
  recordIds,
  requiredLine,
  requiredText,
  singleLine,
  sortOrderSchema,
} from './common.js';
import { mentionsSchema } from './notifications.js';
import { recurrenceInput, SERIES_EDIT_SCOPES, taskRecurrenceSchema } from './recurrence.js';
import { userSummarySchema } from './structure.js';

/**
 * Projects, objectives and tasks. Records carry
 * the caller's `permissions` from the server's work policy; lists carry progress and counts
 * computed in SQL.
 */

// ---- field schemas -------------------------------------------------------------------------

export const projectStatusSchema = z.enum(PROJECT_STATUSES);
export const objectiveStatusSchema = z.enum(OBJECTIVE_STATUSES);
export const taskStatusSchema = z.enum(TASK_STATUSES, { error: UI_TEXT.taskStatusInvalid });
export const workPrioritySchema = z.enum(WORK_PRIORITIES);
export const taskPrioritySchema = z.enum(TASK_PRIORITIES);

/** A real calendar day written YYYY-MM-DD, from the year 1 on (one check with scheduling's dates). */
export const isDateOnly = isCalendarDate;

/** A date-only value (YYYY-MM-DD); '' or null clears it. */
export const dateOnlyField = boundedString(10, UI_TEXT.dateInvalid)
  .refine((value) => value === '' || isDateOnly(value), UI_TEXT.dateInvalid)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** Whether a due date falls before a start date (both date-only strings, which compare as text). */
export const isDueBeforeStart = (startDate: string | null | undefined, dueDate: string | null | undefined) =>
  Boolean(startDate && dueDate && dueDate < startDate);

/** Tags: each trimmed and non-blank, duplicates dropped, at most MAX_PROJECT_TAGS. */
export const tagsField = z
  .array(singleLine(boundedString(MAX_TAG_LENGTH).trim()))
  .max(MAX_PROJECT_TAGS, { error: UI_TEXT.tooManyTags })
  .transform((tags) => [...new Set(tags.filter((tag) => tag !== ''))]);

/** Progress: an integer from 0 to 100 in steps of 5. */
export const progressField = z
  .number({ error: UI_TEXT.progressInvalid })
  .int({ error: UI_TEXT.progressInvalid })
  .min(MIN_PROGRESS, { error: UI_TEXT.progressInvalid })
  .max(MAX_PROGRESS, { error: UI_TEXT.progressInvalid })
  .refine((value) => value % PROGRESS_STEP === 0, UI_TEXT.progressInvalid);

const title = (message: string) => requiredLine(message, MAX_TITLE_LENGTH);
const description = optionalText(MAX_LONG_TEXT_LENGTH);
const teamField = idSchema.nullable().optional();

// ---- records --------------------------------------------------------------------------------

/** A team as a project or objective names it. */
export const teamRefSchema = z.object({ _id: z.string(), name: z.string() });
/** A project or objective as a task names it. */
export const workRefSchema = z.object({ _id: z.string(), title: z.string() });

const recordBase = {
  ...recordIds,
  organizationId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  createdBy: userSummarySchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** Progress and counts over a project's or objective's tasks, computed in the list query. */
const progressFields = {
  /** Rounded average progress of the tasks; 0 with none. */
  progress: z.number().int(),
  taskCount: z.number().int(),
  completedTaskCount: z.number().int(),
};

export const projectSchema = z.object({
  ...recordBase,
  status: projectStatusSchema,
  priority: workPrioritySchema,
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  tags: z.array(z.string()),
  team: teamRefSchema.nullable(),
  ...progressFields,
  objectiveCount: z.number().int(),
  /** canEdit: change the project; canDelete: delete it with everything in it; canAddObjective. */
  permissions: permissionsSchema('canEdit', 'canDelete', 'canAddObjective'),
});
export type Project = z.infer<typeof projectSchema>;

/** A file attached to an objective or a task; download it through GET /api/files/download/{fileName}. */
export const attachmentSchema = z.object({
  ...recordIds,
  fileName: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  url: z.string(),
  uploadedBy: userSummarySchema.nullable(),
  createdAt: z.string(),
  permissions: permissionsSchema('canRemove'),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const objectiveSchema = z.object({
  ...recordBase,
  projectId: z.string(),
  status: objectiveStatusSchema,
  priority: workPrioritySchema,
  dueDate: z.string().nullable(),
  team: teamRefSchema.nullable(),
  ...progressFields,
  /** canEdit, canDelete; canAddTask; canAttach: upload files to it. */
  permissions: permissionsSchema('canEdit', 'canDelete', 'canAddTask', 'canAttach'),
});
export type Objective = z.infer<typeof objectiveSchema>;

/** GET /api/objectives/{id}: the objective with its project and attachments. */
export const objectiveDetailSchema = objectiveSchema.extend({
  project: workRefSchema,
  attachments: z.array(attachmentSchema),
});
export type ObjectiveDetail = z.infer<typeof objectiveDetailSchema>;

export const taskSchema = z.object({
  ...recordBase,
  projectId: z.string(),
  objectiveId: z.string(),
  status: taskStatusSchema,
  priority: taskPrioritySchema,
  dueDate: z.string().nullable(),
  progress: z.number().int(),
  assignedTo: userSummarySchema.nullable(),
  /** The series a repeating task belongs to; null for a task that does not repeat. */
  recurrence: taskRecurrenceSchema.nullable(),
  /**
   * canEdit: title, description, priority, due date, assignee; canDelete; canUpdateProgress: status
   * and progress; canAssignToMe: take the task ('Assign to Me'); canComment; canAttach.
   */
  permissions: permissionsSchema(
    'canEdit',
    'canDelete',
    'canUpdateProgress',
    'canAssignToMe',
    'canComment',
    'canAttach',
  ),
});
export type Task = z.infer<typeof taskSchema>;

export const taskCommentSchema = z.object({
  ...recordIds,
  text: z.string(),
  /** The people the comment mentions (@) who could read the task when it was written. */
  mentions: z.array(z.string()),
  author: userSummarySchema.nullable(),
  createdAt: z.string(),
});
export type TaskComment = z.infer<typeof taskCommentSchema>;

/** One entry of a record's history (tasks, tickets): who changed what, from and to (text), and when. */
export function historyEntrySchema<const Kinds extends readonly [string, ...string[]]>(kinds: Kinds) {
  return z.object({
    ...recordIds,
    kind: z.enum(kinds),
    from: z.string().nullable(),
    to: z.string().nullable(),
    actor: userSummarySchema.nullable(),
    createdAt: z.string(),
  });
}

export const taskActivitySchema = historyEntrySchema(TASK_ACTIVITY_KINDS);
export type TaskActivity = z.infer<typeof taskActivitySchema>;

/** GET /api/tasks/{id}: the task with its project, objective, comments, attachments and history. */
export const taskDetailSchema = taskSchema.extend({
  project: workRefSchema,
  objective: workRefSchema,
  comments: z.array(taskCommentSchema),
  attachments: z.array(attachmentSchema),
  activity: z.array(taskActivitySchema),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

/** GET /api/tasks/my-tasks: a task with its project and objective ("My-tasks item") and its organization's name. */
export const myTaskSchema = taskSchema.extend({
  project: workRefSchema.nullable(),
  objectiveId: workRefSchema.nullable(),
  organizationName: z.string(),
});
export type MyTask = z.infer<typeof myTaskSchema>;

/** GET /api/projects/stats, in the caller's scope. */
export const projectStatsSchema = z.object({
  total: z.number().int(),
  byStatus: countsSchema(PROJECT_STATUSES),
  byPriority: countsSchema(WORK_PRIORITIES),
});
export type ProjectStats = z.infer<typeof projectStatsSchema>;

/** GET /api/tasks/stats, in the caller's scope: overdue = due before today and not completed. */
export const taskStatsSchema = z.object({
  total: z.number().int(),
  byStatus: countsSchema(TASK_STATUSES),
  byPriority: countsSchema(TASK_PRIORITIES),
  overdue: z.number().int(),
});
export type TaskStats = z.infer<typeof taskStatsSchema>;

// ---- request bodies -------------------------------------------------------------------------

const projectFields = {
  description,
  status: projectStatusSchema.optional(),
  priority: workPrioritySchema.optional(),
  startDate: dateOnlyField,
  dueDate: dateOnlyField,
  tags: tagsField.optional(),
  team: teamField,
};
const dueNotBeforeStart = (body: { startDate?: string | null; dueDate?: string | null }) =>
  !isDueBeforeStart(body.startDate, body.dueDate);
const dueDateIssue = { error: UI_TEXT.dueBeforeStart, path: ['dueDate'] };

export const createProjectBody = z
  .object({
    title: title(UI_TEXT.projectTitleRequired),
    ...projectFields,
    status: projectStatusSchema.default(DEFAULT_PROJECT_STATUS),
    priority: workPrioritySchema.default(DEFAULT_WORK_PRIORITY),
    /** Only an admin names the organization; everyone else creates in its own. */
    organizationId: idSchema.optional(),
  })
  .refine(dueNotBeforeStart, dueDateIssue);
/** PUT /api/projects/{id}: the same fields, each optional; a due date is checked against the stored start too. */
export const updateProjectBody = z
  .object({ title: title(UI_TEXT.projectTitleRequired).optional(), ...projectFields })
  .refine(dueNotBeforeStart, dueDateIssue);
export type CreateProjectBody = z.input<typeof createProjectBody>;
export type UpdateProjectBody = z.input<typeof updateProjectBody>;

const objectiveFields = {
  description,
  priority: workPrioritySchema.optional(),
  dueDate: dateOnlyField,
  team: teamField,
};
export const createObjectiveBody = z.object({
  title: title(UI_TEXT.objectiveTitleRequired),
  ...objectiveFields,
  priority: workPrioritySchema.default(DEFAULT_WORK_PRIORITY),
});
export const updateObjectiveBody = z.object({
  title: title(UI_TEXT.objectiveTitleRequired).optional(),
  ...objectiveFields,
  status: objectiveStatusSchema.optional(),
});
export type CreateObjectiveBody = z.input<typeof createObjectiveBody>;
export type UpdateObjectiveBody = z.input<typeof updateObjectiveBody>;

const taskFields = {
  description,
  priority: taskPrioritySchema.optional(),
  dueDate: dateOnlyField,
  assignedTo: idSchema.nullable().optional(),
};
/** A repeating task starts its series from its due date. */
const needsDueDate = (body: { recurrence?: unknown; dueDate?: string | null }) =>
  !body.recurrence || Boolean(body.dueDate);
export const createTaskBody = z
  .object({
    title: title(UI_TEXT.taskTitleRequired),
    ...taskFields,
    priority: taskPrioritySchema.default(DEFAULT_WORK_PRIORITY),
    /** Repeat: the series starts with this task. */
    recurrence: recurrenceInput.nullable().optional(),
  })
  .refine(needsDueDate, { message: UI_TEXT.recurrenceNeedsDueDate, path: ['dueDate'] });
/**
 * PUT /api/tasks/{id}: partial fields. `recurrence` starts, changes or (null) stops the task's
 * series; on a repeating task, `scope` 'following' also changes the series, so the next tasks are
 * made from the new values.
 */
export const updateTaskBody = z.object({
  title: title(UI_TEXT.taskTitleRequired).optional(),
  ...taskFields,
  recurrence: recurrenceInput.nullable().optional(),
  scope: z.enum(SERIES_EDIT_SCOPES).default('this'),
});
export type CreateTaskBody = z.input<typeof createTaskBody>;
export type UpdateTaskBody = z.input<typeof updateTaskBody>;

export const taskStatusBody = z.object({ status: taskStatusSchema });
export const taskProgressBody = z.object({ progress: progressField });
export const taskCommentBody = z.object({
  text: requiredText(UI_TEXT.commentRequired, MAX_COMMENT_LENGTH),
  mentions: mentionsSchema,
});
export type TaskCommentBody = z.input<typeof taskCommentBody>;

// ---- queries --------------------------------------------------------------------------------

const workPage = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(WORK_MAX_PAGE_SIZE).default(WORK_DEFAULT_PAGE_SIZE),
  search: boundedString(MAX_SEARCH_LENGTH)
    .trim()
    .transform((text) => text || undefined)
    .optional(),
};

export const projectListQuery = z.object({
  ...workPage,
  status: projectStatusSchema.optional(),
  priority: workPrioritySchema.optional(),
  /** An admin may pick the organization. */
  organizationId: idSchema.optional(),
});
export const objectiveListQuery = z.object({
  ...workPage,
  status: objectiveStatusSchema.optional(),
  priority: workPrioritySchema.optional(),
});
/** assignedTo: a user id, or 'me'. */
export const taskListQuery = z.object({
  ...workPage,
  status: taskStatusSchema.optional(),
  priority: taskPrioritySchema.optional(),
  assignedTo: z.union([idSchema, z.literal('me')]).optional(),
});
/** My Tasks: the tab, and status, due date, organization and sort. */
export const myTasksQuery = z.object({
  page: workPage.page,
  limit: z.coerce.number().int().min(1).max(WORK_MAX_PAGE_SIZE).default(MY_TASKS_PAGE_SIZE),
  filter: z.enum(MY_TASKS_FILTERS).default(DEFAULT_MY_TASKS_FILTER),
  status: taskStatusSchema.optional(),
  due: z.enum(MY_TASKS_DUE).optional(),
  /** One of the organizations the caller's tasks are in (an advisor's, an admin's). */
  organizationId: idSchema.optional(),
  sort: z.enum(MY_TASKS_SORTS).default(DEFAULT_MY_TASKS_SORT),
  /** Left out: the sort's own direction (MY_TASKS_SORT_ORDERS); the id breaks ties the same way. */
  order: sortOrderSchema.optional(),
});
export type ProjectListQuery = z.input<typeof projectListQuery>;
export type ObjectiveListQuery = z.input<typeof objectiveListQuery>;
export type TaskListQuery = z.input<typeof taskListQuery>;
export type MyTasksQuery = z.input<typeof myTasksQuery>;

/** DELETE …/attachments/{attachmentId}. */
export const attachmentParams = z.object({ id: idSchema, attachmentId: idSchema });

// ---- live payloads, client → server (the socket pipeline parses with these: client-events.ts's clientEvents) ----

/** project:join / project:leave. */
export const projectRoomPayload = z.object({ projectId: idSchema });
export type ProjectRoomPayload = z.input<typeof projectRoomPayload>;
