import {
  type MyTask,
  nextOccurrences,
  recurrenceLabel,
  type Task,
  type TaskActivityKind,
  type TaskComment,
  type TaskDetail,
  type TaskPriority,
  type TaskRecurrence,
  toRRule,
} from '@smart/contracts';
import type { TaskRow, TaskSeriesRow } from '../../db/schema/index.js';
import { type AttachmentRow, presentAttachment } from '../files/index.js';
import { type HistoryEntryRecord, presentHistoryEntry } from '../history/index.js';
import { summaryOrNull, type UserSummaryRow } from '../people/index.js';
import { canRemoveAttachment, presentWorkBase } from '../projects/index.js';
import { type TaskAccess, taskPermissions } from './policy.js';

/** A task row with its creator, assignee, project and objective, as every task query selects it. */
export interface TaskRecord {
  organizationId: string;
  organizationName: string;
  task: TaskRow;
  createdBy: UserSummaryRow | null;
  assignee: UserSummaryRow | null;
  project: { id: string; title: string };
  objective: { id: string; title: string };
  /** Its series, when it repeats. */
  series: TaskSeriesRow | null;
}

export interface TaskCommentRecord {
  id: string;
  text: string;
  mentions: string[];
  createdAt: Date;
  author: UserSummaryRow | null;
}

export type TaskActivityRecord = HistoryEntryRecord<TaskActivityKind>;

/** A repeating task's series: its rule in words and as an RRULE, and the next dates it will make. */
export function presentRecurrence(series: TaskSeriesRow | null): TaskRecurrence | null {
  if (!series) return null;
  const active = series.endedAt === null;
  return {
    seriesId: series.id,
    rule: series.rule,
    startsOn: series.startsOn,
    trigger: series.trigger,
    label: recurrenceLabel(series.rule, series.startsOn),
    rrule: toRRule(series.rule, series.startsOn),
    active,
    nextDates: active ? nextOccurrences(series.rule, series.startsOn, series.latestOn, series.made) : [],
  };
}

/** Row → the API's task JSON (contracts' schema), with what the caller may do with it. */
export function presentTask(record: TaskRecord, access: TaskAccess): Task {
  const { task } = record;
  return {
    ...presentWorkBase(task, record.createdBy),
    projectId: task.projectId,
    objectiveId: task.objectiveId,
    status: task.status,
    // Tasks are created and edited with the task priorities only (no urgent): the schema says so.
    priority: task.priority as TaskPriority,
    dueDate: task.dueDate,
    progress: task.progress,
    assignedTo: summaryOrNull(record.assignee),
    recurrence: presentRecurrence(record.series),
    permissions: taskPermissions(access, task),
  };
}

export function presentTaskComment(comment: TaskCommentRecord): TaskComment {
  return {
    id: comment.id,
    _id: comment.id,
    text: comment.text,
    mentions: comment.mentions,
    author: summaryOrNull(comment.author),
    createdAt: comment.createdAt.toISOString(),
  };
}

export interface TaskDetailRecord {
  record: TaskRecord;
  comments: TaskCommentRecord[];
  attachments: AttachmentRow[];
  activity: TaskActivityRecord[];
}

/** GET /api/tasks/{id}: the task with its project, objective, comments, attachments and history. */
export function presentTaskDetail(detail: TaskDetailRecord, access: TaskAccess): TaskDetail {
  const { record } = detail;
  return {
    ...presentTask(record, access),
    project: { _id: record.project.id, title: record.project.title },
    objective: { _id: record.objective.id, title: record.objective.title },
    comments: detail.comments.map(presentTaskComment),
    attachments: detail.attachments.map((attachment) =>
      presentAttachment(attachment, canRemoveAttachment(access.actor, record.task, attachment)),
    ),
    activity: detail.activity.map(presentHistoryEntry),
  };
}

/** A My Tasks item: the task with `project` and `objectiveId` as {_id, title}. */
export function presentMyTask(record: TaskRecord, access: TaskAccess): MyTask {
  return {
    ...presentTask(record, access),
    project: { _id: record.project.id, title: record.project.title },
    objectiveId: { _id: record.objective.id, title: record.objective.title },
    organizationName: record.organizationName,
  };
}
