import { userEndpoints } from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { ensureBootstrapAdmin, ensurePlatformOrganization } from '../src/db/seed/bootstrap.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { freshDatabase } from './helpers/database.js';

describe('demo data and the first admin', () => {
  it('seeds demo data by default with PGlite, not with PostgreSQL unless asked', () => {
    const postgres = { DATABASE_URL: 'postgres://db.internal/smart', TWO_FACTOR_ENCRYPTION_KEY: 'a'.repeat(64) };
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig(postgres).seedDemoData).toBe(false);
    expect(loadConfig({ ...postgres, SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });

  it('refuses a short bootstrap password, naming the variable', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });
});

describe('bootstrap admin on an empty database', () => {
  let database: DatabaseHandle;
  let t: TestApp | undefined;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await t?.close();
    await database.close();
  });

  it('creates the platform organization and the admin once, never resetting its password', async () => {
    expect(await ensureBootstrapAdmin(database.db, { email: 'root@example.com', password: 'first-password-123' })).toBe(
      true,
    );
    expect(await ensureBootstrapAdmin(database.db, { email: 'root@example.com', password: 'other-password-456' })).toBe(
      false,
    );
    expect((await ensurePlatformOrganization(database.db)).name).toBe('SMART');

    t = await createTestApp({ database });
    const token = await t.tokenFor('root@example.com', 'first-password-123');
    const profile = (await t.call(userEndpoints.profile, { token })).data;
    expect(profile).toMatchObject({ role: 'admin', meta: { organizationName: 'SMART' } });
  });
});
