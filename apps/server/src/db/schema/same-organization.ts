import { type AnyPgColumn, foreignKey, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * A reference that must stay inside one organization: the child's (organization_id, parent_id)
 * must match a parent's (organization_id, id), which each parent table keeps UNIQUE. So no service
 * bug can join records of two tenants; the database refuses the row.
 *
 * A 'set null' reference is written in SQL as `ON DELETE SET NULL (parent_id)` (migration 0006),
 * which clears only the reference, not the organization; drizzle-kit cannot express the column list.
 */
export function sameOrganization(
  name: string,
  columns: [organizationId: PgColumn, parentId: PgColumn],
  parent: () => TenantTable,
) {
  const { organizationId, id } = parent();
  return foreignKey({ name, columns, foreignColumns: [organizationId, id] });
}

/** A parent table: its rows are named by (organization_id, id). */
export interface TenantTable {
  organizationId: AnyPgColumn;
  id: AnyPgColumn;
}
