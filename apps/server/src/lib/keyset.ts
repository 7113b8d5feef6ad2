import { and, Column, eq, is, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { inBulkReadTurn } from './bulk-reads.js';
import type { OrderTerm } from './paging.js';

/**
 * Keyset batches (decision 0189): a whole list read in batches, each one the rows after the last
 * row of the one before in the list's order, so a batch costs the same at row 90,000 as at row 1
 * (an OFFSET would skip ever more rows) and no batch holds a transaction or a cursor open between
 * reads. The key is kept as text, so a timestamp keeps its microseconds.
 */

/** One term of a list's order. */
export interface KeysetTerm {
  value: OrderTerm;
  descending: boolean;
  /** Where rows without a value go (PostgreSQL's default: last ascending, first descending). */
  nullsFirst: boolean;
  /** Whether it can be null: a column's NOT NULL says; an expression may always be. */
  nullable: boolean;
}

const nullable = (value: OrderTerm) => !(is(value, Column) && value.notNull);

/** A list's order (paging.ts's terms, all one way) as keyset terms, nulls where PostgreSQL puts them. */
export const keysetTerms = (order: readonly OrderTerm[], descending = false): KeysetTerm[] =>
  order.map((value) => ({ value, descending, nullsFirst: descending, nullable: nullable(value) }));

/** One term running its own way, nulls last (a list that keeps rows without a value at its end). */
export const termNullsLast = (value: OrderTerm, descending = false): KeysetTerm => ({
  value,
  descending,
  nullsFirst: false,
  nullable: nullable(value),
});

/** The ORDER BY of the terms, their nulls placed explicitly. */
export const keysetOrderBy = (terms: readonly KeysetTerm[]): SQL[] =>
  terms.map(
    (term) =>
      sql`${term.value} ${term.descending ? sql`desc` : sql`asc`} nulls ${term.nullsFirst ? sql`first` : sql`last`}`,
  );

/** A row's key: each term as text, in order. */
export type Key = (string | null)[];

/** The key's select expression. */
export const keysetKey = (terms: readonly KeysetTerm[]): SQL<Key> =>
  sql<Key>`array[${sql.join(
    terms.map((term) => sql`(${term.value})::text`),
    sql`, `,
  )}]`;

/**
 * The rows after `key` in the terms' order. Terms that are never null and run one way compare as
 * one row value, which an index on them answers as a range; otherwise term by term, nulls where
 * the order puts them.
 */
export function keysetAfter(terms: readonly KeysetTerm[], key: Key): SQL {
  const [first] = terms;
  const oneWay = terms.every((term) => !term.nullable && term.descending === first?.descending);
  if (oneWay && key.every((value) => value !== null)) {
    const values = sql.join(
      terms.map((term) => sql`${term.value}`),
      sql`, `,
    );
    const keys = sql.join(
      key.map((value) => sql`${value}`),
      sql`, `,
    );
    return first?.descending ? sql`(${values}) < (${keys})` : sql`(${values}) > (${keys})`;
  }
  return termByTerm(terms, key, 0);
}

function termByTerm(terms: readonly KeysetTerm[], key: Key, index: number): SQL {
  const term = terms[index];
  if (!term) return sql`false`;
  const value = key[index] ?? null;
  const rest = index + 1 < terms.length ? termByTerm(terms, key, index + 1) : undefined;
  const expression = sql`(${term.value})`;
  if (value === null) {
    // Among the rows without a value, or past them when they come first.
    const past = term.nullsFirst ? sql`${expression} is not null` : undefined;
    return or(past, rest && and(sql`${expression} is null`, rest)) ?? sql`false`;
  }
  const beyond = term.descending ? sql`${expression} < ${value}` : sql`${expression} > ${value}`;
  const nullsAfter = term.nullable && !term.nullsFirst ? sql`${expression} is null` : undefined;
  return or(beyond, nullsAfter, rest && and(sql`${expression} = ${value}`, rest)) as SQL;
}

/** What a keyset walk reads: a batch of rows with their details, and the key of a row. */
export interface KeysetWalk<T> {
  terms: readonly KeysetTerm[];
  batchRows: number;
  /**
   * At most `limit` rows matching `after` (undefined for the first batch) in `orderBy`, with their
   * details: one statement, which walks the order's index from the key when it has one.
   */
  rows(window: { after: SQL | undefined; orderBy: SQL[]; limit: number }): PromiseLike<T[]>;
  /** `key` (the terms as text) of the row with this id, if it is still there. */
  keyOf(id: string, key: SQL<Key>): PromiseLike<{ key: Key }[]>;
  idOf(row: T): string;
}

/**
 * The list batch by batch, in its order; reads the next batch only when the consumer asks for it
 * (a stream's backpressure), and none after the consumer stops. Each batch is its rows and the
 * key of its last row (by its primary key): the key is read apart because a row's details carry
 * its dates as JavaScript dates, to the millisecond, and the key needs them to the microsecond.
 * Each query takes its turn among the process's long reads (lib/bulk-reads.ts).
 */
export async function* keysetBatches<T>(walk: KeysetWalk<T>): AsyncGenerator<T[]> {
  const orderBy = keysetOrderBy(walk.terms);
  const key = keysetKey(walk.terms);
  let after: SQL | undefined;
  for (;;) {
    const batch = await inBulkReadTurn(() => walk.rows({ after, orderBy, limit: walk.batchRows }));
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < walk.batchRows) return;
    const last = await inBulkReadTurn(() => lastKey(walk, batch, key));
    if (!last) return;
    after = keysetAfter(walk.terms, last);
  }
}

/** The key of the batch's last row; of the one before when that row was deleted meanwhile. */
async function lastKey<T>(walk: KeysetWalk<T>, batch: T[], key: SQL<Key>): Promise<Key | undefined> {
  for (let index = batch.length - 1; index >= 0; index -= 1) {
    const row = batch[index];
    const [found] = row === undefined ? [] : await walk.keyOf(walk.idOf(row), key);
    if (found) return found.key;
  }
  return undefined;
}

/** `keyOf` for a list of one table's rows (whose order reads nothing but its row). */
export function tableKeyOf(db: Database, table: PgTable, id: AnyPgColumn): KeysetWalk<unknown>['keyOf'] {
  return (rowId, key) => db.select({ key }).from(table).where(eq(id, rowId)).limit(1);
}

/** What selectWalk reads: a list's rows with their details, and how to find a row's key. */
type SelectedList<Query extends PgSelect> = Omit<KeysetWalk<Awaited<Query>[number]>, 'rows' | 'keyOf'> & {
  /** A new select of the rows with their details: each batch is its own statement. */
  select: (db: Database) => Query;
  where: SQL | undefined;
} & (
    | {
        /** A list of one table's rows: the key is read from the row there (tableKeyOf). */ table: PgTable & {
          id: AnyPgColumn;
        };
      }
    | Pick<KeysetWalk<unknown>, 'keyOf'>
  );

/** The rows `select` reads that match the list's `where`, as a keyset walk: the rows after the key, in the terms' order. */
export function selectWalk<Query extends PgSelect>(
  db: Database,
  { select, where, ...list }: SelectedList<Query>,
): KeysetWalk<Awaited<Query>[number]> {
  return {
    terms: list.terms,
    batchRows: list.batchRows,
    rows: ({ after, orderBy, limit }) =>
      select(db)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit),
    keyOf: 'table' in list ? tableKeyOf(db, list.table, list.table.id) : list.keyOf,
    idOf: list.idOf,
  };
}
