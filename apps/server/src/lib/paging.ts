import type { PageQuery, Pagination } from '@smart/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowCounts } from '../db/schema/index.js';
import { prepared } from './prepared.js';

export const pageOffset = ({ page, limit }: PageQuery) => (page - 1) * limit;

export function pagination({ page, limit }: PageQuery, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/** Where one page lies in a list of `total` rows, and in which direction to read it. */
export interface PageWindow {
  /** Read in reverse order from the end, then put back in order. */
  reverse: boolean;
  offset: number;
  limit: number;
}

/**
 * A page past the middle of a list is read backwards from its end, so no page skips more than half
 * the list: page 9,000 of 10,000 skips 20,000 index entries, not 180,000.
 */
export function pageWindow(query: PageQuery, total: number): PageWindow {
  const offset = pageOffset(query);
  if (offset >= total) return { reverse: false, offset, limit: 0 };
  if (offset < total / 2) return { reverse: false, offset, limit: query.limit };
  const fromEnd = total - offset - query.limit;
  return { reverse: true, offset: Math.max(0, fromEnd), limit: fromEnd < 0 ? query.limit + fromEnd : query.limit };
}

export type CountedTable = 'users' | 'departments' | 'teams';

/**
 * How many rows of `table` one organization holds, or the whole platform (no organization given),
 * read from the trigger-kept counters (schema/row-counts.ts): one or a thousand index entries,
 * never a scan of the table.
 */
export async function countRows(db: Database, table: CountedTable, organizationId?: string): Promise<number> {
  const [row] =
    organizationId === undefined
      ? await countAllStatement(db).execute({ table })
      : await countOfOrganizationStatement(db).execute({ table, organizationId });
  return row?.total ?? 0;
}

const countTotal = sql<number>`coalesce(sum(${rowCounts.total}), 0)`.mapWith(Number);

const countAllStatement = (db: Database) =>
  prepared(db, 'count_rows_all', (database, name) =>
    database
      .select({ total: countTotal })
      .from(rowCounts)
      .where(eq(rowCounts.tableName, sql.placeholder('table')))
      .prepare(name),
  );

const countOfOrganizationStatement = (db: Database) =>
  prepared(db, 'count_rows_of_organization', (database, name) =>
    database
      .select({ total: countTotal })
      .from(rowCounts)
      .where(
        and(
          eq(rowCounts.tableName, sql.placeholder('table')),
          eq(rowCounts.organizationId, sql.placeholder('organizationId')),
        ),
      )
      .prepare(name),
  );
