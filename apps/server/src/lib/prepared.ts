import type { Database } from '../db/client.js';

const statements = new WeakMap<Database, Map<string, unknown>>();

/**
 * A statement built once per database and then only executed. Drizzle otherwise builds the SQL
 * text on every call, which for the queries every request runs (the session lookup, a list's
 * total) costs more CPU than PostgreSQL spends answering them. `name` is also the server-side
 * prepared statement's name, so it must be unique.
 */
export function prepared<T>(db: Database, name: string, build: (db: Database, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  if (!byName.has(name)) byName.set(name, build(db, name));
  return byName.get(name) as T;
}
