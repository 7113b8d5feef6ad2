import { departmentEndpoints, organizationEndpoints, teamEndpoints, UI_TEXT, userEndpoints } from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisorAssignments, users } from '../src/db/schema/index.js';
import { type Actor, canActInOrganization } from '../src/lib/tenancy.js';
import { ACCOUNTS, type AccountName, createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
let acmeId: string;
let globexId: string;
/** The demo organization without an advisor. */
let initechId: string;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  const organizations = await t.database.db.query.organizations.findMany();
  acmeId = organizations.find((o) => o.name === 'Acme Corp')!.id;
  globexId = organizations.find((o) => o.name === 'Globex')!.id;
  initechId = organizations.find((o) => o.name === 'Initech')!.id;
});
afterAll(async () => {
  await t?.close();
});

async function actor(account: AccountName): Promise<Actor> {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, ACCOUNTS[account]));
  if (!row) throw new Error(`no ${account}`);
  return row;
}

describe('canActInOrganization', () => {
  it('lets members, admin and an advisor with an active assignment act; nobody else', async () => {
    const db = t.database.db;
    expect(await canActInOrganization(db, await actor('acmeMember'), acmeId)).toBe(true);
    expect(await canActInOrganization(db, await actor('admin'), globexId)).toBe(true);
    expect(await canActInOrganization(db, await actor('advisor'), acmeId)).toBe(true);
    expect(await canActInOrganization(db, await actor('advisor'), initechId)).toBe(false);
    expect(await canActInOrganization(db, await actor('globexOwner'), acmeId)).toBe(false);
  });

  it('stops letting the advisor in once its assignment ends, on the next request', async () => {
    const db = t.database.db;
    const advisor = await actor('advisor');
    const acme = { params: { id: acmeId }, as: 'advisor' };
    expect((await t.call(organizationEndpoints.get, acme)).status).toBe(200);
    await db.update(advisorAssignments).set({ isActive: false }).where(eq(advisorAssignments.advisorId, advisor.id));
    try {
      expect(await canActInOrganization(db, advisor, acmeId)).toBe(false);
      expect((await t.call(organizationEndpoints.get, acme)).status).toBe(404);
      expect((await t.call(organizationEndpoints.list, { as: 'advisor' })).data).toEqual([]);
    } finally {
      await db.update(advisorAssignments).set({ isActive: true }).where(eq(advisorAssignments.advisorId, advisor.id));
    }
  });
});

describe('an unknown organization', () => {
  // The lists an admin filters by organization, by their paths.
  const filtered = [departmentEndpoints.list, teamEndpoints.list, userEndpoints.list].map(
    (list) => [list.path, list] as const,
  );

  it.each(filtered)('answers 404 "Organization not found" to an admin filtering %s by it', async (_path, list) => {
    const response = await t.call(list, { query: { organizationId: UNKNOWN_ID }, as: 'admin' });
    expect(response.status).toBe(404);
    expect(response.refusal.error).toBe(UI_TEXT.organizationNotFound);
  });

  it.each([
    [
      userEndpoints.listByOrganization.path,
      () => t.call(userEndpoints.listByOrganization, { params: { orgId: UNKNOWN_ID }, as: 'admin' }),
    ],
    [
      organizationEndpoints.listUsers.path,
      () => t.call(organizationEndpoints.listUsers, { params: { id: UNKNOWN_ID }, as: 'admin' }),
    ],
  ] as const)('answers 404 "Organization not found" on %s, also to an admin', async (_path, read) => {
    const response = await read();
    expect(response.status).toBe(404);
    expect(response.refusal.error).toBe(UI_TEXT.organizationNotFound);
  });

  it.each(filtered)('is ignored, like any filter, when an org_admin sends it to %s', async (_path, list) => {
    const response = await t.call(list, { query: { organizationId: UNKNOWN_ID }, as: 'acmeOwner' });
    expect(response.status).toBe(200);
    expect(response.body.pagination.total).toBeGreaterThan(0);
  });
});

describe('GET /api/users?organizationId=', () => {
  it("gives an admin one organization's users, and an org_admin only its own", async () => {
    const globex = await t.call(userEndpoints.list, { query: { organizationId: globexId }, as: 'admin' });
    const organizationIds = new Set(globex.data.map((u) => u.meta.organizationId));
    expect(organizationIds).toEqual(new Set([globexId]));
    const acme = await t.call(userEndpoints.list, { query: { organizationId: globexId }, as: 'acmeOwner' });
    expect(new Set(acme.data.map((u) => u.meta.organizationId))).toEqual(new Set([acmeId]));
  });
});
