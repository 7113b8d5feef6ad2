import type { Ticket, TicketAttachment, TicketComment, TicketDetail } from '@smart/contracts';
import type { TicketActivityRow, TicketRow } from '../../db/schema/index.js';
import { type AttachmentRow, presentAttachment } from '../files/index.js';
import { type HistoryEntryRecord, presentHistoryEntry } from '../history/index.js';
import { summaryOrNull, type UserSummaryRow } from '../people/index.js';
import { canRemoveTicketFile, type TicketAccess, ticketPermissions } from './policy.js';
import { presentTicketSla } from './service-level.js';

/** A ticket row with its organization's name, people and counts, as every ticket query selects it. */
export interface TicketRecord {
  ticket: TicketRow;
  organizationName: string;
  createdBy: UserSummaryRow | null;
  assignee: UserSummaryRow | null;
  commentCount: number;
  attachmentCount: number;
}

export interface TicketCommentRecord {
  id: string;
  text: string;
  mentions: string[];
  createdAt: Date;
  author: UserSummaryRow | null;
}

export type TicketActivityRecord = HistoryEntryRecord<TicketActivityRow['kind']>;

export interface TicketDetailRecord {
  record: TicketRecord;
  comments: TicketCommentRecord[];
  attachments: AttachmentRow[];
  activity: TicketActivityRecord[];
}

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** Row → the API's ticket JSON (contracts' schema), with what the caller may do with it. */
export function presentTicket(record: TicketRecord, access: TicketAccess): Ticket {
  const { ticket } = record;
  return {
    id: ticket.id,
    _id: ticket.id,
    organizationId: ticket.organizationId,
    organizationName: record.organizationName,
    title: ticket.title,
    description: ticket.description,
    status: ticket.status,
    priority: ticket.priority,
    category: ticket.category,
    createdBy: summaryOrNull(record.createdBy),
    assignedTo: summaryOrNull(record.assignee),
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    resolvedAt: isoOrNull(ticket.resolvedAt),
    closedAt: isoOrNull(ticket.closedAt),
    commentCount: record.commentCount,
    attachmentCount: record.attachmentCount,
    sla: presentTicketSla(ticket),
    permissions: ticketPermissions(access, ticket),
  };
}

export function presentTicketComment(comment: TicketCommentRecord): TicketComment {
  return {
    id: comment.id,
    _id: comment.id,
    text: comment.text,
    createdBy: summaryOrNull(comment.author),
    createdAt: comment.createdAt.toISOString(),
    mentions: comment.mentions,
  };
}

/** A file of a ticket, its key also as `filename`, the name the API has always given it. */
export function presentTicketAttachment(row: AttachmentRow, canRemove: boolean): TicketAttachment {
  const attachment = presentAttachment(row, canRemove);
  return { ...attachment, filename: attachment.fileName };
}

/** Removing a ticket's file: its uploader, and whoever may edit the ticket. */

/** GET /api/tickets/{id}: the ticket with its comments, attachments and history. */
export function presentTicketDetail(detail: TicketDetailRecord, access: TicketAccess): TicketDetail {
  const { ticket } = detail.record;
  return {
    ...presentTicket(detail.record, access),
    comments: detail.comments.map(presentTicketComment),
    attachments: detail.attachments.map((file) =>
      presentTicketAttachment(file, canRemoveTicketFile(access, ticket, file)),
    ),
    history: detail.activity.map(presentHistoryEntry),
  };
}
