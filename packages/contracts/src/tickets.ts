/**
 * Support tickets: the values each field takes, defaults,
 * colours, paging and limits. Defined once; the server's enums and the web app's filters, badges and
 * dialogs read them from here.
 */
import { type SortOrder, sortKeysOf } from './list-order.js';
import type { SocketAck } from './realtime.js';
/** `waiting` ("Waiting"): the ticket waits for its requester's answer; its service-level clock stands still meanwhile. */
export const TICKET_STATUSES = ['open', 'in_progress', 'waiting', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const DEFAULT_TICKET_STATUS: TicketStatus = 'open';
/** Still waiting for an answer: counted as an organization's open tickets (My Organizations). */
export const UNRESOLVED_TICKET_STATUSES = ['open', 'in_progress', 'waiting'] as const satisfies readonly TicketStatus[];

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const DEFAULT_TICKET_PRIORITY: TicketPriority = 'medium';

export const TICKET_CATEGORIES = ['general', 'technical', 'billing', 'feature_request', 'bug_report'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const DEFAULT_TICKET_CATEGORY: TicketCategory = 'general';

/** Status colours; unknown values show grey. */
export const TICKET_STATUS_COLORS: Record<TicketStatus, 'green' | 'yellow' | 'orange' | 'blue' | 'gray'> = {
  open: 'green',
  in_progress: 'yellow',
  waiting: 'orange',
  resolved: 'blue',
  closed: 'gray',
};

/** The list shows 10 a page; a client may ask for at most 100. */
export const TICKET_PAGE_SIZE = 10;
export const TICKET_MAX_PAGE_SIZE = 100;
/**
 * The list sorts by any of its columns; `createdAt` and `updatedAt` beyond them. Without an
 * `order`, each sort runs its own way: dates newest first, priority urgent first, status in its
 * workflow order (open first), names and titles A→Z.
 */
export const TICKET_SORT_ORDERS = {
  createdAt: 'desc',
  updatedAt: 'desc',
  priority: 'desc',
  title: 'asc',
  status: 'asc',
  category: 'asc',
  createdBy: 'asc',
  assignedTo: 'asc',
  organization: 'asc',
  /** The soonest service-level due time first (paused, met and untargeted tickets last). */
  slaDue: 'asc',
} as const satisfies Record<string, SortOrder>;
export const TICKET_SORTS = sortKeysOf(TICKET_SORT_ORDERS);
export type TicketSort = (typeof TICKET_SORTS)[number];
export const DEFAULT_TICKET_SORT: TicketSort = 'createdAt';

/** Title and description limits. */
export const MAX_TICKET_TITLE_LENGTH = 200;
export const MAX_TICKET_DESCRIPTION_LENGTH = 10_000;
/** The support dialog closes this long after its success message. */
export const SUPPORT_TICKET_CLOSE_DELAY_MS = 2000;

/** What a ticket's history records. */
export const TICKET_ACTIVITY_KINDS = [
  'created',
  'title',
  'description',
  'status',
  'priority',
  'category',
  'assignee',
  'comment',
  'attachment_added',
  'attachment_removed',
] as const;
export type TicketActivityKind = (typeof TICKET_ACTIVITY_KINDS)[number];

/** Live events in a ticket's room; `ticket_status_updated` and `update_ticket_status` are the API's names. */
export const TICKET_EVENTS = {
  statusUpdated: 'ticket_status_updated',
  assigned: 'ticket_assigned',
  commentAdded: 'ticket_comment_added',
  changed: 'ticket_changed',
} as const;
/** Client → server: open or leave a ticket's room (after the read check), and change its status. */
export const TICKET_CLIENT_EVENTS = {
  join: 'ticket:join',
  leave: 'ticket:leave',
  updateStatus: 'update_ticket_status',
} as const;

/** 'Showing X to Y of Z tickets'. */
export function ticketRangeText(page: number, limit: number, total: number): string {
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return `Showing ${from} to ${to} of ${total} tickets`;
}

/** Categories and statuses read with spaces for underscores (Details panel). */
export const humanizeValue = (value: string) => value.replaceAll('_', ' ');

/** 'in_progress' → 'In progress': how the app shows a ticket's status, priority or category. */
export function ticketValueLabel(value: string): string {
  const spaced = humanizeValue(value);
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** What a ticket room's events carry; `actorId` lets a page skip its own change. */
export interface TicketEventPayload {
  ticketId: string;
  actorId: string;
  /** ticket_status_updated: the new status and when it changed. */
  status?: TicketStatus;
  updatedAt?: string;
  /** ticket_assigned: the new assignee's id, or null. */
  assignedTo?: string | null;
  /** ticket_comment_added. */
  commentId?: string;
  /** ticket_changed: what happened. */
  change?: 'updated' | 'deleted' | 'attachment_added' | 'attachment_removed';
}

/** The answer to ticket:join and update_ticket_status. */
export type TicketSocketAck = SocketAck;
