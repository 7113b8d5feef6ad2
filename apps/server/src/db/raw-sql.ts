import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client.js';

/** Plain SQL with bind parameters, for a library that writes its own (the job queue). */
export interface RawSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The driver under a Drizzle database (PGlite or a node-postgres pool) as a RawSql. */
export function rawSql(db: Database): RawSql {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    return {
      async executeSql(text, values = []) {
        // PGlite's query() runs one statement; exec() runs a script (pg-boss's maintenance wraps
        // several in BEGIN … COMMIT) but takes no parameters. pg-boss never needs both at once.
        if (values.length > 0) return client.query<Record<string, unknown>>(text, values);
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
      },
    };
  }
  if (client instanceof pg.Pool) {
    return { executeSql: (text, values) => client.query(text, values) };
  }
  throw new Error('rawSql: the database is neither PGlite nor a node-postgres pool');
}

/**
 * A transaction (or database) as a RawSql: the library's statement runs inside it, so a job it
 * queues commits or rolls back with the caller's change. `$n` placeholders become bound parameters.
 */
export function rawSqlIn(tx: Database): RawSql {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      const parts = text.split(/\$(\d+)/);
      parts.forEach((part, index) => {
        chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`);
      });
      const result = (await tx.execute(sql.join(chunks, sql``))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}
