import { type DomainEventInput, type DomainEventPayload, domainEvent } from '@smart/contracts';
import type { TaskRow } from '../../db/schema/index.js';
import { commentRef, type MentioningComment } from '../notifications/index.js';

/*
 * What a task's changes publish (docs/decisions/0250-one-domain-event-stream.md); who hears of
 * them is each consumer's own rule (notifications: modules/notifications/domain-events.ts).
 */

type TaskRef = Pick<
  TaskRow,
  | 'id'
  | 'organizationId'
  | 'projectId'
  | 'objectiveId'
  | 'title'
  | 'priority'
  | 'createdBy'
  | 'assignedTo'
  | 'status'
  | 'dueDate'
  | 'progress'
>;

const taskRef = (task: TaskRef): DomainEventPayload<'task.completed'> => ({
  taskId: task.id,
  projectId: task.projectId,
  objectiveId: task.objectiveId,
  title: task.title,
  priority: task.priority,
  creatorId: task.createdBy,
  assigneeId: task.assignedTo,
  status: task.status,
  dueDate: task.dueDate,
  progress: task.progress,
});

/** A new task, and its assignee when it has one. */
export const taskCreated = (task: TaskRef, actorId: string | null): DomainEventInput[] => [
  domainEvent('task.created', task.organizationId, actorId, taskRef(task)),
  ...taskAssigned(task, actorId),
];

type ChangedField = DomainEventPayload<'task.updated'>['changes'][number];

/** What changed, field by field (a description only that it did). */
function taskFieldChanges(before: TaskRow, after: TaskRow): ChangedField[] {
  const changes: ChangedField[] = [];
  const compare = (field: ChangedField['field'], from: string | number | null, to: string | number | null) => {
    if (from !== to)
      changes.push({ field, from: from === null ? null : String(from), to: to === null ? null : String(to) });
  };
  compare('title', before.title, after.title);
  if (before.description !== after.description) changes.push({ field: 'description', from: null, to: null });
  compare('status', before.status, after.status);
  compare('progress', before.progress, after.progress);
  compare('priority', before.priority, after.priority);
  compare('due_date', before.dueDate, after.dueDate);
  compare('assignee', before.assignedTo, after.assignedTo);
  return changes;
}

/** The task now has this assignee (given at creation or by a change); none when it has none. */
export function taskAssigned(task: TaskRef, actorId: string | null): DomainEventInput[] {
  const assigneeId = task.assignedTo;
  if (!assigneeId) return [];
  return [domainEvent('task.assigned', task.organizationId, actorId, { ...taskRef(task), assigneeId })];
}

/**
 * The events of a task change (before → after): what changed (`task.updated`), and a new assignee,
 * completed or reopened, a new due date.
 */
export function taskChangeEvents(before: TaskRow, after: TaskRow, actorId: string): DomainEventInput[] {
  const ref = taskRef(after);
  const changes = taskFieldChanges(before, after);
  const events: DomainEventInput[] =
    changes.length > 0 ? [domainEvent('task.updated', after.organizationId, actorId, { ...ref, changes })] : [];
  if (after.assignedTo !== before.assignedTo) events.push(...taskAssigned(after, actorId));
  if (after.status === 'completed' && before.status !== 'completed') {
    events.push(domainEvent('task.completed', after.organizationId, actorId, ref));
  }
  if (before.status === 'completed' && after.status !== 'completed') {
    events.push(domainEvent('task.reopened', after.organizationId, actorId, ref));
  }
  if (after.dueDate !== before.dueDate) {
    events.push(
      domainEvent('task.due_date_changed', after.organizationId, actorId, {
        ...ref,
        from: before.dueDate,
        to: after.dueDate,
      }),
    );
  }
  return events;
}

/** A comment, with the people it mentions (those who can read the task). */
export const taskCommented = (task: TaskRef, actorId: string, comment: MentioningComment) =>
  domainEvent('task.commented', task.organizationId, actorId, { ...taskRef(task), ...commentRef(comment) });
