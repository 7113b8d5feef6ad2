import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { pgliteDirectory } from '../db/client.js';
import type { FileStorage } from '../storage/index.js';
import { readArchive } from './archive.js';
import { DATABASE_PART, FILES_PREFIX } from './backup.js';
import { type Contents, countPgliteDump, postgresHoldings, restorePglite, restorePostgres } from './database.js';
import { knownMigrations, type Manifest, productVersion } from './manifest.js';

/** Where a restore writes: an empty PGlite data directory, or an empty PostgreSQL database. */
export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface RestoreReport {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  seconds: number;
}

/** Refuses an archive this build cannot restore: one made by a newer version. */
function refuseNewer(manifest: Manifest) {
  const known = knownMigrations();
  if (manifest.migrations.lastCreatedAt > known.lastCreatedAt || manifest.migrations.count > known.count) {
    throw new Error(
      `the archive was made by a newer version (${manifest.productVersion}, ${manifest.migrations.count} migrations) than this one (${productVersion()}, ${known.count} migrations): restore it with that version or a newer one`,
    );
  }
}

/** What the target holds already, named: a restore goes only into an empty place. */
async function holdings(target: RestoreTarget, storage: FileStorage): Promise<string[]> {
  const found =
    target.kind === 'postgres'
      ? await postgresHoldings(target.url)
      : (await readdir(pgliteDirectory(target.dataDir)).catch(() => [])).length > 0
        ? [`a database in ${pgliteDirectory(target.dataDir)}`]
        : [];
  for await (const stored of storage.list()) {
    found.push(`stored files in ${storage.location} (${stored.key} and maybe more)`);
    break;
  }
  return found;
}

/** Refuses when the restored database's counts are not the manifest's, naming the first difference. */
function compareContents(manifest: Manifest, contents: Contents) {
  for (const [table, rows] of Object.entries(manifest.tables)) {
    if (contents.tables[table] !== rows) {
      throw new Error(
        `restored ${table} holds ${contents.tables[table] ?? 'no table'} rows, the manifest says ${rows}`,
      );
    }
  }
  if (contents.migrations.count !== manifest.migrations.count) {
    throw new Error(`restored ${contents.migrations.count} migrations, the manifest says ${manifest.migrations.count}`);
  }
}

/** A stored file's key from its archive name; a name that would leave the files is refused. */
function keyOf(name: string): string {
  const key = name.slice(FILES_PREFIX.length);
  if (!name.startsWith(FILES_PREFIX) || key === '' || key.includes('..') || key.startsWith('/')) {
    throw new Error(`the archive names a file that is not one: ${name}`);
  }
  return key;
}

/**
 * Restores an archive into an empty target: checks the whole archive first (nothing is written
 * when it is damaged, newer, or the target is not empty), writes the files and the database, then
 * checks the result against the manifest. An older archive is migrated forward at the next start.
 */
export async function restoreBackup(file: string, target: RestoreTarget, storage: FileStorage): Promise<RestoreReport> {
  const started = Date.now();
  const manifest = await readArchive(file);
  refuseNewer(manifest);
  if (manifest.database.kind !== target.kind) {
    throw new Error(
      `the archive holds a ${manifest.database.kind} database; restore it where the server runs on ${manifest.database.kind}`,
    );
  }
  const found = await holdings(target, storage);
  if (found.length > 0) throw new Error(`the target is not empty: it holds ${found.join('; ')}`);

  const work = await mkdtemp(path.join(tmpdir(), 'smart-restore-'));
  try {
    const dump = path.join(work, 'database');
    await readArchive(file, async (name, body) => {
      if (name === DATABASE_PART[manifest.database.kind]) await pipeline(body, createWriteStream(dump));
      else await storage.save(keyOf(name), body, 'application/octet-stream');
    });
    const contents =
      target.kind === 'pglite'
        ? await restorePglite(dump, pgliteDirectory(target.dataDir))
        : await restorePostgres(dump, target.url);
    compareContents(manifest, contents);
    let files = 0;
    let bytes = 0;
    for await (const stored of storage.list()) {
      files += 1;
      bytes += stored.bytes;
    }
    if (files !== manifest.files.count || bytes !== manifest.files.bytes) {
      throw new Error(
        `restored ${files} files (${bytes} bytes), the manifest says ${manifest.files.count} (${manifest.files.bytes} bytes)`,
      );
    }
    return report(manifest, started);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function report(manifest: Manifest, started: number): RestoreReport {
  return {
    manifest,
    tables: Object.keys(manifest.tables).length,
    rows: Object.values(manifest.tables).reduce((sum, rows) => sum + rows, 0),
    files: manifest.files.count,
    bytes: manifest.files.bytes,
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * Verifies an archive without touching the live server: every checksum, then the database restored
 * into a throwaway (an in-memory PGlite, or a temporary database on `postgresServerUrl`'s server)
 * and counted against the manifest.
 */
export async function verifyBackup(file: string, postgresServerUrl?: string): Promise<RestoreReport> {
  const started = Date.now();
  const manifest = await readArchive(file);
  refuseNewer(manifest);
  const work = await mkdtemp(path.join(tmpdir(), 'smart-verify-'));
  try {
    const dump = path.join(work, 'database');
    await readArchive(file, async (name, body) => {
      if (name === DATABASE_PART[manifest.database.kind]) await pipeline(body, createWriteStream(dump));
      else body.resume();
    });
    if (manifest.database.kind === 'pglite') {
      compareContents(manifest, await countPgliteDump(dump));
    } else {
      if (!postgresServerUrl)
        throw new Error(
          'verifying a PostgreSQL archive needs DATABASE_URL (a throwaway database is made on its server)',
        );
      compareContents(manifest, await inThrowawayDatabase(postgresServerUrl, (url) => restorePostgres(dump, url)));
    }
    return report(manifest, started);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Runs `work` on a new, empty database of the server of `serverUrl`, dropped afterwards. */
async function inThrowawayDatabase<T>(serverUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `smart_verify_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}
