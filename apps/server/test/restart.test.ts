import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { userEndpoints } from '@smart/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseTarget, openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { seedDemoDataOnce } from '../src/db/seed/index.js';
import { createTestApp } from './helpers/app.js';
import { createPostgresDatabase } from './helpers/postgres.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function pgliteTarget(): Promise<DatabaseTarget> {
  const dir = await mkdtemp(path.join(tmpdir(), 'smart-restart-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return { kind: 'pglite', dataDir: dir };
}

async function postgresTarget(): Promise<DatabaseTarget> {
  const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
  cleanups.push(created.drop);
  return { kind: 'postgres', url: created.url };
}

/** Start as main.ts does: open, migrate, seed once, serve. */
async function start(target: DatabaseTarget) {
  const database = await openDatabase(target);
  await database.migrate();
  const seeded = await seedDemoDataOnce(database.db);
  const t = await createTestApp({ database });
  return {
    t,
    seeded,
    database,
    async stop() {
      await t.close();
      await database.close();
    },
  };
}

const targets: [string, () => Promise<DatabaseTarget>][] = [['PGlite', pgliteTarget]];
if (process.env.TEST_DATABASE_URL) targets.push(['PostgreSQL', postgresTarget]);

// Each test opens an on-disk database twice (migrations, seed with password hashing): far slower
// than an in-memory one, so they get more than the default 30 s.
describe.each(targets)('restart on %s', (_name, makeTarget) => {
  it('keeps every write and does not seed again', async () => {
    const target = await makeTarget();
    const first = await start(target);
    expect(first.seeded).toBe(true);
    const edit = await first.t.call(userEndpoints.updateProfile, {
      as: 'acmeMember',
      body: { meta: { jobTitle: 'Head of Projects' } },
    });
    expect(edit.status).toBe(200);
    await first.t.request({ method: 'DELETE', url: '/api/nothing' });
    const usersBefore = (await first.database.db.select().from(users)).length;
    await first.stop();

    const second = await start(target);
    expect(second.seeded).toBe(false);
    const profile = await second.t.call(userEndpoints.profile, { as: 'acmeMember' });
    expect(profile.data.meta.jobTitle).toBe('Head of Projects');
    expect((await second.database.db.select().from(users)).length).toBe(usersBefore);
    await second.stop();
  }, 120_000);
});

describe('PGlite data directory', () => {
  it('refuses a second process on the same directory with a clear message', async () => {
    const target = await pgliteTarget();
    const first = await openDatabase(target);
    await expect(openDatabase(target)).rejects.toThrow(/already open in this process/);
    await first.close();
    // Closed cleanly: the directory opens again.
    const again = await openDatabase(target);
    await again.close();
  }, 120_000);
});

describe('PGlite lock file', () => {
  it('names the other process when one holds the directory', async () => {
    const target = (await pgliteTarget()) as { kind: 'pglite'; dataDir: string };
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(path.join(target.dataDir, 'server.lock'), String(other.pid));
      await expect(openDatabase(target)).rejects.toThrow(
        new RegExp(`in use by another server process \\(pid ${other.pid}\\)`),
      );
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that is gone', async () => {
    const target = (await pgliteTarget()) as { kind: 'pglite'; dataDir: string };
    await writeFile(path.join(target.dataDir, 'server.lock'), '999999');
    const database = await openDatabase(target);
    await database.close();
  });
});
