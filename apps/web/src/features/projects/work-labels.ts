import { progressLabel, type TaskActivity, type TaskStatus } from '@smart/contracts';
import { formatDay, priorityLabel, statusLabel } from '@/lib/work-format';

/** '3/5 tasks completed': a project's or objective's finished tasks out of all of them. */
export const taskCountLabel = (completed: number, total: number) =>
  `${completed}/${total} ${total === 1 ? 'task' : 'tasks'} completed`;

/** '2 objectives'. */
export const objectiveCountLabel = (count: number) => `${count} ${count === 1 ? 'objective' : 'objectives'}`;

/** What one history entry says the person did (the name goes before it). */
export function activitySentence({ kind, from, to }: Pick<TaskActivity, 'kind' | 'from' | 'to'>): string {
  const change = (what: string, show: (value: string) => string = (value) => value) =>
    `changed ${what} from ${from ? show(from) : 'none'} to ${to ? show(to) : 'none'}`;
  switch (kind) {
    case 'created':
      return 'created the task';
    case 'title':
      return `renamed the task from "${from ?? ''}" to "${to ?? ''}"`;
    case 'status':
      return change('the status', (value) => statusLabel(value as TaskStatus));
    case 'progress':
      return change('the progress', progressLabel);
    case 'assignee':
      return to ? `assigned the task to ${to}` : `unassigned ${from ?? 'the task'}`;
    case 'due_date':
      return change('the due date', formatDay);
    case 'priority':
      return change('the priority', priorityLabel);
    case 'description':
      return 'edited the description';
    case 'comment':
      return 'commented';
    case 'attachment_added':
      return `attached ${to ?? 'a file'}`;
    case 'attachment_removed':
      return `removed the attachment ${from ?? ''}`.trim();
    case 'recurrence':
      if (!from) return `made the task repeat: ${to ?? ''}`;
      return to ? `changed the repeat from "${from}" to "${to}"` : 'stopped the task repeating';
    default:
      return 'changed the task';
  }
}
