import { TICKET_EVENTS, type TicketEventPayload } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * A socket.io room per ticket (ARCHITECTURE.md, "Tickets"): a socket joins only after the read
 * check of GET /api/tickets/{id}; every change is announced there after it commits (through the
 * Redis adapter when configured). Each socket remembers its ticket rooms' organizations, so an
 * advisor whose assignment ends leaves that organization's rooms at once (realtime.ts leaveRecordRoomsOf).
 * The client events are handled in tickets/socket.ts.
 */
export const ticketRoom = (ticketId: string) => `ticket:${ticketId}`;

/** The events of a ticket's room (ticket_status_updated is also the messenger's name). */
export type TicketEventName = (typeof TICKET_EVENTS)[keyof typeof TICKET_EVENTS];

/** Announces a committed change to the ticket's room, on every server process. */
export function announceTicket(app: FastifyInstance, event: TicketEventName, payload: TicketEventPayload) {
  app.roomChanges.changed([ticketRoom(payload.ticketId)]);
  app.io.to(ticketRoom(payload.ticketId)).emit(event, payload);
}

/** ticket_status_updated: the ticket's status and when it changed. */
export function announceTicketStatus(
  app: FastifyInstance,
  ticket: { id: string; status: TicketEventPayload['status']; updatedAt: Date },
  actorId: string,
) {
  announceTicket(app, TICKET_EVENTS.statusUpdated, {
    ticketId: ticket.id,
    status: ticket.status,
    updatedAt: ticket.updatedAt.toISOString(),
    actorId,
  });
}

/** A deleted ticket's room is emptied on every process. */
export function closeTicketRoom(app: FastifyInstance, ticketId: string) {
  app.io.in(ticketRoom(ticketId)).socketsLeave(ticketRoom(ticketId));
}
