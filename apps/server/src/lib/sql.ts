import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';

/**
 * A column with its table's name. A correlated subquery must name the outer row's column this
 * way: in a select from a single table drizzle writes bare column names, which the subquery would
 * read as its own columns.
 */
/** A LIKE pattern matching text that contains `text` literally (its % _ and \\ escaped). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export const qualified = (column: AnyPgColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** A list of ids as one `uuid[]` parameter (drizzle would spread a plain array into `($1, $2, …)`). */
export const uuidArray = (ids: readonly string[]): SQL => sql`${sql.param([...ids])}::uuid[]`;

/** The rows of a raw statement, typed by the caller (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<Row>(db: Pick<Database, 'execute'>, statement: SQL): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}
