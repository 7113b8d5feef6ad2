import { getTableName, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { OrganizationTable, ServerModule } from '../modules/manifest.js';
import { qualified } from './sql.js';

/**
 * An organization's data as the module list declares it (each manifest's `organizationData`): every
 * table holding rows of one organization, with the SQL condition that picks that organization's
 * rows. The export of an organization (modules/exports/organization-export.ts) and its erasure
 * (modules/organizations/erasure.ts) both read this list, so a new module's tables are exported and
 * erased by being declared in its manifest.
 */
export interface OrganizationDataTable {
  /** The table's SQL name (`task_comments`): an export's file is named after it. */
  name: string;
  table: PgTable;
  /** The module that declared it. */
  module: string;
  /** The column holding the organization's id, when the rows carry it. */
  organizationColumn: PgColumn | undefined;
  /** A second column that may hold it (a service identity's organization, on users). */
  alsoOrganizationColumn: PgColumn | undefined;
  /** The paths a row is reached through (its `column` → the parent's `parent`); empty when its rows carry the organization. */
  reachedThrough: readonly { column: PgColumn; parent: PgColumn; parentName: string }[];
  /** The rows of this organization: a condition on the table's own columns (subqueries for reached tables). */
  belongsTo(organizationId: string): SQL;
}

/**
 * Every module's organization tables, parents before the tables reached through them. Throws when
 * a table is reached through one no module declares, through itself, or is declared twice: the
 * server does not start with an organization's data it cannot find.
 */
export function organizationDataTables(
  modules: readonly Pick<ServerModule, 'name' | 'organizationData'>[],
): OrganizationDataTable[] {
  const declared = new Map<PgTable, { module: string; entry: OrganizationTable }>();
  for (const module of modules) {
    for (const entry of module.organizationData) {
      if (declared.has(entry.table)) throw new Error(`${getTableName(entry.table)} is declared by two modules`);
      declared.set(entry.table, { module: module.name, entry });
    }
  }
  const resolved = new Map<PgTable, OrganizationDataTable>();
  const resolving = new Set<PgTable>();
  const resolve = (table: PgTable): OrganizationDataTable => {
    const done = resolved.get(table);
    if (done) return done;
    const found = declared.get(table);
    if (!found) throw new Error(`${getTableName(table)} is reached through, but no module declares it`);
    if (resolving.has(table)) throw new Error(`${getTableName(table)} is reached through itself`);
    resolving.add(table);
    const { module, entry } = found;
    const name = getTableName(table);
    let result: OrganizationDataTable;
    if ('organizationColumn' in entry) {
      const column = entry.organizationColumn;
      result = {
        name,
        table,
        module,
        organizationColumn: column,
        alsoOrganizationColumn: entry.alsoOrganizationColumn,
        reachedThrough: [],
        belongsTo: (organizationId) => {
          const also = entry.alsoOrganizationColumn;
          const own = sql`${qualified(column)} = ${organizationId}::uuid`;
          return also ? sql`(${own} or ${qualified(also)} = ${organizationId}::uuid)` : own;
        },
      };
    } else {
      const paths = entry.reachedThrough.map(({ column, parent }) => ({
        column,
        parent,
        parentTable: resolve(parent.table as PgTable),
      }));
      result = {
        name,
        table,
        module,
        organizationColumn: undefined,
        alsoOrganizationColumn: undefined,
        reachedThrough: paths.map(({ column, parent, parentTable }) => ({
          column,
          parent,
          parentName: parentTable.name,
        })),
        belongsTo: (organizationId) =>
          sql`(${sql.join(
            paths.map(
              ({ column, parent, parentTable }) =>
                sql`${qualified(column)} in (select ${qualified(parent)} from ${parentTable.table} where ${parentTable.belongsTo(organizationId)})`,
            ),
            sql` or `,
          )})`,
      };
    }
    resolving.delete(table);
    resolved.set(table, result);
    return result;
  };
  for (const table of declared.keys()) resolve(table);
  return [...resolved.values()];
}

/** The tables a table's rows must be deleted before: those it references (but ON DELETE SET NULL) and those its paths lead to. */
function parentsOf(entry: OrganizationDataTable): PgTable[] {
  const referenced = getTableConfig(entry.table)
    .foreignKeys.filter((key) => key.onDelete !== 'set null')
    .map((key) => key.reference().foreignTable);
  const reached = entry.reachedThrough.map((path) => path.parent.table as PgTable);
  return [...referenced, ...reached].filter((table) => table !== entry.table);
}

/**
 * The tables, each before every table its rows reference or lead to: deleting in this order never
 * leaves a child (or a row a path finds) behind its parent, so each table's deletion is its own
 * bounded batches rather than one cascade (decision 0265). Throws when no such order exists.
 */
export function childrenFirst(tables: readonly OrganizationDataTable[]): OrganizationDataTable[] {
  const ordered: OrganizationDataTable[] = [];
  const waiting = new Set(tables);
  while (waiting.size > 0) {
    const ready = [...waiting].filter((entry) =>
      [...waiting].every((other) => other === entry || !parentsOf(other).includes(entry.table)),
    );
    if (ready.length === 0) {
      const names = [...waiting].map((entry) => entry.name).join(', ');
      throw new Error(`organizationData: the tables ${names} reference each other; no deletion order`);
    }
    for (const entry of ready) {
      ordered.push(entry);
      waiting.delete(entry);
    }
  }
  return ordered;
}

/** The table's primary key columns (a composite key's in its order). */
export function primaryKeyOf(table: PgTable): PgColumn[] {
  const config = getTableConfig(table);
  const single = config.columns.filter((column) => column.primary);
  if (single.length > 0) return single;
  const [composite] = config.primaryKeys;
  if (composite) return composite.columns;
  throw new Error(`${config.name} has no primary key`);
}
