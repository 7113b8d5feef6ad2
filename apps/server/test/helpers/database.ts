import { openAsBlob } from 'node:fs';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase, type QueryListener } from '../../src/db/client.js';
import { createPostgresDatabase, testServerUrl } from './postgres.js';

export interface FreshDatabaseOptions {
  /** Start with the seeded demo organizations and accounts (default: migrated and empty). */
  demoData?: boolean;
  /** Hears every SQL statement, for tests that count queries. */
  onQuery?: QueryListener;
}

/**
 * A fresh database for one test file, copied from this run's migrated template: in-memory PGlite
 * by default, or a new database on the PostgreSQL server of TEST_DATABASE_URL (dropped on close).
 * A copy costs a fraction of migrating, seeding and hashing the demo passwords again.
 */
export async function freshDatabase({ demoData = false, onQuery }: FreshDatabaseOptions = {}): Promise<DatabaseHandle> {
  const templates = inject('databaseTemplates');
  if (!templates)
    throw new Error('No database templates: they come from the API project global setup (test/global-setup.ts)');
  const template = demoData ? templates.demo : templates.empty;
  if (templates.kind === 'pglite') {
    return openDatabase({ kind: 'pglite', dataDir: undefined, onQuery, loadDataDir: await openAsBlob(template) });
  }
  const created = await createPostgresDatabase(testServerUrl(), template);
  const handle = await openDatabase({ kind: 'postgres', url: created.url, onQuery });
  return {
    ...handle,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}
