import { and, Column, is, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import type { OrderTerm } from './paging.js';
import { uuidArray } from './sql.js';

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

/** What a keyset walk reads: a batch's ids with their keys, then those rows. */
export interface KeysetWalk<T> {
  terms: readonly KeysetTerm[];
  batchRows: number;
  /**
   * At most `limit` ids matching `after` (undefined for the first batch) in `orderBy`, each with
   * `key` selected: a query on the listed table alone, so an index walk finds a batch.
   */
  ids(window: {
    after: SQL | undefined;
    orderBy: SQL[];
    key: SQL<Key>;
    limit: number;
  }): Promise<{ id: string; key: Key }[]>;
  /** The rows of those ids with their details, in any order. */
  details(ids: SQL): Promise<T[]>;
  idOf(row: T): string;
}

/**
 * The list batch by batch, in its order; reads the next batch only when the consumer asks for it
 * (a stream's backpressure), and none after the consumer stops. A row deleted between a batch's
 * two queries is left out.
 */
export async function* keysetBatches<T>(walk: KeysetWalk<T>): AsyncGenerator<T[]> {
  const orderBy = keysetOrderBy(walk.terms);
  const key = keysetKey(walk.terms);
  let after: SQL | undefined;
  for (;;) {
    const batch = await walk.ids({ after, orderBy, key, limit: walk.batchRows });
    const last = batch.at(-1);
    if (!last) return;
    const rows = new Map(
      (await walk.details(uuidArray(batch.map((row) => row.id)))).map((row) => [walk.idOf(row), row]),
    );
    yield batch.flatMap(({ id }) => rows.get(id) ?? []);
    if (batch.length < walk.batchRows) return;
    after = keysetAfter(walk.terms, last.key);
  }
}

/** `ids` for a list of one table's rows: its id column, and the list's condition. */
export function tableIds(
  db: Database,
  table: PgTable,
  id: AnyPgColumn,
  where: SQL | undefined,
): KeysetWalk<unknown>['ids'] {
  return ({ after, orderBy, key, limit }) =>
    db
      .select({ id: sql<string>`${id}`, key })
      .from(table)
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(limit);
}
