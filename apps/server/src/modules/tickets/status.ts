import type { TicketStatus } from '@smart/contracts';
import type { TicketRow } from '../../db/schema/index.js';

type StatusFields = Pick<TicketRow, 'status' | 'resolvedAt' | 'closedAt'>;

/**
 * A ticket's status with its timestamps after a change: resolving stamps resolvedAt (kept when it
 * was resolved already), closing stamps closedAt and keeps resolvedAt, reopening (open,
 * in_progress) clears both, as in Zammad and Freshdesk.
 */
export function afterStatusChange(ticket: StatusFields, status: TicketStatus, now: Date): StatusFields {
  switch (status) {
    case 'resolved':
      return { status, resolvedAt: ticket.status === 'resolved' ? ticket.resolvedAt : now, closedAt: null };
    case 'closed':
      return { status, resolvedAt: ticket.resolvedAt, closedAt: ticket.status === 'closed' ? ticket.closedAt : now };
    default:
      return { status, resolvedAt: null, closedAt: null };
  }
}
