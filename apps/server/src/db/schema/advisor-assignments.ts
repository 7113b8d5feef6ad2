import { boolean, index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

/** An advisor advises the organizations where an admin gave it an active assignment. */
export const advisorAssignments = pgTable(
  'advisor_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    advisorId: uuid('advisor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('advisor_assignments_pair_unique').on(table.advisorId, table.organizationId),
    index('advisor_assignments_organization_idx').on(table.organizationId),
  ],
);
