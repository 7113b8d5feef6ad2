import { boolean, index, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, organizationColumn, ownerColumn, personColumn } from './columns.js';

/** An advisor advises the organizations where an admin gave it an active assignment. */
export const advisorAssignments = pgTable(
  'advisor_assignments',
  {
    id: id(),
    advisorId: ownerColumn('advisor_id'),
    organizationId: organizationColumn(),
    isActive: boolean('is_active').notNull().default(true),
    assignedBy: personColumn('assigned_by'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('advisor_assignments_pair_unique').on(table.advisorId, table.organizationId),
    index('advisor_assignments_organization_idx').on(table.organizationId),
  ],
);
