import { z } from 'zod';
import { ROLES } from './roles.js';
import { idSchema as id } from './schemas/common.js';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from './tickets.js';
import { TIME_RECORD_TYPES } from './time.js';
import { WEBHOOK_DISABLED_REASONS, type WebhookDisabledReason } from './webhooks.js';
import { PROJECT_STATUSES, TASK_STATUSES, WORK_PRIORITIES } from './work.js';

/*
 * The product's domain events (docs/decisions/0250-one-domain-event-stream.md): each change that
 * others may hear of is written once, in the change's transaction, as one of these. A payload is
 * what a consumer outside the product could use — ids, titles, what changed — and nothing secret.
 * The envelope (type, organization, actor, when) is the same for every type.
 */

/** A calendar day (YYYY-MM-DD) or none. */
const day = z.string().nullable();

const taskRef = {
  taskId: id,
  projectId: id,
  objectiveId: id,
  title: z.string(),
  priority: z.enum(WORK_PRIORITIES),
  creatorId: id.nullable(),
  assigneeId: id.nullable(),
  /** The task after the change (optional: events written before they were added lack them). */
  status: z.enum(TASK_STATUSES).optional(),
  dueDate: day.optional(),
  progress: z.number().int().optional(),
};

const ticketRef = {
  ticketId: id,
  title: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  creatorId: id.nullable(),
  assigneeId: id.nullable(),
  /** The ticket after the change (optional: events written before they were added lack them). */
  status: z.enum(TICKET_STATUSES).optional(),
  category: z.enum(TICKET_CATEGORIES).optional(),
};

/**
 * What a change did to a record's fields, one entry per field, in the field's own terms: a status,
 * priority or category by name, a due date as YYYY-MM-DD, a progress as its number, an assignee as
 * the person's id. A description says only that it changed (its text can be long): from and to null.
 */
const fieldChange = <F extends readonly [string, ...string[]]>(fields: F) =>
  z.array(z.object({ field: z.enum(fields), from: z.string().nullable(), to: z.string().nullable() })).min(1);

export const TASK_CHANGE_FIELDS = [
  'title',
  'description',
  'status',
  'progress',
  'priority',
  'due_date',
  'assignee',
] as const;
export const TICKET_CHANGE_FIELDS = ['title', 'description', 'status', 'priority', 'category', 'assignee'] as const;

/** A person joining or leaving an organization, and how. */
const memberRef = { userId: id, name: z.string(), role: z.enum(ROLES) };
export const MEMBER_ADDED_HOW = ['added', 'imported', 'reactivated', 'moved_in'] as const;
export const MEMBER_REMOVED_HOW = ['deactivated', 'moved_out'] as const;

/** A comment's or message's first characters (NOTIFICATION_EXCERPT_LENGTH), and the readers it @mentions. */
const commentRef = { commentId: id, excerpt: z.string(), mentionedIds: z.array(id) };

const organizationRef = { organizationName: z.string() };

/** A session as its invitation states it after the change: UTC instants and its iCalendar SEQUENCE. */
const sessionRef = {
  sessionId: id,
  advisorId: id,
  topic: z.string(),
  organizationName: z.string(),
  startAt: z.iso.datetime({ offset: true }),
  endAt: z.iso.datetime({ offset: true }),
  sequence: z.number().int(),
  attendeeIds: z.array(id),
};

const advisorChange = z.object({ ...organizationRef, advisorId: id });

/** Each event type's payload. */
export const DOMAIN_EVENT_PAYLOADS = {
  'task.created': z.object(taskRef),
  /** Every change of a task's fields, with what changed (also when it writes other task events). */
  'task.updated': z.object({ ...taskRef, changes: fieldChange(TASK_CHANGE_FIELDS) }),
  /** Assigned at creation or by a change (also when people take the task themselves). */
  'task.assigned': z.object({ ...taskRef, assigneeId: id }),
  'task.completed': z.object(taskRef),
  'task.reopened': z.object(taskRef),
  'task.due_date_changed': z.object({ ...taskRef, from: day, to: day }),
  'task.commented': z.object({ ...taskRef, ...commentRef }),
  'project.status_changed': z.object({
    projectId: id,
    title: z.string(),
    from: z.enum(PROJECT_STATUSES),
    to: z.enum(PROJECT_STATUSES),
  }),
  'objective.created': z.object({ objectiveId: id, projectId: id, projectTitle: z.string(), title: z.string() }),
  'ticket.created': z.object(ticketRef),
  'ticket.assigned': z.object({ ...ticketRef, assigneeId: id }),
  'ticket.status_changed': z.object({ ...ticketRef, from: z.enum(TICKET_STATUSES), to: z.enum(TICKET_STATUSES) }),
  'ticket.commented': z.object({ ...ticketRef, ...commentRef }),
  /** Every change of a ticket's fields, with what changed (also when it writes other ticket events). */
  'ticket.updated': z.object({ ...ticketRef, changes: fieldChange(TICKET_CHANGE_FIELDS) }),
  /** Time recorded by hand or by stopping a timer; `recordTitle` is the task's or ticket's then. */
  'time_entry.created': z.object({
    timeEntryId: id,
    userId: id,
    recordType: z.enum(TIME_RECORD_TYPES),
    recordId: id,
    recordTitle: z.string(),
    date: z.string(),
    minutes: z.number().int(),
    billable: z.boolean(),
    note: z.string().nullable(),
  }),
  /** Into the organization: added, imported, reactivated, or moved in from another by an admin. */
  'member.added': z.object({ ...memberRef, how: z.enum(MEMBER_ADDED_HOW) }),
  /** Out of it: deactivated, or moved to another organization by an admin (which is never named). */
  'member.removed': z.object({ ...memberRef, how: z.enum(MEMBER_REMOVED_HOW) }),
  /** `viewerIds`: the participants who had the conversation open when it arrived (they saw it). */
  'message.sent': z.object({
    messageId: id,
    conversationId: id,
    conversationTitle: z.string(),
    excerpt: z.string(),
    mentionedIds: z.array(id),
    viewerIds: z.array(id),
  }),
  'organization.closed': z.object(organizationRef),
  'organization.reopened': z.object(organizationRef),
  'advisor.assigned': advisorChange,
  'advisor.resumed': advisorChange,
  'advisor.paused': advisorChange,
  'advisor.removed': advisorChange,
  'session.booked': z.object(sessionRef),
  /** A new time (`rescheduled`) or other fields (`updated`); attendees before the change too. */
  'session.rescheduled': z.object({ ...sessionRef, previousAttendeeIds: z.array(id) }),
  'session.updated': z.object({ ...sessionRef, previousAttendeeIds: z.array(id) }),
  /** `withdrawn`: cancelled by the system because its advisor's assignment ended or its organization closed. */
  'session.cancelled': z.object({ ...sessionRef, reason: z.string(), withdrawn: z.boolean() }),
  /**
   * The system disabled a webhook endpoint (it answered 410, or failed for WEBHOOK_LIMITS.disableAfterFailingDays).
   * `url` without credentials or query (either may hold a secret of the receiver's).
   */
  'webhook.endpoint_disabled': z.object({
    ...organizationRef,
    endpointId: id,
    url: z.string(),
    description: z.string().nullable(),
    reason: z.enum(Object.keys(WEBHOOK_DISABLED_REASONS) as [WebhookDisabledReason, ...WebhookDisabledReason[]]),
  }),
} as const;

export type DomainEventType = keyof typeof DOMAIN_EVENT_PAYLOADS;
export const DOMAIN_EVENT_TYPES = Object.keys(DOMAIN_EVENT_PAYLOADS) as [DomainEventType, ...DomainEventType[]];
export type DomainEventPayload<T extends DomainEventType> = z.output<(typeof DOMAIN_EVENT_PAYLOADS)[T]>;

/** An event as its producer writes it: its type and payload, the record's organization and who did it. */
export type DomainEventInput<T extends DomainEventType = DomainEventType> = {
  [K in T]: {
    type: K;
    /** The record's organization. */
    organizationId: string;
    /** Who made the change; null for the system. */
    actorId: string | null;
    payload: DomainEventPayload<K>;
  };
}[T];

/** An event as the stream holds it and its consumers receive it. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = DomainEventInput<T> & {
  id: string;
  occurredAt: Date;
};

const envelope = (type: DomainEventType) =>
  z.object({
    type: z.literal(type),
    organizationId: id,
    actorId: id.nullable(),
    payload: DOMAIN_EVENT_PAYLOADS[type],
  });

/** Any event, checked against its type's payload schema (what a webhook's receiver can validate with). */
export const domainEventSchema = z.discriminatedUnion(
  'type',
  DOMAIN_EVENT_TYPES.map(envelope) as unknown as [ReturnType<typeof envelope>, ...ReturnType<typeof envelope>[]],
);

/** An event of a type, typed by it: its payload must be that type's. */
export const domainEvent = <T extends DomainEventType>(
  type: T,
  organizationId: string,
  actorId: string | null,
  payload: DomainEventPayload<T>,
) => ({ type, organizationId, actorId, payload }) as DomainEventInput<T>;
