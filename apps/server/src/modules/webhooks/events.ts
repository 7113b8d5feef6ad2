import {
  type ConversationType,
  DOMAIN_EVENT_TYPES,
  type DomainEvent,
  type DomainEventPayload,
  type DomainEventType,
  recordPaths,
  WEBHOOK_PAYLOADS,
  type WebhookEventType,
  type WebhookMessageKind,
  type WebhookPayload,
} from '@smart/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  apiTokens,
  conversations,
  objectives,
  organizations,
  projects,
  tasks,
  tickets,
  users,
} from '../../db/schema/index.js';
import { actorReader, readableProjects, readableTasks, readableTickets } from '../../lib/read-rules/index.js';

/** One webhook event made from a domain event: its public type, its payload's `data`, its record. */
export interface WebhookEvent {
  type: WebhookEventType;
  /** The payload's `data`, checked against its versioned schema (contracts webhook-events.ts). */
  data: Record<string, unknown>;
  /** The record it is about (`ticket:<id>`): deliveries for one record go in event order. */
  recordKey: string | null;
  /** A `message.created`'s conversation kind: only endpoints that opted into it hear it. */
  messageKind?: WebhookMessageKind;
}

/*
 * The catalogue's events from the domain-event stream (docs/decisions/0278-webhook-events-and-payloads.md).
 * An endpoint belongs to the event's organization and reads as that organization's org_admin who
 * takes part in nothing: its own organization's tasks, tickets, sessions, time and members; the
 * messages of its team and advisor conversations (an org_admin may join any of them), never of a
 * private advisor chat (read by its two people only). Each record is read with its one read rule
 * (lib/read-rules): a record the organization may not read makes no event; a record deleted since
 * its event is delivered as the event carried it. The payload is the record as the change left it
 * (the event's fields), with names and titles read now; people the organization does not know
 * (moved to another organization) are null, and no payload holds an e-mail address or a secret.
 */

/** No user has this id: the reader takes part in no conversation and is nobody's assignee. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

type Person = { id: string; name: string };

/** What one mapping reads with: the transaction, the organization as reader, its names. */
interface Context {
  tx: Database;
  event: DomainEvent;
  appUrl: string;
  organization: { id: string; name: string };
  /** The people the payload names, those the organization knows, by id. */
  people: Map<string, Person>;
  readsAs: ReturnType<typeof actorReader>;
}

const personOf = (context: Context, id: string | null | undefined): Person | null =>
  (id && context.people.get(id)) || null;

/** A person id in a change (an assignee), or null when the organization does not know them. */
const knownId = (context: Context, id: string | null) => (id && context.people.has(id) ? id : null);

/**
 * The named people the organization knows: its members (former ones included while they have no
 * other organization), platform staff (advisors, admins: they act in it and the app names them),
 * and its organization tokens' service identities. Never an e-mail address.
 */
async function knownPeople(tx: Database, organizationId: string, ids: readonly (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map<string, Person>();
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        inArray(users.id, wanted),
        sql`(${users.organizationId} = ${organizationId} or ${users.role} in ('admin', 'advisor')
          or exists (select 1 from ${apiTokens} where ${apiTokens.serviceUserId} = ${users.id}
            and ${apiTokens.organizationId} = ${organizationId}))`,
      ),
    );
  return new Map(
    rows.map((row) => [row.id, { id: row.id, name: [row.firstName, row.lastName].filter(Boolean).join(' ').trim() }]),
  );
}

/** Whether the record is readable by the organization, gone (deleted since), or not its to read. */
async function presence(context: Context, table: typeof tasks | typeof tickets, id: string, readable: SQL) {
  const { rows } = (await context.tx.execute(
    sql`select ${readable} as readable from ${table} where ${table.id} = ${id}`,
  )) as { rows: { readable: boolean }[] };
  const [row] = rows;
  if (!row) return 'gone';
  return row.readable ? 'readable' : 'hidden';
}

const absolute = (context: Context, path: string) => `${context.appUrl}${path}`;

type TaskPayload = DomainEventPayload<'task.created'>;

/** A task as the change left it, or null when the organization may not read it. */
async function taskOf(context: Context, task: TaskPayload) {
  const state = await presence(context, tasks, task.taskId, readableTasks(context.readsAs));
  if (state === 'hidden') return null;
  const { rows } = (await context.tx.execute(sql`select
    (select ${projects.title} from ${projects} where ${projects.id} = ${task.projectId}
      and ${readableProjects(context.readsAs)}) as project,
    (select ${objectives.title} from ${objectives} where ${objectives.id} = ${task.objectiveId}
      and ${objectives.organizationId} = ${context.organization.id}) as objective`)) as {
    rows: { project: string | null; objective: string | null }[];
  };
  const titles = rows[0];
  return {
    id: task.taskId,
    title: task.title,
    status: task.status ?? null,
    priority: task.priority,
    progress: task.progress ?? null,
    dueDate: task.dueDate ?? null,
    project: { id: task.projectId, title: titles?.project ?? null },
    objective: { id: task.objectiveId, title: titles?.objective ?? null },
    creator: personOf(context, task.creatorId),
    assignee: personOf(context, task.assigneeId),
    url: absolute(context, recordPaths.task(task.projectId, task.objectiveId, task.taskId)),
  } satisfies WebhookPayload<'task.created'>['task'];
}

type TicketPayload = DomainEventPayload<'ticket.created'>;

async function ticketOf(context: Context, ticket: TicketPayload) {
  const state = await presence(context, tickets, ticket.ticketId, readableTickets(context.readsAs));
  if (state === 'hidden') return null;
  return {
    id: ticket.ticketId,
    title: ticket.title,
    status: ticket.status ?? null,
    priority: ticket.priority,
    category: ticket.category ?? null,
    creator: personOf(context, ticket.creatorId),
    assignee: personOf(context, ticket.assigneeId),
    url: absolute(context, recordPaths.ticket(ticket.ticketId)),
  } satisfies WebhookPayload<'ticket.created'>['ticket'];
}

/** The common part of every payload. */
const commonOf = (context: Context) => ({
  organization: context.organization,
  actor: personOf(context, context.event.actorId),
});

/** Checks `data` against its type's schema: a payload never leaves unlike its documentation. */
function webhookEvent<T extends WebhookEventType>(
  type: T,
  data: WebhookPayload<T>,
  recordKey: string,
  messageKind?: WebhookMessageKind,
): WebhookEvent {
  const checked = WEBHOOK_PAYLOADS[type].parse(data) as Record<string, unknown>;
  return { type, data: checked, recordKey, ...(messageKind && { messageKind }) };
}

/** A conversation's kind as endpoints opt into it; a private advisor chat is never delivered. */
const MESSAGE_KINDS: Record<ConversationType, WebhookMessageKind | null> = {
  general: 'team',
  group: 'team',
  ticket: 'advisor',
  direct: null,
};

type Mapping<K extends DomainEventType> = (context: Context, event: DomainEvent<K>) => Promise<WebhookEvent[]>;

const taskEvent =
  (
    type: 'task.created' | 'task.completed' | 'task.assigned',
  ): Mapping<'task.created' | 'task.completed' | 'task.assigned'> =>
  async (context, event) => {
    const task = await taskOf(context, event.payload);
    return task ? [webhookEvent(type, { ...commonOf(context), task }, `task:${task.id}`)] : [];
  };

const ticketEvent =
  (type: 'ticket.created' | 'ticket.resolved'): Mapping<'ticket.created' | 'ticket.status_changed'> =>
  async (context, event) => {
    const ticket = await ticketOf(context, event.payload);
    return ticket ? [webhookEvent(type, { ...commonOf(context), ticket }, `ticket:${ticket.id}`)] : [];
  };

const sessionEvent =
  (type: 'session.booked' | 'session.rescheduled'): Mapping<'session.booked' | 'session.rescheduled'> =>
  async (context, event) => [
    webhookEvent(
      type,
      { ...commonOf(context), session: sessionOf(context, event) },
      `session:${event.payload.sessionId}`,
    ),
  ];

function sessionOf(
  context: Context,
  event: DomainEvent<'session.booked' | 'session.rescheduled' | 'session.cancelled'>,
) {
  const { payload } = event;
  return {
    id: payload.sessionId,
    topic: payload.topic,
    startAt: payload.startAt,
    endAt: payload.endAt,
    sequence: payload.sequence,
    advisor: personOf(context, payload.advisorId),
    attendees: payload.attendeeIds.flatMap((id) => personOf(context, id) ?? []),
    url: absolute(context, recordPaths.session(payload.sessionId)),
  };
}

const none = async () => [];

/** Each domain event's catalogue events (typed over every type: a new one must say what it makes). */
const MAPPINGS: { [K in DomainEventType]: Mapping<K> } = {
  'task.created': taskEvent('task.created'),
  'task.updated': async (context, event) => {
    const task = await taskOf(context, event.payload);
    if (!task) return [];
    const changes = event.payload.changes.map((change) =>
      change.field === 'assignee'
        ? { ...change, from: knownId(context, change.from), to: knownId(context, change.to) }
        : change,
    );
    return [webhookEvent('task.updated', { ...commonOf(context), task, changes }, `task:${task.id}`)];
  },
  'task.assigned': taskEvent('task.assigned'),
  'task.completed': taskEvent('task.completed'),
  // Heard as task.updated (its status or due date among the changes).
  'task.reopened': none,
  'task.due_date_changed': none,
  'task.commented': async (context, event) => {
    const task = await taskOf(context, event.payload);
    if (!task) return [];
    const comment = {
      id: event.payload.commentId,
      excerpt: event.payload.excerpt,
      author: personOf(context, event.actorId),
    };
    return [webhookEvent('comment.created', { ...commonOf(context), task, comment }, `task:${task.id}`)];
  },
  'project.status_changed': none,
  'objective.created': none,
  'ticket.created': ticketEvent('ticket.created'),
  // Heard as ticket.updated (the assignee among the changes).
  'ticket.assigned': none,
  'ticket.updated': async (context, event) => {
    const ticket = await ticketOf(context, event.payload);
    if (!ticket) return [];
    const changes = event.payload.changes.map((change) =>
      change.field === 'assignee'
        ? { ...change, from: knownId(context, change.from), to: knownId(context, change.to) }
        : change,
    );
    return [webhookEvent('ticket.updated', { ...commonOf(context), ticket, changes }, `ticket:${ticket.id}`)];
  },
  // Its ticket.updated says every new status; reaching `resolved` is an event of its own too.
  'ticket.status_changed': async (context, event) =>
    event.payload.to === 'resolved' ? ticketEvent('ticket.resolved')(context, event) : [],
  'ticket.commented': async (context, event) => {
    const ticket = await ticketOf(context, event.payload);
    if (!ticket) return [];
    const comment = {
      id: event.payload.commentId,
      excerpt: event.payload.excerpt,
      author: personOf(context, event.actorId),
    };
    return [webhookEvent('ticket.commented', { ...commonOf(context), ticket, comment }, `ticket:${ticket.id}`)];
  },
  'message.sent': async (context, event) => {
    const { payload } = event;
    // The conversation's kind decides who hears it: a conversation gone since cannot say, so nobody does.
    const [conversation] = await context.tx
      .select({ type: conversations.type })
      .from(conversations)
      .where(
        and(eq(conversations.id, payload.conversationId), eq(conversations.organizationId, context.organization.id)),
      );
    const kind = conversation ? MESSAGE_KINDS[conversation.type] : null;
    if (!kind) return [];
    const data = {
      ...commonOf(context),
      conversation: {
        id: payload.conversationId,
        title: payload.conversationTitle,
        kind,
        url: absolute(context, recordPaths.conversation(payload.conversationId)),
      },
      message: { id: payload.messageId, excerpt: payload.excerpt, sender: personOf(context, event.actorId) },
    };
    return [webhookEvent('message.created', data, `conversation:${payload.conversationId}`, kind)];
  },
  'organization.closed': none,
  'organization.reopened': none,
  'advisor.assigned': none,
  'advisor.resumed': none,
  'advisor.paused': none,
  'advisor.removed': none,
  'session.booked': sessionEvent('session.booked'),
  'session.rescheduled': sessionEvent('session.rescheduled'),
  // Its topic, agenda or attendees: not in the catalogue.
  'session.updated': none,
  'session.cancelled': async (context, event) => {
    const data = {
      ...commonOf(context),
      session: sessionOf(context, event),
      reason: event.payload.reason,
      withdrawn: event.payload.withdrawn,
    };
    return [webhookEvent('session.cancelled', data, `session:${event.payload.sessionId}`)];
  },
  'time_entry.created': async (context, event) => {
    const { payload } = event;
    const [task] =
      payload.recordType === 'task'
        ? await context.tx
            .select({ projectId: tasks.projectId, objectiveId: tasks.objectiveId })
            .from(tasks)
            .where(and(eq(tasks.id, payload.recordId), readableTasks(context.readsAs)))
        : [];
    const path =
      payload.recordType === 'ticket'
        ? recordPaths.ticket(payload.recordId)
        : task
          ? recordPaths.task(task.projectId, task.objectiveId, payload.recordId)
          : recordPaths.taskShort(payload.recordId);
    const data = {
      ...commonOf(context),
      timeEntry: {
        id: payload.timeEntryId,
        date: payload.date,
        minutes: payload.minutes,
        billable: payload.billable,
        note: payload.note,
        person: personOf(context, payload.userId),
        record: {
          type: payload.recordType,
          id: payload.recordId,
          title: payload.recordTitle,
          url: absolute(context, path),
        },
      },
    };
    return [webhookEvent('time_entry.created', data, `time_entry:${payload.timeEntryId}`)];
  },
  // The member as the event carried them: one who moved out belongs to another organization now.
  'member.added': async (context, event) => {
    const { userId, name, role, how } = event.payload;
    const data = { ...commonOf(context), member: { id: userId, name, role }, how };
    return [webhookEvent('member.added', data, `member:${userId}`)];
  },
  'member.removed': async (context, event) => {
    const { userId, name, role, how } = event.payload;
    const data = { ...commonOf(context), member: { id: userId, name, role }, how };
    return [webhookEvent('member.removed', data, `member:${userId}`)];
  },
  // The endpoint's own trouble: told to the org_admins in the app and by e-mail, never to an endpoint.
  'webhook.endpoint_disabled': none,
};

/** The domain types that make catalogue events: what the webhooks consumer subscribes to. */
export const WEBHOOK_SOURCE_TYPES = DOMAIN_EVENT_TYPES.filter((type) => MAPPINGS[type] !== none);

/** The people an event's payload names (its actor, the record's people, attendees, changed assignees). */
function namedIn(event: DomainEvent): (string | null | undefined)[] {
  const payload = event.payload as Record<string, unknown>;
  const ids = [event.actorId];
  for (const key of ['creatorId', 'assigneeId', 'advisorId', 'userId'] as const) {
    const value = payload[key];
    if (typeof value === 'string') ids.push(value);
  }
  if (Array.isArray(payload.attendeeIds)) ids.push(...(payload.attendeeIds as string[]));
  if (Array.isArray(payload.changes)) {
    for (const change of payload.changes as { field: string; from: string | null; to: string | null }[]) {
      if (change.field === 'assignee') ids.push(change.from, change.to);
    }
  }
  return ids;
}

/**
 * The webhook events a domain event makes (none, one or several), with only what its organization
 * may see. Read in the delivery consumer's transaction. `appUrl` (the config's APP_URL) makes the
 * records' links absolute.
 */
export async function webhookEventsOf(tx: Database, event: DomainEvent, appUrl = ''): Promise<WebhookEvent[]> {
  const mapping = MAPPINGS[event.type] as Mapping<DomainEventType>;
  if (mapping === none) return [];
  const [organization] = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, event.organizationId));
  if (!organization) return [];
  const context: Context = {
    tx,
    event,
    appUrl: appUrl.replace(/\/+$/, ''),
    organization,
    people: await knownPeople(tx, organization.id, namedIn(event)),
    readsAs: actorReader({ id: NOBODY, role: 'org_admin', organizationId: organization.id }),
  };
  return mapping(context, event);
}
