import {
  SUBSCRIBABLE_WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_CATALOGUE,
  type WebhookEndpointRecord,
  type WebhookEventType,
  type WebhookMessageKind,
} from '@smart/contracts';
import type { CreateWebhookBody } from './api';

/** The endpoint form's values: what Add endpoint and Edit show. */
export interface WebhookFormValues {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  messageKinds: WebhookMessageKind[];
}

export const EMPTY_WEBHOOK_FORM: WebhookFormValues = { url: '', description: '', eventTypes: [], messageKinds: [] };

/** The only event that opts into conversation kinds. */
export const MESSAGE_EVENT = 'message.created' satisfies WebhookEventType;

export function formFromEndpoint(endpoint: WebhookEndpointRecord): WebhookFormValues {
  return {
    url: endpoint.url,
    description: endpoint.description ?? '',
    eventTypes: endpoint.eventTypes.filter((type): type is WebhookEventType => type in WEBHOOK_EVENT_CATALOGUE),
    messageKinds: endpoint.messageKinds,
  };
}

/** The request body; the message kinds go only with `message.created` (they mean nothing without it). */
export function webhookBody(values: WebhookFormValues): CreateWebhookBody {
  return {
    url: values.url.trim(),
    description: values.description,
    eventTypes: values.eventTypes,
    messageKinds: values.eventTypes.includes(MESSAGE_EVENT) ? values.messageKinds : [],
  };
}

type Resource = WebhookEventType extends `${infer Prefix}.${string}` ? Prefix : never;

/** The picker's groups, one per resource; a task's comments go with its tasks. */
const GROUP_OF: Record<Resource, string> = {
  task: 'Tasks',
  comment: 'Tasks',
  ticket: 'Tickets',
  message: 'Messages',
  session: 'Sessions',
  time_entry: 'Time',
  member: 'People',
  webhook: 'Tests',
};

export interface EventGroup {
  label: string;
  events: { type: WebhookEventType; description: string }[];
}

/** The subscribable events grouped by resource, in the catalogue's order. */
export function eventGroups(): EventGroup[] {
  const groups = new Map<string, EventGroup>();
  for (const type of SUBSCRIBABLE_WEBHOOK_EVENT_TYPES) {
    const label = GROUP_OF[type.slice(0, type.indexOf('.')) as Resource];
    const group = groups.get(label) ?? { label, events: [] };
    group.events.push({ type, description: WEBHOOK_EVENT_CATALOGUE[type] });
    groups.set(label, group);
  }
  return [...groups.values()];
}
