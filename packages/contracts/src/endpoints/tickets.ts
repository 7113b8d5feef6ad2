import { endpoint } from '../endpoint.js';
import { envelope, errorResponse, idParams, messageEnvelope, pagedEnvelope } from '../schemas/common.js';
import { organizationFilterQuery } from '../schemas/structure.js';
import {
  assignTicketBody,
  createTicketBody,
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
} from '../schemas/tickets.js';

const tags = ['Tickets'];
const ticketDetailEnvelope = envelope(ticketDetailSchema);

/** Support tickets: rules in the server's tickets/policy.ts. */
export const ticketEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/tickets',
    operationId: 'listTickets',
    scope: 'tickets:read',
    tags,
    summary:
      "Tickets in the caller's scope, newest first: search (title, description), status, priority, category, assignedTo (me, unassigned, a user id), createdBy, sort",
    description:
      "createdBy: me or a user id. organizationId: one of the organizations the caller reaches (admin, advisor). sort: any column (createdAt, updatedAt, priority, title, status, category, createdBy, assignedTo, organization) with order (asc, desc; left out, the sort's own: dates newest first, priority urgent first, the rest A→Z); the id breaks ties.",
    query: ticketListQuery,
    responses: { 200: pagedEnvelope(ticketSchema), 404: errorResponse },
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/tickets/stats',
    operationId: 'getTicketStats',
    scope: 'tickets:read',
    tags,
    summary: "Tickets by status, priority and category in the caller's scope",
    query: organizationFilterQuery,
    responses: { 200: envelope(ticketStatsSchema), 404: errorResponse },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/tickets/:id',
    operationId: 'getTicket',
    scope: 'tickets:read',
    tags,
    summary: 'A ticket with its comments, attachments and history',
    params: idParams,
    responses: { 200: ticketDetailEnvelope },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/tickets',
    operationId: 'createTicket',
    scope: 'tickets:write',
    tags,
    summary:
      'Raise a ticket: members in their organization, an advisor in an assigned one (organizationId); admins raise none',
    body: createTicketBody,
    responses: { 201: ticketDetailEnvelope, 403: errorResponse },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/tickets/:id',
    operationId: 'updateTicket',
    scope: 'tickets:write',
    tags,
    summary: 'Edit a ticket (partial): its creator, org_admin, an advisor of the organization, admin',
    params: idParams,
    body: updateTicketBody,
    responses: { 200: ticketDetailEnvelope, 403: errorResponse },
  }),
  setStatus: endpoint({
    method: 'PATCH',
    path: '/api/tickets/:id/status',
    operationId: 'updateTicketStatus',
    scope: 'tickets:write',
    tags,
    summary:
      'Set the status (resolvedAt, closedAt set; cleared on reopening): whoever may edit the ticket, its assignee',
    params: idParams,
    body: ticketStatusBody,
    responses: { 200: ticketDetailEnvelope, 403: errorResponse },
  }),
  assign: endpoint({
    method: 'PATCH',
    path: '/api/tickets/:id/assign',
    operationId: 'assignTicket',
    scope: 'tickets:write',
    tags,
    summary:
      "Assign to a member of the ticket's organization or one of its advisors (null unassigns): org_admin, an advisor of the organization, admin",
    params: idParams,
    body: assignTicketBody,
    responses: { 200: ticketDetailEnvelope, 403: errorResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/tickets/:id',
    operationId: 'deleteTicket',
    scope: 'tickets:write',
    tags,
    summary: 'Delete a ticket with its comments, history and files: its creator while open, org_admin, admin',
    params: idParams,
    responses: { 200: messageEnvelope, 403: errorResponse },
  }),
  comment: endpoint({
    method: 'POST',
    path: '/api/tickets/:id/comments',
    operationId: 'addTicketComment',
    scope: 'tickets:write',
    tags,
    summary: 'Comment on a ticket (whoever may read it): trimmed, non-blank',
    description:
      "Tells the ticket's creator and assignee; `mentions` (user ids) are told of the mention instead, when they can read the ticket.",
    params: idParams,
    body: ticketCommentBody,
    responses: { 201: envelope(ticketCommentSchema) },
  }),
  attach: endpoint({
    method: 'POST',
    path: '/api/tickets/:id/attachments',
    operationId: 'addTicketAttachment',
    scope: 'tickets:write',
    tags,
    summary: 'Attach a file the caller uploaded through POST /api/files/upload (its metadata; filename is its key)',
    description: "Whoever may read the ticket; an unknown key, someone else's file or one already attached is 400.",
    params: idParams,
    body: ticketAttachmentBody,
    responses: { 201: envelope(ticketAttachmentSchema), 400: errorResponse },
  }),
  detach: endpoint({
    method: 'DELETE',
    path: '/api/tickets/:id/attachments/:attachmentId',
    operationId: 'removeTicketAttachment',
    scope: 'tickets:write',
    tags,
    summary: 'Remove a file from a ticket: its uploader, whoever may edit the ticket',
    params: ticketAttachmentParams,
    responses: { 200: messageEnvelope, 403: errorResponse },
  }),
};
