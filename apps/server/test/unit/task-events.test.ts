import { type DomainEventInput, NOTIFICATION_EXCERPT_LENGTH } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import type { TaskRow } from '../../src/db/schema/index.js';
import { NOTIFICATION_RULES } from '../../src/events/notification-rules.js';
import { notificationEventsOf } from '../../src/modules/notifications/domain-events.js';
import { notificationExcerpt } from '../../src/modules/notifications/mentions.js';
import { taskChangeEvents as taskChangeDomainEvents, taskCommented } from '../../src/modules/tasks/events.js';

/** What the notification engine makes of one change's domain events. */
const told = (change: DomainEventInput[]) =>
  notificationEventsOf(
    NOTIFICATION_RULES,
    change.map((event) => ({ ...event, id: 'event', occurredAt: new Date(0) })),
  );
const taskChangeEvents = (before: TaskRow, after: TaskRow, actorId: string) =>
  told(taskChangeDomainEvents(before, after, actorId));
const taskCommentEvents = (task: TaskRow, actorId: string, text: string, mentioned: string[]) =>
  told([taskCommented(task, actorId, { id: 'comment', text, mentioned })]);

const task: TaskRow = {
  id: 'task',
  organizationId: 'org',
  projectId: 'project',
  objectiveId: 'objective',
  title: 'Ship the report',
  description: null,
  status: 'in_progress',
  priority: 'medium',
  dueDate: null,
  progress: 50,
  assignedTo: 'assignee',
  createdBy: 'creator',
  seriesId: null,
  occurrenceOn: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

const summary = (events: ReturnType<typeof taskChangeEvents>) =>
  events.map((event) => ({ type: event.type, audience: event.audience, sms: event.sms }));

describe('a task change → its domain events → its notification events', () => {
  it('completion and reopening go to the creator and assignee, and nothing else changes tells nobody', () => {
    expect(summary(taskChangeEvents(task, { ...task, status: 'completed', progress: 100 }, 'owner'))).toEqual([
      { type: 'task_completed', audience: { users: ['creator', 'assignee'] }, sms: undefined },
    ]);
    const completed = { ...task, status: 'completed' as const, progress: 100 };
    expect(
      summary(taskChangeEvents(completed, { ...completed, status: 'in_progress', progress: 95 }, 'owner')),
    ).toEqual([{ type: 'task_reopened', audience: { users: ['creator', 'assignee'] }, sms: undefined }]);
    expect(taskChangeEvents(task, { ...task, title: 'New', priority: 'high', progress: 60 }, 'owner')).toEqual([]);
  });

  it('a new assignee hears of the assignment (by SMS when high) and not of the due date set with it; taking it oneself is no event', () => {
    const unassigned = { ...task, assignedTo: null, priority: 'high' as const };
    const events = taskChangeEvents(unassigned, { ...unassigned, assignedTo: 'new', dueDate: '2026-12-24' }, 'creator');
    expect(summary(events)).toEqual([
      { type: 'task_assigned', audience: { users: ['new'] }, sms: 'urgentTasks' },
      { type: 'task_due_date_changed', audience: { users: ['creator', 'new'], except: ['new'] }, sms: undefined },
    ]);
    expect(events[1]?.data).toMatchObject({ from: null, to: '2026-12-24' });
    expect(taskChangeEvents(unassigned, { ...unassigned, assignedTo: 'self' }, 'self')).toEqual([]);
  });

  it('a comment leaves out of task_commented the people it mentions, who get the mention', () => {
    const events = taskCommentEvents(task, 'author', 'Look at this', ['assignee', 'other']);
    expect(events.map((event) => [event.type, event.audience])).toEqual([
      ['task_commented', { users: ['creator', 'assignee'], except: ['assignee', 'other'] }],
      ['mentioned', { users: ['assignee', 'other'] }],
    ]);
    expect(events[1]?.data).toMatchObject({ mentionedIn: 'task', excerpt: 'Look at this', title: 'Ship the report' });
    expect(taskCommentEvents(task, 'author', 'No one named', []).map((event) => event.type)).toEqual([
      'task_commented',
    ]);
  });
});

describe('notificationExcerpt', () => {
  it('keeps the first characters on one line, never cutting a character in two', () => {
    expect(notificationExcerpt('  Two\n\nlines\tand  spaces ')).toBe('Two lines and spaces');
    const long = `${'😀'.repeat(NOTIFICATION_EXCERPT_LENGTH)}tail`;
    expect(Array.from(notificationExcerpt(long))).toEqual(Array.from('😀'.repeat(NOTIFICATION_EXCERPT_LENGTH)));
  });
});
