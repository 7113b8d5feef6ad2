import type { DomainEvent, DomainEventPayload } from '@smart/contracts';
import { eventOn } from '../../lib/outbox.js';
import type { NotificationRules } from '../notifications/index.js';
import { commentEvents } from '../notifications/index.js';

/*
 * What a ticket's events tell whom (README, "Notifications", system alerts): a new ticket, an
 * assignment, a comment and a status change.
 */

type TicketEvent = DomainEvent<
  'ticket.created' | 'ticket.updated' | 'ticket.assigned' | 'ticket.status_changed' | 'ticket.commented'
>;

/** What every event about a ticket says: its record and title. */
const ticketSubject = (event: TicketEvent) =>
  ({
    organizationId: event.organizationId,
    record: { type: 'ticket', id: event.payload.ticketId },
    data: { title: event.payload.title },
  }) as const;

/** The people a ticket concerns: its creator and its assignee. */
const ticketPeople = (ticket: DomainEventPayload<'ticket.created'>) =>
  [ticket.creatorId, ticket.assigneeId].filter((id): id is string => id !== null);

const isUrgent = (event: TicketEvent) => event.payload.priority === 'urgent';

export const ticketNotificationRules: NotificationRules<TicketEvent['type']> = {
  /** Its organization's org_admins and active advisors; by SMS too when it is urgent. */
  'ticket.created': (event) => [
    {
      ...eventOn(ticketSubject(event), 'ticket_created', event.actorId),
      audience: { organizationMembers: 'org_admin', organizationAdvisors: true },
      ...(isUrgent(event) && { sms: 'systemAlerts' as const }),
    },
  ],
  /** "A ticket assigned to me": the new assignee; an urgent ticket by SMS too (sms.urgentTasks). */
  'ticket.assigned': (event) => [
    {
      ...eventOn(ticketSubject(event), 'ticket_assigned', event.actorId),
      audience: { users: [event.payload.assigneeId] },
      ...(isUrgent(event) && { sms: 'urgentTasks' as const }),
    },
  ],
  /** Field changes tell nobody by themselves: a new assignee or status does. */
  'ticket.updated': () => [],
  /** A new status: to its creator and assignee. */
  'ticket.status_changed': (event) => [
    {
      ...eventOn(ticketSubject(event), 'ticket_status_changed', event.actorId, {
        from: event.payload.from,
        to: event.payload.to,
      }),
      audience: { users: ticketPeople(event.payload) },
    },
  ],
  /** `ticket_commented` to the ticket's creator and assignee, `mentioned` to the people it mentions instead. */
  'ticket.commented': (event) =>
    commentEvents(ticketSubject(event), 'ticket_commented', event.actorId, ticketPeople(event.payload), {
      excerpt: event.payload.excerpt,
      mentioned: event.payload.mentionedIds,
    }),
};
