import { type DomainEventInput, type DomainEventPayload, domainEvent } from '@smart/contracts';
import type { TicketRow } from '../../db/schema/index.js';
import { commentRef, type MentioningComment } from '../notifications/index.js';

/*
 * What a ticket's changes publish (docs/decisions/0250-one-domain-event-stream.md); who hears of
 * them is each consumer's own rule (notifications: ./notifications.ts).
 */

type TicketRef = Pick<
  TicketRow,
  'id' | 'organizationId' | 'title' | 'priority' | 'createdBy' | 'assignedTo' | 'status' | 'category'
>;

const ticketRef = (ticket: TicketRef): DomainEventPayload<'ticket.created'> => ({
  ticketId: ticket.id,
  title: ticket.title,
  priority: ticket.priority,
  creatorId: ticket.createdBy,
  assigneeId: ticket.assignedTo,
  status: ticket.status,
  category: ticket.category,
});

type ChangedField = DomainEventPayload<'ticket.updated'>['changes'][number];

/** What changed, field by field (a description only that it did). */
function ticketFieldChanges(before: TicketRow, after: TicketRow): ChangedField[] {
  const changes: ChangedField[] = [];
  const compare = (field: ChangedField['field'], from: string | null, to: string | null) => {
    if (from !== to) changes.push({ field, from, to });
  };
  compare('title', before.title, after.title);
  if (before.description !== after.description) changes.push({ field: 'description', from: null, to: null });
  compare('status', before.status, after.status);
  compare('priority', before.priority, after.priority);
  compare('category', before.category, after.category);
  compare('assignee', before.assignedTo, after.assignedTo);
  return changes;
}

export const ticketCreated = (ticket: TicketRef, actorId: string) =>
  domainEvent('ticket.created', ticket.organizationId, actorId, ticketRef(ticket));

/** The events of a ticket change (before → after): what changed (`ticket.updated`), a new assignee, a new status. */
export function ticketChangeEvents(before: TicketRow, after: TicketRow, actorId: string): DomainEventInput[] {
  const changes = ticketFieldChanges(before, after);
  const events: DomainEventInput[] =
    changes.length > 0
      ? [domainEvent('ticket.updated', after.organizationId, actorId, { ...ticketRef(after), changes })]
      : [];
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
