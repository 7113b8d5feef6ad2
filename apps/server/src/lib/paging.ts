import type { PageQuery, Pagination } from '@smart/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { rowCounts } from '../db/schema/index.js';
import { prepared } from './prepared.js';
import type { OrganizationScope } from './tenancy.js';

/** One page of a list: its rows, in list order, and where it lies. */
export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

/** What a list gives `paginate`: how many rows it holds, and how to read one window of them. */
export interface PageSource<T> {
  count: () => Promise<number>;
  /** The window's rows, ordered with `orderFor(window, …)` (so backwards when it reads from the end). */
  rows: (window: PageWindow) => Promise<T[]>;
}

/**
 * The one way a list is paged: the total, then only the page's rows, read from the nearer end of
 * the list (pageWindow); a page past the end reads nothing.
 */
export async function paginate<T>(query: PageQuery, source: PageSource<T>): Promise<Page<T>> {
  if (query.page === 1) {
    // The first page is read forwards whatever the total: both queries at once, one round trip.
    const [rows, total] = await Promise.all([
      source.rows({ reverse: false, offset: 0, limit: query.limit }),
      source.count(),
    ]);
    return { items: rows, pagination: pagination(query, total) };
  }
  const total = await source.count();
  const window = pageWindow(query, total);
  const rows = window.limit > 0 ? await source.rows(window) : [];
  return { items: window.reverse ? rows.reverse() : rows, pagination: pagination(query, total) };
}

/**
 * The ORDER BY of a window: the list's order (ascending, or descending for a newest-first list), or
 * its exact reverse when the window reads from the end.
 */
export const orderFor = (window: Pick<PageWindow, 'reverse'>, columns: OrderTerm[], descending = false): SQL[] =>
  columns.map((column) => (window.reverse !== descending ? desc(column) : asc(column)));

/**
 * What orders a list: a column of the listed table, or an expression over its row (a lower-cased
 * title, a correlated subquery for a person's name; write outer columns with `qualified`).
 */
export type OrderTerm = AnyPgColumn | SQL;

/** A list whose page is chosen on its own table alone, then joined to the details of its rows. */
export interface IdPagedList<T> {
  /** The listed table; its `id` names a row. */
  table: PgTable & { id: AnyPgColumn };
  where: SQL | undefined;
  /** Columns of `table`, or expressions over its row, that order the list (an index on them makes a page an index walk). */
  order: OrderTerm[];
  /** The list runs from the highest values of `order` down (newest first). */
  descending?: boolean;
  /**
   * Choose the page among the rows matching `where`, read through the filter's own index (a
   * search's), instead of walking the order's index: when the matches cluster (every 'Chen' under
   * C) a walk reads all rows before them. One scan of that index gives the page and the number of
   * matches (see paginateMatches).
   */
  matchesFirst?: boolean;
  /** How many rows the list holds: by default those of `table` matching `where`, counted (countWhere). */
  count?: () => Promise<number>;
  /** The select of the rows' details, joined to the page's ids (`ids`, on `on`). */
  details: (page: { ids: PageIds; on: SQL }) => { orderBy(...order: SQL[]): PromiseLike<T[]> };
}

type PageIds = ReturnType<typeof pageIds>;
/** What `details` joins: the page's ids, and the join condition. */
export type PageJoin = Parameters<IdPagedList<unknown>['details']>[0];

/**
 * paginate for a list read in two steps: the window's ids by an index walk of the listed table
 * alone, then only those rows joined to their details, so a page costs the same however large the
 * rows' details or the rest of the table.
 */
export function paginateByIds<T>(db: Database, query: PageQuery, list: IdPagedList<T>): Promise<Page<T>> {
  const count = list.count ?? (() => countWhere(db, list.table, list.where));
  if (list.matchesFirst) return paginateMatches(db, query, list, count);
  return paginate(query, {
    count,
    rows: async (window) => {
      const ids = pageIds(db, list, window);
      return list
        .details({ ids, on: eq(ids.id, list.table.id) })
        .orderBy(...orderFor(window, list.order, list.descending));
    },
  });
}

function pageIds(
  db: Database,
  { table, where, order, descending }: Omit<IdPagedList<unknown>, 'count' | 'details'>,
  window: PageWindow,
) {
  return db
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(...orderFor(window, order, descending))
    .limit(window.limit)
    .offset(window.offset)
    .as('page');
}

/**
 * A search's page: the matches are found once through the search's index, sorted, and counted in
 * the same statement (a window count, taken before the LIMIT), then only the page's rows are read
 * with their details. Counting apart would scan the index a second time. Only a page past the end
 * (no row to carry the count) counts apart.
 */
async function paginateMatches<T>(
  db: Database,
  query: PageQuery,
  list: IdPagedList<T>,
  count: () => Promise<number>,
): Promise<Page<T>> {
  const { table, where, order, descending } = list;
  const { id } = table;
  // A LIMIT (of every row) keeps PostgreSQL from folding the matches into the outer query, and so
  // from walking the order's index. (Drizzle leaves out an OFFSET 0, the usual fence.)
  // Each sort term is selected under a name of its own, and the outer query orders by those names.
  const sortNames = order.map((_, index) => `sort_${index}`);
  const sortTerms = Object.fromEntries(
    order.map((term, index) => [sortNames[index], sql`${term}`.as(`sort_${index}`)]),
  );
  const matches = db
    .select({ ...sortTerms, id })
    .from(table)
    .where(where)
    .limit(Number.MAX_SAFE_INTEGER)
    .as('matches');
  const matchTerms = sortNames.map((name) => sql`${sql.identifier('matches')}.${sql.identifier(name)}`);
  const matched = await db
    .select({ id: matches.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(matches)
    .orderBy(...orderFor({ reverse: false }, matchTerms, descending))
    .limit(query.limit)
    .offset(pageOffset(query));
  const total = matched[0]?.total ?? (query.page === 1 ? 0 : await count());
  if (matched.length === 0) return { items: [], pagination: pagination(query, total) };
  const ids = db
    .select({ id })
    .from(table)
    .where(
      inArray(
        id,
        matched.map((row) => row.id),
      ),
    )
    .as('page');
  const items = await list
    .details({ ids, on: eq(ids.id, id) })
    .orderBy(...orderFor({ reverse: false }, order, descending));
  return { items, pagination: pagination(query, total) };
}

/** How many rows of `table` match `where`: for totals the trigger-kept counters cannot give (filters). */
export async function countWhere(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(table).where(where);
  return row?.total ?? 0;
}

const pageOffset = ({ page, limit }: PageQuery) => (page - 1) * limit;

/** Where a page lies in a list of `total` rows (the `pagination` of a paged answer). */
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
 * How many rows of `table` a list's organization scope holds (one organization, or the whole
 * platform), read from the trigger-kept counters (schema/row-counts.ts): one or a thousand index
 * entries, never a scan of the table.
 */
export async function countRows(db: Database, table: CountedTable, scope: OrganizationScope): Promise<number> {
  if (scope.kind === 'none') return 0;
  const [row] =
    scope.kind === 'all'
      ? await countAllStatement(db).execute({ table })
      : await countOfOrganizationStatement(db).execute({ table, organizationId: scope.organizationId });
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
