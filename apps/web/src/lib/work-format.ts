import type { ObjectiveStatus, ProjectStatus, TaskPriority, TaskStatus, WorkPriority } from '@smart/contracts';
import { formatDateOnly, priorityLabel, UI_TEXT, workStatusLabel } from '@smart/contracts';

/** How the work pages write statuses, priorities and dates. */

type WorkStatus = ProjectStatus | ObjectiveStatus | TaskStatus;

/** Badge colours: a task's not started is grey, in progress amber, completed green. */
const STATUS_COLORS: Record<WorkStatus, string> = {
  planning: 'blue',
  active: 'teal',
  on_hold: 'orange',
  completed: 'green',
  cancelled: 'gray',
  not_started: 'gray',
  in_progress: 'yellow',
};

const PRIORITY_COLORS: Record<WorkPriority | TaskPriority, string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};

/** The words are contracts' (WORK_STATUS_LABELS), shared with the audit log and its CSV. */
export const statusLabel = (status: WorkStatus) => workStatusLabel(status);
export const statusColor = (status: WorkStatus) => STATUS_COLORS[status] ?? 'gray';
export { priorityLabel };
export const priorityColor = (priority: WorkPriority) => PRIORITY_COLORS[priority] ?? 'gray';

/** Select options for a list of values, labelled as the badges are. */
export const statusOptions = (statuses: readonly WorkStatus[]) =>
  statuses.map((value) => ({ value, label: statusLabel(value) }));
export const priorityOptions = (priorities: readonly string[]) =>
  priorities.map((value) => ({ value, label: priorityLabel(value) }));

/** A date-only value (YYYY-MM-DD) as MM/DD/YYYY (contracts' formatDateOnly), or 'No due date'. */
export function formatDay(day: string | null | undefined): string {
  return (day && formatDateOnly(day)) || UI_TEXT.noDueDate;
}

/** 'Due: MM/DD/YYYY', or 'No due date'. */
export const dueLabel = (dueDate: string | null | undefined) =>
  dueDate ? `Due: ${formatDay(dueDate)}` : UI_TEXT.noDueDate;

/** A moment (ISO timestamp) as the day it fell on here, MM/DD/YYYY. */
export const formatMoment = (moment: string) =>
  new Date(moment).toLocaleDateString('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** A moment with its time, for comments and history. */
export const formatMomentWithTime = (moment: string) =>
  new Date(moment).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Today as a date-only value in the user's time zone. */
export function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** True for an open task whose due day has passed. */
export const isOverdue = (dueDate: string | null, status: string) =>
  Boolean(dueDate && status !== 'completed' && dueDate < today());
