import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketStats,
  UNRESOLVED_TICKET_STATUSES,
} from '@smart/contracts';
import { count, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import { countsByValue } from '../../lib/counts.js';
import { qualified } from '../../lib/sql.js';
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

/** The outer row's organization's open or in-progress tickets, over tickets_organization_status_idx. */
export const openTicketCount = (organizationColumn: AnyPgColumn): SQL<number> =>
  sql<number>`(
    select count(*) from ${tickets} where ${qualified(tickets.organizationId)} = ${qualified(organizationColumn)}
      and ${qualified(tickets.status)} in (${sql.join(
        UNRESOLVED_TICKET_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
  )`.mapWith(Number);
