import type { TokenScope } from './api-tokens.js';

/*
 * Webhooks (docs/decisions/0277-webhooks-standard-webhooks.md): an organization's endpoints hear
 * the events they chose from this catalogue, signed per the Standard Webhooks specification.
 * Each type's payload schema, versioned, is in webhook-events.ts.
 */

/** The catalogue, in the order the event picker lists it, each with what it means. */
export const WEBHOOK_EVENT_CATALOGUE = {
  'task.created': 'A task was created',
  'task.updated': 'A task changed (title, status, priority, due date, assignee…)',
  'task.completed': 'A task was marked done',
  'task.assigned': 'A task was assigned to someone',
  'comment.created': 'A comment was added to a task',
  'ticket.created': 'A ticket was raised',
  'ticket.updated': 'A ticket changed (status, priority, assignee…)',
  'ticket.commented': 'A comment was added to a ticket',
  'ticket.resolved': 'A ticket was resolved',
  'message.created': 'A message was sent in a conversation of a kind the endpoint opted into',
  'session.booked': 'An advisory session was booked',
  'session.rescheduled': 'An advisory session moved to a new time',
  'session.cancelled': 'An advisory session was cancelled',
  'time_entry.created': 'Time was recorded on a task or ticket',
  'member.added': 'A person joined the organization',
  'member.removed': 'A person left the organization (removed or deactivated)',
  'webhook.test': 'A test event sent from the endpoint page',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENT_CATALOGUE;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_CATALOGUE) as [WebhookEventType, ...WebhookEventType[]];
/** The types an endpoint may subscribe to (the test event goes to the one endpoint it is sent from). */
export const SUBSCRIBABLE_WEBHOOK_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((type) => type !== 'webhook.test');

/**
 * The read scope an API token needs to hear each event, or to read or resend its delivery: an
 * event's payload is a record of that resource, so `webhooks:write` alone must not reach it.
 */
export const WEBHOOK_EVENT_SCOPES: Record<WebhookEventType, TokenScope | null> = {
  'task.created': 'projects:read',
  'task.updated': 'projects:read',
  'task.completed': 'projects:read',
  'task.assigned': 'projects:read',
  'comment.created': 'projects:read',
  'ticket.created': 'tickets:read',
  'ticket.updated': 'tickets:read',
  'ticket.commented': 'tickets:read',
  'ticket.resolved': 'tickets:read',
  'message.created': 'messages:read',
  'session.booked': 'sessions:read',
  'session.rescheduled': 'sessions:read',
  'session.cancelled': 'sessions:read',
  'time_entry.created': 'time_entries:read',
  'member.added': 'people:read',
  'member.removed': 'people:read',
  'webhook.test': null,
};

/**
 * The conversation kinds a `message.created` subscription opts into, one by one. A member's private
 * chat with an advisor is not one: it is never sent out, so it is not offered.
 */
export const WEBHOOK_MESSAGE_KINDS = ['advisor', 'team'] as const;
export type WebhookMessageKind = (typeof WEBHOOK_MESSAGE_KINDS)[number];
/** What each kind means, as the event picker offers it. */
export const WEBHOOK_MESSAGE_KIND_LABELS: Record<WebhookMessageKind, string> = {
  advisor: "Conversations with the organization's advisors",
  team: 'Team conversations (the general one and groups)',
};

/** A signing secret: this prefix and 24 random bytes in base64 (the Standard Webhooks form). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Delivery states of one event to one endpoint. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_LIMITS = {
  urlMax: 2000,
  descriptionMax: 500,
  /** Endpoints one organization may register. */
  maxEndpointsPerOrganization: 20,
  /** One attempt's timeout. */
  timeoutSeconds: 15,
  /** The Standard Webhooks retry schedule: the wait before each attempt after the first. */
  retryScheduleSeconds: [0, 5, 300, 1800, 7200, 18000, 36000, 36000],
  /** A 429's or 503's `Retry-After` is waited for, up to this long. */
  retryAfterMaxSeconds: 3600,
  /** An endpoint failing this long (and still failing) is disabled and its org_admins are told. */
  disableAfterFailingDays: 5,
  /** Deliveries in flight to one endpoint at once (default). */
  concurrencyPerEndpoint: 4,
  /** The answer's body kept in the log. */
  responseBodyKeptBytes: 16 * 1024,
  /** Attempts are kept this long. */
  logRetentionDays: 30,
  /** Both the old and the new secret sign for this long after a rotation. */
  rotationOverlapHours: 24,
  /** A receiver's timestamp tolerance (what the verification example and the test use). */
  timestampToleranceSeconds: 300,
} as const;

/** Why the system disabled an endpoint (its `disabled_reason`), as its page and its org_admins' notice say it. */
export const WEBHOOK_DISABLED_REASONS = {
  gone: 'The endpoint answered 410 Gone.',
  failing: `Every delivery failed for ${WEBHOOK_LIMITS.disableAfterFailingDays} days.`,
} as const;
export type WebhookDisabledReason = keyof typeof WEBHOOK_DISABLED_REASONS;
