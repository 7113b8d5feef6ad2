import type { NotificationData, NotificationType } from '@smart/contracts';
import type { TaskRow } from '../../db/schema/index.js';
import type { NotificationEventInput } from '../notifications/events.js';

/** What a task's notifications say about it: its title and where it lives (the link). */
const taskData = (task: Pick<TaskRow, 'title' | 'projectId' | 'objectiveId'>, extra: NotificationData = {}) => ({
  title: task.title,
  projectId: task.projectId,
  objectiveId: task.objectiveId,
  ...extra,
});

type TaskRef = Pick<TaskRow, 'id' | 'organizationId' | 'projectId' | 'objectiveId' | 'title' | 'priority'>;

/** "A task assigned to me (not by myself)": the new assignee; by SMS too when the task is high priority. */
export function taskAssigned(task: TaskRef, assigneeId: string, actorId: string): NotificationEventInput {
  return {
    ...onTask(task, 'task_assigned', actorId),
    audience: { users: [assigneeId] },
    ...(task.priority === 'high' && { sms: 'urgentTasks' as const }),
  };
}

/** The base of every event about a task: its record, organization, project and data. */
export function onTask(
  task: TaskRef,
  type: NotificationType,
  actorId: string | null,
  extra: NotificationData = {},
): Omit<NotificationEventInput, 'audience'> {
  return {
    type,
    organizationId: task.organizationId,
    record: { type: 'task', id: task.id },
    projectId: task.projectId,
    actorId,
    data: taskData(task, extra),
  };
}

/** The events of a task change (before → after), for its assignee and creator. */
export function taskChangeEvents(before: TaskRow, after: TaskRow, actorId: string): NotificationEventInput[] {
  const events: NotificationEventInput[] = [];
  if (after.assignedTo && after.assignedTo !== before.assignedTo) {
    events.push(taskAssigned(after, after.assignedTo, actorId));
  }
  return events;
}
