import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { attachmentEndpoints, fileEndpoints, pathOf, sessionEndpoints } from '@smart/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3Server } from '../cluster/s3-server.js';
import { writeBackup } from '../src/backup/backup.js';
import { restoreBackup, verifyBackup } from '../src/backup/restore.js';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { seedDemoDataOnce } from '../src/db/seed/index.js';
import { seedDemoTicketsOnce } from '../src/db/seed/tickets.js';
import { seedDemoWorkOnce } from '../src/db/seed/work.js';
import { localStorage } from '../src/storage/local-storage.js';
import { s3Storage } from '../src/storage/s3-storage.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { multipartBody, postParts } from './helpers/multipart.js';
import { createPostgresDatabase } from './helpers/postgres.js';
import { afterAllCleanups } from './helpers/scratch.js';
import { runCli, startServerProcess } from './helpers/server-process.js';
import { createWorkTree, demoUser } from './helpers/work.js';

/*
 * A server whose files live in S3 (a real S3 server, s3rver): an upload lands in the bucket and
 * downloads back whole; a backup holds every object's bytes, verifies, and restores into an empty
 * bucket that a server then serves; a bucket that holds files is refused, named, with nothing written.
 */
const { cleanups, scratch } = afterAllCleanups();

/** One S3 server for the file: each test makes its own buckets on it. */
let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
  cleanups.push(() => s3.stop());
});

/** The bucket's objects as key → base64, for a whole-bucket comparison. */
const contentsOf = async (bucket?: string) =>
  Object.fromEntries([...(await s3.objects(bucket))].map(([key, bytes]) => [key, bytes.toString('base64')]));

/** Bytes no type sniffing recognises, past one multipart part (5 MiB) and under the upload limit. */
const LARGE_FILE = randomBytes(6 * 1024 * 1024 + 321);

/** Attaches `content` to a new task of Acme through the API as its member; returns the file's key. */
async function attachThroughApi(t: TestApp, content: Buffer) {
  const owner = await demoUser(t.database.db, 'acmeOwner');
  if (!owner.organizationId) throw new Error('the demo owner has no organization');
  const work = await createWorkTree(t.database.db, { organizationId: owner.organizationId, createdBy: owner.id });
  const url = pathOf(attachmentEndpoints('tasks').add, { id: work.taskId });
  const response = await postParts(
    t,
    url,
    [{ field: 'file', filename: 'survey.bin', content, type: 'x' }],
    'acmeMember',
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.fileName as string;
}

/** The file's bytes as its reader downloads them: a signed link, fetched over HTTP. */
async function downloadThroughApi(t: TestApp, baseUrl: string, key: string) {
  const link = await t.call(fileEndpoints.downloadLink, { params: { key }, as: 'acmeMember' });
  expect(link.status, link.response.body).toBe(200);
  const response = await fetch(`${baseUrl}${link.data.downloadUrl}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** A demo PGlite on disk whose stored files (the demo's attachments) are in a new bucket. */
async function demoPgliteOnS3(bucket: string) {
  const dataDir = await scratch('s3-source');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  cleanups.push(() => database.close());
  await database.migrate();
  const storage = s3Storage(await s3.addBucket(bucket));
  await seedDemoDataOnce(database.db);
  await seedDemoWorkOnce(database.db, storage);
  await seedDemoTicketsOnce(database.db, storage);
  return { dataDir, database, storage };
}

describe('a server on S3 storage (PGlite)', () => {
  let source: Awaited<ReturnType<typeof demoPgliteOnS3>>;
  let t: TestApp;
  let baseUrl: string;
  let uploaded: string;
  beforeAll(async () => {
    source = await demoPgliteOnS3('pglite-source');
    t = await createTestApp({ database: source.database, storage: source.storage });
    cleanups.push(() => t.close());
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);

  it('keeps a file uploaded through the API in the bucket, and downloads it back with the same bytes', async () => {
    uploaded = await attachThroughApi(t, LARGE_FILE);
    const inBucket = (await s3.objects('pglite-source')).get(uploaded);
    expect(inBucket?.equals(LARGE_FILE)).toBe(true);
    expect((await downloadThroughApi(t, baseUrl, uploaded)).equals(LARGE_FILE)).toBe(true);
  }, 60_000);

  it('backs up every object’s bytes, verifies, and restores into an empty bucket that a server then serves', async () => {
    uploaded ??= await attachThroughApi(t, LARGE_FILE);
    const objects = await s3.objects('pglite-source');
    // The demo's own attachments and the upload: more than one file, one of them multipart.
    expect(objects.size).toBeGreaterThan(1);

    const file = path.join(await scratch('archive'), 'on-s3.smart-backup');
    const manifest = await writeBackup({ kind: 'pglite', handle: source.database }, source.storage, file);
    expect(manifest.files.count).toBe(objects.size);
    expect(manifest.files.bytes).toBe([...objects.values()].reduce((sum, bytes) => sum + bytes.length, 0));
    expect((await verifyBackup(file)).files).toBe(objects.size);

    const target = await scratch('s3-restored');
    const restoredStorage = s3Storage(await s3.addBucket('pglite-restored'));
    const report = await restoreBackup(file, { kind: 'pglite', dataDir: target }, restoredStorage);
    expect(report.files).toBe(objects.size);
    expect(await contentsOf('pglite-restored')).toEqual(await contentsOf('pglite-source'));

    // A server on the restored database and bucket gives the file back to its reader.
    const restored = await openDatabase({ kind: 'pglite', dataDir: target });
    cleanups.push(() => restored.close());
    const again = await createTestApp({ database: restored, storage: restoredStorage });
    cleanups.push(() => again.close());
    const againUrl = await again.app.listen({ host: '127.0.0.1', port: 0 });
    expect((await downloadThroughApi(again, againUrl, uploaded)).equals(LARGE_FILE)).toBe(true);
  }, 120_000);

  it('refuses a bucket that holds files, naming the bucket and a file, and writes nothing', async () => {
    const file = path.join(await scratch('archive'), 'refused.smart-backup');
    await writeBackup({ kind: 'pglite', handle: source.database }, source.storage, file);
    const target = await scratch('s3-refused');
    const occupied = s3Storage(await s3.addBucket('occupied'));
    await occupied.save('someone-elses.txt', Readable.from(['kept']), 'text/plain');

    const refused = await restoreBackup(file, { kind: 'pglite', dataDir: target }, occupied).then(
      () => undefined,
      (failure: Error) => failure.message,
    );
    expect(refused).toMatch(
      /^the target is not empty: it holds stored files in the S3 bucket occupied at http:\/\/127\.0\.0\.1:\d+ \(someone-elses\.txt and maybe more\)$/,
    );
    expect(await readdir(target)).toEqual([]);
    expect(Object.keys(await contentsOf('occupied'))).toEqual(['someone-elses.txt']);
  }, 60_000);
});

describe('moving files between disk and S3 (PGlite)', () => {
  it('restores a backup of a server on disk into an empty bucket, every file’s bytes', async () => {
    const dataDir = await scratch('disk-source');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    cleanups.push(() => database.close());
    await database.migrate();
    const onDisk = localStorage(path.join(dataDir, 'files'));
    await seedDemoDataOnce(database.db);
    await seedDemoWorkOnce(database.db, onDisk);
    const file = path.join(await scratch('archive'), 'on-disk.smart-backup');
    const manifest = await writeBackup({ kind: 'pglite', handle: database }, onDisk, file);

    await restoreBackup(
      file,
      { kind: 'pglite', dataDir: await scratch('to-s3') },
      s3Storage(await s3.addBucket('from-disk')),
    );
    const fromDisk: Record<string, string> = {};
    for await (const stored of onDisk.list()) {
      fromDisk[stored.key] = (await buffer((await onDisk.open(stored.key)) as Readable)).toString('base64');
    }
    expect(Object.keys(fromDisk)).toHaveLength(manifest.files.count);
    expect(await contentsOf('from-disk')).toEqual(fromDisk);
  }, 120_000);
});

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('a server on S3 storage (PostgreSQL, needs TEST_DATABASE_URL)', () => {
  it('backs up every object’s bytes and restores them into an empty bucket beside an empty database', async () => {
    const source = await createPostgresDatabase(serverUrl as string);
    cleanups.push(source.drop);
    const database: DatabaseHandle = await openDatabase({ kind: 'postgres', url: source.url });
    cleanups.push(() => database.close());
    await database.migrate();
    const storage = s3Storage(await s3.addBucket('postgres-source'));
    await seedDemoDataOnce(database.db);
    await seedDemoWorkOnce(database.db, storage);
    const t = await createTestApp({ database, storage });
    cleanups.push(() => t.close());
    await attachThroughApi(t, LARGE_FILE);

    const file = path.join(await scratch('archive'), 'pg-on-s3.smart-backup');
    const manifest = await writeBackup({ kind: 'postgres', url: source.url }, storage, file);
    expect(manifest.files.count).toBe((await s3.objects('postgres-source')).size);
    expect((await verifyBackup(file, serverUrl)).files).toBe(manifest.files.count);

    const occupied = await restoreBackup(file, { kind: 'postgres', url: source.url }, storage).then(
      () => undefined,
      (failure: Error) => failure.message,
    );
    expect(occupied).toMatch(/not empty: it holds schema drizzle.*; stored files in the S3 bucket postgres-source/);

    const target = await createPostgresDatabase(serverUrl as string);
    cleanups.push(target.drop);
    const restoredStorage = s3Storage(await s3.addBucket('postgres-restored'));
    await restoreBackup(file, { kind: 'postgres', url: target.url }, restoredStorage);
    expect(await contentsOf('postgres-restored')).toEqual(await contentsOf('postgres-source'));
  }, 120_000);
});

/** Signs in to a server process as Acme's member: the bearer header of its requests. */
async function signedIn(url: string) {
  const response = await fetch(`${url}${sessionEndpoints.signIn.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'member@acme.example.com', password: 'demo-password' }),
  });
  expect(response.status).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { data: { token: string } }).data.token}` };
}

/** A file's bytes from a server process, through the signed link its uploader gets. */
async function downloadFrom(url: string, key: string) {
  const headers = await signedIn(url);
  const link = await fetch(`${url}${pathOf(fileEndpoints.downloadLink, { key })}`, { headers });
  expect(link.status).toBe(200);
  const { downloadUrl } = ((await link.json()) as { data: { downloadUrl: string } }).data;
  return Buffer.from(await (await fetch(`${url}${downloadUrl}`)).arrayBuffer());
}

describe('npm run backup and restore with the S3 settings', () => {
  it('backs up a running server on S3, verifies, refuses a bucket that holds files, and restores into an empty one that a server serves', async () => {
    await s3.addBucket('cli-source');
    const dataDir = await scratch('cli-running');
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      ...s3.env('cli-source'),
    });
    cleanups.push(async () => server.child.kill('SIGKILL'));
    // The demo's attachments were seeded into the bucket at start; an upload joins them.
    const { body, contentType } = multipartBody('file', 'survey.bin', LARGE_FILE, 'x');
    const uploaded = await fetch(`${server.url}${fileEndpoints.upload.path}`, {
      method: 'POST',
      headers: { ...(await signedIn(server.url)), 'content-type': contentType },
      body,
    });
    expect(uploaded.status).toBe(201);
    const key = ((await uploaded.json()) as { data: { fileName: string } }).data.fileName;
    const objects = await s3.objects('cli-source');
    expect(objects.get(key)?.equals(LARGE_FILE)).toBe(true);
    expect(objects.size).toBeGreaterThan(1);

    const file = path.join(await scratch('archive'), 'cli-on-s3.smart-backup');
    const backedUp = await runCli({ DATA_DIR: dataDir, ...s3.env('cli-source') }, 'backup', file);
    expect(backedUp.stdout).toContain(`, ${objects.size} files (`);
    expect((await runCli({}, 'backup', '--verify', file)).stdout).toContain(`, ${objects.size} files (`);

    const refused = await runCli(
      { DATA_DIR: await scratch('cli-refused'), ...s3.env('cli-source') },
      'restore',
      file,
    ).then(
      () => '',
      (failure: { stderr: string }) => failure.stderr,
    );
    expect(refused).toMatch(
      /not empty: it holds stored files in the S3 bucket cli-source at http:\/\/127\.0\.0\.1:\d+ \(/,
    );

    await s3.addBucket('cli-restored');
    const target = await scratch('cli-restored');
    const restored = await runCli({ DATA_DIR: target, ...s3.env('cli-restored') }, 'restore', file);
    expect(restored.stdout).toContain(`, ${objects.size} files (`);
    expect(await contentsOf('cli-restored')).toEqual(await contentsOf('cli-source'));
    server.child.kill('SIGKILL');

    const again = await startServerProcess({
      DATA_DIR: target,
      DATABASE_URL: '',
      REDIS_URL: '',
      ...s3.env('cli-restored'),
    });
    cleanups.push(async () => again.child.kill('SIGKILL'));
    expect((await downloadFrom(again.url, key)).equals(LARGE_FILE)).toBe(true);
  }, 240_000);
});
