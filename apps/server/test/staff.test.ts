import { type Role, sessionEndpoints, UI_TEXT, userEndpoints } from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.js';
import { hashPassword } from '../src/lib/passwords.js';
import { type AccountName, createTestApp, type TestApp } from './helpers/app.js';

/**
 * Staff accounts (admin, advisor) are changed only by an admin; the platform organization holds
 * only staff; customer organizations hold no staff. Each path that could break the rule is tried.
 */
let t: TestApp;
let platformId: string;
let acmeId: string;
let globexId: string;
let platformAdminId: string;
let advisorId: string;

const uniqueEmail = (prefix: string) => `${prefix}.${Math.random().toString(36).slice(2)}@example.com`;

async function profileOf(as: AccountName) {
  return (await t.call(userEndpoints.profile, { as })).data;
}

/** An account placed directly in the database, as registration allowed before the rule. */
async function insertLegacyAccount(role: Role, organizationId: string) {
  const email = uniqueEmail(`legacy-${role}`);
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      role,
      firstName: 'Legacy',
      lastName: role,
      organizationId,
    })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

function register(as: AccountName | string, role: Role, organizationId?: string) {
  return t.call(userEndpoints.register, {
    as,
    body: {
      firstName: 'New',
      lastName: role,
      email: uniqueEmail(`new-${role}`),
      password: 'secret-123',
      role,
      meta: organizationId ? { organizationId } : {},
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await profileOf('admin');
  platformId = admin.meta.organizationId!;
  platformAdminId = admin.id;
  advisorId = (await profileOf('advisor')).id;
  acmeId = (await profileOf('acmeOwner')).meta.organizationId!;
  globexId = (await profileOf('globexOwner')).meta.organizationId!;
});
afterAll(async () => {
  await t?.close();
});

describe('registration keeps staff in the platform organization', () => {
  it.each([
    ['admin', 'acme', UI_TEXT.staffBelongToPlatform],
    ['advisor', 'acme', UI_TEXT.staffBelongToPlatform],
    ['user', 'platform', UI_TEXT.platformHoldsOnlyStaff],
    ['org_admin', 'platform', UI_TEXT.platformHoldsOnlyStaff],
  ] as const)('an admin cannot register a %s into the %s organization (400)', async (role, where, message) => {
    const response = await register('admin', role, where === 'acme' ? acmeId : platformId);
    expect(response.status).toBe(400);
    expect(response.refusal.error).toBe(message);
  });

  it('an advisor registered without an organization lands in the platform organization', async () => {
    const response = await register('admin', 'advisor');
    expect(response.status).toBe(201);
    expect(response.data.user.meta.organizationId).toBe(platformId);
  });

  it('an admin registers users and org_admins into a customer organization', async () => {
    expect((await register('admin', 'user', acmeId)).status).toBe(201);
    expect((await register('admin', 'org_admin', globexId)).status).toBe(201);
  });

  it('an org_admin inside the platform organization cannot add customers there', async () => {
    const legacy = await insertLegacyAccount('org_admin', platformId);
    const response = await register(legacy.email, 'user');
    expect(response.status).toBe(400);
    expect(response.refusal.error).toBe(UI_TEXT.platformHoldsOnlyStaff);
  });
});

describe('only an admin changes a staff account', () => {
  it("an admin placed in Acme cannot be demoted, deactivated or moved between departments by Acme's org_admin", async () => {
    const legacyAdmin = await insertLegacyAccount('admin', acmeId);
    const params = { id: legacyAdmin.id };
    const as = 'acmeOwner';
    const attempts = [
      () => t.call(userEndpoints.update, { params, as, body: { role: 'user' } }),
      () => t.call(userEndpoints.setDepartment, { params, as, body: { departmentId: null } }),
      () => t.call(userEndpoints.deactivate, { params, as }),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.status, response.response.body).toBe(403);
      expect(response.refusal.error).toBe(UI_TEXT.staffChangedByAdminOnly);
    }
    const signIn = await t.call(sessionEndpoints.signIn, {
      body: { email: legacyAdmin.email, password: DEMO_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.data).toMatchObject({ user: { role: 'admin' } });
  });

  it('an org_admin created inside the platform organization cannot demote or deactivate the platform admin', async () => {
    const legacy = await insertLegacyAccount('org_admin', platformId);
    const params = { id: platformAdminId };
    const demote = await t.call(userEndpoints.update, { params, as: legacy.email, body: { role: 'user' } });
    expect(demote.status).toBe(403);
    const deactivate = await t.call(userEndpoints.deactivate, { params, as: legacy.email });
    expect(deactivate.status).toBe(403);
    expect((await profileOf('admin')).role).toBe('admin');
    expect((await t.call(userEndpoints.profile, { as: 'admin' })).status).toBe(200);
  });

  it('an admin may change a staff account, between staff roles only', async () => {
    const advisor = (await register('admin', 'advisor')).data.user;
    const params = { id: advisor.id };
    const toUser = await t.call(userEndpoints.update, { params, as: 'admin', body: { role: 'user' } });
    expect(toUser.status).toBe(400);
    expect(toUser.refusal.error).toBe(UI_TEXT.platformHoldsOnlyStaff);
    const toAdmin = await t.call(userEndpoints.update, { params, as: 'admin', body: { role: 'admin' } });
    expect(toAdmin.status).toBe(200);
    expect(toAdmin.data.role).toBe('admin');
    const deactivate = await t.call(userEndpoints.deactivate, { params, as: 'admin' });
    expect(deactivate.status).toBe(200);
  });

  it("an admin cannot make a customer's member an admin or an advisor", async () => {
    const member = (await register('acmeOwner', 'user')).data.user;
    for (const role of ['admin', 'advisor'] as const) {
      const response = await t.call(userEndpoints.update, { params: { id: member.id }, as: 'admin', body: { role } });
      expect(response.status, role).toBe(400);
      expect(response.refusal.error).toBe(UI_TEXT.staffBelongToPlatform);
    }
  });
});

describe('moving accounts between organizations keeps the rule', () => {
  const move = (id: string, organizationId: string) =>
    t.call(userEndpoints.moveToOrganization, { params: { id }, as: 'admin', body: { organizationId } });

  it('an advisor cannot be moved into a customer organization', async () => {
    const response = await move(advisorId, acmeId);
    expect(response.status).toBe(400);
    expect(response.refusal.error).toBe(UI_TEXT.staffBelongToPlatform);
    expect((await profileOf('advisor')).meta.organizationId).toBe(platformId);
  });

  it('a customer member cannot be moved into the platform organization, but into another customer', async () => {
    const member = (await register('acmeOwner', 'user')).data.user;
    const intoPlatform = await move(member.id, platformId);
    expect(intoPlatform.status).toBe(400);
    expect(intoPlatform.refusal.error).toBe(UI_TEXT.platformHoldsOnlyStaff);
    const intoGlobex = await move(member.id, globexId);
    expect(intoGlobex.status).toBe(200);
    expect(intoGlobex.data.meta.organizationId).toBe(globexId);
  });
});
