import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { seedDemoDataOnce } from '../../src/db/seed/index.js';
import { createPostgresDatabase, testServerUrl } from './postgres.js';

/**
 * This run's migrated databases, made once by the API project's global setup (test/global-setup.ts)
 * and copied for each test file: PGlite data directory dumps (file paths), or template databases on
 * the TEST_DATABASE_URL server (names). `empty` is migrated only; `demo` also holds the demo data.
 */
export interface DatabaseTemplates {
  kind: 'pglite' | 'postgres';
  empty: string;
  demo: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export interface CreatedTemplates {
  templates: DatabaseTemplates;
  remove(): Promise<void>;
}

/** Migrates once, seeds once (17 argon2 hashes), for the whole run. */
export function createDatabaseTemplates(): Promise<CreatedTemplates> {
  return process.env.TEST_DATABASE_URL ? postgresTemplates(testServerUrl()) : pgliteTemplates();
}

async function pgliteTemplates(): Promise<CreatedTemplates> {
  const dir = await mkdtemp(path.join(tmpdir(), 'smart-test-templates-'));
  const templates: DatabaseTemplates = {
    kind: 'pglite',
    empty: path.join(dir, 'empty.tar'),
    demo: path.join(dir, 'demo.tar'),
  };
  const remove = () => rm(dir, { recursive: true, force: true });
  const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const dumpTo = async (file: string) => {
    const tarball = await handle.dumpDataDir!();
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  };
  try {
    await handle.migrate();
    await dumpTo(templates.empty);
    await seedDemoDataOnce(handle.db);
    await dumpTo(templates.demo);
    return { templates, remove };
  } catch (error) {
    await remove();
    throw error;
  } finally {
    await handle.close();
  }
}

/** Nobody stays connected to a template database, so CREATE DATABASE … TEMPLATE may copy it at any time. */
async function postgresTemplates(serverUrl: string): Promise<CreatedTemplates> {
  const created: Awaited<ReturnType<typeof createPostgresDatabase>>[] = [];
  const remove = async () => void (await Promise.all(created.map((database) => database.drop())));
  try {
    const empty = await createPostgresDatabase(serverUrl);
    created.push(empty);
    await withDatabase(empty.url, (handle) => handle.migrate());
    const demo = await createPostgresDatabase(serverUrl, empty.name);
    created.push(demo);
    await withDatabase(demo.url, (handle) => seedDemoDataOnce(handle.db));
    return { templates: { kind: 'postgres', empty: empty.name, demo: demo.name }, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

async function withDatabase(url: string, use: (handle: DatabaseHandle) => Promise<unknown>) {
  const handle = await openDatabase({ kind: 'postgres', url });
  try {
    await use(handle);
  } finally {
    await handle.close();
  }
}
