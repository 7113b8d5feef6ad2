import { bigint, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/** Rows without an organization are counted under this id. */
export const NO_ORGANIZATION = '00000000-0000-0000-0000-000000000000';

/**
 * How many rows each organization has in the large tables (users, departments, teams), kept by
 * statement-level triggers in the same transaction as every insert, delete and move
 * (migration 0004). A platform-wide total is then a sum over organizations, not a scan of
 * every row; a list's total costs the same whatever the platform holds.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    tableName: text('table_name').notNull(),
    organizationId: uuid('organization_id').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tableName, table.organizationId] })],
);
