import {
  assignTicketBody,
  createTicketBody,
  envelope,
  errorResponse,
  idParams,
  MESSAGES,
  messageEnvelope,
  organizationFilterQuery,
  pagedEnvelope,
  TICKET_EVENTS,
  type TicketEventPayload,
  ticketAttachmentBody,
  ticketAttachmentParams,
  ticketAttachmentSchema,
  ticketCommentBody,
  ticketCommentSchema,
  ticketDetailSchema,
  ticketListQuery,
  ticketSchema,
  ticketStatsSchema,
  ticketStatusBody,
  updateTicketBody,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/tenancy.js';
import { requireUser } from '../../plugins/auth.js';
import { announceMessageUpdated } from '../conversations/live.js';
import { removeAttachment, removeStoredFiles } from '../files/attachments.js';
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

const tags = ['Tickets'];
const ticketDetailEnvelope = envelope(ticketDetailSchema);

/** Support tickets (second document, section 7 "Tickets"; issue 12); rules in policy.ts. */
export async function ticketRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

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
    if (!ticket) throw notFound(MESSAGES.ticketNotFound);
    return ticket;
  };

  app.get(
    '/api/tickets',
    {
      schema: {
        operationId: 'listTickets',
        tags,
        summary:
          "Tickets in the caller's scope, newest first: search (title, description), status, priority, category, assignedTo (me, unassigned, a user id), sort",
        querystring: ticketListQuery,
        response: { 200: pagedEnvelope(ticketSchema), 404: errorResponse },
      },
    },
    async (request) => {
      const { page, access } = await listTickets(app.db, requireUser(request), request.query);
      return okPage(page, (record) => presentTicket(record, access));
    },
  );

  app.get(
    '/api/tickets/stats',
    {
      schema: {
        operationId: 'getTicketStats',
        tags,
        summary: "Tickets by status, priority and category in the caller's scope",
        querystring: organizationFilterQuery,
        response: { 200: envelope(ticketStatsSchema), 404: errorResponse },
      },
    },
    async (request) => ok(await ticketStats(app.db, requireUser(request), request.query.organizationId)),
  );

  app.get(
    '/api/tickets/:id',
    {
      schema: {
        operationId: 'getTicket',
        tags,
        summary: 'A ticket with its comments, attachments and history',
        params: idParams,
        response: { 200: ticketDetailEnvelope },
      },
    },
    async (request) => {
      const { detail, access } = await readTicket(app.db, requireUser(request), request.params.id);
      return ok(presentTicketDetail(detail, access));
    },
  );

  app.post(
    '/api/tickets',
    {
      schema: {
        operationId: 'createTicket',
        tags,
        summary:
          'Raise a ticket: members in their organization, an advisor in an assigned one (organizationId); admins raise none',
        body: createTicketBody,
        response: { 201: ticketDetailEnvelope, 403: errorResponse },
      },
      config: { writeLimit: 'tickets' },
    },
    async (request, reply) => {
      const result = await createTicket(app.db, requireUser(request), request.body);
      if (request.body.messageId) await announceMessageUpdated(app, request.body.messageId);
      return reply.status(201).send(ok(presentTicketDetail(result.detail, result.access)));
    },
  );

  app.put(
    '/api/tickets/:id',
    {
      schema: {
        operationId: 'updateTicket',
        tags,
        summary: 'Edit a ticket (partial): its creator, org_admin, an advisor of the organization, admin',
        params: idParams,
        body: updateTicketBody,
        response: { 200: ticketDetailEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const result = await updateTicket(app.db, requireUser(request), request.params.id, request.body);
      if (request.body.status) announceTicketStatus(app, result.detail.record.ticket, result.access.actor.id);
      return answer(result, TICKET_EVENTS.changed, { change: 'updated' });
    },
  );

  app.patch(
    '/api/tickets/:id/status',
    {
      schema: {
        operationId: 'updateTicketStatus',
        tags,
        summary:
          'Set the status (resolvedAt, closedAt set; cleared on reopening): whoever may edit the ticket, its assignee',
        params: idParams,
        body: ticketStatusBody,
        response: { 200: ticketDetailEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const result = await setTicketStatus(app.db, requireUser(request), request.params.id, request.body.status);
      const { status, updatedAt } = result.detail.record.ticket;
      return answer(result, TICKET_EVENTS.statusUpdated, { status, updatedAt: updatedAt.toISOString() });
    },
  );

  app.patch(
    '/api/tickets/:id/assign',
    {
      schema: {
        operationId: 'assignTicket',
        tags,
        summary:
          "Assign to a member of the ticket's organization or one of its advisors (null unassigns): org_admin, an advisor of the organization, admin",
        params: idParams,
        body: assignTicketBody,
        response: { 200: ticketDetailEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const result = await assignTicket(app.db, requireUser(request), request.params.id, request.body.assignedTo);
      return answer(result, TICKET_EVENTS.assigned, { assignedTo: result.detail.record.ticket.assignedTo });
    },
  );

  app.delete(
    '/api/tickets/:id',
    {
      schema: {
        operationId: 'deleteTicket',
        tags,
        summary: 'Delete a ticket with its comments, history and files: its creator while open, org_admin, admin',
        params: idParams,
        response: { 200: messageEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { ticket, fileKeys } = await deleteTicket(app.db, actor, request.params.id);
      announceTicket(app, TICKET_EVENTS.changed, { ticketId: ticket.id, actorId: actor.id, change: 'deleted' });
      closeTicketRoom(app, ticket.id);
      await removeStoredFiles(app.storage, fileKeys);
      return okMessage(MESSAGES.ticketDeleted);
    },
  );

  app.post(
    '/api/tickets/:id/comments',
    {
      schema: {
        operationId: 'addTicketComment',
        tags,
        summary: 'Comment on a ticket (whoever may read it): trimmed, non-blank',
        description:
          "Tells the ticket's creator and assignee; `mentions` (user ids) are told of the mention instead, when they can read the ticket.",
        params: idParams,
        body: ticketCommentBody,
        response: { 201: envelope(ticketCommentSchema) },
      },
      config: { writeLimit: 'comments' },
    },
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
  );

  app.post(
    '/api/tickets/:id/attachments',
    {
      schema: {
        operationId: 'addTicketAttachment',
        tags,
        summary: 'Attach a file the caller uploaded through POST /api/files/upload (its metadata; filename is its key)',
        description: "Whoever may read the ticket; an unknown key, someone else's file or one already attached is 400.",
        params: idParams,
        body: ticketAttachmentBody,
        response: { 201: envelope(ticketAttachmentSchema), 400: errorResponse },
      },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const ticket = await ticketForFiles(actor, request.params.id);
      const attachment = await attachUploadedFile(app.db, actor, ticket, request.body.filename);
      announceTicket(app, TICKET_EVENTS.changed, {
        ticketId: ticket.id,
        actorId: actor.id,
        change: 'attachment_added',
      });
      return reply.status(201).send(ok(attachment));
    },
  );

  app.delete(
    '/api/tickets/:id/attachments/:attachmentId',
    {
      schema: {
        operationId: 'removeTicketAttachment',
        tags,
        summary: 'Remove a file from a ticket: its uploader, whoever may edit the ticket',
        params: ticketAttachmentParams,
        response: { 200: messageEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const ticket = await ticketForFiles(actor, request.params.id);
      await removeAttachment(app.db, app.storage, actor, ticket, request.params.attachmentId);
      announceTicket(app, TICKET_EVENTS.changed, {
        ticketId: ticket.id,
        actorId: actor.id,
        change: 'attachment_removed',
      });
      return okMessage(MESSAGES.attachmentRemoved);
    },
  );
}
