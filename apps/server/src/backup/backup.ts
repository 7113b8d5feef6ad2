import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../db/client.js';
import type { FileStorage } from '../storage/index.js';
import { archiveWriter } from './archive.js';
import { type Contents, dumpPglite, dumpPostgres } from './database.js';
import { FORMAT, FORMAT_VERSION, type Manifest, productVersion } from './manifest.js';

/** The database a backup reads: the running PGlite's own handle, or a PostgreSQL server's URL. */
export type BackupSource = { kind: 'pglite'; handle: DatabaseHandle } | { kind: 'postgres'; url: string };

export const DATABASE_PART = { pglite: 'database/pglite.tar', postgres: 'database/postgres.dump' } as const;
export const FILES_PREFIX = 'files/';

/**
 * Writes one archive of the whole state to `file` (which must not exist): the database as one
 * consistent snapshot, then every stored file, then the manifest. Writes go on meanwhile; a file
 * uploaded after the snapshot may be in the archive too, which a restore keeps (an unused upload
 * is swept later). On failure no archive is left.
 */
export async function writeBackup(source: BackupSource, storage: FileStorage, file: string): Promise<Manifest> {
  const startedAt = new Date();
  const work = await mkdtemp(path.join(tmpdir(), 'smart-backup-'));
  let writer: Awaited<ReturnType<typeof archiveWriter>> | undefined;
  try {
    const dump = path.join(work, 'database');
    const contents: Contents =
      source.kind === 'pglite' ? await dumpPglite(source.handle, dump) : await dumpPostgres(source.url, dump);
    writer = await archiveWriter(file);
    const database = await writer.addFile(DATABASE_PART[source.kind], dump);
    await rm(dump, { force: true });
    const entries = [];
    for await (const stored of storage.list()) {
      const body = await storage.open(stored.key);
      // Removed since it was listed (an unused upload swept): not in the snapshot's past either.
      if (!body) continue;
      entries.push(await writer.add(`${FILES_PREFIX}${stored.key}`, stored.bytes, body));
    }
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      productVersion: productVersion(),
      migrations: contents.migrations,
      database: { ...database, kind: source.kind },
      tables: contents.tables,
      files: { count: entries.length, bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0), entries },
      startedAt: startedAt.toISOString(),
      seconds: (Date.now() - startedAt.getTime()) / 1000,
    };
    await writer.finish(manifest);
    return manifest;
  } catch (error) {
    writer?.abort(error as Error);
    if (writer) await rm(file, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
