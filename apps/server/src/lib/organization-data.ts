import { getTableName, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { OrganizationTable } from '../modules/manifest.js';
import { qualified } from './sql.js';

/*
 * The modules' organizationData (modules/manifest.ts) as SQL: which rows of each table are one
 * organization's, and an order to delete them in. The erasure (decision 0265) reads it; an export
 * can read the same conditions.
 */

/** A table's name in SQL, quoted. */
export const tableSql = (table: PgTable): SQL => sql`${sql.identifier(getTableName(table))}`;

/**
 * The condition on `entry.table` (its columns qualified by its own name) that keeps the rows of the
 * organization: its organization column, or any of its paths into the rows of another listed table.
 */
export function organizationRowsWhere(
  entries: readonly OrganizationTable[],
  entry: OrganizationTable,
  organizationId: string,
  seen: readonly PgTable[] = [],
): SQL {
  if ('organizationColumn' in entry) return sql`${qualified(entry.organizationColumn)} = ${organizationId}::uuid`;
  if (seen.includes(entry.table)) throw new Error(`organizationData: ${getTableName(entry.table)} reaches itself`);
  const paths = entry.reachedThrough.map((path) => {
    const parent = entryOf(entries, path.parent.table);
    const parentRows = organizationRowsWhere(entries, parent, organizationId, [...seen, entry.table]);
    return sql`${qualified(path.column)} in (select ${qualified(path.parent)} from ${tableSql(parent.table)} where ${parentRows})`;
  });
  return sql`(${sql.join(paths, sql` or `)})`;
}

function entryOf(entries: readonly OrganizationTable[], table: PgTable): OrganizationTable {
  const entry = entries.find((candidate) => candidate.table === table);
  if (!entry) throw new Error(`organizationData: no module lists ${getTableName(table)}, which a path leads to`);
  return entry;
}

/** The tables a table's rows must go before: those it references (except ON DELETE SET NULL) and those its paths lead to. */
function parentsOf(entry: OrganizationTable): PgTable[] {
  const referenced = getTableConfig(entry.table)
    .foreignKeys.filter((key) => key.onDelete !== 'set null')
    .map((key) => key.reference().foreignTable);
  const reached = 'reachedThrough' in entry ? entry.reachedThrough.map((path) => path.parent.table as PgTable) : [];
  return [...referenced, ...reached].filter((table) => table !== entry.table);
}

/**
 * The entries, each after every entry whose rows reference or lead to its rows: deleting in this
 * order never leaves a child (or a row a path finds) behind its parent, so each table's deletion
 * is its own bounded batches rather than one cascade.
 */
export function childrenFirst(entries: readonly OrganizationTable[]): OrganizationTable[] {
  const ordered: OrganizationTable[] = [];
  const waiting = new Set(entries);
  while (waiting.size > 0) {
    const ready = [...waiting].filter((entry) =>
      [...waiting].every((other) => other === entry || !parentsOf(other).includes(entry.table)),
    );
    if (ready.length === 0) {
      const names = [...waiting].map((entry) => getTableName(entry.table)).join(', ');
      throw new Error(`organizationData: the tables ${names} reference each other; no deletion order`);
    }
    for (const entry of ready) {
      ordered.push(entry);
      waiting.delete(entry);
    }
  }
  return ordered;
}
