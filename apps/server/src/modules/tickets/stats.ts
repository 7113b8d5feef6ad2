import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES, type TicketStats } from '@smart/contracts';
import { count } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import { countsByValue } from '../../lib/counts.js';
import type { Actor } from '../../lib/tenancy.js';
import { ticketScope } from './service.js';

/**
 * GET /api/tickets/stats: tickets by status, priority and category in the caller's scope (the
 * list's: its organization; an advisor's assigned organizations; an admin's all, or the one it
 * names). One grouped query.
 */
export async function ticketStats(db: Database, actor: Actor, organizationId?: string): Promise<TicketStats> {
  const rows = await db
    .select({ status: tickets.status, priority: tickets.priority, category: tickets.category, total: count() })
    .from(tickets)
    .where(await ticketScope(db, actor, organizationId))
    .groupBy(tickets.status, tickets.priority, tickets.category);
  const of = (key: 'status' | 'priority' | 'category') => rows.map((row) => ({ value: row[key], total: row.total }));
  return {
    total: rows.reduce((sum, row) => sum + row.total, 0),
    byStatus: countsByValue(TICKET_STATUSES, of('status')),
    byPriority: countsByValue(TICKET_PRIORITIES, of('priority')),
    byCategory: countsByValue(TICKET_CATEGORIES, of('category')),
  };
}
