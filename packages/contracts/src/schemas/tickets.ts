import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_SEARCH_LENGTH, MAX_URL_LENGTH } from '../limits.js';
import { SLA_FILTERS } from '../service-levels.js';
import {
  DEFAULT_TICKET_CATEGORY,
  DEFAULT_TICKET_PRIORITY,
  DEFAULT_TICKET_SORT,
  MAX_TICKET_DESCRIPTION_LENGTH,
  MAX_TICKET_TITLE_LENGTH,
  TICKET_ACTIVITY_KINDS,
  TICKET_CATEGORIES,
  TICKET_MAX_PAGE_SIZE,
  TICKET_PAGE_SIZE,
  TICKET_PRIORITIES,
  TICKET_SORTS,
  TICKET_STATUSES,
} from '../tickets.js';
import { UI_TEXT } from '../ui-text.js';
import { MAX_COMMENT_LENGTH } from '../work.js';
import {
  boundedString,
  countsSchema,
  idSchema,
  permissionsSchema,
  recordIds,
  requiredLine,
  requiredText,
  singleLine,
  sortOrderSchema,
} from './common.js';
import { FILE_KEY_PATTERN } from './files.js';
import { mentionsSchema } from './notifications.js';
import { ticketSlaSchema } from './service-levels.js';
import { userSummarySchema } from './structure.js';
import { attachmentSchema, historyEntrySchema } from './work.js';

/**
 * Support tickets. Rows carry the caller's
 * `permissions` from the server's ticket policy, and their comment and attachment counts.
 */
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES);
export const ticketCategorySchema = z.enum(TICKET_CATEGORIES);

export const ticketSchema = z.object({
  ...recordIds,
  organizationId: z.string(),
  organizationName: z.string(),
  title: z.string(),
  description: z.string(),
  status: ticketStatusSchema,
  priority: ticketPrioritySchema,
  category: ticketCategorySchema,
  createdBy: userSummarySchema.nullable(),
  assignedTo: userSummarySchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  commentCount: z.number().int(),
  attachmentCount: z.number().int(),
  /** Its service-level clock (first response, resolution), or null when its priority has no targets. */
  sla: ticketSlaSchema.nullable(),
  /** canEdit: title, description, priority, category; canAssign; canChangeStatus; canDelete. */
  permissions: permissionsSchema('canEdit', 'canAssign', 'canChangeStatus', 'canDelete'),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketCommentSchema = z.object({
  ...recordIds,
  text: z.string(),
  createdBy: userSummarySchema.nullable(),
  createdAt: z.string(),
  /** The people the comment mentions (@), by id. */
  mentions: z.array(z.string()),
});
export type TicketComment = z.infer<typeof ticketCommentSchema>;

/**
 * A file attached to a ticket: an attachment as objectives and tasks carry it, plus the
 * API's `filename` (the stored key); download it through GET /api/files/download/{filename}.
 */
export const ticketAttachmentSchema = attachmentSchema.extend({ filename: z.string() });
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketActivitySchema = historyEntrySchema(TICKET_ACTIVITY_KINDS);
export type TicketActivity = z.infer<typeof ticketActivitySchema>;

/** GET /api/tickets/{id}: the ticket with its comments, attachments and history. */
export const ticketDetailSchema = ticketSchema.extend({
  comments: z.array(ticketCommentSchema),
  attachments: z.array(ticketAttachmentSchema),
  history: z.array(ticketActivitySchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** GET /api/tickets/stats, in the caller's scope. */
export const ticketStatsSchema = z.object({
  total: z.number().int(),
  byStatus: countsSchema(TICKET_STATUSES),
  byPriority: countsSchema(TICKET_PRIORITIES),
  byCategory: countsSchema(TICKET_CATEGORIES),
});
export type TicketStats = z.infer<typeof ticketStatsSchema>;

// ---- request bodies -------------------------------------------------------------------------

const ticketTitle = requiredLine(UI_TEXT.titleAndDescriptionRequired, MAX_TICKET_TITLE_LENGTH);
const ticketDescription = requiredText(UI_TEXT.titleAndDescriptionRequired, MAX_TICKET_DESCRIPTION_LENGTH);

export const createTicketBody = z.object({
  title: ticketTitle,
  description: ticketDescription,
  priority: ticketPrioritySchema.default(DEFAULT_TICKET_PRIORITY),
  category: ticketCategorySchema.default(DEFAULT_TICKET_CATEGORY),
  /** An advisor names the organization it raises the ticket for; members raise in their own. */
  organizationId: idSchema.optional(),
  /** Turns a message into this ticket: one the caller can read, in the ticket's organization. */
  messageId: idSchema.optional(),
});
/** PUT /api/tickets/{id}: any of the fields; status may be set freely here too. */
export const updateTicketBody = z.object({
  title: ticketTitle.optional(),
  description: ticketDescription.optional(),
  priority: ticketPrioritySchema.optional(),
  category: ticketCategorySchema.optional(),
  status: ticketStatusSchema.optional(),
});
export type CreateTicketBody = z.input<typeof createTicketBody>;
export type UpdateTicketBody = z.input<typeof updateTicketBody>;

export const ticketStatusBody = z.object({ status: ticketStatusSchema });
/** PATCH /api/tickets/{id}/assign: a person of the ticket's organization or one of its advisors; null unassigns. */
export const assignTicketBody = z.object({
  assignedTo: z.uuid({ error: UI_TEXT.selectTicketAssignee }).max(36).nullable(),
});
/** POST /api/tickets/{id}/comments; `mentions` names the people it @mentions (notified when they can read the ticket). */
export const ticketCommentBody = z.object({
  text: requiredText(UI_TEXT.commentRequired, MAX_COMMENT_LENGTH),
  mentions: mentionsSchema,
});

/** POST /api/tickets/{id}/attachments: a file the caller uploaded through POST /api/files/upload. */
export const ticketAttachmentBody = z.object({
  filename: boundedString(48).regex(FILE_KEY_PATTERN),
  originalName: singleLine(boundedString(MAX_NAME_LENGTH * 2)),
  mimeType: singleLine(boundedString(MAX_NAME_LENGTH)),
  size: z.number().int().min(0),
  url: boundedString(MAX_URL_LENGTH),
});
export type TicketAttachmentBody = z.input<typeof ticketAttachmentBody>;

/**
 * Filters: assignedTo ('me', 'unassigned' or a user id), createdBy ('me' or a user id),
 * sort by any column with `order`, and the organization for whoever reaches several.
 */
export const ticketListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(TICKET_MAX_PAGE_SIZE).default(TICKET_PAGE_SIZE),
  search: boundedString(MAX_SEARCH_LENGTH)
    .trim()
    .transform((text) => text || undefined)
    .optional(),
  status: ticketStatusSchema.optional(),
  priority: ticketPrioritySchema.optional(),
  category: ticketCategorySchema.optional(),
  assignedTo: z.union([idSchema, z.literal('me'), z.literal('unassigned')]).optional(),
  createdBy: z.union([idSchema, z.literal('me')]).optional(),
  /** Past a service-level target (breached), or past its warning share and not yet past it (at_risk). */
  sla: z.enum(SLA_FILTERS).optional(),
  sort: z.enum(TICKET_SORTS).default(DEFAULT_TICKET_SORT),
  /** Left out: the sort's own direction (TICKET_SORT_ORDERS); the id breaks ties the same way. */
  order: sortOrderSchema.optional(),
  /** An admin or an advisor may pick one of the organizations it reaches. */
  organizationId: idSchema.optional(),
});
export type TicketListQuery = z.input<typeof ticketListQuery>;

export const ticketAttachmentParams = z.object({ id: idSchema, attachmentId: idSchema });

// ---- live payloads, client → server (the socket pipeline parses with these: client-events.ts's clientEvents) ----

/** ticket:join / ticket:leave. */
export const ticketRoomPayload = z.object({ ticketId: idSchema });
export type TicketRoomPayload = z.input<typeof ticketRoomPayload>;
/** update_ticket_status: the same change as PATCH /api/tickets/{id}/status. */
export const ticketStatusPayload = z.object({ ticketId: idSchema, status: ticketStatusSchema });
export type TicketStatusPayload = z.input<typeof ticketStatusPayload>;
