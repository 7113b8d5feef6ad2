/**
 * Projects, objectives and tasks: the values each field takes,
 * their defaults, and the progress rules. Defined once; the server's enums and the web app's
 * selects and badges read them from here.
 */
import { type SortOrder, sortKeysOf } from './list-order.js';
import type { SocketAck } from './realtime.js';
export const PROJECT_STATUSES = ['planning', 'active', 'on_hold', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const DEFAULT_PROJECT_STATUS: ProjectStatus = 'planning';

export const OBJECTIVE_STATUSES = ['not_started', 'in_progress', 'completed', 'on_hold'] as const;
export type ObjectiveStatus = (typeof OBJECTIVE_STATUSES)[number];
export const DEFAULT_OBJECTIVE_STATUS: ObjectiveStatus = 'not_started';

export const TASK_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const DEFAULT_TASK_STATUS: TaskStatus = 'not_started';

/** Projects and objectives: the edit forms also offer urgent. */
export const WORK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type WorkPriority = (typeof WORK_PRIORITIES)[number];
/** Tasks: low, medium, high. */
export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const DEFAULT_WORK_PRIORITY = 'medium' as const;

/**
 * How the app writes a project's, objective's or task's status (badges, selects, histories, the
 * audit log): 'In Progress'. An unknown value reads as not started.
 */
export const WORK_STATUS_LABELS: Record<ProjectStatus | ObjectiveStatus | TaskStatus, string> = {
  planning: 'Planning',
  active: 'Active',
  on_hold: 'On Hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
  not_started: 'Not Started',
  in_progress: 'In Progress',
};
export const workStatusLabel = (status: string): string =>
  WORK_STATUS_LABELS[status as keyof typeof WORK_STATUS_LABELS] ?? WORK_STATUS_LABELS.not_started;
/** A priority as the app writes it: 'High'. */
export const priorityLabel = (priority: string): string => priority.charAt(0).toUpperCase() + priority.slice(1);
/** A task's progress as the app writes it: '100%'. */
export const progressLabel = (progress: number | string): string => `${progress}%`;

/** Progress moves in steps of 5 within 0 to 100. */
export const PROGRESS_STEP = 5;
export const MIN_PROGRESS = 0;
export const MAX_PROGRESS = 100;

/** The next progress value after a -5% / +5% click, clamped to the range. */
export function stepProgress(current: number, direction: 1 | -1): number {
  return Math.min(MAX_PROGRESS, Math.max(MIN_PROGRESS, current + direction * PROGRESS_STEP));
}

/** Rounded average of task progress values; 0 with no tasks (progress calculation). */
export function averageProgress(values: readonly number[]): number {
  if (values.length === 0) return 0;
  return Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
}

/** Work lists: 20 a page by default, at most 100. */
export const WORK_DEFAULT_PAGE_SIZE = 20;
export const WORK_MAX_PAGE_SIZE = 100;
/** My Tasks' page: a board's worth of cards; more come with Load more. */
export const MY_TASKS_PAGE_SIZE = 50;

/** A project's tags: each trimmed, at most this long, at most this many. */
export const MAX_TAG_LENGTH = 40;
export const MAX_PROJECT_TAGS = 20;
/** A task comment. */
export const MAX_COMMENT_LENGTH = 5000;
/** A record's title. */
export const MAX_TITLE_LENGTH = 200;

/** My Tasks: which tasks a tab lists; assigned is the default. */
export const MY_TASKS_FILTERS = ['assigned', 'created'] as const;
export type MyTasksFilter = (typeof MY_TASKS_FILTERS)[number];
export const DEFAULT_MY_TASKS_FILTER: MyTasksFilter = 'assigned';
/**
 * My Tasks' due-date filter: overdue (before today and not completed), due today, due
 * within the next 7 days from today, or no due date. "Today" is the caller's, in its time zone.
 */
export const MY_TASKS_DUE = ['overdue', 'today', 'next_7_days', 'none'] as const;
export type MyTasksDue = (typeof MY_TASKS_DUE)[number];
export const MY_TASKS_DUE_SOON_DAYS = 7;
/**
 * My Tasks sorts by any field a card shows; due date first, undated ones last. Without an `order`,
 * each sort runs its own way: soonest due, A→Z, workflow order, highest priority, newest first.
 */
export const MY_TASKS_SORT_ORDERS = {
  dueDate: 'asc',
  title: 'asc',
  status: 'asc',
  priority: 'desc',
  progress: 'asc',
  project: 'asc',
  organization: 'asc',
  createdAt: 'desc',
  updatedAt: 'desc',
} as const satisfies Record<string, SortOrder>;
export const MY_TASKS_SORTS = sortKeysOf(MY_TASKS_SORT_ORDERS);
export type MyTasksSort = (typeof MY_TASKS_SORTS)[number];
export const DEFAULT_MY_TASKS_SORT: MyTasksSort = 'dueDate';

/** What a task's history records. */
export const TASK_ACTIVITY_KINDS = [
  'created',
  'title',
  'status',
  'progress',
  'assignee',
  'due_date',
  'priority',
  'description',
  'comment',
  'attachment_added',
  'attachment_removed',
  /** Its repeat rule: started (from null), changed, or stopped (to null), as the app writes the rule. */
  'recurrence',
] as const;
export type TaskActivityKind = (typeof TASK_ACTIVITY_KINDS)[number];

/**
 * Live events in a project's room (socket.io), emitted after the change commits. A task's change
 * and deletion also reach the user rooms of its assignee (before and after) and its creator, whose
 * My Tasks list it wherever they are.
 */
export const WORK_EVENTS = {
  projectChanged: 'project:changed',
  objectiveChanged: 'objective:changed',
  taskChanged: 'task:changed',
  taskDeleted: 'task:deleted',
  commentAdded: 'task:comment_added',
  attachmentsChanged: 'attachments:changed',
} as const;
/** Client → server: open or leave a project's room (the server checks read access first). */
export const WORK_ROOM_EVENTS = { join: 'project:join', leave: 'project:leave' } as const;

/** What a work event says changed: small, ids only; the page refetches what it shows. */
export type WorkChange = 'created' | 'updated' | 'deleted' | 'status' | 'progress';
export interface WorkEventPayload {
  projectId: string;
  objectiveId?: string;
  taskId?: string;
  commentId?: string;
  change?: WorkChange;
  /** Who made the change, so a page can skip its own. */
  actorId: string | null;
}
/** The acknowledgement of WORK_ROOM_EVENTS.join: joined, or refused (missing, or not the caller's to read). */
export type ProjectJoinAck = SocketAck;
