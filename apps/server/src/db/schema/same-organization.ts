import { getTableName } from 'drizzle-orm';
import { type AnyPgColumn, foreignKey, type PgColumn, unique } from 'drizzle-orm/pg-core';

/** A table whose rows belong to one organization: children name them by (organization_id, id). */
export interface TenantTable {
  organizationId: AnyPgColumn;
  id: AnyPgColumn;
}

/** UNIQUE (organization_id, id): what a child's two-column reference points at. */
export const organizationKey = (table: { organizationId: PgColumn; id: PgColumn }) =>
  unique(`${getTableName(table.id.table)}_organization_id_id_unique`).on(table.organizationId, table.id);

/**
 * A reference that must stay inside one organization: the child's (organization_id, `reference`)
 * must match the parent's (organization_id, id), so no service bug can join records of two
 * tenants; the database refuses the row. Named `<table>_<reference without _id>_fk`.
 *
 * 'set null' is written in SQL as `ON DELETE SET NULL (reference)` (migration 0006), which clears
 * only the reference, never the child's organization; drizzle-kit cannot express the column list.
 */
export function sameOrganization<Child extends { organizationId: PgColumn }>(
  child: Child,
  reference: keyof Child & string,
  parent: () => TenantTable,
  onDelete: 'cascade' | 'set null',
) {
  const column = child[reference] as PgColumn;
  const name = `${getTableName(column.table)}_${column.name.replace(/_id$/, '')}_fk`;
  return foreignKey({
    name,
    columns: [child.organizationId, column],
    foreignColumns: [parent().organizationId, parent().id],
  }).onDelete(onDelete);
}
