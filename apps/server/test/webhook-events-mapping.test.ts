import {
  DOMAIN_EVENT_TYPES,
  type DomainEvent,
  type DomainEventInput,
  type DomainEventType,
  domainEvent,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EXAMPLES,
  WEBHOOK_PAYLOAD_VERSION,
  WEBHOOK_PAYLOADS,
  type WebhookEventType,
  webhookBody,
  webhookBodySchema,
} from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { conversations, tasks } from '../src/db/schema/index.js';
import { WEBHOOK_SOURCE_TYPES, webhookEventsOf } from '../src/modules/webhooks/events.js';
import type { TestApp } from './helpers/app.js';
import { apiTest } from './helpers/fixture.js';
import { insertTicket } from './helpers/tickets.js';
import { createWorkTree } from './helpers/work.js';

/*
 * Each domain event's mapping to the webhook catalogue (docs/decisions/0278-webhook-events-and-payloads.md),
 * on events written by hand about real rows: which catalogue events it makes, what their payloads
 * hold, and what the endpoint's organization may not see.
 */

const test = apiTest({ demoData: false });
const APP_URL = 'https://smart.example.com/';

const asStored = (input: DomainEventInput): DomainEvent =>
  ({ ...input, id: crypto.randomUUID(), occurredAt: new Date() }) as DomainEvent;

async function mapped(t: TestApp, input: DomainEventInput) {
  const events = await webhookEventsOf(t.app.db, asStored(input), APP_URL);
  for (const event of events) expect(WEBHOOK_PAYLOADS[event.type].safeParse(event.data).success, event.type).toBe(true);
  return events;
}

const MAKES_NOTHING: DomainEventType[] = [
  'task.reopened',
  'task.due_date_changed',
  'ticket.assigned',
  'project.status_changed',
  'objective.created',
  'organization.closed',
  'organization.reopened',
  'advisor.assigned',
  'advisor.resumed',
  'advisor.paused',
  'advisor.removed',
  'session.updated',
  'webhook.endpoint_disabled',
];

describe('the payload contracts', () => {
  test('every catalogue type has a payload schema; the examples and an envelope validate', () => {
    expect(Object.keys(WEBHOOK_PAYLOADS).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const [type, data] of Object.entries(WEBHOOK_EXAMPLES)) {
      const body = webhookBody(type as WebhookEventType, new Date('2026-12-03T09:30:00Z'), data);
      expect(webhookBodySchema.parse(body)).toEqual({
        type,
        timestamp: '2026-12-03T09:30:00.000Z',
        version: WEBHOOK_PAYLOAD_VERSION,
        data,
      });
    }
    expect(
      webhookBodySchema.safeParse({ type: 'ticket.created', timestamp: 'x', version: '1999-01-01', data: {} }).success,
    ).toBe(false);
  });
});

describe('each domain event maps to its catalogue events', () => {
  test('types outside the catalogue make nothing', async ({ t, cast }) => {
    expect(DOMAIN_EVENT_TYPES).toEqual(expect.arrayContaining(MAKES_NOTHING));
    expect([...WEBHOOK_SOURCE_TYPES, ...MAKES_NOTHING].sort()).toEqual([...DOMAIN_EVENT_TYPES].sort());
    const tree = await createWorkTree(t.app.db, { organizationId: cast.organization.id, createdBy: cast.orgAdmin.id });
    const [task] = await t.app.db.select().from(tasks).where(eq(tasks.id, tree.taskId));
    if (!task) throw new Error('no task');
    const ref = {
      taskId: task.id,
      projectId: task.projectId,
      objectiveId: task.objectiveId,
      title: task.title,
      priority: task.priority,
      creatorId: task.createdBy,
      assigneeId: null,
    };
    expect(await mapped(t, domainEvent('task.reopened', cast.organization.id, cast.orgAdmin.id, ref))).toEqual([]);
    expect(
      await mapped(t, domainEvent('organization.closed', cast.organization.id, null, { organizationName: 'x' })),
    ).toEqual([]);
  });

  test('task events: created, assigned, completed, updated, commented; a deleted task as the event carried it', async ({
    t,
    cast,
  }) => {
    const org = cast.organization.id;
    const tree = await createWorkTree(t.app.db, { organizationId: org, createdBy: cast.orgAdmin.id });
    const ref = {
      taskId: tree.taskId,
      projectId: tree.projectId,
      objectiveId: tree.objectiveId,
      title: 'Old title',
      priority: 'medium' as const,
      creatorId: cast.orgAdmin.id,
      assigneeId: cast.user.id,
      status: 'in_progress' as const,
      dueDate: '2026-12-24',
      progress: 40,
    };
    for (const type of ['task.created', 'task.assigned', 'task.completed'] as const) {
      const payload = type === 'task.assigned' ? { ...ref, assigneeId: cast.user.id } : ref;
      const [event, ...rest] = await mapped(t, domainEvent(type, org, cast.orgAdmin.id, payload));
      expect(rest).toEqual([]);
      expect(event?.type).toBe(type);
      expect(event?.recordKey).toBe(`task:${tree.taskId}`);
      expect(event?.data.task).toEqual({
        id: tree.taskId,
        title: 'Old title',
        status: 'in_progress',
        priority: 'medium',
        progress: 40,
        dueDate: '2026-12-24',
        project: { id: tree.projectId, title: 'Attachments project' },
        objective: { id: tree.objectiveId, title: 'Attachments objective' },
        creator: { id: cast.orgAdmin.id, name: `${cast.orgAdmin.firstName} ${cast.orgAdmin.lastName}` },
        assignee: { id: cast.user.id, name: `${cast.user.firstName} ${cast.user.lastName}` },
        // The trailing slash of APP_URL is not doubled.
        url: `https://smart.example.com/dashboard/projects/${tree.projectId}/objectives/${tree.objectiveId}/tasks/${tree.taskId}`,
      });
    }

    // An assignee change naming someone of another organization: that id is not passed on.
    const [updated] = await mapped(
      t,
      domainEvent('task.updated', org, cast.orgAdmin.id, {
        ...ref,
        changes: [{ field: 'assignee', from: cast.otherOrgAdmin.id, to: cast.user.id }],
      }),
    );
    expect(updated?.data.changes).toEqual([{ field: 'assignee', from: null, to: cast.user.id }]);

    const [commented] = await mapped(
      t,
      domainEvent('task.commented', org, cast.user.id, {
        ...ref,
        commentId: crypto.randomUUID(),
        excerpt: 'Done soon',
        mentionedIds: [],
      }),
    );
    expect(commented?.type).toBe('comment.created');
    expect(commented?.data.comment).toMatchObject({ excerpt: 'Done soon', author: { id: cast.user.id } });

    // Deleted before it was mapped: delivered as its event carried it, the titles still read.
    await t.app.db.delete(tasks).where(eq(tasks.id, tree.taskId));
    const [gone] = await mapped(t, domainEvent('task.completed', org, cast.orgAdmin.id, ref));
    expect(gone?.data.task).toMatchObject({
      id: tree.taskId,
      title: 'Old title',
      project: { title: 'Attachments project' },
    });
  });

  test("another organization's record makes nothing for this one; a person it does not know is null", async ({
    t,
    cast,
  }) => {
    const theirs = await insertTicket(t.app.db, cast.otherOrganization.id, cast.otherOrgAdmin.id);
    const claimed = {
      ticketId: theirs.id,
      title: theirs.title,
      priority: theirs.priority,
      creatorId: cast.otherOrgAdmin.id,
      assigneeId: null,
    };
    expect(await mapped(t, domainEvent('ticket.created', cast.organization.id, cast.orgAdmin.id, claimed))).toEqual([]);

    const ours = await insertTicket(t.app.db, cast.organization.id, cast.user.id);
    const [event] = await mapped(
      t,
      domainEvent('ticket.created', cast.organization.id, cast.otherOrgAdmin.id, {
        ...claimed,
        ticketId: ours.id,
        creatorId: cast.otherOrgAdmin.id,
        assigneeId: cast.advisorAssigned.id,
      }),
    );
    expect(event?.data).toMatchObject({
      actor: null,
      ticket: { creator: null, assignee: { id: cast.advisorAssigned.id }, status: null, category: null },
    });
  });

  test('ticket events: status to resolved also makes ticket.resolved; other statuses only ticket.updated', async ({
    t,
    cast,
  }) => {
    const org = cast.organization.id;
    const ticket = await insertTicket(t.app.db, org, cast.user.id);
    const ref = {
      ticketId: ticket.id,
      title: ticket.title,
      priority: ticket.priority,
      creatorId: cast.user.id,
      assigneeId: null,
      status: 'resolved' as const,
      category: 'general' as const,
    };
    const resolved = await mapped(
      t,
      domainEvent('ticket.status_changed', org, cast.orgAdmin.id, { ...ref, from: 'open', to: 'resolved' }),
    );
    expect(resolved.map((event) => event.type)).toEqual(['ticket.resolved']);
    expect(
      await mapped(
        t,
        domainEvent('ticket.status_changed', org, cast.orgAdmin.id, { ...ref, from: 'open', to: 'closed' }),
      ),
    ).toEqual([]);
    const [updated] = await mapped(
      t,
      domainEvent('ticket.updated', org, cast.orgAdmin.id, {
        ...ref,
        changes: [{ field: 'status', from: 'open', to: 'resolved' }],
      }),
    );
    expect(updated).toMatchObject({ type: 'ticket.updated', recordKey: `ticket:${ticket.id}` });
    const [commented] = await mapped(
      t,
      domainEvent('ticket.commented', org, cast.user.id, {
        ...ref,
        commentId: crypto.randomUUID(),
        excerpt: 'Hi',
        mentionedIds: [],
      }),
    );
    expect(commented?.type).toBe('ticket.commented');
  });

  test('message.sent: the kind by the conversation; a private advisor chat or a gone conversation, nothing', async ({
    t,
    cast,
  }) => {
    const org = cast.organization.id;
    const conversationOf = async (type: 'general' | 'group' | 'ticket' | 'direct') => {
      const [row] = await t.app.db
        .insert(conversations)
        .values({
          organizationId: org,
          title: `A ${type} conversation`,
          type,
          createdBy: cast.user.id,
          ...(type === 'general' ? {} : { advisorId: type === 'group' ? null : cast.advisorAssigned.id }),
          ...(type === 'direct' && { memberId: cast.user.id }),
        })
        .returning({ id: conversations.id });
      return row?.id as string;
    };
    const sent = (conversationId: string) =>
      domainEvent('message.sent', org, cast.user.id, {
        messageId: crypto.randomUUID(),
        conversationId,
        conversationTitle: 'Title',
        excerpt: 'Hello',
        mentionedIds: [],
        viewerIds: [],
      });
    const kinds = [];
    for (const type of ['general', 'group', 'ticket', 'direct'] as const) {
      const events = await mapped(t, sent(await conversationOf(type)));
      kinds.push(events.map((event) => event.messageKind));
    }
    expect(kinds).toEqual([['team'], ['team'], ['advisor'], []]);
    expect(await mapped(t, sent(crypto.randomUUID()))).toEqual([]);
  });

  test('sessions, time entries and members, from what their events carried', async ({ t, cast }) => {
    const org = cast.organization.id;
    const session = {
      sessionId: crypto.randomUUID(),
      advisorId: cast.advisorAssigned.id,
      topic: 'Cash flow',
      organizationName: cast.organization.name,
      startAt: '2026-12-10T09:00:00.000Z',
      endAt: '2026-12-10T09:30:00.000Z',
      sequence: 1,
      attendeeIds: [cast.user.id, cast.otherOrgAdmin.id],
    };
    const [booked] = await mapped(t, domainEvent('session.booked', org, cast.user.id, session));
    expect(booked?.data.session).toEqual({
      id: session.sessionId,
      topic: 'Cash flow',
      startAt: session.startAt,
      endAt: session.endAt,
      sequence: 1,
      advisor: {
        id: cast.advisorAssigned.id,
        name: `${cast.advisorAssigned.firstName} ${cast.advisorAssigned.lastName}`,
      },
      // Someone of another organization is left out.
      attendees: [{ id: cast.user.id, name: `${cast.user.firstName} ${cast.user.lastName}` }],
      url: `https://smart.example.com/dashboard/sessions?session=${session.sessionId}`,
    });
    const [moved] = await mapped(
      t,
      domainEvent('session.rescheduled', org, cast.user.id, { ...session, previousAttendeeIds: [] }),
    );
    expect(moved?.type).toBe('session.rescheduled');
    const [cancelled] = await mapped(
      t,
      domainEvent('session.cancelled', org, null, { ...session, reason: 'Assignment ended', withdrawn: true }),
    );
    expect(cancelled?.data).toMatchObject({ actor: null, reason: 'Assignment ended', withdrawn: true });

    const tree = await createWorkTree(t.app.db, { organizationId: org, createdBy: cast.orgAdmin.id });
    const [entry] = await mapped(
      t,
      domainEvent('time_entry.created', org, cast.user.id, {
        timeEntryId: crypto.randomUUID(),
        userId: cast.user.id,
        recordType: 'task',
        recordId: tree.taskId,
        recordTitle: 'A task',
        date: '2026-12-01',
        minutes: 15,
        billable: false,
        note: null,
      }),
    );
    expect(entry?.data.timeEntry).toMatchObject({
      record: {
        type: 'task',
        id: tree.taskId,
        title: 'A task',
        url: `https://smart.example.com/dashboard/projects/${tree.projectId}/objectives/${tree.objectiveId}/tasks/${tree.taskId}`,
      },
    });

    const member = { userId: cast.user.id, name: 'Someone', role: 'user' as const };
    const [added] = await mapped(t, domainEvent('member.added', org, cast.orgAdmin.id, { ...member, how: 'imported' }));
    expect(added).toMatchObject({
      type: 'member.added',
      recordKey: `member:${cast.user.id}`,
      data: { member: { id: cast.user.id, name: 'Someone', role: 'user' }, how: 'imported' },
    });
    const [removed] = await mapped(
      t,
      domainEvent('member.removed', org, cast.admin.id, { ...member, how: 'moved_out' }),
    );
    expect(removed?.data).toMatchObject({ how: 'moved_out', actor: { id: cast.admin.id } });
  });
});
