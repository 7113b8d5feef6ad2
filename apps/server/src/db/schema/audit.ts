import { AUDIT_EVENT_ACTIONS, AUDIT_TARGET_TYPES } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, organizationColumn, personColumn } from './columns.js';

export const auditActionEnum = pgEnum('audit_action', AUDIT_EVENT_ACTIONS);
export const auditTargetTypeEnum = pgEnum('audit_target_type', AUDIT_TARGET_TYPES);

/**
 * The audit log's own events (decision 0185): a member added, a role changed, an
 * advisor assigned, a setting changed, an export made. Written by lib/audit.ts in the transaction
 * of the change it records; the app has no way to change or delete a line. The record it names
 * has no foreign key: the line outlives the record, and keeps its label as it was. Identical
 * exports by one person within AUDIT_REPEAT_WINDOW_MINUTES are one line counting them
 * (`repeat_count`, decision 0199).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    organizationId: organizationColumn(),
    actorId: personColumn('actor_id'),
    action: auditActionEnum('action').notNull(),
    targetType: auditTargetTypeEnum('target_type').notNull(),
    targetId: uuid('target_id'),
    targetLabel: text('target_label').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    createdAt: createdAt(),
    /** How many times the line's event happened: identical exports within the window raise it. */
    repeatCount: integer('repeat_count').notNull().default(1),
  },
  (table) => [
    // The organization's log newest first, and its filters by person and by action.
    index('audit_events_organization_created_idx').on(table.organizationId, table.createdAt, table.id),
    index('audit_events_organization_actor_idx').on(table.organizationId, table.actorId, table.createdAt),
    index('audit_events_organization_action_idx').on(table.organizationId, table.action, table.createdAt),
    // The log's default view, its changes: walked newest first however many exports lie between them.
    index('audit_events_organization_changes_idx')
      .on(table.organizationId, table.createdAt, table.id)
      .where(sql`${table.action} <> 'export.created'`),
  ],
);
export type AuditEventRow = typeof auditEvents.$inferSelect;
