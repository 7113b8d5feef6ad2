import type { DomainEvent, WebhookEventType, WebhookMessageKind } from '@smart/contracts';
import type { Database } from '../../db/client.js';

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

/**
 * The webhook events a domain event makes (none, one or several), with only what its organization
 * may see. Read in the delivery consumer's transaction.
 * TODO(issue 41, webhook events): the catalogue's mapping and payload schemas replace this first cut.
 */
export async function webhookEventsOf(_tx: Database, event: DomainEvent): Promise<WebhookEvent[]> {
  if (event.type === 'ticket.created') {
    return [{ type: 'ticket.created', data: { ...event.payload }, recordKey: `ticket:${event.payload.ticketId}` }];
  }
  return [];
}
