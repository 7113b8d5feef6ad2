import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDirectoryLock } from './lock.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** PGlite and node-postgres databases share this type; services never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the generated SQL migrations that have not run yet. */
  migrate(): Promise<void>;
  /**
   * Runs one SQL statement with bind parameters, outside the ORM (the benchmark's EXPLAIN and bare
   * route); a `name` makes it a server-side prepared statement on PostgreSQL.
   */
  query(text: string, params?: unknown[], name?: string): Promise<{ rows: Record<string, unknown>[] }>;
  /** PGlite only: the data directory as a tarball (gzipped if asked), which `loadDataDir` starts a copy from. */
  dumpDataDir?(compression?: 'none' | 'gzip'): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** An arbitrary constant: the advisory lock that serialises migrations when several processes start at once. */
const MIGRATION_LOCK_KEY = 724_101;

/** Called with the SQL and parameters of every query the database runs (tests count queries with it). */
export type QueryListener = (sql: string, params: unknown[]) => void;

/** What the metrics read of a database: its statements' times, and the pool's use (PostgreSQL). */
export interface DatabaseInstruments {
  /** Called with each statement's seconds, from its sending to its answer. */
  onStatement: ((seconds: number) => void) | undefined;
  pool?: () => { total: number; idle: number; waiting: number };
}

const instruments = new WeakMap<Database, DatabaseInstruments>();

/** The instruments of a database opened here (none for one made elsewhere). */
export const instrumentsOf = (db: Database): DatabaseInstruments | undefined => instruments.get(db);

/** `query` timed: each call that answers a promise reports its seconds to the database's instruments. */
function timed<Query extends (...args: never[]) => unknown>(query: Query, sink: DatabaseInstruments): Query {
  return ((...args: never[]) => {
    const started = performance.now();
    const answer = query(...args);
    if (sink.onStatement && answer instanceof Promise) {
      const report = () => sink.onStatement?.((performance.now() - started) / 1000);
      answer.then(report, report);
    }
    return answer;
  }) as Query;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; onQuery?: QueryListener }
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      onQuery?: QueryListener;
      /** A data directory dumped by PGlite's `dumpDataDir()` to start from (tests copy a migrated template). */
      loadDataDir?: Blob;
    };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === 'postgres'
    ? openPostgres(target.url, target.onQuery)
    : openPglite(target.dataDir, target.onQuery, target.loadDataDir);
}

const queryLogger = (onQuery: QueryListener | undefined): Logger | undefined =>
  onQuery && { logQuery: (query, params) => onQuery(query, params) };

async function openPostgres(url: string, onQuery?: QueryListener): Promise<DatabaseHandle> {
  // No JIT (decision 0289): the app's statements are short, and one whose estimate crosses
  // jit_above_cost spent 80 ms compiling for 12 ms of work.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  // A pooled client the server drops while idle (restart, failover, a forced disconnect) emits
  // 'error'; unheard, that would crash the process. The pool replaces it on the next checkout.
  pool.on('error', () => {});
  const sink: DatabaseInstruments = {
    onStatement: undefined,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
  // Every statement runs on a pooled client (pool.query too): each client's query is timed once, as it joins.
  pool.on('connect', (client) => {
    // A client checked out (a transaction between statements) also emits 'error' when the server
    // goes (a crash, a failover): its caller's statement fails with it, and unheard the event would
    // end the process. The pool drops the client when it is released.
    client.on('error', () => {});
    client.query = timed(client.query.bind(client) as (...args: never[]) => unknown, sink) as typeof client.query;
  });
  const db = drizzlePostgres({ client: pool, schema, logger: queryLogger(onQuery) });
  instruments.set(db, sink);
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    query: (text, params, name) => pool.query({ text, values: params, ...(name && { name }) }),
    close: () => pool.end(),
  };
}

/** Where PGlite keeps its files under DATA_DIR. */
export const pgliteDirectory = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * A PGlite with the extensions the migrations use: pg_trgm backs the search indexes (migration 0007
 * on); btree_gin lets one of them start with the organization (migration 0014); btree_gist lets the
 * meetings' exclusion constraint compare the advisor with = beside the time range's && (migration 0020).
 */
export const createPglite = (options: { dataDir?: string; loadDataDir?: Blob }) =>
  PGlite.create({ ...options, extensions: { pg_trgm, btree_gin, btree_gist } });

/** `dataDir` undefined means an in-memory database (tests). */
async function openPglite(
  dataDir: string | undefined,
  onQuery?: QueryListener,
  loadDataDir?: Blob,
): Promise<DatabaseHandle> {
  let releaseLock = () => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDirectoryLock(dataDir);
  }
  try {
    const client = await createPglite({
      ...(dataDir && { dataDir: pgliteDirectory(dataDir) }),
      ...(loadDataDir && { loadDataDir }),
    });
    const sink: DatabaseInstruments = { onStatement: undefined };
    client.query = timed(client.query.bind(client), sink);
    const transaction = client.transaction.bind(client);
    client.transaction = (work) =>
      transaction((tx) => {
        tx.query = timed(tx.query.bind(tx), sink);
        return work(tx);
      });
    const db = drizzlePglite({ client, schema, logger: queryLogger(onQuery) });
    instruments.set(db, sink);
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder }),
      query: (text, params) => client.query<Record<string, unknown>>(text, params),
      dumpDataDir: (compression = 'none') => client.dumpDataDir(compression),
      async close() {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
