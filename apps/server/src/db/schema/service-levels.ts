import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { organizationColumn } from './columns.js';
import { slaClockEnum, ticketPriorityEnum } from './tickets.js';

/**
 * An organization's ticket service levels (decision 0286): a target per priority and its holidays
 * (its working week is organizations.business_hours), which sla_add_minutes (migration 0044) counts business time in.
 */
export const serviceLevelTargets = pgTable(
  'service_level_targets',
  {
    organizationId: organizationColumn(),
    priority: ticketPriorityEnum('priority').notNull(),
    firstResponseMinutes: integer('first_response_minutes'),
    resolutionMinutes: integer('resolution_minutes'),
    clock: slaClockEnum('clock').notNull().default('business'),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.priority] })],
);

export const holidays = pgTable(
  'holidays',
  {
    organizationId: organizationColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.day] })],
);
