import { MESSAGES } from '@smart/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { ACCOUNTS, type AccountName, createTestApp, type TestApp } from './helpers/app.js';
import { type CountingApp, createCountingApp } from './helpers/query-count.js';

let t: TestApp;
let acmeId: string;
let globexId: string;
/** Department ids by name ('Acme Corp/Engineering', 'Globex/Logistics'). */
let departmentIds: Record<string, string>;
/** User ids by e-mail. */
let userIds: Record<string, string>;
/** Seeded team ids by name. */
let seededTeams: Record<string, string>;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const SAMIR = 'samir.patel@acme.example.com';
const NOAH = 'noah.williams@acme.example.com';
const LUCAS = 'lucas.nguyen@acme.example.com';
const EMMA = 'emma.johnson@acme.example.com';
const SOFIA = 'sofia.garcia@acme.example.com';
const NINA = 'nina.brooks@globex.example.com';

const user = (email: string) => {
  const id = userIds[email];
  if (!id) throw new Error(`No seeded user ${email}`);
  return id;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const organizations = await db.query.organizations.findMany();
  const nameOf = new Map(organizations.map((o) => [o.id, o.name]));
  acmeId = organizations.find((o) => o.name === 'Acme Corp')!.id;
  globexId = organizations.find((o) => o.name === 'Globex')!.id;
  departmentIds = Object.fromEntries(
    (await db.query.departments.findMany()).map((d) => [`${nameOf.get(d.organizationId)}/${d.name}`, d.id]),
  );
  userIds = Object.fromEntries((await db.query.users.findMany()).map((u) => [u.email, u.id]));
  seededTeams = Object.fromEntries((await db.query.teams.findMany()).map((team) => [team.name, team.id]));
});
afterAll(async () => {
  await t?.close();
});

interface MemberJson {
  user: { id: string; email: string };
  role: string;
}

const emailsOf = (members: MemberJson[]) => members.map((m) => m.user.email);
const roleOf = (members: MemberJson[], email: string) => members.find((m) => m.user.email === email)?.role;

/** A fresh Acme team (Engineering, led by Samir, with Noah) for a test to change as it likes. */
async function freshTeam(overrides: Record<string, unknown> = {}) {
  const response = await t.request({
    method: 'POST',
    url: '/api/teams',
    as: 'acmeOwner',
    payload: {
      name: `Team ${Math.random().toString(36).slice(2, 8)}`,
      description: 'A team for a test.',
      departmentId: departmentIds['Acme Corp/Engineering'],
      teamLead: user(SAMIR),
      members: [{ user: user(NOAH), role: 'member' }],
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function detail(teamId: string, as: AccountName = 'acmeOwner') {
  const response = await t.request({ method: 'GET', url: `/api/teams/${teamId}`, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('who may do what', () => {
  type Request = (teamId: string) => InjectOptions;
  const readRoutes: [string, Request][] = [
    ['GET /api/teams/:id', (id) => ({ method: 'GET', url: `/api/teams/${id}` })],
    ['GET /api/teams/:id/members', (id) => ({ method: 'GET', url: `/api/teams/${id}/members` })],
  ];
  const changeRoutes: [string, Request, number][] = [
    ['PUT /api/teams/:id', (id) => ({ method: 'PUT', url: `/api/teams/${id}`, payload: { name: 'Renamed' } }), 200],
    ['DELETE /api/teams/:id', (id) => ({ method: 'DELETE', url: `/api/teams/${id}` }), 200],
    [
      'POST /api/teams/:id/members',
      (id) => ({ method: 'POST', url: `/api/teams/${id}/members`, payload: { userId: user(LUCAS) } }),
      201,
    ],
    [
      'DELETE /api/teams/:id/members/:userId',
      (id) => ({ method: 'DELETE', url: `/api/teams/${id}/members/${user(NOAH)}` }),
      200,
    ],
  ];
  const readers: [AccountName | undefined, number][] = [
    ['admin', 200],
    ['acmeOwner', 200],
    ['acmeMember', 200],
    ['acmeColleague', 200],
    ['advisor', 404],
    ['globexOwner', 404],
    ['globexMember', 404],
    [undefined, 401],
  ];
  const changers: [AccountName | undefined, number | 'ok'][] = [
    ['admin', 'ok'],
    ['acmeOwner', 'ok'],
    ['acmeMember', 403],
    ['acmeColleague', 403],
    ['advisor', 404],
    ['globexOwner', 404],
    ['globexMember', 404],
    [undefined, 401],
  ];

  const cases = [
    ...readRoutes.flatMap(([name, request]) =>
      readers.map(([as, status]) => ({ name, request, as, status: status as number | 'ok', ok: 200 })),
    ),
    ...changeRoutes.flatMap(([name, request, ok]) =>
      changers.map(([as, status]) => ({ name, request, as, status, ok })),
    ),
  ];

  it.each(cases)('$name as $as answers $status', async ({ request, as, status, ok }) => {
    const team = await freshTeam();
    const response = await t.request({ ...request(team.id), ...(as ? { as } : {}) });
    expect(response.statusCode, response.body).toBe(status === 'ok' ? ok : status);
    if (status === 404) expect(response.json().error).toBe(MESSAGES.teamNotFound);
    if (status === 403) expect(response.json().error).toBe(MESSAGES.forbidden);
    if (status !== 'ok') {
      // Nothing changed.
      const after = await detail(team.id);
      expect(after.name).toBe(team.name);
      expect(after.memberCount).toBe(2);
    }
  });

  it.each(['GET', 'PUT', 'DELETE'] as const)('a Globex owner cannot %s any Acme team (404)', async (method) => {
    for (const [name, id] of Object.entries(seededTeams)) {
      if (name === 'Fleet Dispatch') continue;
      const response = await t.request({
        method,
        url: `/api/teams/${id}`,
        as: 'globexOwner',
        ...(method === 'PUT' ? { payload: { name: 'Taken over' } } : {}),
      });
      expect(response.statusCode, name).toBe(404);
    }
    const fleet = await t.request({
      method,
      url: `/api/teams/${seededTeams['Fleet Dispatch']}`,
      as: 'acmeOwner',
      ...(method === 'PUT' ? { payload: { name: 'Taken over' } } : {}),
    });
    expect(fleet.statusCode).toBe(404);
  });

  it.each([
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
  ] as const)('%s %s is 404', async (method, url) => {
    const payload = method === 'PUT' ? { name: 'x' } : method === 'POST' ? { userId: UNKNOWN_ID } : undefined;
    const response = await t.request({ method, url, as: 'admin', ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/teams', () => {
  it("lists the organization's teams by name with department, lead and member count", async () => {
    for (const as of ['acmeOwner', 'acmeMember'] as const) {
      const response = await t.request({ method: 'GET', url: '/api/teams?limit=200', as });
      expect(response.statusCode).toBe(200);
      const { data, pagination } = response.json();
      expect(new Set(data.map((team: { organizationId: string }) => team.organizationId))).toEqual(new Set([acmeId]));
      const names = data.map((team: { name: string }) => team.name);
      expect(names).toEqual(expect.arrayContaining(['Web Platform', 'Quality Assurance', 'Production Floor']));
      expect(names).not.toContain('Fleet Dispatch');
      expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(pagination).toMatchObject({ page: 1, limit: 200, total: data.length, pages: 1 });
      const web = data.find((team: { name: string }) => team.name === 'Web Platform');
      expect(web).toMatchObject({
        _id: seededTeams['Web Platform'],
        id: seededTeams['Web Platform'],
        departmentId: departmentIds['Acme Corp/Engineering'],
        department: { name: 'Engineering', _id: departmentIds['Acme Corp/Engineering'] },
        teamLead: { email: SAMIR, firstName: 'Samir', role: 'user' },
        memberCount: 3,
      });
      expect(web.members).toBeUndefined();
    }
  });

  it('ignores the organization filter of a non-admin', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/api/teams?limit=200&organizationId=${globexId}`,
      as: 'acmeMember',
    });
    expect(response.statusCode).toBe(200);
    const names = response.json().data.map((team: { name: string }) => team.name);
    expect(names).toContain('Web Platform');
    expect(names).not.toContain('Fleet Dispatch');
  });

  it("shows an admin every organization's teams, or the one it names", async () => {
    const all = (await t.request({ method: 'GET', url: '/api/teams?limit=200', as: 'admin' })).json().data;
    expect(all.map((team: { name: string }) => team.name)).toEqual(
      expect.arrayContaining(['Web Platform', 'Fleet Dispatch']),
    );
    const globex = await t.request({ method: 'GET', url: `/api/teams?organizationId=${globexId}`, as: 'admin' });
    expect(globex.json().data.map((team: { name: string }) => team.name)).toEqual(['Fleet Dispatch']);
    expect(globex.json().data[0]).toMatchObject({ memberCount: 2, teamLead: { email: NINA } });
    const unknown = await t.request({ method: 'GET', url: `/api/teams?organizationId=${UNKNOWN_ID}`, as: 'admin' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(MESSAGES.organizationNotFound);
  });

  it('shows a Globex member only Globex, and an advisor nothing (its platform organization has no teams)', async () => {
    const globex = (await t.request({ method: 'GET', url: '/api/teams', as: 'globexMember' })).json().data;
    expect(globex.map((team: { name: string }) => team.name)).toEqual(['Fleet Dispatch']);
    const advisor = await t.request({ method: 'GET', url: `/api/teams?organizationId=${acmeId}`, as: 'advisor' });
    expect(advisor.statusCode).toBe(200);
    expect(advisor.json()).toMatchObject({ data: [], pagination: { total: 0 } });
  });

  it('pages', async () => {
    const first = (await t.request({ method: 'GET', url: '/api/teams?limit=2', as: 'acmeOwner' })).json();
    const second = (await t.request({ method: 'GET', url: '/api/teams?limit=2&page=2', as: 'acmeOwner' })).json();
    expect(first.data).toHaveLength(2);
    expect(first.pagination.total).toBeGreaterThanOrEqual(5);
    expect(first.pagination.pages).toBe(Math.ceil(first.pagination.total / 2));
    expect(second.data[0].name >= first.data[1].name).toBe(true);
  });

  it.each(['/api/teams?page=0', '/api/teams?limit=abc', '/api/teams?limit=100000', '/api/teams?organizationId=acme'])(
    'is 400 for %s',
    async (url) => {
      expect((await t.request({ method: 'GET', url, as: 'admin' })).statusCode).toBe(400);
    },
  );

  it('is 401 signed out', async () => {
    expect((await t.request({ method: 'GET', url: '/api/teams' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/teams', token: 'not-a-token' })).statusCode).toBe(401);
  });
});

describe('GET /api/teams/department/:id', () => {
  it("lists the department's teams for its organization and admin", async () => {
    const url = `/api/teams/department/${departmentIds['Acme Corp/Engineering']}`;
    for (const as of ['acmeOwner', 'acmeMember', 'admin'] as const) {
      const response = await t.request({ method: 'GET', url, as });
      expect(response.statusCode, as).toBe(200);
      const { data, pagination } = response.json();
      expect(data.map((team: { name: string }) => team.name)).toEqual(
        expect.arrayContaining(['Quality Assurance', 'Web Platform']),
      );
      expect(new Set(data.map((team: { departmentId: string }) => team.departmentId))).toEqual(
        new Set([departmentIds['Acme Corp/Engineering']]),
      );
      expect(pagination.total).toBe(data.length);
    }
    const finance = await t.request({
      method: 'GET',
      url: `/api/teams/department/${departmentIds['Acme Corp/Finance']}`,
      as: 'acmeMember',
    });
    expect(finance.json().data.map((team: { name: string }) => team.name)).toEqual(['Accounting']);
  });

  it('is 404 for a department of another organization, an advisor, an unknown or malformed id; 401 signed out', async () => {
    const acmeUrl = `/api/teams/department/${departmentIds['Acme Corp/Engineering']}`;
    for (const [as, url] of [
      ['globexOwner', acmeUrl],
      ['advisor', acmeUrl],
      ['acmeOwner', `/api/teams/department/${departmentIds['Globex/Logistics']}`],
      ['admin', `/api/teams/department/${UNKNOWN_ID}`],
    ] as const) {
      const response = await t.request({ method: 'GET', url, as });
      expect(response.statusCode, `${as} ${url}`).toBe(404);
      expect(response.json().error).toBe(MESSAGES.departmentNotFound);
    }
    expect((await t.request({ method: 'GET', url: '/api/teams/department/x', as: 'admin' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: acmeUrl })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: `${acmeUrl}?page=-1`, as: 'admin' })).statusCode).toBe(400);
  });
});

describe('GET /api/teams/:id and /members', () => {
  it('shows the team with its members, lead first, then by name', async () => {
    const team = await detail(seededTeams['Web Platform']!, 'acmeMember');
    expect(team).toMatchObject({
      name: 'Web Platform',
      description: 'The online shop and the customer portal.',
      organizationId: acmeId,
      department: { name: 'Engineering' },
      teamLead: { email: SAMIR },
      memberCount: 3,
    });
    expect(team.members.map((m: MemberJson) => [m.user.email, m.role])).toEqual([
      [SAMIR, 'lead'],
      [LUCAS, 'member'],
      [NOAH, 'member'],
    ]);
    expect(team.members[0].user).toMatchObject({ _id: user(SAMIR), firstName: 'Samir', lastName: 'Patel' });
    expect(team.members[0].user.passwordHash).toBeUndefined();
    expect(typeof team.members[0].addedAt).toBe('string');

    const members = await t.request({
      method: 'GET',
      url: `/api/teams/${seededTeams['Web Platform']}/members`,
      as: 'acmeMember',
    });
    expect(members.statusCode).toBe(200);
    expect(members.json().data).toEqual(team.members);
  });

  it('orders managers between the lead and the members', async () => {
    const team = await freshTeam({
      members: [
        { user: user(NOAH), role: 'member' },
        { user: user(EMMA), role: 'manager' },
      ],
    });
    expect(team.members.map((m: MemberJson) => [m.user.email, m.role])).toEqual([
      [SAMIR, 'lead'],
      [EMMA, 'manager'],
      [NOAH, 'member'],
    ]);
  });
});

describe('POST /api/teams', () => {
  it('creates a team; the lead is also a member with role lead', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/teams',
      as: 'acmeOwner',
      payload: {
        name: '  Data Guild  ',
        description: '  Reports and dashboards. ',
        departmentId: departmentIds['Acme Corp/Engineering'],
        teamLead: user(EMMA),
        members: [{ user: user(NOAH), role: 'member' }, { user: user(LUCAS) }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const team = response.json().data;
    expect(team).toMatchObject({
      name: 'Data Guild',
      description: 'Reports and dashboards.',
      organizationId: acmeId,
      departmentId: departmentIds['Acme Corp/Engineering'],
      department: { name: 'Engineering' },
      teamLead: { email: EMMA },
      memberCount: 3,
    });
    expect(team.members.map((m: MemberJson) => [m.user.email, m.role])).toEqual([
      [EMMA, 'lead'],
      [LUCAS, 'member'],
      [NOAH, 'member'],
    ]);
    // It is in the list with the same counts.
    const listed = (await t.request({ method: 'GET', url: '/api/teams?limit=200', as: 'acmeMember' }))
      .json()
      .data.find((row: { id: string }) => row.id === team.id);
    expect(listed).toMatchObject({ memberCount: 3, teamLead: { email: EMMA } });
  });

  it('merges a user listed twice; the lead wins', async () => {
    const team = await freshTeam({
      teamLead: user(SAMIR),
      members: [
        { user: user(SAMIR), role: 'member' },
        { user: user(NOAH), role: 'member' },
        { user: user(NOAH), role: 'manager' },
      ],
    });
    expect(team.memberCount).toBe(2);
    expect(roleOf(team.members, SAMIR)).toBe('lead');
    expect(roleOf(team.members, NOAH)).toBe('manager');
  });

  it("takes the lead from the members' list when teamLead is left out (the spec's client sends both)", async () => {
    const team = await freshTeam({
      teamLead: undefined,
      members: [
        { user: user(SOFIA), role: 'lead' },
        { user: user(NOAH), role: 'lead' },
      ],
    });
    expect(team.teamLead.email).toBe(SOFIA);
    expect(roleOf(team.members, SOFIA)).toBe('lead');
    expect(roleOf(team.members, NOAH)).toBe('member');
  });

  it('creates a bare team with only a name', async () => {
    const response = await t.request({ method: 'POST', url: '/api/teams', as: 'acmeOwner', payload: { name: 'Solo' } });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      name: 'Solo',
      description: null,
      departmentId: null,
      department: null,
      teamLead: null,
      memberCount: 0,
      members: [],
    });
  });

  it("lets an admin create in the named organization, the department's, or its own", async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/teams',
      as: 'admin',
      payload: { name: 'Night Shift', departmentId: departmentIds['Globex/Logistics'], teamLead: user(NINA) },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ organizationId: globexId, teamLead: { email: NINA }, memberCount: 1 });

    // Without an organization or department, an admin's team lands in its own (platform) organization.
    const own = await t.request({ method: 'POST', url: '/api/teams', as: 'admin', payload: { name: 'Platform Ops' } });
    expect(own.statusCode).toBe(201);
    const admin = (await t.request({ method: 'GET', url: '/api/users/profile', as: 'admin' })).json().data;
    expect(own.json().data.organizationId).toBe(admin.meta.organizationId);
    const unknownOrganization = await t.request({
      method: 'POST',
      url: '/api/teams',
      as: 'admin',
      payload: { name: 'Nowhere', organizationId: UNKNOWN_ID },
    });
    expect(unknownOrganization.statusCode).toBe(404);
    expect(unknownOrganization.json().error).toBe(MESSAGES.organizationNotFound);
    const unknown = await t.request({
      method: 'POST',
      url: '/api/teams',
      as: 'admin',
      payload: { name: 'Nowhere', departmentId: UNKNOWN_ID },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(MESSAGES.departmentNotFound);

    const named = await t.request({
      method: 'POST',
      url: '/api/teams',
      as: 'admin',
      payload: { name: 'Standalone', organizationId: globexId },
    });
    expect(named.statusCode).toBe(201);
    expect(named.json().data).toMatchObject({ organizationId: globexId, departmentId: null });
    const mismatched = await t.request({
      method: 'POST',
      url: '/api/teams',
      as: 'admin',
      payload: { name: 'Mismatch', organizationId: globexId, departmentId: departmentIds['Acme Corp/Finance'] },
    });
    expect(mismatched.statusCode).toBe(404);
  });

  it.each<[AccountName, number]>([
    ['acmeMember', 403],
    ['advisor', 403],
    ['globexMember', 403],
  ])('is %s → %i (no canManageTeams)', async (as, status) => {
    const response = await t.request({ method: 'POST', url: '/api/teams', as, payload: { name: 'Mine' } });
    expect(response.statusCode).toBe(status);
  });

  it('is 401 signed out, even with a bad body', async () => {
    expect((await t.request({ method: 'POST', url: '/api/teams', payload: { name: 'x' } })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/teams', payload: {} })).statusCode).toBe(401);
  });

  it("is 404 for another organization's department or users, and for unknown or inactive users", async () => {
    const cases: [AccountName, Record<string, unknown>, string][] = [
      ['globexOwner', { departmentId: departmentIds['Acme Corp/Engineering'] }, MESSAGES.departmentNotFound],
      ['acmeOwner', { departmentId: UNKNOWN_ID }, MESSAGES.departmentNotFound],
      ['acmeOwner', { teamLead: user(NINA) }, MESSAGES.userNotFound],
      ['acmeOwner', { teamLead: UNKNOWN_ID }, MESSAGES.userNotFound],
      ['acmeOwner', { teamLead: user(ACCOUNTS.advisor) }, MESSAGES.userNotFound],
      ['acmeOwner', { members: [{ user: user(NOAH) }, { user: user(NINA) }] }, MESSAGES.userNotFound],
      ['admin', { departmentId: departmentIds['Globex/Logistics'], teamLead: user(SAMIR) }, MESSAGES.userNotFound],
    ];
    for (const [as, body, message] of cases) {
      const before = (await t.database.db.query.teams.findMany()).length;
      const response = await t.request({ method: 'POST', url: '/api/teams', as, payload: { name: 'Ghost', ...body } });
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
      expect(response.json().error).toBe(message);
      expect((await t.database.db.query.teams.findMany()).length).toBe(before);
    }
  });

  it.each<[unknown, string | undefined]>([
    [{}, MESSAGES.teamNameRequired],
    [{ name: '   ' }, MESSAGES.teamNameRequired],
    [{ name: 7 }, MESSAGES.teamNameRequired],
    [{ name: null }, MESSAGES.teamNameRequired],
    [{ name: 'x'.repeat(101) }, undefined],
    [{ name: 'Ok', description: 42 }, undefined],
    [{ name: 'Ok', departmentId: 'engineering' }, undefined],
    [{ name: 'Ok', teamLead: 'samir' }, undefined],
    [{ name: 'Ok', members: 'everyone' }, undefined],
    [{ name: 'Ok', members: [{ user: 'nope' }] }, undefined],
    [{ name: 'Ok', members: [{ role: 'member' }] }, undefined],
    [{ name: 'Ok', members: [{ user: UNKNOWN_ID, role: 'boss' }] }, MESSAGES.teamMemberRoleInvalid],
    [[1, 2], undefined],
    ['just a string', undefined],
  ])('refuses %j with 400', async (payload, message) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/teams',
      as: 'acmeOwner',
      payload: payload as InjectOptions['payload'],
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(response.json().error).toBe(message);
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/teams',
      as: 'acmeOwner',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MESSAGES.invalidJson);
  });
});

describe('PUT /api/teams/:id', () => {
  const put = (id: string, payload: unknown, as: AccountName = 'acmeOwner') =>
    t.request({ method: 'PUT', url: `/api/teams/${id}`, as, payload: payload as InjectOptions['payload'] });

  it('changes name and description; fields left out stay', async () => {
    const team = await freshTeam();
    const response = await put(team.id, { name: ' Platform Ops ', description: 'Keeps things running.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Platform Ops',
      description: 'Keeps things running.',
      department: { name: 'Engineering' },
      teamLead: { email: SAMIR },
      memberCount: 2,
    });
    expect(new Date(response.json().data.updatedAt) >= new Date(team.updatedAt)).toBe(true);
    const cleared = await put(team.id, { description: null });
    expect(cleared.json().data).toMatchObject({ name: 'Platform Ops', description: null });
    expect((await put(team.id, {})).json().data.name).toBe('Platform Ops');
  });

  it('moves the team to another department, or detaches it with null', async () => {
    const team = await freshTeam();
    const moved = await put(team.id, { departmentId: departmentIds['Acme Corp/Marketing'] });
    expect(moved.json().data.department).toMatchObject({ name: 'Marketing' });
    const detached = await put(team.id, { departmentId: null });
    expect(detached.json().data).toMatchObject({ departmentId: null, department: null });
    const foreign = await put(team.id, { departmentId: departmentIds['Globex/Logistics'] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(MESSAGES.departmentNotFound);
  });

  it('makes a new lead a member with role lead; the previous lead stays a member', async () => {
    const team = await freshTeam();
    const response = await put(team.id, { teamLead: user(EMMA) });
    expect(response.statusCode).toBe(200);
    const updated = response.json().data;
    expect(updated.teamLead.email).toBe(EMMA);
    expect(updated.memberCount).toBe(3);
    expect(updated.members.map((m: MemberJson) => [m.user.email, m.role])).toEqual([
      [EMMA, 'lead'],
      [SAMIR, 'member'],
      [NOAH, 'member'],
    ]);
    // An existing member promoted keeps a single membership.
    const promoted = (await put(team.id, { teamLead: user(NOAH) })).json().data;
    expect(promoted.memberCount).toBe(3);
    expect(promoted.members.filter((m: MemberJson) => m.role === 'lead').map((m: MemberJson) => m.user.email)).toEqual([
      NOAH,
    ]);
  });

  it('clears the lead with null; the lead stays a member', async () => {
    const team = await freshTeam();
    const updated = (await put(team.id, { teamLead: null })).json().data;
    expect(updated.teamLead).toBeNull();
    expect(updated.memberCount).toBe(2);
    expect(roleOf(updated.members, SAMIR)).toBe('member');
  });

  it('is 404 for a lead of another organization or an unknown one, and changes nothing', async () => {
    const team = await freshTeam();
    for (const teamLead of [user(NINA), UNKNOWN_ID]) {
      const response = await put(team.id, { name: 'Changed', teamLead });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(MESSAGES.userNotFound);
    }
    expect(await detail(team.id)).toMatchObject({ name: team.name, teamLead: { email: SAMIR } });
  });

  it('lets an admin edit any team', async () => {
    const team = await freshTeam();
    expect((await put(team.id, { name: 'By admin' }, 'admin')).json().data.name).toBe('By admin');
  });

  it.each<[unknown, string | undefined]>([
    [{ name: '' }, MESSAGES.teamNameRequired],
    [{ name: '  ' }, MESSAGES.teamNameRequired],
    [{ name: 12 }, MESSAGES.teamNameRequired],
    [{ teamLead: 'samir' }, undefined],
    [{ departmentId: 5 }, undefined],
    [{ description: ['a'] }, undefined],
    ['text', undefined],
  ])('refuses %j with 400', async (payload, message) => {
    const team = await freshTeam();
    const response = await t.request({
      method: 'PUT',
      url: `/api/teams/${team.id}`,
      as: 'acmeOwner',
      payload: payload as InjectOptions['payload'],
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().error).toBe(message);
  });
});

describe('DELETE /api/teams/:id', () => {
  it('deletes the team and its memberships; the users stay', async () => {
    const team = await freshTeam();
    const response = await t.request({ method: 'DELETE', url: `/api/teams/${team.id}`, as: 'acmeOwner' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: expect.any(String) });
    expect((await t.request({ method: 'GET', url: `/api/teams/${team.id}`, as: 'acmeOwner' })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/teams/${team.id}`, as: 'acmeOwner' })).statusCode).toBe(404);
    const memberships = await t.database.db.query.teamMembers.findMany({
      where: (row, { eq }) => eq(row.teamId, team.id),
    });
    expect(memberships).toEqual([]);
    const samir = await t.database.db.query.users.findFirst({ where: (row, { eq }) => eq(row.id, user(SAMIR)) });
    expect(samir?.isActive).toBe(true);
    // The seeded teams Samir leads are untouched.
    expect((await detail(seededTeams['Web Platform']!)).teamLead.email).toBe(SAMIR);
  });
});

describe('POST /api/teams/:id/members', () => {
  const add = (id: string, payload: unknown, as: AccountName = 'acmeOwner') =>
    t.request({
      method: 'POST',
      url: `/api/teams/${id}/members`,
      as,
      payload: payload as InjectOptions['payload'],
      headers: { 'content-type': 'application/json' },
    });

  it('adds a member with role member by default, and counts it', async () => {
    const team = await freshTeam();
    const response = await add(team.id, { userId: user(LUCAS) });
    expect(response.statusCode).toBe(201);
    const updated = response.json().data;
    expect(updated.memberCount).toBe(3);
    expect(roleOf(updated.members, LUCAS)).toBe('member');
    const manager = (await add(team.id, { userId: user(SOFIA), role: 'manager' })).json().data;
    expect(manager.memberCount).toBe(4);
    expect(emailsOf(manager.members)).toEqual([SAMIR, SOFIA, LUCAS, NOAH]);
  });

  it('is 409 for someone already on the team', async () => {
    const team = await freshTeam();
    for (const email of [NOAH, SAMIR]) {
      const response = await add(team.id, { userId: user(email), role: 'manager' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(MESSAGES.alreadyTeamMember);
    }
    const after = await detail(team.id);
    expect(after.memberCount).toBe(2);
    expect(roleOf(after.members, NOAH)).toBe('member');
  });

  it('makes a member added as lead the team lead; the previous lead becomes a member', async () => {
    const team = await freshTeam();
    const updated = (await add(team.id, { userId: user(EMMA), role: 'lead' })).json().data;
    expect(updated.teamLead.email).toBe(EMMA);
    expect(updated.memberCount).toBe(3);
    expect(updated.members.map((m: MemberJson) => [m.user.email, m.role])).toEqual([
      [EMMA, 'lead'],
      [SAMIR, 'member'],
      [NOAH, 'member'],
    ]);
  });

  it('is 404 for a user of another organization, an advisor, or an unknown user', async () => {
    const team = await freshTeam();
    for (const userId of [user(NINA), user(ACCOUNTS.globexOwner), user(ACCOUNTS.advisor), UNKNOWN_ID]) {
      const response = await add(team.id, { userId });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(MESSAGES.userNotFound);
    }
    expect((await detail(team.id)).memberCount).toBe(2);
  });

  it.each<[unknown, string]>([
    [{}, MESSAGES.selectUser],
    [{ userId: 'samir' }, MESSAGES.selectUser],
    [{ userId: 12 }, MESSAGES.selectUser],
    [{ userId: UNKNOWN_ID, role: 'boss' }, MESSAGES.teamMemberRoleInvalid],
    [{ userId: UNKNOWN_ID, role: 3 }, MESSAGES.teamMemberRoleInvalid],
  ])('refuses %j with 400', async (payload, message) => {
    const team = await freshTeam();
    const response = await add(team.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });
});

describe('DELETE /api/teams/:id/members/:userId', () => {
  const remove = (id: string, email: string, as: AccountName = 'acmeOwner') =>
    t.request({ method: 'DELETE', url: `/api/teams/${id}/members/${user(email)}`, as });

  it('removes a member and counts it', async () => {
    const team = await freshTeam({ members: [{ user: user(NOAH) }, { user: user(LUCAS) }] });
    expect(team.memberCount).toBe(3);
    const response = await remove(team.id, NOAH);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.memberCount).toBe(2);
    expect(emailsOf(response.json().data.members)).toEqual([SAMIR, LUCAS]);
    const listed = (await t.request({ method: 'GET', url: '/api/teams?limit=200', as: 'acmeOwner' }))
      .json()
      .data.find((row: { id: string }) => row.id === team.id);
    expect(listed.memberCount).toBe(2);
  });

  it('clears the lead when the lead is removed', async () => {
    const team = await freshTeam();
    const updated = (await remove(team.id, SAMIR)).json().data;
    expect(updated.teamLead).toBeNull();
    expect(updated.memberCount).toBe(1);
    expect(emailsOf(updated.members)).toEqual([NOAH]);
  });

  it('is 404 for someone not on the team', async () => {
    const team = await freshTeam();
    for (const email of [LUCAS, NINA]) {
      const response = await remove(team.id, email);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(MESSAGES.notTeamMember);
    }
    const unknown = await t.request({
      method: 'DELETE',
      url: `/api/teams/${team.id}/members/${UNKNOWN_ID}`,
      as: 'acmeOwner',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await detail(team.id)).memberCount).toBe(2);
  });
});

describe('deactivated members', () => {
  it('are neither counted nor listed, and cannot be added', async () => {
    const registered = await t.request({
      method: 'POST',
      url: '/api/users/register',
      as: 'acmeOwner',
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
    expect(emailsOf(after.members)).toEqual([NOAH]);
    const listed = (await t.request({ method: 'GET', url: '/api/teams?limit=200', as: 'acmeOwner' }))
      .json()
      .data.find((row: { id: string }) => row.id === team.id);
    expect(listed).toMatchObject({ teamLead: null, memberCount: 1 });

    const other = await freshTeam();
    const add = await t.request({
      method: 'POST',
      url: `/api/teams/${other.id}/members`,
      as: 'acmeOwner',
      payload: { userId: leaverId },
    });
    expect(add.statusCode).toBe(404);
    expect(add.json().error).toBe(MESSAGES.userNotFound);
  });
});

describe('queries per request', () => {
  let counting: CountingApp;
  let counted: TestApp;
  let database: DatabaseHandle;
  const queriesOf = (token: string, url: string) => counting.queriesOf(token, url);

  beforeAll(async () => {
    counting = await createCountingApp();
    counted = counting.app;
    database = counted.database;
  });
  afterAll(async () => {
    await counting?.close();
  });

  it('GET /api/teams runs the same queries for 5 teams as for 25; GET /api/teams/:id for 3 members as for 13', async () => {
    const token = await counted.tokenFor('acmeOwner');
    const ids = Object.fromEntries((await database.db.query.users.findMany()).map((u) => [u.email, u.id]));
    const acmeUsers = Object.entries(ids)
      .filter(([email]) => email.endsWith('@acme.example.com'))
      .map(([, id]) => id);

    const five = await queriesOf(token, '/api/teams');
    expect(five.data).toHaveLength(5);

    for (let i = 0; i < 20; i++) {
      const response = await counted.request({
        method: 'POST',
        url: '/api/teams',
        token,
        payload: {
          name: `Load ${String(i).padStart(2, '0')}`,
          teamLead: acmeUsers[i % acmeUsers.length],
          members: acmeUsers.slice(0, 1 + (i % 5)).map((id) => ({ user: id })),
        },
      });
      expect(response.statusCode).toBe(201);
    }
    const twentyFive = await queriesOf(token, '/api/teams');
    expect(twentyFive.data).toHaveLength(25);
    expect(twentyFive.data.every((team: { memberCount: number }) => team.memberCount > 0)).toBe(true);
    expect(twentyFive.count).toBe(five.count);
    // The session lookup, the page (joins and a correlated count) and the total.
    expect(five.count).toBe(3);

    const webId = (await database.db.query.teams.findFirst({ where: (row, { eq }) => eq(row.name, 'Web Platform') }))!
      .id;
    const small = await queriesOf(token, `/api/teams/${webId}`);
    expect(small.data.memberCount).toBe(3);
    for (const userId of acmeUsers) {
      await counted.request({ method: 'POST', url: `/api/teams/${webId}/members`, token, payload: { userId } });
    }
    const large = await queriesOf(token, `/api/teams/${webId}`);
    expect(large.data.memberCount).toBe(acmeUsers.length);
    expect(large.data.memberCount).toBeGreaterThan(10);
    expect(large.count).toBe(small.count);
    // The session lookup, the team row and its members.
    expect(small.count).toBe(3);
  });
});

describe('concurrent lead changes', () => {
  it('leave exactly one lead, the one teamLead names', async () => {
    const team = await freshTeam({ members: [] });
    const add = (email: string) =>
      t.request({
        method: 'POST',
        url: `/api/teams/${team._id}/members`,
        as: 'acmeOwner',
        payload: { userId: user(email), role: 'lead' },
      });
    const statuses = (await Promise.all([add(NOAH), add(LUCAS), add(EMMA)])).map((response) => response.statusCode);
    expect(statuses).toEqual([201, 201, 201]);
    const after = await detail(team._id);
    const leads = after.members.filter((member: MemberJson) => member.role === 'lead');
    expect(leads).toHaveLength(1);
    expect(leads[0].user.email).toBe(after.teamLead.email);
    expect(after.memberCount).toBe(4);
  });
});
