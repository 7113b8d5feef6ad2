import {
  type AddTeamMemberBody,
  type CreateTeamBody,
  teamEndpoints,
  UI_TEXT,
  type UpdateTeamBody,
} from '@smart/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect } from 'vitest';
import type { TeamRow } from '../src/db/schema/index.js';
import { users } from '../src/db/schema/index.js';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, type Cast, STRUCTURE_READERS, structureManagers } from './helpers/authz-matrix.js';
import { type Factories, factories, type Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The records the tests start from: Acme (`cast.organization`, its org_admin the `owner`) with
 * Samir, Noah, Lucas, Emma and Sofia, Engineering, Marketing and Finance, and the teams Web Platform
 * (Engineering, led by Samir, with Lucas and Noah), Quality Assurance and Accounting; Globex
 * (`cast.otherOrganization`) with Nina, Logistics and Fleet Dispatch.
 */
async function startingRecords(make: Factories, cast: Cast) {
  const acmeId = cast.organization.id;
  const globexId = cast.otherOrganization.id;
  const person = (firstName: string, lastName: string, organizationId = acmeId) =>
    make.member(organizationId, { firstName, lastName });
  const [samir, noah, lucas, emma, sofia, nina] = await Promise.all([
    person('Samir', 'Patel'),
    person('Noah', 'Williams'),
    person('Lucas', 'Nguyen'),
    person('Emma', 'Johnson'),
    person('Sofia', 'Garcia'),
    person('Nina', 'Brooks', globexId),
  ]);
  const [engineering, marketing, finance, logistics] = await Promise.all([
    make.department(acmeId, { name: 'Engineering' }),
    make.department(acmeId, { name: 'Marketing' }),
    make.department(acmeId, { name: 'Finance' }),
    make.department(globexId, { name: 'Logistics' }),
  ]);
  const [webPlatform, fleetDispatch] = await Promise.all([
    make.team(acmeId, {
      name: 'Web Platform',
      description: 'The online shop and the customer portal.',
      departmentId: engineering.id,
      teamLead: samir.id,
      members: [{ user: lucas.id }, { user: noah.id }],
    }),
    make.team(globexId, {
      name: 'Fleet Dispatch',
      departmentId: logistics.id,
      teamLead: nina.id,
      members: [{ user: cast.otherOrgAdmin.id }],
    }),
    make.team(acmeId, { name: 'Quality Assurance', departmentId: engineering.id, teamLead: emma.id }),
    make.team(acmeId, { name: 'Accounting', departmentId: finance.id, teamLead: sofia.id }),
  ]);
  return {
    acmeId,
    globexId,
    owner: cast.orgAdmin,
    samir,
    noah,
    lucas,
    emma,
    sofia,
    nina,
    engineering,
    marketing,
    finance,
    logistics,
    webPlatform: webPlatform as TeamRow,
    fleetDispatch: fleetDispatch as TeamRow,
  };
}
type Records = Awaited<ReturnType<typeof startingRecords>>;

async function detailIn(t: TestApp, teamId: string, member: Member) {
  return (await t.call(teamEndpoints.get, { params: { id: teamId }, as: member })).data;
}

/** A fresh Acme team (Engineering, led by Samir, with Noah) for a test to change as it likes. */
async function freshTeamIn(t: TestApp, records: Records, overrides: Partial<CreateTeamBody> = {}) {
  const response = await t.call(teamEndpoints.create, {
    as: records.owner,
    body: {
      name: `Team ${Math.random().toString(36).slice(2, 8)}`,
      description: 'A team for a test.',
      departmentId: records.engineering.id,
      teamLead: records.samir.id,
      members: [{ user: records.noah.id, role: 'member' }],
      ...overrides,
    },
  });
  return response.data;
}

const test = apiTest({ demoData: false })
  // Made before the first test (the matrix reads them).
  .extend('records', { scope: 'file', auto: true }, ({ make, cast }) => startingRecords(make, cast))
  .extend('freshTeam', { scope: 'file' }, ({ t, records }) => {
    return (overrides?: Partial<CreateTeamBody>) => freshTeamIn(t, records, overrides);
  })
  .extend('detail', { scope: 'file' }, ({ t, records }) => {
    return (teamId: string, member: Member = records.owner) => detailIn(t, teamId, member);
  })
  .extend('put', { scope: 'file' }, ({ t, records }) => {
    return (id: string, body: UpdateTeamBody, member: Member = records.owner) =>
      t.call(teamEndpoints.update, { params: { id }, as: member, body });
  })
  .extend('add', { scope: 'file' }, ({ t, records }) => {
    return (id: string, body: AddTeamMemberBody) =>
      t.call(teamEndpoints.addMember, { params: { id }, as: records.owner, body });
  })
  .extend('remove', { scope: 'file' }, ({ t, records }) => {
    return (id: string, person: Member) =>
      t.call(teamEndpoints.removeMember, { params: { id, userId: person.id }, as: records.owner });
  });

interface MemberJson {
  user: { id: string; email: string };
  role: string;
}

const emailsOf = (members: MemberJson[]) => members.map((m) => m.user.email);
const roleOf = (members: MemberJson[], email: string) => members.find((m) => m.user.email === email)?.role;
const namesOf = (teams: { name: string }[]) => teams.map((team) => team.name);

authzMatrix('who may do what', {
  test,
  arrange: (_cast, { make, records: { acmeId, engineering, samir, noah } }) =>
    make.team(acmeId, { departmentId: engineering.id, teamLead: samir.id, members: [{ user: noah.id }] }),
  routes: [
    {
      route: 'GET /api/teams/:id',
      request: (team) => ({ method: 'GET', url: `/api/teams/${team.id}` }),
      statuses: STRUCTURE_READERS,
    },
    {
      route: 'GET /api/teams/:id/members',
      request: (team) => ({ method: 'GET', url: `/api/teams/${team.id}/members` }),
      statuses: STRUCTURE_READERS,
    },
    {
      route: 'PUT /api/teams/:id',
      request: (team) => ({ method: 'PUT', url: `/api/teams/${team.id}`, payload: { name: 'Renamed' } }),
      statuses: structureManagers(200),
    },
    {
      route: 'DELETE /api/teams/:id',
      request: (team) => ({ method: 'DELETE', url: `/api/teams/${team.id}` }),
      statuses: structureManagers(200),
    },
    {
      route: 'POST /api/teams/:id/members',
      request: (team, _cast, _actor, { records: { lucas } }) => ({
        method: 'POST',
        url: `/api/teams/${team.id}/members`,
        payload: { userId: lucas.id },
      }),
      statuses: structureManagers(201),
    },
    {
      route: 'DELETE /api/teams/:id/members/:userId',
      request: (team, _cast, _actor, { records: { noah } }) => ({
        method: 'DELETE',
        url: `/api/teams/${team.id}/members/${noah.id}`,
      }),
      statuses: structureManagers(200),
    },
  ],
  errors: { 404: UI_TEXT.teamNotFound, 403: UI_TEXT.forbidden },
  async unchanged(team, cast, { t }) {
    expect(await detailIn(t, team.id, cast.orgAdmin)).toMatchObject({ name: team.name, memberCount: 2 });
  },
});

describe('another organization and malformed ids', () => {
  test.for(['GET', 'PUT', 'DELETE'] as const)(
    "a Globex org_admin cannot %s Acme's teams (404)",
    async (method, { t, make, cast, detail, records: { acmeId, owner, webPlatform, fleetDispatch } }) => {
      const payload = method === 'PUT' ? { payload: { name: 'Taken over' } } : {};
      for (const team of [webPlatform, await make.team(acmeId)]) {
        const response = await t.request({ method, url: `/api/teams/${team.id}`, as: cast.otherOrgAdmin, ...payload });
        expect(response.statusCode, team.name).toBe(404);
      }
      const fleet = await t.request({ method, url: `/api/teams/${fleetDispatch.id}`, as: owner, ...payload });
      expect(fleet.statusCode).toBe(404);
      expect((await detail(webPlatform.id)).name).toBe('Web Platform');
    },
  );

  test.for([
    ['GET', '/api/teams/not-a-uuid'],
    ['GET', '/api/teams/not-a-uuid/members'],
    ['PUT', '/api/teams/not-a-uuid'],
    ['DELETE', '/api/teams/not-a-uuid'],
    ['POST', '/api/teams/not-a-uuid/members'],
    ['DELETE', '/api/teams/not-a-uuid/members/also-not'],
    ['GET', '/api/teams/department/not-a-uuid'],
    ['GET', `/api/teams/${UNKNOWN_ID}`],
    ['GET', `/api/teams/${UNKNOWN_ID}/members`],
    ['DELETE', `/api/teams/${UNKNOWN_ID}`],
  ] as const)('%s %s is 404', async ([method, url], { t, cast }) => {
    const payload = method === 'PUT' ? { name: 'x' } : method === 'POST' ? { userId: UNKNOWN_ID } : undefined;
    const response = await t.request({ method, url, as: cast.admin, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/teams', () => {
  test("lists the organization's teams by name with department, lead and member count", async ({
    t,
    cast,
    records: { acmeId, owner, samir, engineering, webPlatform },
  }) => {
    for (const member of [owner, cast.user]) {
      const { data, pagination } = (await t.call(teamEndpoints.list, { query: { limit: 200 }, as: member })).body;
      expect(new Set(data.map((team) => team.organizationId))).toEqual(new Set([acmeId]));
      const names = namesOf(data);
      expect(names).toEqual(expect.arrayContaining(['Web Platform', 'Quality Assurance', 'Accounting']));
      expect(names).not.toContain('Fleet Dispatch');
      expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(pagination).toMatchObject({ page: 1, limit: 200, total: data.length, pages: 1 });
      const web = data.find((team) => team.name === 'Web Platform');
      expect(web).toMatchObject({
        _id: webPlatform.id,
        id: webPlatform.id,
        departmentId: engineering.id,
        department: { name: 'Engineering', _id: engineering.id },
        teamLead: { email: samir.email, firstName: 'Samir', role: 'user' },
        memberCount: 3,
      });
      expect(web && 'members' in web).toBe(false);
    }
  });

  test('ignores the organization filter of a non-admin', async ({ t, cast, records: { globexId } }) => {
    const response = await t.call(teamEndpoints.list, {
      query: { limit: 200, organizationId: globexId },
      as: cast.user,
    });
    const names = namesOf(response.data);
    expect(names).toContain('Web Platform');
    expect(names).not.toContain('Fleet Dispatch');
  });

  test("shows an admin every organization's teams, or the one it names", async ({ t, make, cast }) => {
    const all = (await t.call(teamEndpoints.list, { query: { limit: 200 }, as: cast.admin })).data;
    expect(namesOf(all)).toEqual(expect.arrayContaining(['Web Platform', 'Fleet Dispatch']));
    const organization = await make.organization();
    const lead = await make.member(organization.id);
    const team = await make.team(organization.id, { name: 'Night Shift', teamLead: lead.id });
    const one = await t.call(teamEndpoints.list, { query: { organizationId: organization.id }, as: cast.admin });
    // Each team names its organization, so the admin's cards can say whose it is.
    expect(one.data).toEqual([
      expect.objectContaining({
        id: team.id,
        organizationName: organization.name,
        memberCount: 1,
        teamLead: expect.objectContaining({ email: lead.email }),
      }),
    ]);
    const unknown = await t.call(teamEndpoints.list, { query: { organizationId: UNKNOWN_ID }, as: cast.admin });
    expect(unknown.status).toBe(404);
    expect(unknown.refusal.error).toBe(UI_TEXT.organizationNotFound);
  });

  test("shows a Globex member only Globex's teams, and an advisor none of Acme's", async ({
    t,
    cast,
    records: { acmeId, globexId, nina },
  }) => {
    const globex = (await t.call(teamEndpoints.list, { query: { limit: 200 }, as: nina })).data;
    expect(namesOf(globex)).toContain('Fleet Dispatch');
    expect(new Set(globex.map((team) => team.organizationId))).toEqual(new Set([globexId]));
    const advisor = await t.call(teamEndpoints.list, { query: { organizationId: acmeId }, as: cast.advisorAssigned });
    // Its own (platform) organization has no teams.
    expect(advisor.body).toMatchObject({ data: [], pagination: { total: 0 } });
  });

  test('pages', async ({ t, make, cast }) => {
    const organization = await make.organization();
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']) await make.team(organization.id, { name });
    const page = async (number: number) =>
      (
        await t.call(teamEndpoints.list, {
          query: { organizationId: organization.id, limit: 2, page: number },
          as: cast.admin,
        })
      ).body;
    const [first, second, third] = [await page(1), await page(2), await page(3)];
    expect(first.pagination).toMatchObject({ page: 1, limit: 2, total: 5, pages: 3 });
    expect([namesOf(first.data), namesOf(second.data), namesOf(third.data)]).toEqual([
      ['Alpha', 'Bravo'],
      ['Charlie', 'Delta'],
      ['Echo'],
    ]);
  });

  test.for(['/api/teams?page=0', '/api/teams?limit=abc', '/api/teams?limit=100000', '/api/teams?organizationId=acme'])(
    'is 400 for %s',
    async (url, { t, cast }) => {
      expect((await t.request({ method: 'GET', url, as: cast.admin })).statusCode).toBe(400);
    },
  );

  test('is 401 signed out', async ({ t }) => {
    expect((await t.request({ method: 'GET', url: '/api/teams' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/teams', token: 'not-a-token' })).statusCode).toBe(401);
  });
});

describe('GET /api/teams/department/:id', () => {
  test("lists the department's teams for its organization and admin", async ({
    t,
    make,
    cast,
    records: { acmeId, owner, engineering },
  }) => {
    for (const member of [owner, cast.user, cast.admin]) {
      const response = await t.call(teamEndpoints.listByDepartment, { params: { id: engineering.id }, as: member });
      const { data, pagination } = response.body;
      expect(namesOf(data)).toEqual(expect.arrayContaining(['Quality Assurance', 'Web Platform']));
      expect(new Set(data.map((team) => team.departmentId))).toEqual(new Set([engineering.id]));
      expect(pagination.total).toBe(data.length);
    }
    const department = await make.department(acmeId);
    await make.team(acmeId, { name: 'Payroll', departmentId: department.id });
    const one = await t.call(teamEndpoints.listByDepartment, { params: { id: department.id }, as: cast.user });
    expect(namesOf(one.data)).toEqual(['Payroll']);
  });

  test('is 404 for a department of another organization, an advisor, an unknown or malformed id; 401 signed out', async ({
    t,
    cast,
    records: { owner, engineering, logistics },
  }) => {
    const acmeUrl = `/api/teams/department/${engineering.id}`;
    for (const [member, url] of [
      [cast.otherOrgAdmin, acmeUrl],
      [cast.advisorAssigned, acmeUrl],
      [owner, `/api/teams/department/${logistics.id}`],
      [cast.admin, `/api/teams/department/${UNKNOWN_ID}`],
    ] as const) {
      const response = await t.request({ method: 'GET', url, as: member });
      expect(response.statusCode, `${member.email} ${url}`).toBe(404);
      expect(response.json().error).toBe(UI_TEXT.departmentNotFound);
    }
    expect((await t.request({ method: 'GET', url: '/api/teams/department/x', as: cast.admin })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: acmeUrl })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: `${acmeUrl}?page=-1`, as: cast.admin })).statusCode).toBe(400);
  });
});

describe('GET /api/teams/:id and /members', () => {
  test('shows the team with its members, lead first, then by name', async ({
    t,
    cast,
    detail,
    records: { acmeId, samir, noah, lucas, webPlatform },
  }) => {
    const team = await detail(webPlatform.id, cast.user);
    expect(team).toMatchObject({
      name: 'Web Platform',
      description: 'The online shop and the customer portal.',
      organizationId: acmeId,
      department: { name: 'Engineering' },
      teamLead: { email: samir.email },
      memberCount: 3,
    });
    expect(team.members.map((m) => [m.user.email, m.role])).toEqual([
      [samir.email, 'lead'],
      [lucas.email, 'member'],
      [noah.email, 'member'],
    ]);
    expect(team.members[0]?.user).toMatchObject({ _id: samir.id, firstName: 'Samir', lastName: 'Patel' });
    expect(team.members[0]?.user).not.toHaveProperty('passwordHash');
    expect(typeof team.members[0]?.addedAt).toBe('string');

    const members = await t.call(teamEndpoints.members, { params: { id: webPlatform.id }, as: cast.user });
    expect(members.data).toEqual(team.members);
  });

  test('says what the caller may do with the team, as the server decides it', async ({
    t,
    cast,
    detail,
    records: { acmeId, owner, webPlatform },
  }) => {
    for (const [actor, may] of [
      [cast.user, false],
      [owner, true],
      [cast.admin, true],
    ] as const) {
      const expected = { canEdit: may, canDelete: may };
      expect((await detail(webPlatform.id, actor)).permissions).toEqual(expected);
      const list = await t.call(teamEndpoints.list, { query: { organizationId: acmeId }, as: actor });
      const listed = list.data.find((team) => team.id === webPlatform.id);
      expect(listed?.permissions).toEqual(expected);
    }
  });

  test('orders managers between the lead and the members', async ({ freshTeam, records: { samir, noah, emma } }) => {
    const team = await freshTeam({
      members: [
        { user: noah.id, role: 'member' },
        { user: emma.id, role: 'manager' },
      ],
    });
    expect(team.members.map((m: MemberJson) => [m.user.email, m.role])).toEqual([
      [samir.email, 'lead'],
      [emma.email, 'manager'],
      [noah.email, 'member'],
    ]);
  });
});
describe('POST /api/teams', () => {
  test('creates a team; the lead is also a member with role lead', async ({
    t,
    cast,
    records: { acmeId, owner, noah, lucas, emma, engineering },
  }) => {
    const response = await t.call(teamEndpoints.create, {
      as: owner,
      body: {
        name: '  Data Guild  ',
        description: '  Reports and dashboards. ',
        departmentId: engineering.id,
        teamLead: emma.id,
        members: [{ user: noah.id, role: 'member' }, { user: lucas.id }],
      },
    });
    const team = response.data;
    expect(team).toMatchObject({
      name: 'Data Guild',
      description: 'Reports and dashboards.',
      organizationId: acmeId,
      departmentId: engineering.id,
      department: { name: 'Engineering' },
      teamLead: { email: emma.email },
      memberCount: 3,
    });
    expect(team.members.map((m: MemberJson) => [m.user.email, m.role])).toEqual([
      [emma.email, 'lead'],
      [lucas.email, 'member'],
      [noah.email, 'member'],
    ]);
    // It is in the list with the same counts.
    const listed = (await t.call(teamEndpoints.list, { query: { limit: 200 }, as: cast.user })).data.find(
      (row) => row.id === team.id,
    );
    expect(listed).toMatchObject({ memberCount: 3, teamLead: { email: emma.email } });
  });

  test('merges a user listed twice; the lead wins', async ({ freshTeam, records: { samir, noah } }) => {
    const team = await freshTeam({
      teamLead: samir.id,
      members: [
        { user: samir.id, role: 'member' },
        { user: noah.id, role: 'member' },
        { user: noah.id, role: 'manager' },
      ],
    });
    expect(team.memberCount).toBe(2);
    expect(roleOf(team.members, samir.email)).toBe('lead');
    expect(roleOf(team.members, noah.email)).toBe('manager');
  });

  test("takes the lead from the members' list when teamLead is left out (a client may send both)", async ({
    freshTeam,
    records: { noah, sofia },
  }) => {
    const team = await freshTeam({
      teamLead: undefined,
      members: [
        { user: sofia.id, role: 'lead' },
        { user: noah.id, role: 'lead' },
      ],
    });
    expect(team.teamLead?.email).toBe(sofia.email);
    expect(roleOf(team.members, sofia.email)).toBe('lead');
    expect(roleOf(team.members, noah.email)).toBe('member');
  });

  test('creates a bare team with only a name', async ({ t, records: { owner } }) => {
    const response = await t.call(teamEndpoints.create, { as: owner, body: { name: 'Solo' } });
    expect(response.data).toMatchObject({
      name: 'Solo',
      description: null,
      departmentId: null,
      department: null,
      teamLead: null,
      memberCount: 0,
      members: [],
    });
  });

  test("lets an admin create in the named organization, the department's, or its own", async ({
    t,
    cast,
    records: { globexId, nina, finance, logistics },
  }) => {
    const response = await t.call(teamEndpoints.create, {
      as: cast.admin,
      body: { name: 'Night Shift', departmentId: logistics.id, teamLead: nina.id },
    });
    expect(response.data).toMatchObject({
      organizationId: globexId,
      teamLead: { email: nina.email },
      memberCount: 1,
    });

    // Without an organization or department, an admin's team lands in its own (platform) organization.
    const own = (await t.call(teamEndpoints.create, { as: cast.admin, body: { name: 'Platform Ops' } })).data;
    expect(own.organizationId).toBe(cast.admin.organizationId);
    // Leave the platform organization without teams (an advisor's list shows it).
    await t.call(teamEndpoints.remove, { params: { id: own.id }, as: cast.admin });
    const unknownOrganization = await t.call(teamEndpoints.create, {
      as: cast.admin,
      body: { name: 'Nowhere', organizationId: UNKNOWN_ID },
    });
    expect(unknownOrganization.status).toBe(404);
    expect(unknownOrganization.refusal.error).toBe(UI_TEXT.organizationNotFound);
    const unknown = await t.call(teamEndpoints.create, {
      as: cast.admin,
      body: { name: 'Nowhere', departmentId: UNKNOWN_ID },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.refusal.error).toBe(UI_TEXT.departmentNotFound);

    const named = await t.call(teamEndpoints.create, {
      as: cast.admin,
      body: { name: 'Standalone', organizationId: globexId },
    });
    expect(named.data).toMatchObject({ organizationId: globexId, departmentId: null });
    const mismatched = await t.call(teamEndpoints.create, {
      as: cast.admin,
      body: { name: 'Mismatch', organizationId: globexId, departmentId: finance.id },
    });
    expect(mismatched.status).toBe(404);
  });

  test.for(['user', 'advisorAssigned', 'advisorUnassigned'] as const)(
    'is 403 for a %s (no canManageTeams)',
    async (who, { t, cast }) => {
      const response = await t.call(teamEndpoints.create, { as: cast[who], body: { name: 'Mine' } });
      expect(response.status).toBe(403);
    },
  );

  test('is 401 signed out, even with a bad body', async ({ t }) => {
    expect((await t.request({ method: 'POST', url: '/api/teams', payload: { name: 'x' } })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/teams', payload: {} })).statusCode).toBe(401);
  });

  test("is 404 for another organization's department or users, and for unknown or inactive users", async ({
    t,
    cast,
    records: { owner, samir, noah, nina, engineering, logistics },
  }) => {
    const cases: [Member, Partial<CreateTeamBody>, string][] = [
      [cast.otherOrgAdmin, { departmentId: engineering.id }, UI_TEXT.departmentNotFound],
      [owner, { departmentId: UNKNOWN_ID }, UI_TEXT.departmentNotFound],
      [owner, { teamLead: nina.id }, UI_TEXT.userNotFound],
      [owner, { teamLead: UNKNOWN_ID }, UI_TEXT.userNotFound],
      [owner, { teamLead: cast.advisorAssigned.id }, UI_TEXT.userNotFound],
      [owner, { members: [{ user: noah.id }, { user: nina.id }] }, UI_TEXT.userNotFound],
      [cast.admin, { departmentId: logistics.id, teamLead: samir.id }, UI_TEXT.userNotFound],
    ];
    for (const [member, body, message] of cases) {
      const before = (await t.database.db.query.teams.findMany()).length;
      const response = await t.call(teamEndpoints.create, { as: member, body: { name: 'Ghost', ...body } });
      expect(response.status, JSON.stringify(body)).toBe(404);
      expect(response.refusal.error).toBe(message);
      expect((await t.database.db.query.teams.findMany()).length).toBe(before);
    }
  });

  test.for<[unknown, string | undefined]>([
    [{}, UI_TEXT.teamNameRequired],
    [{ name: '   ' }, UI_TEXT.teamNameRequired],
    [{ name: 7 }, UI_TEXT.teamNameRequired],
    [{ name: null }, UI_TEXT.teamNameRequired],
    [{ name: 'x'.repeat(101) }, undefined],
    [{ name: 'Ok', description: 42 }, undefined],
    [{ name: 'Ok', departmentId: 'engineering' }, undefined],
    [{ name: 'Ok', teamLead: 'samir' }, undefined],
    [{ name: 'Ok', members: 'everyone' }, undefined],
    [{ name: 'Ok', members: [{ user: 'nope' }] }, undefined],
    [{ name: 'Ok', members: [{ role: 'member' }] }, undefined],
    [{ name: 'Ok', members: [{ user: UNKNOWN_ID, role: 'boss' }] }, UI_TEXT.teamMemberRoleInvalid],
    [[1, 2], undefined],
    ['just a string', undefined],
  ])('refuses %j with 400', async ([payload, message], { t, records: { owner } }) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/teams',
      as: owner,
      payload: payload as InjectOptions['payload'],
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(response.json().error).toBe(message);
  });

  test('refuses malformed JSON with 400', async ({ t, records: { owner } }) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/teams',
      as: owner,
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(UI_TEXT.invalidJson);
  });
});

describe('PUT /api/teams/:id', () => {
  test('changes name and description; fields left out stay', async ({ freshTeam, put, records: { samir } }) => {
    const team = await freshTeam();
    const response = await put(team.id, { name: ' Platform Ops ', description: 'Keeps things running.' });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({
      name: 'Platform Ops',
      description: 'Keeps things running.',
      department: { name: 'Engineering' },
      teamLead: { email: samir.email },
      memberCount: 2,
    });
    expect(new Date(response.data.updatedAt) >= new Date(team.updatedAt)).toBe(true);
    const cleared = await put(team.id, { description: null });
    expect(cleared.data).toMatchObject({ name: 'Platform Ops', description: null });
    expect((await put(team.id, {})).data.name).toBe('Platform Ops');
  });

  test('moves the team to another department, or detaches it with null', async ({
    freshTeam,
    put,
    records: { marketing, logistics },
  }) => {
    const team = await freshTeam();
    const moved = await put(team.id, { departmentId: marketing.id });
    expect(moved.data.department).toMatchObject({ name: 'Marketing' });
    const detached = await put(team.id, { departmentId: null });
    expect(detached.data).toMatchObject({ departmentId: null, department: null });
    const foreign = await put(team.id, { departmentId: logistics.id });
    expect(foreign.status).toBe(404);
    expect(foreign.refusal.error).toBe(UI_TEXT.departmentNotFound);
  });

  test('makes a new lead a member with role lead; the previous lead stays a member', async ({
    freshTeam,
    put,
    records: { samir, noah, emma },
  }) => {
    const team = await freshTeam();
    const response = await put(team.id, { teamLead: emma.id });
    expect(response.status).toBe(200);
    const updated = response.data;
    expect(updated.teamLead?.email).toBe(emma.email);
    expect(updated.memberCount).toBe(3);
    expect(updated.members.map((m: MemberJson) => [m.user.email, m.role])).toEqual([
      [emma.email, 'lead'],
      [samir.email, 'member'],
      [noah.email, 'member'],
    ]);
    // An existing member promoted keeps a single membership.
    const promoted = (await put(team.id, { teamLead: noah.id })).data;
    expect(promoted.memberCount).toBe(3);
    expect(promoted.members.filter((m: MemberJson) => m.role === 'lead').map((m: MemberJson) => m.user.email)).toEqual([
      noah.email,
    ]);
  });

  test('clears the lead with null; the lead stays a member', async ({ freshTeam, put, records: { samir } }) => {
    const team = await freshTeam();
    const updated = (await put(team.id, { teamLead: null })).data;
    expect(updated.teamLead).toBeNull();
    expect(updated.memberCount).toBe(2);
    expect(roleOf(updated.members, samir.email)).toBe('member');
  });

  test('is 404 for a lead of another organization or an unknown one, and changes nothing', async ({
    freshTeam,
    detail,
    put,
    records: { samir, nina },
  }) => {
    const team = await freshTeam();
    for (const teamLead of [nina.id, UNKNOWN_ID]) {
      const response = await put(team.id, { name: 'Changed', teamLead });
      expect(response.status).toBe(404);
      expect(response.refusal.error).toBe(UI_TEXT.userNotFound);
    }
    expect(await detail(team.id)).toMatchObject({ name: team.name, teamLead: { email: samir.email } });
  });

  test('lets an admin edit any team', async ({ cast, freshTeam, put }) => {
    const team = await freshTeam();
    expect((await put(team.id, { name: 'By admin' }, cast.admin)).data.name).toBe('By admin');
  });

  test.for<[unknown, string | undefined]>([
    [{ name: '' }, UI_TEXT.teamNameRequired],
    [{ name: '  ' }, UI_TEXT.teamNameRequired],
    [{ name: 12 }, UI_TEXT.teamNameRequired],
    [{ teamLead: 'samir' }, undefined],
    [{ departmentId: 5 }, undefined],
    [{ description: ['a'] }, undefined],
    ['text', undefined],
  ])('refuses %j with 400', async ([payload, message], { t, freshTeam, records: { owner } }) => {
    const team = await freshTeam();
    const response = await t.request({
      method: 'PUT',
      url: `/api/teams/${team.id}`,
      as: owner,
      payload: payload as InjectOptions['payload'],
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().error).toBe(message);
  });
});

describe('DELETE /api/teams/:id', () => {
  test('deletes the team and its memberships; the users stay', async ({
    t,
    freshTeam,
    detail,
    records: { owner, samir, webPlatform },
  }) => {
    const team = await freshTeam();
    const response = await t.call(teamEndpoints.remove, { params: { id: team.id }, as: owner });
    expect(response.body).toMatchObject({ success: true, message: expect.any(String) });
    expect((await t.call(teamEndpoints.get, { params: { id: team.id }, as: owner })).status).toBe(404);
    expect((await t.call(teamEndpoints.remove, { params: { id: team.id }, as: owner })).status).toBe(404);
    const memberships = await t.database.db.query.teamMembers.findMany({
      where: (row, { eq }) => eq(row.teamId, team.id),
    });
    expect(memberships).toEqual([]);
    const lead = await t.database.db.query.users.findFirst({ where: (row, { eq }) => eq(row.id, samir.id) });
    expect(lead?.isActive).toBe(true);
    // The other teams Samir leads are untouched.
    expect((await detail(webPlatform.id)).teamLead?.email).toBe(samir.email);
  });
});

describe('POST /api/teams/:id/members', () => {
  test('adds a member with role member by default, and counts it', async ({
    freshTeam,
    add,
    records: { samir, noah, lucas, sofia },
  }) => {
    const team = await freshTeam();
    const response = await add(team.id, { userId: lucas.id });
    expect(response.status).toBe(201);
    const updated = response.data;
    expect(updated.memberCount).toBe(3);
    expect(roleOf(updated.members, lucas.email)).toBe('member');
    const manager = (await add(team.id, { userId: sofia.id, role: 'manager' })).data;
    expect(manager.memberCount).toBe(4);
    expect(emailsOf(manager.members)).toEqual([samir.email, sofia.email, lucas.email, noah.email]);
  });

  test('is 409 for someone already on the team', async ({ freshTeam, detail, add, records: { samir, noah } }) => {
    const team = await freshTeam();
    for (const person of [noah, samir]) {
      const response = await add(team.id, { userId: person.id, role: 'manager' });
      expect(response.status).toBe(409);
      expect(response.refusal.error).toBe(UI_TEXT.alreadyTeamMember);
    }
    const after = await detail(team.id);
    expect(after.memberCount).toBe(2);
    expect(roleOf(after.members, noah.email)).toBe('member');
  });

  test('makes a member added as lead the team lead; the previous lead becomes a member', async ({
    freshTeam,
    add,
    records: { samir, noah, emma },
  }) => {
    const team = await freshTeam();
    const updated = (await add(team.id, { userId: emma.id, role: 'lead' })).data;
    expect(updated.teamLead?.email).toBe(emma.email);
    expect(updated.memberCount).toBe(3);
    expect(updated.members.map((m: MemberJson) => [m.user.email, m.role])).toEqual([
      [emma.email, 'lead'],
      [samir.email, 'member'],
      [noah.email, 'member'],
    ]);
  });

  test('is 404 for a user of another organization, an advisor, or an unknown user', async ({
    cast,
    freshTeam,
    detail,
    add,
    records: { nina },
  }) => {
    const team = await freshTeam();
    for (const userId of [nina.id, cast.otherOrgAdmin.id, cast.advisorAssigned.id, UNKNOWN_ID]) {
      const response = await add(team.id, { userId });
      expect(response.status).toBe(404);
      expect(response.refusal.error).toBe(UI_TEXT.userNotFound);
    }
    expect((await detail(team.id)).memberCount).toBe(2);
  });

  test.for<[unknown, string]>([
    [{}, UI_TEXT.selectUser],
    [{ userId: 'samir' }, UI_TEXT.selectUser],
    [{ userId: 12 }, UI_TEXT.selectUser],
    [{ userId: UNKNOWN_ID, role: 'boss' }, UI_TEXT.teamMemberRoleInvalid],
    [{ userId: UNKNOWN_ID, role: 3 }, UI_TEXT.teamMemberRoleInvalid],
  ])('refuses %j with 400', async ([payload, message], { t, freshTeam, records: { owner } }) => {
    const team = await freshTeam();
    const response = await t.request({
      method: 'POST',
      url: `/api/teams/${team.id}/members`,
      as: owner,
      payload: payload as InjectOptions['payload'],
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });
});

describe('DELETE /api/teams/:id/members/:userId', () => {
  test('removes a member and counts it', async ({ t, freshTeam, remove, records: { owner, samir, noah, lucas } }) => {
    const team = await freshTeam({ members: [{ user: noah.id }, { user: lucas.id }] });
    expect(team.memberCount).toBe(3);
    const response = await remove(team.id, noah);
    expect(response.status).toBe(200);
    expect(response.data.memberCount).toBe(2);
    expect(emailsOf(response.data.members)).toEqual([samir.email, lucas.email]);
    const listed = (await t.call(teamEndpoints.list, { query: { limit: 200 }, as: owner })).data.find(
      (row) => row.id === team.id,
    );
    expect(listed?.memberCount).toBe(2);
  });

  test('clears the lead when the lead is removed', async ({ freshTeam, remove, records: { samir, noah } }) => {
    const team = await freshTeam();
    const updated = (await remove(team.id, samir)).data;
    expect(updated.teamLead).toBeNull();
    expect(updated.memberCount).toBe(1);
    expect(emailsOf(updated.members)).toEqual([noah.email]);
  });

  test('is 404 for someone not on the team', async ({
    t,
    freshTeam,
    detail,
    remove,
    records: { owner, lucas, nina },
  }) => {
    const team = await freshTeam();
    for (const person of [lucas, nina]) {
      const response = await remove(team.id, person);
      expect(response.status).toBe(404);
      expect(response.refusal.error).toBe(UI_TEXT.notTeamMember);
    }
    const unknown = await t.call(teamEndpoints.removeMember, {
      params: { id: team.id, userId: UNKNOWN_ID },
      as: owner,
    });
    expect(unknown.status).toBe(404);
    expect((await detail(team.id)).memberCount).toBe(2);
  });
});

describe('deactivated members', () => {
  test('are neither counted nor listed, and cannot be added', async ({
    t,
    freshTeam,
    detail,
    records: { owner, noah },
  }) => {
    const registered = await t.request({
      method: 'POST',
      url: '/api/users/register',
      as: owner,
      payload: {
        email: `leaver.${Math.random().toString(36).slice(2)}@acme.example.com`,
        password: 'secret-123',
        firstName: 'Lee',
        lastName: 'Ver',
        roles: ['user'],
        meta: {},
      },
    });
    expect(registered.statusCode).toBe(201);
    const leaverId = registered.json().data.user.id;
    const team = await freshTeam({ teamLead: leaverId });
    expect(team.memberCount).toBe(2);

    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, leaverId));
    const after = await detail(team.id);
    expect(after).toMatchObject({ teamLead: null, memberCount: 1 });
    expect(emailsOf(after.members)).toEqual([noah.email]);
    const listed = (await t.call(teamEndpoints.list, { query: { limit: 200 }, as: owner })).data.find(
      (row) => row.id === team.id,
    );
    expect(listed).toMatchObject({ teamLead: null, memberCount: 1 });

    const other = await freshTeam();
    const add = await t.call(teamEndpoints.addMember, {
      params: { id: other.id },
      as: owner,
      body: { userId: leaverId },
    });
    expect(add.status).toBe(404);
    expect(add.refusal.error).toBe(UI_TEXT.userNotFound);
  });
});

describe('queries per request', () => {
  test('GET /api/teams runs the same queries for 5 teams as for 25; GET /api/teams/:id for 3 members as for 13', async ({
    counting,
  }) => {
    const build = factories(counting.app.database.db);
    const organization = await build.organization();
    const [orgAdmin, ...people] = await Promise.all([
      build.member(organization.id, { role: 'org_admin' }),
      ...Array.from({ length: 13 }, () => build.member(organization.id)),
    ]);
    const ids = people.map((person) => person.id);
    const token = orgAdmin.token;

    for (const id of ids.slice(0, 5)) await build.team(organization.id, { teamLead: id });
    const five = await counting.queriesOf(token, '/api/teams');
    expect(five.data).toHaveLength(5);
    for (let i = 0; i < 20; i++) {
      const members = ids.slice(0, 1 + (i % 5)).map((user) => ({ user }));
      await build.team(organization.id, { teamLead: ids[i % ids.length], members });
    }
    const twentyFive = await counting.queriesOf(token, '/api/teams');
    expect(twentyFive.data).toHaveLength(25);
    expect(twentyFive.data.every((team: { memberCount: number }) => team.memberCount > 0)).toBe(true);
    expect(twentyFive.count).toBe(five.count);
    // The session lookup, the page (joins and a correlated count) and the total.
    expect(five.count).toBe(3);

    const [lead, ...rest] = ids;
    const team = await build.team(organization.id, {
      teamLead: lead,
      members: rest.slice(0, 2).map((user) => ({ user })),
    });
    const small = await counting.queriesOf(token, `/api/teams/${team.id}`);
    expect(small.data.memberCount).toBe(3);
    for (const userId of rest.slice(2)) {
      const added = await counting.app.call(teamEndpoints.addMember, {
        params: { id: team.id },
        token,
        body: { userId },
      });
      expect(added.status).toBe(201);
    }
    const large = await counting.queriesOf(token, `/api/teams/${team.id}`);
    expect(large.data.memberCount).toBe(13);
    expect(large.count).toBe(small.count);
    // The session lookup, the team row and its members.
    expect(small.count).toBe(3);
  });
});

describe('concurrent lead changes', () => {
  test('leave exactly one lead, the one teamLead names', async ({
    t,
    freshTeam,
    detail,
    records: { owner, noah, lucas, emma },
  }) => {
    const team = await freshTeam({ members: [] });
    const add = (person: Member) =>
      t.call(teamEndpoints.addMember, {
        params: { id: team._id },
        as: owner,
        body: { userId: person.id, role: 'lead' },
      });
    const statuses = (await Promise.all([add(noah), add(lucas), add(emma)])).map((response) => response.status);
    expect(statuses).toEqual([201, 201, 201]);
    const after = await detail(team._id);
    const leads = after.members.filter((member: MemberJson) => member.role === 'lead');
    expect(leads).toHaveLength(1);
    expect(leads[0]?.user.email).toBe(after.teamLead?.email);
    expect(after.memberCount).toBe(4);
  });
});
