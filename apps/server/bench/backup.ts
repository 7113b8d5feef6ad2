import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BackupSource, writeBackup } from '../src/backup/backup.js';
import { type RestoreTarget, restoreBackup, verifyBackup } from '../src/backup/restore.js';
import type { DatabaseHandle } from '../src/db/client.js';
import type { FileStorage } from '../src/storage/index.js';
import { localStorage } from '../src/storage/local-storage.js';
import { createPostgresDatabase } from '../test/helpers/postgres.js';

/**
 * A backup of the bench's database and files (`writeBackup`, as `npm run backup` takes it), its
 * verification (`verifyBackup`: checksums, then the database restored into a throwaway and counted)
 * and a restore (`restoreBackup`) into an empty PGlite directory or a new PostgreSQL database;
 * prints the archive's size and each step's time. Goal: a platform-size backup on PostgreSQL
 * within 2 minutes.
 */
const PLATFORM_GOAL_MS = 2 * 60 * 1000;

export interface BackupBench {
  database: DatabaseHandle;
  /** The bench database's URL on PostgreSQL, and its server's (where the throwaways are made). */
  postgres?: { url: string; serverUrl: string };
  storage: FileStorage;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  return [await work(), performance.now() - started];
}

/** Returns the number of goals missed (0 or 1; only platform size on PostgreSQL has a goal). */
export async function measureBackup(
  { database, postgres, storage }: BackupBench,
  size: 'demo' | 'platform',
): Promise<number> {
  console.log(`\nBackup, verify and restore at ${size} size on ${postgres ? 'PostgreSQL' : 'PGlite (in memory)'}`);
  const work = await mkdtemp(path.join(tmpdir(), 'smart-bench-backup-'));
  const restoredDatabase = postgres && (await createPostgresDatabase(postgres.serverUrl));
  try {
    const file = path.join(work, 'backup.tar');
    const source: BackupSource = postgres
      ? { kind: 'postgres', url: postgres.url }
      : { kind: 'pglite', handle: database };
    const [manifest, backupMs] = await timed(() => writeBackup(source, storage, file));
    const archiveBytes = (await stat(file)).size;
    const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
    console.log(
      `  archive ${megabytes(archiveBytes)}: the database ${megabytes(manifest.database.bytes)} (${rows} rows in ${Object.keys(manifest.tables).length} tables), ${manifest.files.count} files (${megabytes(manifest.files.bytes)})`,
    );
    const [, verifyMs] = await timed(() => verifyBackup(file, postgres?.serverUrl));
    const restoredDir = path.join(work, 'restored');
    // Made first, as `npm run restore` makes the data directory.
    await mkdir(restoredDir);
    const target: RestoreTarget = restoredDatabase
      ? { kind: 'postgres', url: restoredDatabase.url }
      : { kind: 'pglite', dataDir: restoredDir };
    const [, restoreMs] = await timed(() => restoreBackup(file, target, localStorage(path.join(restoredDir, 'files'))));
    const goal = postgres && size === 'platform' ? PLATFORM_GOAL_MS : undefined;
    const met = goal === undefined || backupMs <= goal;
    console.log(
      `  backup ${seconds(backupMs)}${goal ? ` (goal ≤ ${seconds(goal)}) ${met ? 'ok' : 'MISSED'}` : ''}, verify ${seconds(verifyMs)}, restore ${seconds(restoreMs)}`,
    );
    return met ? 0 : 1;
  } finally {
    await restoredDatabase?.drop();
    await rm(work, { recursive: true, force: true });
  }
}
