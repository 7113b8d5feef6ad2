import { type CreateProjectBody, type EndpointInput, type Project, projectEndpoints, UI_TEXT } from '@smart/contracts';
import { describe, expect } from 'vitest';
import type { ProjectRow } from '../src/db/schema/index.js';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, type Cast, WORK_READERS, workChangers } from './helpers/authz-matrix.js';
import { apiTest } from './helpers/fixture.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const test = apiTest({ demoData: false })
  .extend('team', { scope: 'file' }, ({ make, cast }) => make.team(cast.organization.id))
  .extend('foreignTeam', { scope: 'file' }, ({ make, cast }) => make.team(cast.otherOrganization.id))
  .extend('create', { scope: 'file' }, ({ t, cast }) => {
    return (body: CreateProjectBody, token = cast.user.token) => t.call(projectEndpoints.create, { body, token });
  });

async function readProject(t: TestApp, cast: Cast, id: string): Promise<Project> {
  const response = await t.call(projectEndpoints.get, { params: { id }, token: cast.admin.token });
  expect(response.status, response.response.body).toBe(200);
  return response.data;
}

authzMatrix('who may do what with a project', {
  test,
  arrange: (cast, { make }) => make.project(cast.organization.id, { title: 'Launch' }),
  routes: [
    {
      route: 'GET /api/projects/:id',
      request: (project: ProjectRow) => ({ method: 'GET', url: `/api/projects/${project.id}` }),
      statuses: WORK_READERS,
    },
    {
      route: 'PUT /api/projects/:id',
      request: (project) => ({ method: 'PUT', url: `/api/projects/${project.id}`, payload: { title: 'Renamed' } }),
      statuses: workChangers(200),
    },
    {
      route: 'DELETE /api/projects/:id',
      request: (project) => ({ method: 'DELETE', url: `/api/projects/${project.id}` }),
      statuses: workChangers(200),
    },
    {
      route: 'POST /api/objectives/projects/:id',
      request: (project) => ({
        method: 'POST',
        url: `/api/objectives/projects/${project.id}`,
        payload: { title: 'Ship it' },
      }),
      statuses: { ...WORK_READERS, admin: 201, orgAdmin: 201, user: 201 },
    },
    {
      route: 'GET /api/objectives/projects/:id',
      request: (project) => ({ method: 'GET', url: `/api/objectives/projects/${project.id}` }),
      statuses: WORK_READERS,
    },
  ],
  errors: { 404: UI_TEXT.projectNotFound, 403: UI_TEXT.forbidden },
  async unchanged(project, cast, { t }) {
    expect(await readProject(t, cast, project.id)).toMatchObject({ title: 'Launch', objectiveCount: 0 });
  },
});

describe('the project lists and stats', () => {
  const everyone = ['admin', 'orgAdmin', 'user', 'advisorAssigned', 'otherOrgAdmin'] as const;

  test('GET /api/projects and /api/projects/stats: members and admin 200, advisors 403, anonymous 401', async ({
    t,
    cast,
  }) => {
    const expected = { admin: 200, orgAdmin: 200, user: 200, advisorAssigned: 403, otherOrgAdmin: 200 };
    for (const endpoint of [projectEndpoints.list, projectEndpoints.stats]) {
      for (const actor of everyone) {
        const response = await t.call(endpoint, { token: cast[actor].token });
        expect(response.status, `${endpoint.path} as ${actor}`).toBe(expected[actor]);
      }
      expect((await t.call(endpoint, {})).status).toBe(401);
    }
  });

  test("lists the own organization's projects, newest first, with filters and pagination; never another's", async ({
    t,
    make,
    cast,
  }) => {
    const organization = await make.organization();
    const owner = await make.member(organization.id, { role: 'org_admin' });
    const first = await make.project(organization.id, { title: 'Warehouse move', status: 'active', priority: 'high' });
    const second = await make.project(organization.id, { title: 'Website', description: 'New WAREHOUSE pages' });
    await make.project(organization.id, { title: 'Audit', status: 'completed' });
    await make.project(cast.otherOrganization.id, { title: 'Warehouse elsewhere' });
    const list = async (query: EndpointInput<typeof projectEndpoints.list>['query'] = {}) => {
      const response = await t.call(projectEndpoints.list, { query, token: owner.token });
      expect(response.status, response.response.body).toBe(200);
      return response.body;
    };
    expect((await list()).data.map((project: Project) => project.title)).toEqual([
      'Audit',
      'Website',
      'Warehouse move',
    ]);
    expect((await list({ search: 'warehouse' })).data.map((p: Project) => p._id)).toEqual([second.id, first.id]);
    expect((await list({ status: 'active' })).data.map((p: Project) => p._id)).toEqual([first.id]);
    expect((await list({ priority: 'high' })).data.map((p: Project) => p._id)).toEqual([first.id]);
    const paged = await list({ limit: 2, page: 2 });
    expect(paged.data.map((p: Project) => p._id)).toEqual([first.id]);
    expect(paged.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2 });
    // A non-admin's organizationId is ignored: it always sees its own.
    expect((await list({ organizationId: cast.otherOrganization.id })).pagination.total).toBe(3);
  });

  test('counts projects by status and priority in the caller scope', async ({ t, make, cast }) => {
    const organization = await make.organization();
    const member = await make.member(organization.id);
    await make.project(organization.id, { status: 'active', priority: 'high' });
    await make.project(organization.id, { status: 'active' });
    await make.project(cast.otherOrganization.id, { status: 'active' });
    const response = await t.call(projectEndpoints.stats, { token: member.token });
    expect(response.data).toEqual({
      total: 2,
      byStatus: { planning: 0, active: 2, on_hold: 0, completed: 0, cancelled: 0 },
      byPriority: { low: 0, medium: 1, high: 1, urgent: 0 },
    });
    const admin = await t.call(projectEndpoints.stats, {
      query: { organizationId: organization.id },
      token: cast.admin.token,
    });
    expect(admin.data.total).toBe(2);
  });
});

describe('creating and editing a project', () => {
  test('creates with defaults, trimmed deduplicated tags, a team and the caller as creator', async ({
    cast,
    team,
    create,
  }) => {
    const response = await create({
      title: '  Office move ',
      tags: [' ops ', 'ops', 'facilities', ' '],
      team: team.id,
      startDate: '2030-01-10',
      dueDate: '2030-02-01',
    });
    expect(response.status, response.response.body).toBe(201);
    expect(response.data).toMatchObject({
      title: 'Office move',
      status: 'planning',
      priority: 'medium',
      tags: ['ops', 'facilities'],
      team: { _id: team.id, name: team.name },
      startDate: '2030-01-10',
      dueDate: '2030-02-01',
      organizationId: cast.organization.id,
      createdBy: { _id: cast.user.id },
      progress: 0,
      taskCount: 0,
      completedTaskCount: 0,
      objectiveCount: 0,
      permissions: { canEdit: true, canDelete: true, canAddObjective: true },
    });
  });

  test("refuses another organization's or an unknown team, and a due date before the start (400)", async ({
    t,
    make,
    cast,
    foreignTeam,
    create,
  }) => {
    for (const teamId of [foreignTeam.id, UNKNOWN_ID]) {
      const response = await create({ title: 'X', team: teamId });
      expect(response.status).toBe(400);
      expect(response.refusal.error).toBe(UI_TEXT.teamNotInOrganization);
    }
    const early = await create({ title: 'X', startDate: '2030-02-01', dueDate: '2030-01-31' });
    expect([early.status, early.refusal.error]).toEqual([400, UI_TEXT.dueBeforeStart]);
    const project = await make.project(cast.organization.id, { startDate: '2030-02-01', by: cast.user });
    const update = await t.call(projectEndpoints.update, {
      params: { id: project.id },
      body: { dueDate: '2030-01-01' },
      token: cast.user.token,
    });
    expect([update.status, update.refusal.error]).toEqual([400, UI_TEXT.dueBeforeStart]);
    const foreign = await t.call(projectEndpoints.update, {
      params: { id: project.id },
      body: { team: foreignTeam.id },
      token: cast.user.token,
    });
    expect(foreign.status).toBe(400);
  });

  test.for<[Record<string, unknown>, string | undefined]>([
    [{}, UI_TEXT.projectTitleRequired],
    [{ title: '   ' }, UI_TEXT.projectTitleRequired],
    [{ title: 'x'.repeat(201) }, undefined],
    [{ title: 'X', status: 'done' }, undefined],
    [{ title: 'X', priority: 'critical' }, undefined],
    [{ title: 'X', startDate: '2030-02-30' }, UI_TEXT.dateInvalid],
    [{ title: 'X', dueDate: 'tomorrow' }, UI_TEXT.dateInvalid],
    [{ title: 'X', tags: 'ops' }, undefined],
    [{ title: 'X', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, UI_TEXT.tooManyTags],
    [{ title: 'X', team: 'not-an-id' }, undefined],
    [{ title: 'X\u0000' }, UI_TEXT.nulCharacter],
  ])('refuses %j with 400', async ([payload, message], { t, cast }) => {
    // Mistyped bodies, as an outside client might send them.
    const response = await t.request({ method: 'POST', url: '/api/projects', payload, token: cast.user.token });
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().error).toBe(message);
  });

  test('the creator edits its project; another member may not (403); edits keep what was left out', async ({
    t,
    make,
    cast,
    team,
  }) => {
    const project = await make.project(cast.organization.id, { by: cast.user, tags: ['a'], title: 'Mine' });
    const other = await make.member(cast.organization.id);
    const denied = await t.call(projectEndpoints.update, {
      params: { id: project.id },
      body: { title: 'Theirs' },
      token: other.token,
    });
    expect(denied.status).toBe(403);
    const read = await t.call(projectEndpoints.get, { params: { id: project.id }, token: other.token });
    expect(read.data.permissions).toEqual({ canEdit: false, canDelete: false, canAddObjective: true });
    const edited = await t.call(projectEndpoints.update, {
      params: { id: project.id },
      body: { status: 'active', team: team.id },
      token: cast.user.token,
    });
    expect(edited.data).toMatchObject({ title: 'Mine', tags: ['a'], status: 'active', team: { _id: team.id } });
    const cleared = await t.call(projectEndpoints.update, {
      params: { id: project.id },
      body: { team: null },
      token: cast.user.token,
    });
    expect(cleared.data.team).toBeNull();
  });

  test('an admin creates in the organization it names; an unknown organization is 404', async ({ cast, create }) => {
    const response = await create({ title: 'Platform-led', organizationId: cast.organization.id }, cast.admin.token);
    expect(response.data.organizationId).toBe(cast.organization.id);
    expect((await create({ title: 'X', organizationId: UNKNOWN_ID }, cast.admin.token)).status).toBe(404);
  });

  test.for([
    ['GET', '/api/projects/not-a-uuid'],
    ['PUT', '/api/projects/not-a-uuid'],
    ['DELETE', `/api/projects/${UNKNOWN_ID}`],
    ['GET', `/api/projects/${UNKNOWN_ID}`],
    ['GET', `/api/objectives/projects/${UNKNOWN_ID}`],
  ] as const)('%s %s is 404', async ([method, url], { t, cast }) => {
    const payload = method === 'PUT' ? { payload: { title: 'x' } } : {};
    expect((await t.request({ method, url, token: cast.admin.token, ...payload })).statusCode).toBe(404);
  });

  test.for([
    '?page=0',
    '?limit=101',
    '?limit=abc',
    '?status=done',
    '?priority=x',
    `?search=${'x'.repeat(300)}`,
    '?organizationId=nope',
  ])('GET /api/projects%s is 400', async (query, { t, cast }) => {
    // Malformed queries, as an outside client might send them.
    const response = await t.request({ method: 'GET', url: `/api/projects${query}`, token: cast.admin.token });
    expect(response.statusCode).toBe(400);
  });
});
