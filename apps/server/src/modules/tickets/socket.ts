import { TICKET_CLIENT_EVENTS, UI_TEXT } from '@smart/contracts';
import { joinRoomEvent, leaveRoomEvent, socketEvent } from '../../plugins/socket-events.js';
import { announceTicketStatus, ticketRoom } from './live.js';
import { readableTicket, setTicketStatus } from './service.js';

/**
 * A ticket's room events and update_ticket_status, through the socket pipeline (plugins/socket-events.ts);
 * their payloads' schemas are the contracts' clientEvents.
 */

/** Joins the ticket's room after the same read check as GET /api/tickets/{id} (which refuses with its own message). */
const joinTicket = joinRoomEvent(
  TICKET_CLIENT_EVENTS.join,
  UI_TEXT.ticketNotFound,
  async ({ app, session }, { ticketId }) => {
    const { ticket } = await readableTicket(app.db, session.user, ticketId);
    return { room: ticketRoom(ticket.id), organizationId: ticket.organizationId, countsChanges: true };
  },
);

const leaveTicket = leaveRoomEvent(
  TICKET_CLIENT_EVENTS.leave,
  ({ ticketId }) => ticketRoom(ticketId),
  UI_TEXT.ticketNotFound,
);

/** The same service function and rules as PATCH /api/tickets/{id}/status. */
const updateTicketStatus = socketEvent({
  event: TICKET_CLIENT_EVENTS.updateStatus,
  kind: 'write',
  invalidPayload: UI_TEXT.ticketNotFound,
  failure: UI_TEXT.ticketNotFound,
  async handle({ app, session }, { ticketId, status }) {
    const { detail } = await setTicketStatus(app.db, session.user, ticketId, status);
    announceTicketStatus(app, detail.record.ticket, session.user.id);
    return { ok: true };
  },
});

export const ticketSocketEvents = [joinTicket, leaveTicket, updateTicketStatus];
