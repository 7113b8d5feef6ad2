import type { NotificationData, NotificationType } from '@smart/contracts';
import type { TicketRow } from '../../db/schema/index.js';
import type { NotificationEventInput } from '../notifications/events.js';
import { mentionedEvents, notificationExcerpt } from '../notifications/mentions.js';

/*
 * A ticket's notifications (issue 22, "System alerts"): who hears of a new ticket, an assignment,
 * a comment and a status change. Built here, recorded by the service in the change's transaction.
 */

type TicketRef = Pick<TicketRow, 'id' | 'organizationId' | 'title' | 'priority' | 'createdBy' | 'assignedTo'>;

/** The base of every event about a ticket: its record, organization and title. */
function onTicket(
  ticket: TicketRef,
  type: NotificationType,
  actorId: string,
  extra: NotificationData = {},
): Omit<NotificationEventInput, 'audience'> {
  return {
    type,
    organizationId: ticket.organizationId,
    record: { type: 'ticket', id: ticket.id },
    actorId,
    data: { title: ticket.title, ...extra },
  };
}

/** The people a ticket concerns: its creator and its assignee. */
const ticketPeople = (ticket: TicketRef) => ({
  users: [ticket.createdBy, ticket.assignedTo].filter((id): id is string => id !== null),
});

const isUrgent = (ticket: TicketRef) => ticket.priority === 'urgent';

/** A new ticket: its organization's org_admins and active advisors; by SMS too when it is urgent. */
export function ticketCreated(ticket: TicketRef, actorId: string): NotificationEventInput {
  return {
    ...onTicket(ticket, 'ticket_created', actorId),
    audience: { organizationMembers: 'org_admin', organizationAdvisors: true },
    ...(isUrgent(ticket) && { sms: 'systemAlerts' as const }),
  };
}

/** "A ticket assigned to me": the new assignee; an urgent ticket by SMS too (sms.urgentTasks). */
export function ticketAssigned(ticket: TicketRef, assigneeId: string, actorId: string): NotificationEventInput {
  return {
    ...onTicket(ticket, 'ticket_assigned', actorId),
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
      ...onTicket(after, 'ticket_status_changed', actorId, { from: before.status, to: after.status }),
      audience: ticketPeople(after),
    });
  }
  return events;
}

/**
 * A comment: `ticket_commented` to the ticket's creator and assignee, `mentioned` to the people it
 * mentions (who can read the ticket) instead, so each is told once.
 */
export function ticketCommentEvents(
  ticket: TicketRef,
  actorId: string,
  text: string,
  mentioned: string[],
): NotificationEventInput[] {
  const excerpt = notificationExcerpt(text);
  const commented: NotificationEventInput = {
    ...onTicket(ticket, 'ticket_commented', actorId, { excerpt }),
    audience: { ...ticketPeople(ticket), ...(mentioned.length > 0 && { except: mentioned }) },
  };
  return [commented, ...mentionedEvents(onTicket(ticket, 'mentioned', actorId, { excerpt }), 'ticket', mentioned)];
}
