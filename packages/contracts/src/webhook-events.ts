import { z } from 'zod';
import { MEMBER_ADDED_HOW, MEMBER_REMOVED_HOW, TASK_CHANGE_FIELDS, TICKET_CHANGE_FIELDS } from './domain-events.js';
import { ROLES } from './roles.js';
import { idSchema as id } from './schemas/common.js';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from './tickets.js';
import { TIME_RECORD_TYPES } from './time.js';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGE_KINDS, type WebhookEventType } from './webhooks.js';
import { TASK_STATUSES, WORK_PRIORITIES } from './work.js';

/*
 * Webhook payloads (docs/decisions/0278-webhook-events-and-payloads.md): each catalogue type's
 * `data`, and the body every delivery carries, `{ type, timestamp, version, data }` (the Standard
 * Webhooks envelope, with the payload version). A payload holds what the endpoint's organization may
 * read in the app — ids, titles, statuses, the people by id and name, links into the web app — and
 * never an e-mail address, a token, a hash or another organization's name or people.
 *
 * Versions: a date. Adding a field, a type or an enum value keeps the version (receivers ignore
 * what they do not know); renaming, removing or retyping a field makes a new version, announced
 * in the README, and the old one is kept alongside for endpoints that stay on it.
 */
export const WEBHOOK_PAYLOAD_VERSION = '2026-12-01';

/** An absolute URL of the record's page in the web app. */
const link = z.string().describe("The record's page in the web app (absolute URL)");

/**
 * A person as the organization knows them: one of its members, a platform staff member (an advisor,
 * an admin) or its organization token's service identity. Anyone else (moved to another
 * organization since) is null.
 */
export const webhookPersonSchema = z.object({ id, name: z.string() });
const person = webhookPersonSchema.nullable();

const organization = z.object({ id, name: z.string() });

/** What every payload says: whose event it is and who did it (null: the system, or someone gone). */
const common = { organization, actor: person };

const day = z.string().nullable().describe('A calendar day, YYYY-MM-DD');
const instant = z.string().describe('An ISO 8601 instant (UTC)');

export const webhookTaskSchema = z.object({
  id,
  title: z.string(),
  /** Missing from events written before the catalogue (then null). */
  status: z.enum(TASK_STATUSES).nullable(),
  priority: z.enum(WORK_PRIORITIES),
  progress: z.number().int().nullable(),
  dueDate: day,
  project: z.object({ id, title: z.string().nullable() }),
  objective: z.object({ id, title: z.string().nullable() }),
  creator: person,
  assignee: person,
  url: link,
});

export const webhookTicketSchema = z.object({
  id,
  title: z.string(),
  status: z.enum(TICKET_STATUSES).nullable(),
  priority: z.enum(TICKET_PRIORITIES),
  category: z.enum(TICKET_CATEGORIES).nullable(),
  creator: person,
  assignee: person,
  url: link,
});

/** A comment's first characters (the full text is the record's comments list in the API). */
const comment = z.object({ id, excerpt: z.string(), author: person });

/** What a change did, field by field; an assignee as its person's id (null when not one the organization knows). */
const changes = <F extends readonly [string, ...string[]]>(fields: F) =>
  z.array(z.object({ field: z.enum(fields), from: z.string().nullable(), to: z.string().nullable() }));

export const webhookSessionSchema = z.object({
  id,
  topic: z.string(),
  startAt: instant,
  endAt: instant,
  /** The invitation's iCalendar SEQUENCE: higher is newer. */
  sequence: z.number().int(),
  advisor: person,
  attendees: z.array(webhookPersonSchema),
  url: link,
});

const member = z.object({ id, name: z.string(), role: z.enum(ROLES) });

/** Each catalogue type's `data`. */
export const WEBHOOK_PAYLOADS = {
  'task.created': z.object({ ...common, task: webhookTaskSchema }),
  'task.updated': z.object({ ...common, task: webhookTaskSchema, changes: changes(TASK_CHANGE_FIELDS) }),
  'task.completed': z.object({ ...common, task: webhookTaskSchema }),
  'task.assigned': z.object({ ...common, task: webhookTaskSchema }),
  'comment.created': z.object({ ...common, task: webhookTaskSchema, comment }),
  'ticket.created': z.object({ ...common, ticket: webhookTicketSchema }),
  'ticket.updated': z.object({ ...common, ticket: webhookTicketSchema, changes: changes(TICKET_CHANGE_FIELDS) }),
  'ticket.commented': z.object({ ...common, ticket: webhookTicketSchema, comment }),
  'ticket.resolved': z.object({ ...common, ticket: webhookTicketSchema }),
  'message.created': z.object({
    ...common,
    conversation: z.object({ id, title: z.string(), kind: z.enum(WEBHOOK_MESSAGE_KINDS), url: link }),
    message: z.object({ id, excerpt: z.string(), sender: person }),
  }),
  'session.booked': z.object({ ...common, session: webhookSessionSchema }),
  'session.rescheduled': z.object({ ...common, session: webhookSessionSchema }),
  'session.cancelled': z.object({
    ...common,
    session: webhookSessionSchema,
    reason: z.string(),
    /** Cancelled by the system: its advisor's assignment ended or the organization closed. */
    withdrawn: z.boolean(),
  }),
  'time_entry.created': z.object({
    ...common,
    timeEntry: z.object({
      id,
      date: z.string(),
      minutes: z.number().int(),
      billable: z.boolean(),
      note: z.string().nullable(),
      person,
      record: z.object({ type: z.enum(TIME_RECORD_TYPES), id, title: z.string(), url: link }),
    }),
  }),
  'member.added': z.object({ ...common, member, how: z.enum(MEMBER_ADDED_HOW) }),
  /** `moved_out`: moved to another organization by an admin, which is never named. */
  'member.removed': z.object({ ...common, member, how: z.enum(MEMBER_REMOVED_HOW) }),
  'webhook.test': z.object({ organization, message: z.string() }),
} as const satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookPayload<T extends WebhookEventType> = z.output<(typeof WEBHOOK_PAYLOADS)[T]>;

const bodyOf = <T extends WebhookEventType>(type: T) =>
  z.object({
    type: z.literal(type),
    timestamp: instant,
    version: z.literal(WEBHOOK_PAYLOAD_VERSION),
    data: WEBHOOK_PAYLOADS[type],
  });

/** A delivery's body, by its type: what a receiver validates. */
export const webhookBodySchema = z.discriminatedUnion(
  'type',
  WEBHOOK_EVENT_TYPES.map(bodyOf) as unknown as [ReturnType<typeof bodyOf>, ...ReturnType<typeof bodyOf>[]],
);
export const webhookBodySchemaOf = bodyOf;

/** What a `webhook.test` event says (the Send test event button). */
export const WEBHOOK_TEST_MESSAGE = 'A test event from S.M.A.R.T.';

/** The body of one delivery: its type, when its event happened, the payload version and its data. */
export const webhookBody = (type: WebhookEventType, occurredAt: Date, data: Record<string, unknown>) => ({
  type,
  timestamp: occurredAt.toISOString(),
  version: WEBHOOK_PAYLOAD_VERSION,
  data,
});

const example = {
  organization: { id: '6f1c2a9e-1b7d-4c1e-9a55-0d3f9b8e2a10', name: 'Acme Consulting' },
  actor: { id: '0b8e7d64-3c0a-4f5e-8d2b-6a1f4c9e7b21', name: 'Dana Whitfield' },
};
const appUrl = 'https://smart.example.com';
const exampleTask = {
  id: 'c2d4e6f8-0a1b-4c3d-8e5f-7a9b1c3d5e7f',
  title: 'Prepare the Q4 VAT return',
  status: 'completed',
  priority: 'high',
  progress: 100,
  dueDate: '2026-12-15',
  project: { id: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d', title: 'Year-end close' },
  objective: { id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', title: 'Tax filings' },
  creator: example.actor,
  assignee: { id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', name: 'Sam Okafor' },
  url: `${appUrl}/dashboard/projects/1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d/objectives/9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a/tasks/c2d4e6f8-0a1b-4c3d-8e5f-7a9b1c3d5e7f`,
} satisfies z.output<typeof webhookTaskSchema>;
const exampleTicket = {
  id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  title: 'Invoice export fails for December',
  status: 'resolved',
  priority: 'urgent',
  category: 'billing',
  creator: example.actor,
  assignee: { id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d', name: 'Priya Raman' },
  url: `${appUrl}/dashboard/tickets/3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f`,
} satisfies z.output<typeof webhookTicketSchema>;

const exampleSession = {
  id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  topic: 'Cash flow review',
  startAt: '2026-12-10T09:00:00.000Z',
  endAt: '2026-12-10T09:30:00.000Z',
  sequence: 0,
  advisor: { id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d', name: 'Priya Raman' },
  attendees: [example.actor],
  url: `${appUrl}/dashboard/sessions?session=2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e`,
} satisfies z.output<typeof webhookSessionSchema>;
const exampleComment = {
  id: '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
  excerpt: 'Filed, receipt attached.',
  author: example.actor,
};
const exampleMember = { id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', name: 'Sam Okafor', role: 'user' } as const;

/** An example `data` for every type: the OpenAPI document shows them and a test holds them to their schemas. */
export const WEBHOOK_EXAMPLES = {
  'task.created': { ...example, task: { ...exampleTask, status: 'not_started', progress: 0 } },
  'task.updated': {
    ...example,
    task: exampleTask,
    changes: [
      { field: 'status', from: 'in_progress', to: 'completed' },
      { field: 'progress', from: '60', to: '100' },
    ],
  },
  'task.completed': { ...example, task: exampleTask },
  'task.assigned': { ...example, task: exampleTask },
  'comment.created': { ...example, task: exampleTask, comment: exampleComment },
  'ticket.created': { ...example, ticket: { ...exampleTicket, status: 'open', assignee: null } },
  'ticket.updated': {
    ...example,
    ticket: exampleTicket,
    changes: [{ field: 'assignee', from: null, to: exampleTicket.assignee.id }],
  },
  'ticket.commented': { ...example, ticket: exampleTicket, comment: exampleComment },
  'ticket.resolved': { ...example, ticket: exampleTicket },
  'message.created': {
    ...example,
    conversation: {
      id: '6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c',
      title: 'General Discussion',
      kind: 'advisor',
      url: `${appUrl}/dashboard/messenger?c=6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c`,
    },
    message: {
      id: '0d1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f3a',
      excerpt: 'Can we review the ledger?',
      sender: example.actor,
    },
  },
  'session.booked': { ...example, session: exampleSession },
  'session.rescheduled': { ...example, session: { ...exampleSession, sequence: 1 } },
  'session.cancelled': { ...example, session: exampleSession, reason: 'Travelling that week', withdrawn: false },
  'time_entry.created': {
    ...example,
    timeEntry: {
      id: '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e',
      date: '2026-12-02',
      minutes: 90,
      billable: true,
      note: 'Reconciled the ledgers',
      person: example.actor,
      record: { type: 'task', id: exampleTask.id, title: exampleTask.title, url: exampleTask.url },
    },
  },
  'member.added': { ...example, member: exampleMember, how: 'added' },
  'member.removed': { ...example, member: exampleMember, how: 'deactivated' },
  'webhook.test': { organization: example.organization, message: WEBHOOK_TEST_MESSAGE },
} satisfies { [T in WebhookEventType]: WebhookPayload<T> };
