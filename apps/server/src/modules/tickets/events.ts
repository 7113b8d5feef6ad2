import { type DomainEventInput, type DomainEventPayload, domainEvent } from '@smart/contracts';
import type { TicketRow } from '../../db/schema/index.js';
import { commentRef, type MentioningComment } from '../notifications/index.js';

/*
 * What a ticket's changes publish (docs/decisions/0250-one-domain-event-stream.md); who hears of
 * them is each consumer's own rule (notifications: ./notifications.ts).
 */

type TicketRef = Pick<TicketRow, 'id' | 'organizationId' | 'title' | 'priority' | 'createdBy' | 'assignedTo'>;

const ticketRef = (ticket: TicketRef): DomainEventPayload<'ticket.created'> => ({
  ticketId: ticket.id,
  title: ticket.title,
  priority: ticket.priority,
  creatorId: ticket.createdBy,
  assigneeId: ticket.assignedTo,
});

export const ticketCreated = (ticket: TicketRef, actorId: string) =>
  domainEvent('ticket.created', ticket.organizationId, actorId, ticketRef(ticket));

/** The events of a ticket change (before → after): a new assignee, a new status. */
export function ticketChangeEvents(before: TicketRow, after: TicketRow, actorId: string): DomainEventInput[] {
  const events: DomainEventInput[] = [];
  if (after.assignedTo && after.assignedTo !== before.assignedTo) {
    events.push(
      domainEvent('ticket.assigned', after.organizationId, actorId, {
        ...ticketRef(after),
        assigneeId: after.assignedTo,
      }),
    );
  }
  if (after.status !== before.status) {
    events.push(
      domainEvent('ticket.status_changed', after.organizationId, actorId, {
        ...ticketRef(after),
        from: before.status,
        to: after.status,
      }),
    );
  }
  return events;
}

/** A comment, with the people it mentions (those who can read the ticket). */
export const ticketCommented = (ticket: TicketRef, actorId: string, comment: MentioningComment) =>
  domainEvent('ticket.commented', ticket.organizationId, actorId, { ...ticketRef(ticket), ...commentRef(comment) });
