import { idSchema, MESSAGES, TICKET_CLIENT_EVENTS, ticketStatusSchema } from '@smart/contracts';
import { z } from 'zod';
import { joinRecordRoom, leaveRecordRoom } from '../../plugins/realtime.js';
import { socketEvent } from '../../plugins/socket-events.js';
import { announceTicketStatus, ticketRoom } from './live.js';
import { readableTicket, setTicketStatus } from './service.js';

/** A ticket's room events and update_ticket_status, through the socket pipeline (plugins/socket-events.ts). */
const ticketIdPayload = z.object({ ticketId: idSchema });
const statusPayload = z.object({ ticketId: idSchema, status: ticketStatusSchema });

/** Joins the ticket's room after the same read check as GET /api/tickets/{id}. */
const joinTicket = socketEvent({
  event: TICKET_CLIENT_EVENTS.join,
  kind: 'join',
  payload: ticketIdPayload,
  invalidPayload: MESSAGES.ticketNotFound,
  failure: MESSAGES.ticketNotFound,
  async handle({ app, socket, session }, { ticketId }) {
    const { ticket } = await readableTicket(app.db, session.user, ticketId);
    await joinRecordRoom(socket, ticketRoom(ticket.id), ticket.organizationId);
    return { ok: true };
  },
});

const leaveTicket = socketEvent({
  event: TICKET_CLIENT_EVENTS.leave,
  kind: 'leave',
  payload: ticketIdPayload,
  invalidPayload: MESSAGES.ticketNotFound,
  failure: MESSAGES.ticketNotFound,
  async handle({ socket }, { ticketId }) {
    await leaveRecordRoom(socket, ticketRoom(ticketId));
    return { ok: true };
  },
});

/** The same service function and rules as PATCH /api/tickets/{id}/status. */
const updateTicketStatus = socketEvent({
  event: TICKET_CLIENT_EVENTS.updateStatus,
  kind: 'write',
  payload: statusPayload,
  invalidPayload: MESSAGES.ticketNotFound,
  failure: MESSAGES.ticketNotFound,
  async handle({ app, session }, { ticketId, status }) {
    const { detail } = await setTicketStatus(app.db, session.user, ticketId, status);
    announceTicketStatus(app, detail.record.ticket, session.user.id);
    return { ok: true };
  },
});

export const ticketSocketEvents = [joinTicket, leaveTicket, updateTicketStatus];
