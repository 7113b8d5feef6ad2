import {
  idSchema,
  MESSAGES,
  TICKET_CLIENT_EVENTS,
  TICKET_EVENTS,
  type TicketEventPayload,
  type TicketSocketAck,
  ticketStatusSchema,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import type { Session } from '../../plugins/auth.js';
import { joinRecordRoom, leaveRecordRoom } from '../../plugins/realtime.js';
import { readableTicket, setTicketStatus } from './service.js';

/**
 * A socket.io room per ticket (design.md, "Realtime rooms"): a socket joins only after the read
 * check of GET /api/tickets/{id}; every change is announced there after it commits (through the
 * Redis adapter when configured). Each socket remembers its ticket rooms' organizations, so an
 * advisor whose assignment ends leaves that organization's rooms at once (realtime.ts leaveRecordRoomsOf).
 */
export const ticketRoom = (ticketId: string) => `ticket:${ticketId}`;

type Ack = (answer: TicketSocketAck) => void;

const ticketIdPayload = z.object({ ticketId: idSchema });
const statusPayload = z.object({ ticketId: idSchema, status: ticketStatusSchema });

const refusal = (error: unknown): TicketSocketAck => ({
  ok: false,
  error: error instanceof AppError ? error.message : MESSAGES.ticketNotFound,
});

export const ticketRoomsPlugin = fp(async (app: FastifyInstance) => {
  app.io.on('connection', (socket) => {
    const session = socket.data.session as Session;
    const answer = (ack: unknown, reply: TicketSocketAck) => {
      if (typeof ack === 'function') (ack as Ack)(reply);
    };

    socket.on(TICKET_CLIENT_EVENTS.join, async (payload: unknown, ack?: unknown) => {
      const parsed = ticketIdPayload.safeParse(payload);
      if (!parsed.success) return answer(ack, { ok: false, error: MESSAGES.ticketNotFound });
      try {
        const { ticket } = await readableTicket(app.db, session.user, parsed.data.ticketId);
        await joinRecordRoom(socket, ticketRoom(ticket.id), ticket.organizationId);
        answer(ack, { ok: true });
      } catch (error) {
        answer(ack, refusal(error));
      }
    });

    socket.on(TICKET_CLIENT_EVENTS.leave, async (payload: unknown) => {
      const parsed = ticketIdPayload.safeParse(payload);
      if (!parsed.success) return;
      await leaveRecordRoom(socket, ticketRoom(parsed.data.ticketId));
    });

    // The same service function and rules as PATCH /api/tickets/{id}/status.
    socket.on(TICKET_CLIENT_EVENTS.updateStatus, async (payload: unknown, ack?: unknown) => {
      const parsed = statusPayload.safeParse(payload);
      if (!parsed.success) return answer(ack, { ok: false, error: MESSAGES.ticketNotFound });
      try {
        const { detail } = await setTicketStatus(app.db, session.user, parsed.data.ticketId, parsed.data.status);
        announceTicketStatus(app, detail.record.ticket, session.user.id);
        answer(ack, { ok: true });
      } catch (error) {
        answer(ack, refusal(error));
      }
    });
  });
});

/** Announces a committed change to the ticket's room, on every server process. */
export function announceTicket(app: FastifyInstance, event: string, payload: TicketEventPayload) {
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
