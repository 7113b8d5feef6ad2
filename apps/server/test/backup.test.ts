import { createReadStream } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import * as tar from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { type BackupSource, writeBackup } from '../src/backup/backup.js';
import { MANIFEST_CHECKSUM_NAME, MANIFEST_NAME } from '../src/backup/manifest.js';
import { type RestoreTarget, restoreBackup, verifyBackup } from '../src/backup/restore.js';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { seedDemoDataOnce } from '../src/db/seed/index.js';
import { seedDemoTicketsOnce } from '../src/db/seed/tickets.js';
import { seedDemoWorkOnce } from '../src/db/seed/work.js';
import type { FileStorage } from '../src/storage/file-storage.js';
import { localStorage } from '../src/storage/local-storage.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { missingWrites, startBusyWriter } from './helpers/busy-writer.js';
import { createPostgresDatabase } from './helpers/postgres.js';
import { afterAllCleanups } from './helpers/scratch.js';
import { runCli, startServerProcess } from './helpers/server-process.js';

/*
 * Backups that restore: an archive of the whole state (database and files), taken while writes run,
 * restores into an empty place with every table's rows and every file's bytes; a damaged, cut,
 * newer or misdirected archive is refused before anything is written.
 */
const { cleanups, scratch } = afterAllCleanups();

/** A demo PGlite on disk, with its stored files. */
async function demoPglite() {
  const dataDir = await scratch('backup-source');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  cleanups.push(() => database.close());
  await database.migrate();
  const storage = localStorage(path.join(dataDir, 'files'));
  await seedDemoDataOnce(database.db);
  await seedDemoWorkOnce(database.db, storage);
  await seedDemoTicketsOnce(database.db, storage);
  return { dataDir, database, storage };
}

/** Every table's rows, each as JSON text, sorted: two databases compared whole. */
async function everyRow(database: DatabaseHandle) {
  const { rows: tables } = await database.query(`select table_name::text as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await database.query(`select to_jsonb(t)::text as row from public."${name}" t order by 1`);
    all[String(name)] = rows.map((row) => String(row.row));
  }
  return all;
}

async function everyFile(dir: string) {
  const storage = localStorage(dir);
  const files: Record<string, string> = {};
  for await (const stored of storage.list()) {
    const body = await storage.open(stored.key);
    if (body) files[stored.key] = (await buffer(body)).toString('base64');
  }
  return files;
}

/** The archive again, with its manifest changed by `edit` (and its checksum made to match). */
async function withManifest(file: string, edit: (manifest: Record<string, unknown>) => void): Promise<string> {
  const extract = tar.extract();
  const pack = tar.pack();
  extract.on('entry', async (header, body, next) => {
    const bytes = await buffer(body);
    if (header.name === MANIFEST_NAME) {
      const manifest = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
      edit(manifest);
      const text = `${JSON.stringify(manifest)}\n`;
      pack.entry({ name: MANIFEST_NAME }, text);
      const { createHash } = await import('node:crypto');
      pack.entry({ name: MANIFEST_CHECKSUM_NAME }, `${createHash('sha256').update(text).digest('hex')}\n`);
    } else if (header.name !== MANIFEST_CHECKSUM_NAME) {
      pack.entry({ name: header.name }, bytes);
    }
    next();
  });
  const finished = new Promise<void>((resolve) => extract.once('finish', () => resolve()));
  createReadStream(file).pipe(extract);
  await finished;
  pack.finalize();
  const edited = `${file}.edited`;
  await writeFile(edited, await buffer(pack));
  return edited;
}

/**
 * A backup taken while Acme's owner writes tasks, messages, uploads and time entries, restored into
 * `target`: every write answered before the backup began is there, its uploads' bytes too.
 */
async function backupWhileWriting(t: TestApp, source: BackupSource, storage: FileStorage, target: RestoreTarget) {
  const writer = await startBusyWriter(t);
  await expect.poll(writer.fewest, { timeout: 60_000 }).toBeGreaterThan(3);
  const beforeBackup = writer.snapshot();
  const file = path.join(await scratch('archive'), 'busy.smart-backup');
  await writeBackup(source, storage, file);
  await writer.stop();
  // Writes went on during the backup: more were answered than it had to keep.
  expect(writer.acknowledged.messages.length).toBeGreaterThan(beforeBackup.messages.length);

  const restoredFiles = localStorage(await scratch('restored-files'));
  await restoreBackup(file, target, restoredFiles);
  const restored = await openDatabase(target);
  expect(await missingWrites(restored, beforeBackup)).toEqual({});
  for (const key of beforeBackup.files) expect(await restoredFiles.open(key), key).not.toBeNull();
  return restored;
}

describe('backup and restore on PGlite', () => {
  it('restores demo data with every table’s rows and every file’s bytes, and verifies without a target', async () => {
    const source = await demoPglite();
    const file = path.join(await scratch('archive'), 'demo.smart-backup');
    const manifest = await writeBackup({ kind: 'pglite', handle: source.database }, source.storage, file);
    expect(manifest.files.count).toBeGreaterThan(0);
    expect(manifest.tables.users).toBeGreaterThan(5);

    expect((await verifyBackup(file)).rows).toBe(Object.values(manifest.tables).reduce((a, b) => a + b, 0));

    const target = await scratch('restored');
    const report = await restoreBackup(
      file,
      { kind: 'pglite', dataDir: target },
      localStorage(path.join(target, 'files')),
    );
    expect(report.files).toBe(manifest.files.count);
    const restored = await openDatabase({ kind: 'pglite', dataDir: target });
    cleanups.push(() => restored.close());
    expect(await everyRow(restored)).toEqual(await everyRow(source.database));
    expect(await everyFile(path.join(target, 'files'))).toEqual(await everyFile(path.join(source.dataDir, 'files')));
  }, 120_000);

  it('keeps every write acknowledged before the backup started (tasks, messages, uploads, hours), while writes go on during it', async () => {
    const source = await demoPglite();
    const t = await createTestApp({ database: source.database, storage: source.storage });
    cleanups.push(() => t.close());
    const target = await scratch('restored');
    const restored = await backupWhileWriting(t, { kind: 'pglite', handle: source.database }, source.storage, {
      kind: 'pglite',
      dataDir: target,
    });
    cleanups.push(() => restored.close());
  }, 120_000);

  it('refuses a cut archive, a flipped byte, a newer version and a target that is not empty, writing nothing', async () => {
    const source = await demoPglite();
    const dir = await scratch('archive');
    const file = path.join(dir, 'good.smart-backup');
    await writeBackup({ kind: 'pglite', handle: source.database }, source.storage, file);
    const bytes = await readFile(file);

    const restoreInto = async (archive: string) => {
      const target = await scratch('target');
      const error = await restoreBackup(
        archive,
        { kind: 'pglite', dataDir: target },
        localStorage(path.join(target, 'files')),
      ).then(
        () => undefined,
        (failure: Error) => failure.message,
      );
      const written = await stat(path.join(target, 'pglite')).then(
        () => true,
        () => false,
      );
      const files = Object.keys(await everyFile(path.join(target, 'files')));
      return { error, written, files };
    };

    const cut = path.join(dir, 'cut.smart-backup');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(await restoreInto(cut)).toMatchObject({
      error: expect.stringMatching(/incomplete|end/i),
      written: false,
      files: [],
    });

    const flipped = path.join(dir, 'flipped.smart-backup');
    const damaged = Buffer.from(bytes);
    const middle = Math.floor(damaged.length / 3);
    damaged[middle] = (damaged[middle] ?? 0) ^ 0xff;
    await writeFile(flipped, damaged);
    expect(await restoreInto(flipped)).toMatchObject({ error: expect.any(String), written: false, files: [] });

    const newer = await withManifest(file, (manifest) => {
      manifest.productVersion = '99.0.0';
      manifest.migrations = { count: 999, lastCreatedAt: Date.now() + 10 ** 12 };
    });
    const refusedNewer = await restoreInto(newer);
    expect(refusedNewer.error).toMatch(/newer version \(99\.0\.0, 999 migrations\)/);
    expect(refusedNewer).toMatchObject({ written: false, files: [] });

    const refusedFull = await restoreBackup(file, { kind: 'pglite', dataDir: source.dataDir }, source.storage).then(
      () => undefined,
      (failure: Error) => failure.message,
    );
    expect(refusedFull).toMatch(/not empty: it holds a database in .*pglite; stored files/);
  }, 120_000);
});

describe('npm run backup and restore', () => {
  it('back up a running server through its data directory, verify the archive, and restore it for a server that starts on it', async () => {
    const dataDir = await scratch('running');
    const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
    cleanups.push(async () => server.child.kill('SIGKILL'));
    const file = path.join(await scratch('archive'), 'live.smart-backup');

    const backedUp = await runCli({ DATA_DIR: dataDir }, 'backup', file);
    expect(backedUp.stdout).toMatch(/Backed up to .* pglite database \(\d+ tables, \d+ rows/);
    const verified = await runCli({}, 'backup', '--verify', file);
    expect(verified.stdout).toMatch(/Verified/);

    // A data directory not made yet, as on a new machine.
    const target = path.join(await scratch('restored'), 'data');
    const restored = await runCli({ DATA_DIR: target }, 'restore', file);
    expect(restored.stdout).toMatch(/Restored .* checked against its manifest/);
    server.child.kill('SIGKILL');
    const again = await startServerProcess({ DATA_DIR: target, DATABASE_URL: '', REDIS_URL: '' });
    cleanups.push(async () => again.child.kill('SIGKILL'));
    expect(again.output()).not.toContain('demo data seeded now');
    const signIn = await fetch(`${again.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member@acme.example.com', password: 'demo-password' }),
    });
    expect(signIn.status).toBe(200);
  }, 180_000);
});

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('backup and restore on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  it('restores with every table’s rows, refuses a database that is not empty, and verifies on a throwaway', async () => {
    const source = await createPostgresDatabase(serverUrl as string);
    cleanups.push(source.drop);
    const database = await openDatabase({ kind: 'postgres', url: source.url });
    cleanups.push(() => database.close());
    await database.migrate();
    const files = await scratch('pg-files');
    await seedDemoDataOnce(database.db);
    await seedDemoWorkOnce(database.db, localStorage(files));
    const file = path.join(await scratch('archive'), 'pg.smart-backup');
    const manifest = await writeBackup({ kind: 'postgres', url: source.url }, localStorage(files), file);
    expect(manifest.database.kind).toBe('postgres');

    expect((await verifyBackup(file, serverUrl)).tables).toBe(Object.keys(manifest.tables).length);
    const refused = await restoreBackup(
      file,
      { kind: 'postgres', url: source.url },
      localStorage(await scratch('x')),
    ).then(
      () => undefined,
      (failure: Error) => failure.message,
    );
    expect(refused).toMatch(/not empty: it holds schema drizzle/);

    const target = await createPostgresDatabase(serverUrl as string);
    cleanups.push(target.drop);
    const targetFiles = await scratch('pg-restored-files');
    await restoreBackup(file, { kind: 'postgres', url: target.url }, localStorage(targetFiles));
    const restored = await openDatabase({ kind: 'postgres', url: target.url });
    cleanups.push(() => restored.close());
    expect(await everyRow(restored)).toEqual(await everyRow(database));
    expect(await everyFile(targetFiles)).toEqual(await everyFile(files));
  }, 120_000);

  it('keeps every write acknowledged before the backup started, while writes go on during it', async () => {
    const source = await createPostgresDatabase(serverUrl as string);
    cleanups.push(source.drop);
    const database = await openDatabase({ kind: 'postgres', url: source.url });
    cleanups.push(() => database.close());
    await database.migrate();
    const storage = localStorage(await scratch('pg-busy-files'));
    await seedDemoDataOnce(database.db);
    await seedDemoWorkOnce(database.db, storage);
    const t = await createTestApp({ database, storage });
    cleanups.push(() => t.close());
    const target = await createPostgresDatabase(serverUrl as string);
    cleanups.push(target.drop);
    const restored = await backupWhileWriting(t, { kind: 'postgres', url: source.url }, storage, {
      kind: 'postgres',
      url: target.url,
    });
    cleanups.push(() => restored.close());
  }, 120_000);
});
