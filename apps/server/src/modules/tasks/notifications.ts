import type { NotificationData, NotificationType } from '@smart/contracts';
import type { TaskRow } from '../../db/schema/index.js';
import { eventOn, type NotificationEventInput } from '../../lib/outbox.js';
import { commentEvents } from '../notifications/index.js';

/*
 * What a task's changes tell whom (README, "Notifications"): its assignee hears of being assigned;
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
export function taskAssigned(task: TaskRef, assigneeId: string | null, actorId: string): NotificationEventInput[] {
  if (!assigneeId || assigneeId === actorId) return [];
  return [
    {
      ...eventOn(taskSubject(task), 'task_assigned', actorId),
      audience: { users: [assigneeId] },
      ...(task.priority === 'high' && { sms: 'urgentTasks' as const }),
    },
  ];
}

/** The people a task's changes are told to: its creator and its assignee. */
const creatorAndAssignee = (task: Pick<TaskRow, 'createdBy' | 'assignedTo'>) =>
  [task.createdBy, task.assignedTo].filter((id): id is string => id !== null);

/**
 * The events of a task change (before → after). A new assignee hears of the assignment alone, not
 * also of the other changes made with it. A priority raised to high on an assigned task is no
 * event (docs/decisions/0126-notifications-who-hears-of-a-task-and-what-is-no-event.md): the urgent SMS
 * goes with the assignment, and the overdue reminder.
 */
export function taskChangeEvents(before: TaskRow, after: TaskRow, actorId: string): NotificationEventInput[] {
  const newAssignee = after.assignedTo !== before.assignedTo ? after.assignedTo : null;
  const assigned = taskAssigned(after, newAssignee, actorId);
  const toPeople = (type: NotificationType, extra?: NotificationData): NotificationEventInput => ({
    ...eventOn(taskSubject(after), type, actorId, extra),
    audience: {
      users: creatorAndAssignee(after),
      ...(assigned.length > 0 && newAssignee && { except: [newAssignee] }),
    },
  });
  const events = [...assigned];
  if (after.status === 'completed' && before.status !== 'completed') events.push(toPeople('task_completed'));
  if (before.status === 'completed' && after.status !== 'completed') events.push(toPeople('task_reopened'));
  if (after.dueDate !== before.dueDate) {
    events.push(toPeople('task_due_date_changed', { from: before.dueDate, to: after.dueDate }));
  }
  return events;
}

/**
 * A comment's events: `task_commented` to the creator and assignee, `mentioned` to the people it
 * mentions (who can read the task) — one notification each for one comment, so the mentioned are
 * left out of the first.
 */
export const taskCommentEvents = (task: TaskRow, actorId: string, text: string, mentioned: string[]) =>
  commentEvents(taskSubject(task), 'task_commented', actorId, creatorAndAssignee(task), { text, mentioned });
