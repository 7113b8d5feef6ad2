import { TICKET_ACTIVITY_KINDS, TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from '@smart/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { changeColumns, commentColumns, id, organizationColumn, personColumn, timestamps } from './columns.js';
import { organizationKey, sameOrganization, type TenantTable } from './same-organization.js';

/**
 * Support tickets. A ticket belongs to its creator's organization (or
 * the one an advisor raised it for); comments and history carry the organization and name the
 * ticket by (organization_id, id). Creators and assignees are plain user references: advisors are
 * platform staff.
 */
export const ticketStatusEnum = pgEnum('ticket_status', TICKET_STATUSES);
export const ticketPriorityEnum = pgEnum('ticket_priority', TICKET_PRIORITIES);
export const ticketCategoryEnum = pgEnum('ticket_category', TICKET_CATEGORIES);
export const ticketActivityKindEnum = pgEnum('ticket_activity_kind', TICKET_ACTIVITY_KINDS);

/** What a ticket search looks in: "title description". Queries must use this expression for the trigram index. */
export function ticketSearchText(table: { title: AnyPgColumn; description: AnyPgColumn }): SQL {
  return sql`${table.title} || ' ' || ${table.description}`;
}

/** A title as the list sorts it (A→Z whatever the case): queries must use this expression for its index. */
export function ticketSortTitle(table: { title: AnyPgColumn }): SQL {
  return sql`lower(${table.title})`;
}

/**
 * When a ticket was resolved: its resolution, or its closing when it was closed without one (a
 * reopened ticket has neither). Queries must use this expression for its indexes.
 */
export function ticketResolvedAt(table: { resolvedAt: AnyPgColumn; closedAt: AnyPgColumn }): SQL {
  return sql`coalesce(${table.resolvedAt}, ${table.closedAt})`;
}

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    organizationId: organizationColumn(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: ticketStatusEnum('status').notNull().default('open'),
    priority: ticketPriorityEnum('priority').notNull().default('medium'),
    category: ticketCategoryEnum('category').notNull().default('general'),
    createdBy: personColumn('created_by'),
    /** A member of the organization or one of its active advisors (checked by the service). */
    assignedTo: personColumn('assigned_to'),
    ...timestamps(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  // A page of one organization's tickets, newest first or by a filter, reads one index in order
  // whatever the other organizations hold; the admin's platform-wide list has its own.
  (table) => [
    index('tickets_organization_created_idx').on(table.organizationId, table.createdAt, table.id),
    index('tickets_organization_updated_idx').on(table.organizationId, table.updatedAt, table.id),
    index('tickets_organization_status_idx').on(table.organizationId, table.status, table.createdAt, table.id),
    index('tickets_organization_priority_idx').on(table.organizationId, table.priority, table.createdAt, table.id),
    index('tickets_organization_category_idx').on(table.organizationId, table.category, table.createdAt, table.id),
    index('tickets_assignee_created_idx').on(table.assignedTo, table.createdAt, table.id),
    index('tickets_created_idx').on(table.createdAt, table.id),
    // Triage: Created by me, the sort by title, and the sorts of a list over several
    // organizations (an advisor's, an admin's), each a walk of one index in the list's order.
    index('tickets_creator_created_idx').on(table.createdBy, table.createdAt, table.id),
    index('tickets_organization_title_idx').on(table.organizationId, ticketSortTitle(table), table.id),
    index('tickets_title_idx').on(ticketSortTitle(table), table.id),
    index('tickets_status_created_idx').on(table.status, table.createdAt, table.id),
    index('tickets_priority_created_idx').on(table.priority, table.createdAt, table.id),
    index('tickets_category_created_idx').on(table.category, table.createdAt, table.id),
    // The unassigned ones (the Unassigned filter, My work's tickets waiting): counted and ranked
    // index-only, however many an advisor's organizations hold.
    index('tickets_unassigned_idx')
      .on(table.organizationId, table.status, table.priority, table.createdAt, table.id)
      .where(sql`${table.assignedTo} is null`),
    // One organization's search intersects its own entries inside the index (btree_gin) instead of
    // matching every organization's tickets and dropping the others afterwards.
    index('tickets_organization_search_idx').using(
      'gin',
      table.organizationId,
      sql`(${ticketSearchText(table)}) gin_trgm_ops`,
    ),
    // Analytics: the tickets resolved in a range, of one organization or of all.
    index('tickets_organization_resolved_idx')
      .on(table.organizationId, ticketResolvedAt(table))
      .where(sql`${ticketResolvedAt(table)} is not null`),
    index('tickets_resolved_idx')
      .on(ticketResolvedAt(table))
      .where(sql`${ticketResolvedAt(table)} is not null`),
    organizationKey(table),
  ],
);

export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: id(),
    organizationId: uuid('organization_id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
    ...commentColumns(),
  },
  (table) => [
    index('ticket_comments_ticket_created_idx').on(table.ticketId, table.createdAt),
    // A person's own comments in the order written ("Download my data").
    index('ticket_comments_author_created_idx').on(table.authorId, table.createdAt, table.id),
    sameOrganization(table, 'ticketId', (): TenantTable => tickets, 'cascade'),
  ],
);

/**
 * A history entry that may answer a ticket (analytics' first response): a comment or a
 * change of status. Queries must use this condition for the partial indexes.
 */
export function ticketResponse(table: { kind: AnyPgColumn }): SQL {
  return sql`${table.kind} in ('comment', 'status')`;
}

/** A ticket's history: who changed what (from → to, as text) and when, written with the change. */
export const ticketActivity = pgTable(
  'ticket_activity',
  {
    id: id(),
    organizationId: uuid('organization_id').notNull(),
    ticketId: uuid('ticket_id').notNull(),
    ...changeColumns(ticketActivityKindEnum('kind').notNull()),
  },
  (table) => [
    index('ticket_activity_ticket_created_idx').on(table.ticketId, table.createdAt),
    // The organization's audit log reads its histories newest first (decision 0185).
    index('ticket_activity_organization_created_idx').on(table.organizationId, table.createdAt),
    // Analytics' first responses: the comments and status changes since a range began,
    // of one organization or of all, read from the index alone.
    index('ticket_activity_organization_response_idx')
      .on(table.organizationId, table.createdAt, table.ticketId, table.actorId)
      .where(ticketResponse(table)),
    index('ticket_activity_response_idx')
      .on(table.createdAt, table.ticketId, table.actorId)
      .where(ticketResponse(table)),
    sameOrganization(table, 'ticketId', (): TenantTable => tickets, 'cascade'),
  ],
);

export type TicketRow = typeof tickets.$inferSelect;
export type TicketCommentRow = typeof ticketComments.$inferSelect;
export type TicketActivityRow = typeof ticketActivity.$inferSelect;
