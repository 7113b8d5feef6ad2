import type { TicketRow } from '../../db/schema/index.js';
import { eventOn, type NotificationEventInput } from '../../lib/outbox.js';
import { commentEvents } from '../notifications/index.js';

/*
 * A ticket's notifications (issue 22, "System alerts"): who hears of a new ticket, an assignment,
 * a comment and a status change. Built here, recorded by the service in the change's transaction.
 */

type TicketRef = Pick<TicketRow, 'id' | 'organizationId' | 'title' | 'priority' | 'createdBy' | 'assignedTo'>;

/** What every event about a ticket says: its record and title. */
const ticketSubject = (ticket: TicketRef) =>
  ({
    organizationId: ticket.organizationId,
    record: { type: 'ticket', id: ticket.id },
    data: { title: ticket.title },
  }) as const;

/** The people a ticket concerns: its creator and its assignee. */
const ticketPeople = (ticket: TicketRef) =>
  [ticket.createdBy, ticket.assignedTo].filter((id): id is string => id !== null);

const isUrgent = (ticket: TicketRef) => ticket.priority === 'urgent';

/** A new ticket: its organization's org_admins and active advisors; by SMS too when it is urgent. */
export function ticketCreated(ticket: TicketRef, actorId: string): NotificationEventInput {
  return {
    ...eventOn(ticketSubject(ticket), 'ticket_created', actorId),
    audience: { organizationMembers: 'org_admin', organizationAdvisors: true },
    ...(isUrgent(ticket) && { sms: 'systemAlerts' as const }),
  };
}

/** "A ticket assigned to me": the new assignee; an urgent ticket by SMS too (sms.urgentTasks). */
export function ticketAssigned(ticket: TicketRef, assigneeId: string, actorId: string): NotificationEventInput {
  return {
    ...eventOn(ticketSubject(ticket), 'ticket_assigned', actorId),
    audience: { users: [assigneeId] },
    ...(isUrgent(ticket) && { sms: 'urgentTasks' as const }),
  };
}

/** The events of a ticket change (before → after): a new assignee, a new status (to its creator and assignee). */
export function ticketChangeEvents(before: TicketRow, after: TicketRow, actorId: string): NotificationEventInput[] {
  const events: NotificationEventInput[] = [];
  if (after.assignedTo && after.assignedTo !== before.assignedTo) {
    events.push(ticketAssigned(after, after.assignedTo, actorId));
  }
  if (after.status !== before.status) {
    events.push({
      ...eventOn(ticketSubject(after), 'ticket_status_changed', actorId, { from: before.status, to: after.status }),
      audience: { users: ticketPeople(after) },
    });
  }
  return events;
}

/** A comment: `ticket_commented` to the ticket's creator and assignee, `mentioned` to the people it mentions instead. */
export const ticketCommentEvents = (ticket: TicketRef, actorId: string, text: string, mentioned: string[]) =>
  commentEvents(ticketSubject(ticket), 'ticket_commented', actorId, ticketPeople(ticket), { text, mentioned });
