import {
  advisorEndpoints,
  MESSENGER_EVENTS,
  organizationEndpoints,
  pathOf,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import type { Socket } from 'socket.io-client';
import { describe, expect } from 'vitest';
import { organizationRoom } from '../src/plugins/realtime.js';
import type { TestApp } from './helpers/app.js';
import { adminOnly, authzMatrix, type Cast, ORGANIZATION_READERS } from './helpers/authz-matrix.js';
import { type Factories, factories, type Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { createCountingApp } from './helpers/query-count.js';
import { insertTicket } from './helpers/tickets.js';

const unknownId = '00000000-0000-4000-8000-000000000000';

// The matrix's rows and a mistyped body are requests as written, to the definitions' paths.
const advisorsPath = (orgId: string) => pathOf(advisorEndpoints.listByOrganization, { orgId });
const assignmentPath = (orgId: string, advisorId: string) =>
  pathOf(advisorEndpoints.removeAssignment, { orgId, advisorId });
/** GET /api/organizations/:orgId/advisors as `as`: the assignments. */
const assignmentsIn = async (t: TestApp, orgId: string, as: Member) =>
  (await t.call(advisorEndpoints.listByOrganization, { params: { orgId }, as })).data;

/** Its `cast`: an organization with its people, an advisor assigned to it and one assigned nowhere. */
const test = apiTest({ demoData: false })
  .extend('assign', { scope: 'file' }, ({ t, cast }) => {
    return (organizationId: string, advisorId: string, as: Member = cast.admin) =>
      t.call(advisorEndpoints.assign, { params: { orgId: organizationId }, as, body: { advisorId } });
  })
  .extend('setActive', { scope: 'file' }, ({ t, cast }) => {
    return (organizationId: string, advisorId: string, isActive: boolean) =>
      t.call(advisorEndpoints.updateAssignment, {
        params: { orgId: organizationId, advisorId },
        as: cast.admin,
        body: { isActive },
      });
  })
  .extend('openSocket', { scope: 'file' }, ({ sockets }) => {
    return (member: Member) => sockets.connect(member);
  })
  /** Whether an event sent to the organization's room reaches the socket (before a marker sent after it). */
  .extend('hearsOrganization', { scope: 'file' }, ({ t, sockets }) => {
    return async (socket: Socket, organizationId: string) => {
      const probe = { conversationId: `organization-ping-${organizationId}` };
      // Any event of the server's map will do; this one's payload names the probe.
      const [heard] = await sockets.heardBy<typeof probe>([socket], MESSENGER_EVENTS.conversationUpdated, async () => {
        t.app.io.to(organizationRoom(organizationId)).emit(MESSENGER_EVENTS.conversationUpdated, probe);
      });
      return (heard ?? []).some((payload) => payload.conversationId === probe.conversationId);
    };
  });

/** What the matrix changes: an advisor actively assigned to the cast's organization, and one to assign there. */
async function arrangeAdvisors(people: Cast, { make }: { make: Factories }) {
  const [assigned, candidate] = await Promise.all([make.advisor([people.organization.id]), make.advisor()]);
  return { assigned, candidate };
}

interface Entry {
  advisor: { id: string };
  isActive: boolean;
}
const advisorIn = (list: Entry[], advisor: Member) => list.find((entry) => entry.advisor.id === advisor.id);

authzMatrix('who may do what', {
  test,
  arrange: arrangeAdvisors,
  routes: [
    {
      route: 'GET /api/users/advisors',
      request: () => ({ method: 'GET', url: '/api/users/advisors' }),
      statuses: adminOnly(200),
    },
    {
      route: 'GET /api/organizations/:orgId/advisors',
      request: (_advisor, people) => ({ method: 'GET', url: advisorsPath(people.organization.id) }),
      statuses: ORGANIZATION_READERS,
    },
    {
      route: 'GET /api/organizations/advisors/my-organizations',
      request: () => ({ method: 'GET', url: '/api/organizations/advisors/my-organizations' }),
      statuses: { ...adminOnly(403), advisorAssigned: 200, advisorUnassigned: 200 },
    },
    {
      route: 'POST /api/organizations/:orgId/advisors',
      request: (advisors, people) => ({
        method: 'POST',
        url: advisorsPath(people.organization.id),
        payload: { advisorId: advisors.candidate.id },
      }),
      statuses: adminOnly(201),
    },
    {
      route: 'PATCH /api/organizations/:orgId/advisors/:advisorId',
      request: (advisors, people) => ({
        method: 'PATCH',
        url: assignmentPath(people.organization.id, advisors.assigned.id),
        payload: { isActive: false },
      }),
      statuses: adminOnly(200),
    },
    {
      route: 'DELETE /api/organizations/:orgId/advisors/:advisorId',
      request: (advisors, people) => ({
        method: 'DELETE',
        url: assignmentPath(people.organization.id, advisors.assigned.id),
      }),
      statuses: adminOnly(200),
    },
  ],
  async unchanged(advisors, people, { t }) {
    const listed = await assignmentsIn(t, people.organization.id, people.admin);
    expect(advisorIn(listed, advisors.assigned)?.isActive).toBe(true);
    expect(advisorIn(listed, advisors.candidate)).toBeUndefined();
  },
});

describe('GET /api/users/advisors', () => {
  test('lists every advisor with profile and assignments, inactive ones and closed organizations included', async ({
    t,
    make,
    cast,
    setActive,
  }) => {
    const organization = await make.organization({ name: `Advised ${Date.now()}` });
    const advisor = await make.advisor([organization.id, cast.organization.id]);
    expect((await setActive(cast.organization.id, advisor.id, false)).status).toBe(200);
    const response = await t.call(advisorEndpoints.list, { as: cast.admin });
    expect(response.status, response.response.body).toBe(200);
    const listed = response.data.find((item) => item.id === advisor.id);
    expect(listed?.roles).toEqual(['advisor']);
    expect(listed?.profile.specialties).toEqual([]);
    const byOrganization = Object.fromEntries(
      (listed?.assignments ?? []).map((a: { organizationName: string; isActive: boolean; permissions: object }) => [
        a.organizationName,
        { isActive: a.isActive, permissions: a.permissions },
      ]),
    );
    expect(byOrganization).toEqual({
      [organization.name]: {
        isActive: true,
        permissions: { canActivate: false, canDeactivate: true, canRemove: true },
      },
      [cast.organization.name]: {
        isActive: false,
        permissions: { canActivate: true, canDeactivate: false, canRemove: true },
      },
    });
    expect(response.data.every((item) => item.role === 'advisor')).toBe(true);
  });

  test('reads every advisor and assignment in at most two queries, however many there are', async () => {
    const counting = await createCountingApp();
    try {
      const build = factories(counting.app.database.db);
      const admin = await build.admin();
      const before = await counting.queriesOfCall(admin.token, advisorEndpoints.list, {});
      const organization = await build.organization();
      await Promise.all([build.advisor([organization.id]), build.advisor([organization.id]), build.advisor()]);
      const after = await counting.queriesOfCall(admin.token, advisorEndpoints.list, {});
      expect(after.data.length).toBe(before.data.length + 3);
      expect(after.count).toBe(before.count);
    } finally {
      await counting.close();
    }
  });
});

describe('GET /api/organizations/:orgId/advisors', () => {
  test('shows its members only the active advisors, and admin every assignment with its permissions', async ({
    t,
    make,
    cast,
    setActive,
  }) => {
    const inactive = await make.advisor([cast.organization.id]);
    await setActive(cast.organization.id, inactive.id, false);
    const memberView = await assignmentsIn(t, cast.organization.id, cast.user);
    expect(advisorIn(memberView, cast.advisorAssigned)).toBeDefined();
    expect(advisorIn(memberView, inactive)).toBeUndefined();
    expect(memberView[0]?.permissions).toEqual({ canActivate: false, canDeactivate: false, canRemove: false });

    const adminView = await assignmentsIn(t, cast.organization.id, cast.admin);
    expect(advisorIn(adminView, inactive)).toMatchObject({
      isActive: false,
      advisor: { email: inactive.email, specialties: [], experience: null },
    });
  });

  test('answers 404 for an unknown organization, even to admin', async ({ t, cast }) => {
    const unknown = await t.call(advisorEndpoints.listByOrganization, { params: { orgId: unknownId }, as: cast.admin });
    expect(unknown.status).toBe(404);
  });
});

describe('GET /api/organizations/advisors/my-organizations', () => {
  test("lists the advisor's assignments with each organization's active people count", async ({ t, make }) => {
    const organization = await make.organization();
    await Promise.all([make.member(organization.id), make.member(organization.id)]);
    const advisor = await make.advisor([organization.id]);
    for (const status of ['open', 'in_progress', 'closed'] as const) {
      await insertTicket(t.database.db, organization.id, advisor.id, { status });
    }
    const response = await t.call(advisorEndpoints.myOrganizations, { as: advisor });
    expect(response.data).toEqual([
      {
        organizationId: organization.id,
        organizationName: organization.name,
        assignedAt: expect.any(String),
        isActive: true,
        peopleCount: 2,
        openTicketCount: 2,
      },
    ]);
  });
});

describe('POST /api/organizations/:orgId/advisors', () => {
  test('creates an assignment (201), refuses an active duplicate (409) and reactivates an inactive one (200)', async ({
    make,
    assign,
    setActive,
  }) => {
    const organization = await make.organization();
    const advisor = await make.advisor();
    const created = await assign(organization.id, advisor.id);
    expect(created.status, created.response.body).toBe(201);
    expect(created.data).toMatchObject({ organizationId: organization.id, isActive: true });

    const duplicate = await assign(organization.id, advisor.id);
    expect(duplicate.status).toBe(409);
    expect(duplicate.refusal.error).toBe(UI_TEXT.advisorAlreadyAssigned);

    await setActive(organization.id, advisor.id, false);
    const reactivated = await assign(organization.id, advisor.id);
    expect(reactivated.status, reactivated.response.body).toBe(200);
    expect(reactivated.data.isActive).toBe(true);
  });

  test('refuses a user who is not an advisor, the platform organization (400), unknown ids (404) and a closed organization (409)', async ({
    t,
    make,
    cast,
    assign,
  }) => {
    const advisor = await make.advisor();
    const notAdvisor = await assign(cast.organization.id, cast.user.id);
    expect([notAdvisor.status, notAdvisor.refusal.error]).toEqual([400, UI_TEXT.notAnAdvisor]);

    const platform = await t.database.db.query.organizations.findFirst({
      where: (row, { eq }) => eq(row.isPlatform, true),
    });
    const toPlatform = await assign(platform!.id, advisor.id);
    expect([toPlatform.status, toPlatform.refusal.error]).toEqual([400, UI_TEXT.platformOrganizationNoAdvisors]);

    const unknownAdvisor = await assign(cast.organization.id, unknownId);
    expect([unknownAdvisor.status, unknownAdvisor.refusal.error]).toEqual([404, UI_TEXT.advisorNotFound]);
    const unknownOrganization = await assign(unknownId, advisor.id);
    expect([unknownOrganization.status, unknownOrganization.refusal.error]).toEqual([
      404,
      UI_TEXT.organizationNotFound,
    ]);

    const closing = await make.organization();
    await t.call(organizationEndpoints.close, { params: { id: closing.id }, as: cast.admin });
    const toClosed = await assign(closing.id, advisor.id);
    expect([toClosed.status, toClosed.refusal.error]).toEqual([409, UI_TEXT.organizationClosed]);

    // A mistyped body, as an outside client might send it.
    const invalid = await t.request({
      method: 'POST',
      url: advisorsPath(cast.organization.id),
      as: cast.admin,
      payload: {},
    });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('PATCH and DELETE an assignment', () => {
  test('answers 404 for an assignment that does not exist', async ({ t, make, cast, setActive }) => {
    const advisor = await make.advisor();
    expect((await setActive(cast.organization.id, advisor.id, false)).status).toBe(404);
    const removed = await t.call(advisorEndpoints.removeAssignment, {
      params: { orgId: cast.organization.id, advisorId: advisor.id },
      as: cast.admin,
    });
    expect([removed.status, removed.refusal.error]).toEqual([404, UI_TEXT.advisorAssignmentNotFound]);
  });

  test("takes the organization's profile and directory away on the next request after deactivation, and gives them back", async ({
    t,
    make,
    cast,
    setActive,
  }) => {
    const advisor = await make.advisor([cast.organization.id]);
    const params = { id: cast.organization.id };
    const profile = () => t.call(organizationEndpoints.get, { params, as: advisor });
    const directory = () => t.call(organizationEndpoints.listUsers, { params, as: advisor });
    const mine = async () => (await t.call(advisorEndpoints.myOrganizations, { as: advisor })).data;
    expect((await profile()).status).toBe(200);
    expect((await directory()).status).toBe(200);

    expect((await setActive(cast.organization.id, advisor.id, false)).status).toBe(200);
    expect((await profile()).status).toBe(404);
    expect((await directory()).status).toBe(404);
    expect(await mine()).toMatchObject([{ organizationId: cast.organization.id, isActive: false }]);

    expect((await setActive(cast.organization.id, advisor.id, true)).status).toBe(200);
    expect((await profile()).status).toBe(200);

    const removed = await t.call(advisorEndpoints.removeAssignment, {
      params: { orgId: cast.organization.id, advisorId: advisor.id },
      as: cast.admin,
    });
    expect(removed.status).toBe(200);
    expect((await directory()).status).toBe(404);
    expect(await mine()).toEqual([]);
  });
});

describe("an advisor's live sockets", () => {
  test("leave the organization's room at once when the assignment is deactivated or removed, and rejoin on activation", async ({
    t,
    make,
    cast,
    setActive,
    openSocket,
    hearsOrganization,
  }) => {
    const advisor = await make.advisor([cast.organization.id]);
    const socket = await openSocket(advisor);
    expect(await hearsOrganization(socket, cast.organization.id)).toBe(true);

    await setActive(cast.organization.id, advisor.id, false);
    expect(await hearsOrganization(socket, cast.organization.id)).toBe(false);

    await setActive(cast.organization.id, advisor.id, true);
    expect(await hearsOrganization(socket, cast.organization.id)).toBe(true);

    await t.call(advisorEndpoints.removeAssignment, {
      params: { orgId: cast.organization.id, advisorId: advisor.id },
      as: cast.admin,
    });
    expect(await hearsOrganization(socket, cast.organization.id)).toBe(false);
  });

  test("leave the organization's room when its account is closed", async ({
    t,
    make,
    cast,
    openSocket,
    hearsOrganization,
  }) => {
    const organization = await make.organization();
    const advisor = await make.advisor([organization.id]);
    const socket = await openSocket(advisor);
    expect(await hearsOrganization(socket, organization.id)).toBe(true);
    await t.call(organizationEndpoints.close, { params: { id: organization.id }, as: cast.admin });
    expect(await hearsOrganization(socket, organization.id)).toBe(false);
  });

  test('join only the rooms of organizations the user works for', async ({ cast, openSocket, hearsOrganization }) => {
    const member = await openSocket(cast.user);
    const outsider = await openSocket(cast.advisorUnassigned);
    expect(await hearsOrganization(member, cast.organization.id)).toBe(true);
    expect(await hearsOrganization(outsider, cast.organization.id)).toBe(false);
  });
});

describe('advisor profile fields', () => {
  test('are set by an admin on registration and edit, and refused for other roles', async ({ t, cast }) => {
    const email = `new.advisor.${Date.now()}@factory.example.com`;
    const registered = await t.call(userEndpoints.register, {
      body: {
        firstName: 'Nora',
        lastName: 'Quinn',
        email,
        password: 'advisor-password',
        roles: ['advisor'],
        profile: { specialties: [' Pricing ', 'Pricing', 'Exports'], experience: '8 years in export sales' },
      },
      as: cast.admin,
    });
    expect(registered.status, registered.response.body).toBe(201);
    const user = registered.data.user;
    expect(user.profile).toMatchObject({ specialties: ['Pricing', 'Exports'], experience: '8 years in export sales' });

    const edited = await t.call(userEndpoints.update, {
      params: { id: user.id },
      body: { profile: { specialties: ['Tax'], experience: '' } },
      as: cast.admin,
    });
    expect(edited.status, edited.response.body).toBe(200);
    expect(edited.data.profile).toMatchObject({ specialties: ['Tax'], experience: null });

    const forMember = await t.call(userEndpoints.update, {
      params: { id: cast.user.id },
      body: { profile: { specialties: ['Tax'] } },
      as: cast.orgAdmin,
    });
    expect([forMember.status, forMember.refusal.error]).toEqual([400, UI_TEXT.advisorProfileOnlyForAdvisors]);
  });
});
