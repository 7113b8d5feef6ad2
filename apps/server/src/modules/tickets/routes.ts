import { ticketEndpoints as endpoints, TICKET_EVENTS, type TicketEventPayload, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';
import type { Actor } from '../../lib/tenancy.js';
import { requireUser } from '../../plugins/auth.js';
import { removeAttachment, removeStoredFiles } from '../files/index.js';
import { announceMessageUpdated } from '../messenger/index.js';
import { attachUploadedFile, readTicketForFiles } from './attachments.js';
import { announceTicket, announceTicketStatus, closeTicketRoom, type TicketEventName } from './live.js';
import { presentTicket, presentTicketComment, presentTicketDetail } from './presenter.js';
import {
  addTicketComment,
  assignTicket,
  createTicket,
  deleteTicket,
  listTickets,
  readTicket,
  setTicketStatus,
  type TicketResult,
  updateTicket,
} from './service.js';
import { ticketStats } from './stats.js';

/** Support tickets; rules in policy.ts. */
export async function ticketRoutes(app: FastifyInstance) {
  /** Answers a committed change with the ticket detail, after announcing it in the ticket's room. */
  const answer = (
    { detail, access }: TicketResult,
    event: TicketEventName,
    payload: Partial<TicketEventPayload> = {},
  ) => {
    const ticket = detail.record.ticket;
    announceTicket(app, event, { ticketId: ticket.id, actorId: access.actor.id, ...payload });
    return ok(presentTicketDetail(detail, access));
  };

  /** The ticket for its files: 404 when missing or not readable (files/record-access.ts). */
  const ticketForFiles = async (actor: Actor, id: string) => {
    const ticket = await readTicketForFiles(app.db, actor, id);
    if (!ticket) throw notFound(UI_TEXT.ticketNotFound);
    return ticket;
  };

  addRoute(app, endpoints.list, async (request) => {
    const { page, access } = await listTickets(app.db, requireUser(request), request.query);
    return okPage(page, (record) => presentTicket(record, access));
  });

  addRoute(app, endpoints.stats, async (request) =>
    ok(await ticketStats(app.db, requireUser(request), request.query.organizationId)),
  );

  addRoute(app, endpoints.get, async (request) => {
    const { detail, access } = await readTicket(app.db, requireUser(request), request.params.id);
    return ok(presentTicketDetail(detail, access));
  });

  addRoute(
    app,
    endpoints.create,
    async (request, reply) => {
      const result = await createTicket(app.db, requireUser(request), request.body);
      if (request.body.messageId) await announceMessageUpdated(app, request.body.messageId);
      return reply.status(201).send(ok(presentTicketDetail(result.detail, result.access)));
    },
    { config: { writeLimit: 'tickets' } },
  );

  addRoute(app, endpoints.update, async (request) => {
    const result = await updateTicket(app.db, requireUser(request), request.params.id, request.body);
    if (request.body.status) announceTicketStatus(app, result.detail.record.ticket, result.access.actor.id);
    return answer(result, TICKET_EVENTS.changed, { change: 'updated' });
  });

  addRoute(app, endpoints.setStatus, async (request) => {
    const result = await setTicketStatus(app.db, requireUser(request), request.params.id, request.body.status);
    const { status, updatedAt } = result.detail.record.ticket;
    return answer(result, TICKET_EVENTS.statusUpdated, { status, updatedAt: updatedAt.toISOString() });
  });

  addRoute(app, endpoints.assign, async (request) => {
    const result = await assignTicket(
      app.db,
      requireUser(request),
      request.params.id,
      request.body.assignedTo,
      new Date(app.clock()),
    );
    return answer(result, TICKET_EVENTS.assigned, { assignedTo: result.detail.record.ticket.assignedTo });
  });

  addRoute(app, endpoints.remove, async (request) => {
    const actor = requireUser(request);
    const { ticket, fileKeys } = await deleteTicket(app.db, actor, request.params.id);
    announceTicket(app, TICKET_EVENTS.changed, { ticketId: ticket.id, actorId: actor.id, change: 'deleted' });
    closeTicketRoom(app, ticket.id);
    await removeStoredFiles(app.storage, fileKeys);
    return okMessage(UI_TEXT.ticketDeleted);
  });

  addRoute(
    app,
    endpoints.comment,
    async (request, reply) => {
      const actor = requireUser(request);
      const { ticket, comment } = await addTicketComment(app.db, actor, request.params.id, request.body);
      announceTicket(app, TICKET_EVENTS.commentAdded, {
        ticketId: ticket.id,
        actorId: actor.id,
        commentId: comment.id,
      });
      return reply.status(201).send(ok(presentTicketComment(comment)));
    },
    { config: { writeLimit: 'comments' } },
  );

  addRoute(app, endpoints.attach, async (request, reply) => {
    const actor = requireUser(request);
    const ticket = await ticketForFiles(actor, request.params.id);
    const attachment = await attachUploadedFile(app.db, actor, ticket, request.body.filename);
    announceTicket(app, TICKET_EVENTS.changed, {
      ticketId: ticket.id,
      actorId: actor.id,
      change: 'attachment_added',
    });
    return reply.status(201).send(ok(attachment));
  });

  addRoute(app, endpoints.detach, async (request) => {
    const actor = requireUser(request);
    const ticket = await ticketForFiles(actor, request.params.id);
    await removeAttachment(app.db, app.storage, actor, ticket, request.params.attachmentId);
    announceTicket(app, TICKET_EVENTS.changed, {
      ticketId: ticket.id,
      actorId: actor.id,
      change: 'attachment_removed',
    });
    return okMessage(UI_TEXT.attachmentRemoved);
  });
}
