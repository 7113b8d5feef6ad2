import { open, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type BackupRun, backupEndpoints, notificationEndpoints } from '@smart/contracts';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { backupRuns } from '../src/db/schema/index.js';
import { backupRunDependencies, runScheduledBackup } from '../src/modules/backups/index.js';
import { verifyArchive } from '../src/modules/backups/verify-task.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { adminOnly, authzMatrix } from './helpers/authz-matrix.js';
import { factories, type Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { fannedOut } from './helpers/notifications.js';
import { createPostgresDatabase, testServerUrl } from './helpers/postgres.js';
import { afterAllCleanups } from './helpers/scratch.js';
import { waitFor } from './helpers/wait-for.js';

/*
 * Scheduled backups (decision 0263): with BACKUP_DIR set, the server writes an archive on its
 * schedule, verifies it, keeps the newest BACKUP_KEEP, records each run for the admin's page and
 * tells every admin when one fails.
 */
const { cleanups, scratch } = afterAllCleanups();

/**
 * An app with scheduled backups, on an in-memory PGlite unless told: the test database of the run
 * would be PostgreSQL when TEST_DATABASE_URL is set, and a PGlite backup dumps the app's own handle.
 */
async function appWithBackups(settings: Record<string, string>, options: Parameters<typeof createTestApp>[0] = {}) {
  let { database } = options;
  if (!database) {
    database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await database.migrate();
    const pglite = database;
    cleanups.push(() => pglite.close());
  }
  const t = await createTestApp({ ...options, database, settings: { ...options.settings, ...settings } });
  cleanups.push(() => t.close());
  return t;
}

/** The newest run once it has ended (the app's start asks for one when backups are on). */
const endedRun = (t: TestApp) =>
  waitFor(
    async () => {
      const [run] = await t.database.db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
      return run && run.status !== 'running' ? run : undefined;
    },
    'ended backup run',
    120_000,
  );

async function statusAs(t: TestApp, as: Member) {
  const answer = await t.call(backupEndpoints.status, { as: { token: as.token } });
  expect(answer.status).toBe(200);
  return answer.data;
}

const HOUR = 60 * 60 * 1000;

describe('scheduled backups on PGlite', () => {
  it('writes an archive at start that verifies, records it with its size, and keeps the newest BACKUP_KEEP', async () => {
    const dir = await scratch('backups');
    // Not the schedule's: left alone by the pruning.
    await writeFile(path.join(dir, 'notes.txt'), 'the operator’s own');
    await writeFile(path.join(dir, 'smart-backup-manual.tar'), 'an archive taken by hand');
    // A run killed half way left this: removed, never counted.
    await writeFile(path.join(dir, 'smart-backup-20200101T000000Z.tar.partial'), 'half');
    const t = await appWithBackups({ BACKUP_DIR: dir, BACKUP_KEEP: '2' });
    const admin = await factories(t.database.db).admin();

    const first = await endedRun(t);
    expect(first.status, first.error ?? '').toBe('ok');
    expect(first.fileName).toMatch(/^smart-backup-\d{8}T\d{6}Z\.tar$/);
    expect(first.sizeBytes).toBe((await stat(path.join(dir, first.fileName as string))).size);
    expect(first.verification).toMatch(/Every checksum matched; restored into a throwaway: \d+ tables/);
    expect(await readdir(dir)).not.toContain('smart-backup-20200101T000000Z.tar.partial');

    const status = await statusAs(t, admin);
    expect(status.schedule).toMatchObject({ enabled: true, intervalHours: 24, keep: 2 });
    expect(new Date(status.schedule.nextDueAt as string).getTime()).toBeGreaterThan(Date.now() + 23 * HOUR);
    expect(status.runs[0]).toMatchObject<Partial<BackupRun>>({
      id: first.id,
      status: 'ok',
      fileName: first.fileName,
      sizeBytes: first.sizeBytes,
    });

    // Not due again within the interval: the next hourly check does nothing.
    const deps = backupRunDependencies(t.app);
    if (!deps) throw new Error('backups are on');
    expect(await runScheduledBackup(deps)).toEqual({ ran: false, reason: 'not-due' });

    // A day later, two checks at once (two processes): one runs, the other finds it running.
    const written: string[] = [first.fileName as string];
    const dayLater = new Date(Date.now() + 24 * HOUR);
    const both = await Promise.all([1, 2].map(() => runScheduledBackup({ ...deps, now: () => dayLater })));
    expect(both.filter((outcome) => !outcome.ran)).toEqual([{ ran: false, reason: 'running-elsewhere' }]);
    // And two days later: the oldest goes, the newest two stay.
    const twoDaysLater = new Date(Date.now() + 48 * HOUR);
    both.push(await runScheduledBackup({ ...deps, now: () => twoDaysLater }));
    for (const outcome of both.filter((outcome) => outcome.ran)) {
      expect(outcome).toMatchObject({ ran: true, status: 'ok' });
      written.push((outcome as { fileName: string }).fileName);
    }
    expect((await readdir(dir)).sort()).toEqual([...written.slice(1), 'notes.txt', 'smart-backup-manual.tar'].sort());
  }, 300_000);

  it('records a run that cannot write as failed and tells every admin, in the app', async () => {
    const parent = await scratch('not-a-folder');
    const file = path.join(parent, 'a-file');
    await writeFile(file, 'BACKUP_DIR cannot be made under a file');
    const t = await appWithBackups({ BACKUP_DIR: path.join(file, 'backups') });
    const make = factories(t.database.db);
    // The start's run may have begun before these existed: the check below runs a day later.
    const [admin, otherAdmin, orgAdmin] = await Promise.all([
      make.admin(),
      make.admin(),
      make.organization().then((organization) => make.member(organization.id, { role: 'org_admin' })),
    ]);
    await endedRun(t);
    const deps = backupRunDependencies(t.app);
    if (!deps) throw new Error('backups are on');
    const outcome = await runScheduledBackup({ ...deps, now: () => new Date(Date.now() + 25 * HOUR) });
    expect(outcome).toMatchObject({ ran: true, status: 'failed', fileName: null });
    if (!outcome.ran) return;

    const [run] = await t.database.db.select().from(backupRuns).where(eq(backupRuns.id, outcome.id));
    expect(run?.error).toMatch(/ENOTDIR/);
    // The folder's path stays out of what admins read: its last part at most.
    expect(run?.error).not.toContain(parent);

    await fannedOut(t.database.db, outcome.id);
    for (const person of [admin, otherAdmin]) {
      const inbox = await t.call(notificationEndpoints.list, { query: {}, as: { token: person.token } });
      expect(inbox.data.map((item) => [item.type, item.text, item.link])).toContainEqual([
        'backup_failed',
        'The scheduled backup failed',
        '/dashboard/backups',
      ]);
    }
    const bystander = await t.call(notificationEndpoints.list, { query: {}, as: { token: orgAdmin.token } });
    expect(bystander.data.filter((item) => item.type === 'backup_failed')).toEqual([]);
    expect((await statusAs(t, admin)).runs[0]).toMatchObject({ id: outcome.id, status: 'failed' });
  }, 300_000);

  it('keeps an archive whose verification failed apart, uncounted, and tells the admins', async () => {
    const dir = await scratch('backups-damaged');
    const t = await appWithBackups({ BACKUP_DIR: dir, BACKUP_KEEP: '1' });
    const admin = await factories(t.database.db).admin();
    const good = await endedRun(t);
    expect(good.status).toBe('ok');
    const deps = backupRunDependencies(t.app);
    if (!deps) throw new Error('backups are on');
    // A byte flipped on the disk between writing and verifying: the real verification refuses it.
    const damaged = await runScheduledBackup({
      ...deps,
      now: () => new Date(Date.now() + 25 * HOUR),
      verify: async (file: string) => {
        const handle = await open(file, 'r+');
        const { size } = await handle.stat();
        const at = Math.floor(size / 3);
        const byte = Buffer.alloc(1);
        await handle.read(byte, 0, 1, at);
        await handle.write(Buffer.from([byte[0] === undefined ? 0 : byte[0] ^ 0xff]), 0, 1, at);
        await handle.close();
        return verifyArchive({ file, postgresUrl: undefined });
      },
    });
    expect(damaged).toMatchObject({ ran: true, status: 'verification_failed' });
    if (!damaged.ran) return;
    expect(damaged.fileName).toMatch(/^smart-backup-\d{8}T\d{6}Z\.unverified\.tar$/);
    // The verified archive still counts as the one kept; the damaged one stays beside it until a newer one verifies.
    expect((await readdir(dir)).sort()).toEqual([good.fileName, damaged.fileName].sort());

    await fannedOut(t.database.db, damaged.id);
    const inbox = await t.call(notificationEndpoints.list, { query: {}, as: { token: admin.token } });
    expect(inbox.data.map((item) => item.text)).toContain(
      `The backup "${damaged.fileName}" was written but failed its verification`,
    );
  }, 300_000);
});

const test = apiTest({ demoData: false });

authzMatrix('who reads the backups', {
  test,
  arrange: async () => ({}),
  routes: [
    {
      route: 'GET /api/backups',
      request: () => ({ method: 'GET', url: backupEndpoints.status.path }),
      statuses: adminOnly(200),
    },
  ],
});

test('says when backups are off, and how often they would run', async ({ t, cast }) => {
  const status = await statusAs(t, cast.admin);
  expect(status).toEqual({ schedule: { enabled: false, intervalHours: 24, keep: 7, nextDueAt: null }, runs: [] });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('scheduled backups on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  it('writes with pg_dump, verifies on a throwaway database and records it', async () => {
    const source = await createPostgresDatabase(testServerUrl());
    cleanups.push(source.drop);
    const database = await openDatabase({ kind: 'postgres', url: source.url });
    cleanups.push(() => database.close());
    await database.migrate();
    const dir = await scratch('pg-backups');
    const t = await appWithBackups(
      { BACKUP_DIR: dir, DATABASE_URL: source.url, TWO_FACTOR_ENCRYPTION_KEY: 'a'.repeat(64) },
      { database, backupSource: { kind: 'postgres', url: source.url } },
    );
    const run = await endedRun(t);
    expect(run.status, run.error ?? '').toBe('ok');
    expect(run.sizeBytes).toBe((await stat(path.join(dir, run.fileName as string))).size);
  }, 300_000);
});
