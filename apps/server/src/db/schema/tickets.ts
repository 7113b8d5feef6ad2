import {
  SLA_CLOCKS,
  TICKET_ACTIVITY_KINDS,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from '@smart/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
export const slaClockEnum = pgEnum('sla_clock', SLA_CLOCKS);

/*
 * A ticket's service-level clock (decision 0286): its targets' due and warning times, computed in
 * SQL (sla_add_minutes, migration 0044) from its creation, its priority's targets and the time it
 * stood paused. Two generated columns give the next due and next notice time of a running clock
 * (null while paused, resolved, closed or untargeted), so "breached", "due soonest" and the warning
 * sweep each read one index.
 */
const unmetFirstResponse = sql.raw('first_responded_at is null');
const runningClock = sql.raw("sla_paused_at is null and status not in ('resolved', 'closed')");
const slaDueAt = sql`case when ${runningClock} then
  case when ${unmetFirstResponse} then least(first_response_due_at, resolution_due_at) else resolution_due_at end end`;
const notYet = (stage: string) => sql.raw(`not ('${stage}' = any(sla_noticed))`);
const slaNextNoticeAt = sql`case when ${runningClock} then least(
  case when ${unmetFirstResponse} and ${notYet('first_response_warning')} then first_response_warn_at end,
  case when ${unmetFirstResponse} and ${notYet('first_response_breach')} then first_response_due_at end,
  case when ${notYet('resolution_warning')} then resolution_warn_at end,
  case when ${notYet('resolution_breach')} then resolution_due_at end) end`;
const slaWarnAt = sql`case when ${runningClock} then
  case when ${unmetFirstResponse} then least(first_response_warn_at, resolution_warn_at) else resolution_warn_at end end`;

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
    /** The first answer by someone other than its requester (a comment, or a status they set). */
    firstRespondedAt: timestamp('first_responded_at', { withTimezone: true }),
    slaClock: slaClockEnum('sla_clock'),
    firstResponseDueAt: timestamp('first_response_due_at', { withTimezone: true }),
    firstResponseWarnAt: timestamp('first_response_warn_at', { withTimezone: true }),
    resolutionDueAt: timestamp('resolution_due_at', { withTimezone: true }),
    resolutionWarnAt: timestamp('resolution_warn_at', { withTimezone: true }),
    /** While it waits for its requester; the minutes it stood still (in its clock's minutes) push its times on. */
    slaPausedAt: timestamp('sla_paused_at', { withTimezone: true }),
    slaPausedMinutes: integer('sla_paused_minutes').notNull().default(0),
    /** The warnings and breaches already told (each once): 'first_response_warning', …, 'resolution_breach'. */
    slaNoticed: text('sla_noticed').array().notNull().default([]),
    slaDueAt: timestamp('sla_due_at', { withTimezone: true }).generatedAlwaysAs(slaDueAt),
    slaWarnAt: timestamp('sla_warn_at', { withTimezone: true }).generatedAlwaysAs(slaWarnAt),
    slaNextNoticeAt: timestamp('sla_next_notice_at', { withTimezone: true }).generatedAlwaysAs(slaNextNoticeAt),
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
    // Service levels: "breached" and "due soonest" of one organization or all, the warning sweep.
    index('tickets_organization_sla_due_idx')
      .on(table.organizationId, table.slaDueAt, table.id)
      .where(sql`${table.slaDueAt} is not null`),
    index('tickets_sla_due_idx').on(table.slaDueAt, table.id).where(sql`${table.slaDueAt} is not null`),
    index('tickets_organization_sla_warn_idx')
      .on(table.organizationId, table.slaWarnAt)
      .where(sql`${table.slaWarnAt} is not null`),
    index('tickets_assignee_sla_warn_idx')
      .on(table.assignedTo, table.slaWarnAt)
      .where(sql`${table.slaWarnAt} is not null`),
    index('tickets_sla_notice_idx').on(table.slaNextNoticeAt).where(sql`${table.slaNextNoticeAt} is not null`),
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
