import {
  departmentEndpoints,
  organizationEndpoints,
  projectEndpoints,
  sessionEndpoints,
  ticketEndpoints,
  twoFactorEndpoints,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { eq, isNotNull, or } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { authzMatrix, settingsManagers } from './helpers/authz-matrix.js';
import { FACTORY_PASSWORD, type Factories, factories, type Member } from './helpers/factories.js';
import { liveSockets } from './helpers/sockets.js';
import { authenticatorClock, codeAt, enrolTwoFactor, passwordStep } from './helpers/two-factor.js';

/**
 * An organization (or, for staff, the platform organization) that requires a second factor: its
 * people without one may only set it up, read their profile and sign out, until they have.
 */
let t: TestApp;
let make: Factories;
/** Requests a held-back session, or someone who may not, sends where it should be refused: counted for the report. */
let attackInputs = 0;
const sockets = liveSockets(() => t);

beforeAll(async () => {
  t = await createTestApp({ clock: authenticatorClock });
  make = factories(t.database.db);
  await sockets.listen();
});
afterAll(async () => {
  console.info(`two-factor-required.test.ts sent ${attackInputs} attack inputs (besides its authorization matrix)`);
  sockets.closeAll();
  await t?.close();
});

/** The routes a session that must set up its second factor may still call. */
const OPEN_DURING_SETUP = [
  'GET /api/users/profile',
  'POST /api/users/2fa/confirm',
  'POST /api/users/2fa/setup',
  'POST /api/users/logout',
];

const setSecurity = (organizationId: string, token: string, requireTwoFactor: boolean) =>
  t.call(organizationEndpoints.updateSecurity, { params: { id: organizationId }, body: { requireTwoFactor }, token });

/** An organization whose org_admin has a second factor and requires it of everyone. */
async function requiringOrganization() {
  const organization = await make.organization();
  const owner = await make.member(organization.id, { role: 'org_admin' });
  await enrolTwoFactor(t, owner.token);
  const answer = await setSecurity(organization.id, owner.token, true);
  expect(answer.status, answer.response.body).toBe(200);
  expect(answer.data).toMatchObject({ requireTwoFactor: true, permissions: { canChangeSecurity: true } });
  return { organization, owner };
}

const departmentsOf = (member: Member) => t.call(departmentEndpoints.list, { token: member.token });

authzMatrix('who may change the sign-in rules of an organization', {
  app: () => t,
  arrange: async (cast) => cast.organization,
  routes: [
    {
      route: 'PUT /api/organizations/:id/security',
      // Turning it off needs no second factor of one's own: every refusal here is about who may.
      request: (organization) => ({
        method: 'PUT',
        url: `/api/organizations/${organization.id}/security`,
        payload: { requireTwoFactor: false },
      }),
      statuses: settingsManagers(200),
    },
  ],
  errors: { 404: UI_TEXT.organizationNotFound },
});

describe('requiring a second factor', () => {
  it('asks whoever turns it on to have one', async () => {
    const organization = await make.organization();
    const owner = await make.member(organization.id, { role: 'org_admin' });
    const refused = await setSecurity(organization.id, owner.token, true);
    expect(refused.status).toBe(400);
    expect(refused.refusal.error).toBe(UI_TEXT.twoFactorNeededToRequire);
    // A mistyped body, as an outside client might send it.
    const bad = await t.request({
      method: 'PUT',
      url: `/api/organizations/${organization.id}/security`,
      payload: { requireTwoFactor: 'yes' },
      token: owner.token,
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(organizations).where(eq(organizations.id, organization.id));
    expect(row?.requireTwoFactor).toBe(false);
  });

  it('holds its people without one to the set-up: every other route answers 403', async () => {
    const { organization, owner } = await requiringOrganization();
    const member = await make.member(organization.id);
    // The org_admin has one: it works on as before.
    expect((await departmentsOf(owner)).status).toBe(200);

    const refused = await departmentsOf(member);
    expect(refused.status).toBe(403);
    expect(refused.refusal).toMatchObject({ code: 'TWO_FACTOR_SETUP_REQUIRED', error: UI_TEXT.twoFactorSetupRequired });
    const profile = await t.call(userEndpoints.profile, { token: member.token });
    expect(profile.data).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: true });

    // Every API route the document lists, but the set-up, the profile and sign-out, answers 403.
    const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const open: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if ((operation.security ?? []).length === 0) continue;
        const route = `${method.toUpperCase()} ${path}`;
        // Signing out ends the session the walk goes on with: it is tried last.
        if (route === 'POST /api/users/logout') continue;
        attackInputs += 1;
        const answer = await t.request({
          method: method.toUpperCase() as HTTPMethods,
          url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
          token: member.token,
          ...(method === 'get' ? {} : { payload: {} }),
        });
        if (answer.statusCode === 403 && answer.json().code === 'TWO_FACTOR_SETUP_REQUIRED') continue;
        open.push(route);
      }
    }
    const signOut = await t.call(sessionEndpoints.signOut, { token: member.token });
    expect(signOut.status).toBe(200);
    expect([...open, 'POST /api/users/logout'].sort()).toEqual(OPEN_DURING_SETUP);
  });

  it('lets them work as soon as they have set one up', async () => {
    const { organization } = await requiringOrganization();
    const member = await make.member(organization.id);
    expect((await departmentsOf(member)).status).toBe(403);
    await enrolTwoFactor(t, member.token);
    expect((await departmentsOf(member)).status).toBe(200);
  });

  it('signs its people in with the password, straight into the set-up', async () => {
    const { organization } = await requiringOrganization();
    const member = await make.member(organization.id);
    const signIn = await passwordStep(t, member.email, FACTORY_PASSWORD);
    expect(signIn.statusCode).toBe(200);
    const { token, user } = signIn.json().data;
    expect(user).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: true });
    expect((await t.call(projectEndpoints.list, { token })).status).toBe(403);
    expect((await t.call(twoFactorEndpoints.beginSetup, { token })).status).toBe(200);
  });

  it('refuses their sockets, and drops the ones open when it is turned on', async () => {
    const organization = await make.organization();
    const owner = await make.member(organization.id, { role: 'org_admin' });
    await enrolTwoFactor(t, owner.token);
    const member = await make.member(organization.id);
    const before = await sockets.connect(member);
    const dropped = new Promise<string>((resolve) => before.once('disconnect', resolve));
    const ownerSocket = await sockets.connect(owner);
    expect((await setSecurity(organization.id, owner.token, true)).status).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    await expect(sockets.connect(member)).rejects.toThrow('two_factor_setup_required');
    expect(ownerSocket.connected).toBe(true);

    await enrolTwoFactor(t, member.token);
    expect((await sockets.connect(member)).connected).toBe(true);
  });

  it('ends when it is turned off', async () => {
    const { organization, owner } = await requiringOrganization();
    const member = await make.member(organization.id);
    expect((await departmentsOf(member)).status).toBe(403);
    const off = await setSecurity(organization.id, owner.token, false);
    expect(off.data.requireTwoFactor).toBe(false);
    expect((await departmentsOf(member)).status).toBe(200);
  });

  it('puts someone who turns theirs off back into the set-up', async () => {
    const { organization } = await requiringOrganization();
    const member = await make.member(organization.id);
    const { secret } = await enrolTwoFactor(t, member.token);
    const off = await t.call(twoFactorEndpoints.disable, {
      body: { password: FACTORY_PASSWORD, code: codeAt(secret) },
      token: member.token,
    });
    expect(off.data).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: true });
    expect((await departmentsOf(member)).status).toBe(403);
  });

  it("leaves other organizations' people alone", async () => {
    await requiringOrganization();
    const elsewhere = await make.member((await make.organization()).id);
    expect((await departmentsOf(elsewhere)).status).toBe(200);
  });
});

describe('requiring a second factor of platform staff', () => {
  it('is an admin decision on the platform organization, and holds advisors and admins', async () => {
    const platform = await t.database.db.query.organizations.findFirst({
      where: (organization, { eq: equals }) => equals(organization.isPlatform, true),
    });
    if (!platform) throw new Error('no platform organization');
    const admin = await make.member(platform.id, { role: 'admin' });
    const otherAdmin = await make.member(platform.id, { role: 'admin' });
    const customer = await make.organization();
    const advisor = await make.advisor([customer.id]);
    const customerOwner = await make.member(customer.id, { role: 'org_admin' });
    await enrolTwoFactor(t, customerOwner.token);
    // A customer's org_admin cannot even see the platform organization.
    expect((await setSecurity(platform.id, customerOwner.token, true)).status).toBe(404);
    expect((await setSecurity(platform.id, advisor.token, true)).status).toBe(403);

    await enrolTwoFactor(t, admin.token);
    expect((await setSecurity(platform.id, admin.token, true)).status).toBe(200);
    const tickets = (member: Member) => t.call(ticketEndpoints.list, { token: member.token });
    expect((await tickets(advisor)).status).toBe(403);
    expect((await tickets(otherAdmin)).status).toBe(403);
    expect((await tickets(admin)).status).toBe(200);
    // The customer's people are not staff.
    expect((await tickets(customerOwner)).status).toBe(200);
    expect((await setSecurity(platform.id, admin.token, false)).status).toBe(200);
    expect((await tickets(advisor)).status).toBe(200);
  });
});

describe('the demo accounts', () => {
  it('start without a second factor, and no organization requires one', async () => {
    const demo = await createTestApp();
    try {
      const enrolled = await demo.database.db
        .select({ email: users.email })
        .from(users)
        .where(or(isNotNull(users.twoFactorSecret), isNotNull(users.twoFactorEnabledAt)));
      expect(enrolled).toEqual([]);
      const requiring = await demo.database.db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.requireTwoFactor, true));
      expect(requiring).toEqual([]);
      const signIn = await demo.call(userEndpoints.profile, { as: 'acmeMember' });
      expect(signIn.data).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: false });
    } finally {
      await demo.close();
    }
  });
});
