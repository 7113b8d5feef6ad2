import type { DomainEvent, DomainEventPayload, NotificationType } from '@smart/contracts';
import type { TaskRow } from '../../db/schema/index.js';
import { eventOn, type NotificationEventInput } from '../../lib/outbox.js';
import type { NotificationRule, NotificationRules } from '../notifications/index.js';
import { commentEvents } from '../notifications/index.js';

/*
 * What a task's events tell whom (README, "Notifications"): its assignee hears of being assigned;
 * its creator and assignee hear of its completion, reopening, due date and comments; the people a
 * comment mentions hear of the mention instead. Followers of the task or its project are added,
 * muters, the actor and those who cannot read the task removed, by the fan-out.
 */

type TaskRef = Pick<TaskRow, 'id' | 'organizationId' | 'projectId' | 'objectiveId' | 'title' | 'priority'>;

/** What every event about a task says: its record and project, its title and where it lives (the link). */
export const taskSubject = (task: TaskRef) =>
  ({
    organizationId: task.organizationId,
    record: { type: 'task', id: task.id },
    projectId: task.projectId,
    data: { title: task.title, projectId: task.projectId, objectiveId: task.objectiveId },
  }) as const;

/**
 * "A task assigned to me (not by myself)": the new assignee; by SMS too when the task is high
 * priority. None when the actor takes the task ('Assign to Me').
 */
export function taskAssigned(
  task: TaskRef,
  assigneeId: string | null,
  actorId: string | null,
): NotificationEventInput[] {
  if (!assigneeId || assigneeId === actorId) return [];
  return [
    {
      ...eventOn(taskSubject(task), 'task_assigned', actorId),
      audience: { users: [assigneeId] },
      ...(task.priority === 'high' && { sms: 'urgentTasks' as const }),
    },
  ];
}

type TaskEvent = DomainEvent<
  | 'task.created'
  | 'task.updated'
  | 'task.assigned'
  | 'task.completed'
  | 'task.reopened'
  | 'task.due_date_changed'
  | 'task.commented'
>;

const refOf = (event: TaskEvent): TaskRef => ({
  ...event.payload,
  id: event.payload.taskId,
  organizationId: event.organizationId,
});

/** The people a task's events are told to: its creator and its assignee. */
const creatorAndAssignee = (task: DomainEventPayload<'task.completed'>) =>
  [task.creatorId, task.assigneeId].filter((id): id is string => id !== null);

/**
 * Completion, reopening, a new due date: to the creator and assignee. A new assignee hears of the
 * assignment alone, not also of the other changes made with it. A priority raised to high on an
 * assigned task is no event (docs/decisions/0126-notifications-who-hears-of-a-task-and-what-is-no-event.md):
 * the urgent SMS goes with the assignment, and the overdue reminder.
 */
const toPeople =
  (type: NotificationType): NotificationRule<'task.completed' | 'task.reopened' | 'task.due_date_changed'> =>
  (event, change) => {
    const told = change.find(
      (other) =>
        other.type === 'task.assigned' &&
        other.payload.taskId === event.payload.taskId &&
        taskAssigned(refOf(other), other.payload.assigneeId, other.actorId).length > 0,
    ) as DomainEvent<'task.assigned'> | undefined;
    const extra = event.type === 'task.due_date_changed' ? { from: event.payload.from, to: event.payload.to } : {};
    return [
      {
        ...eventOn(taskSubject(refOf(event)), type, event.actorId, extra),
        audience: { users: creatorAndAssignee(event.payload), ...(told && { except: [told.payload.assigneeId] }) },
      },
    ];
  };

export const taskNotificationRules: NotificationRules<TaskEvent['type']> = {
  /** Creation and field changes tell nobody by themselves: their assignment, completion or due date does. */
  'task.created': () => [],
  'task.updated': () => [],
  'task.assigned': (event) => taskAssigned(refOf(event), event.payload.assigneeId, event.actorId),
  'task.completed': toPeople('task_completed'),
  'task.reopened': toPeople('task_reopened'),
  'task.due_date_changed': toPeople('task_due_date_changed'),
  /**
   * `task_commented` to the creator and assignee, `mentioned` to the people it mentions (who can
   * read the task) — one notification each for one comment, so the mentioned are left out of the first.
   */
  'task.commented': (event) =>
    commentEvents(taskSubject(refOf(event)), 'task_commented', event.actorId, creatorAndAssignee(event.payload), {
      excerpt: event.payload.excerpt,
      mentioned: event.payload.mentionedIds,
    }),
};
