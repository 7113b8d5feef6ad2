import {
  type CreateDepartmentBody,
  DEPARTMENT_ICONS,
  departmentEndpoints,
  UI_TEXT,
  type UpdateDepartmentBody,
  userEndpoints,
} from '@smart/contracts';
import { describe, expect } from 'vitest';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, STRUCTURE_READERS, structureManagers } from './helpers/authz-matrix.js';
import { factories, type Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { uploadFile, uploadPng } from './helpers/multipart.js';
import type { CountingApp } from './helpers/query-count.js';

const unknownId = '00000000-0000-4000-8000-000000000000';

const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;
const readAs = async (t: TestApp, member: Member, id: string) =>
  (await t.call(departmentEndpoints.get, { params: { id }, as: member })).data;

/**
 * Acme (`cast.organization`, its org_admin the `owner`) and Globex (`cast.otherOrganization`) with
 * their people; Acme's Engineering and Finance, a colleague in Globex and a `picture` the owner
 * uploaded (made before the first test, as the matrix reads it).
 */
const test = apiTest({ demoData: false })
  .extend('acmeId', { scope: 'file' }, ({ cast }) => cast.organization.id)
  .extend('owner', { scope: 'file' }, ({ cast }) => cast.orgAdmin)
  .extend('engineering', { scope: 'file', auto: true }, ({ make, acmeId }) =>
    make.department(acmeId, { name: 'Engineering' }),
  )
  .extend('finance', { scope: 'file', auto: true }, ({ make, acmeId }) => make.department(acmeId, { name: 'Finance' }))
  .extend('globexColleague', { scope: 'file', auto: true }, ({ make, cast }) => make.member(cast.otherOrganization.id))
  .extend('picture', { scope: 'file', auto: true }, ({ t, owner }) => uploadPng(t, owner))
  .extend('create', { scope: 'file' }, ({ t }) => {
    return (member: Member, body: CreateDepartmentBody) => t.call(departmentEndpoints.create, { as: member, body });
  })
  .extend('read', { scope: 'file' }, ({ t, owner }) => {
    return (id: string) => readAs(t, owner, id);
  })
  .extend('put', { scope: 'file' }, ({ t, owner }) => {
    return (id: string, body: UpdateDepartmentBody, as: Member = owner) =>
      t.call(departmentEndpoints.update, { params: { id }, as, body });
  });

authzMatrix('who may do what', {
  test,
  /** A department with one team, and a team of its organization in no department. */
  async arrange(_cast, { make, acmeId }) {
    const department = await make.department(acmeId);
    const [attached, loose] = await Promise.all([
      make.team(acmeId, { departmentId: department.id }),
      make.team(acmeId),
    ]);
    return { department, attached, loose };
  },
  routes: [
    {
      route: 'GET /api/departments/:id',
      request: ({ department }) => ({ method: 'GET', url: `/api/departments/${department.id}` }),
      statuses: STRUCTURE_READERS,
    },
    {
      route: 'GET /api/departments/:id/members',
      request: ({ department }) => ({ method: 'GET', url: `/api/departments/${department.id}/members` }),
      statuses: STRUCTURE_READERS,
    },
    {
      route: 'PUT /api/departments/:id',
      request: ({ department }) => ({
        method: 'PUT',
        url: `/api/departments/${department.id}`,
        payload: { description: 'Changed' },
      }),
      statuses: structureManagers(200),
    },
    {
      route: 'PUT /api/departments/:id (image)',
      // A picture is the caller's own fresh upload (files/pictures.ts).
      request: async ({ department }, people, actor, { t, picture }) => ({
        method: 'PUT',
        url: `/api/departments/${department.id}`,
        payload: { imageUrl: actor === 'anonymous' ? picture : await uploadPng(t, people[actor]) },
      }),
      statuses: structureManagers(200),
    },
    {
      route: 'DELETE /api/departments/:id',
      request: ({ department }) => ({ method: 'DELETE', url: `/api/departments/${department.id}` }),
      statuses: structureManagers(200),
    },
    {
      route: 'POST /api/departments/:id/teams',
      request: ({ department, loose }) => ({
        method: 'POST',
        url: `/api/departments/${department.id}/teams`,
        payload: { teamId: loose.id },
      }),
      statuses: structureManagers(200),
    },
    {
      route: 'DELETE /api/departments/:id/teams/:teamId',
      request: ({ department, attached }) => ({
        method: 'DELETE',
        url: `/api/departments/${department.id}/teams/${attached.id}`,
      }),
      statuses: structureManagers(200),
    },
  ],
  errors: { 404: UI_TEXT.departmentNotFound, 403: UI_TEXT.forbidden },
  async unchanged({ department }, cast, { t }) {
    expect(await readAs(t, cast.orgAdmin, department.id)).toMatchObject({
      name: department.name,
      description: null,
      imageUrl: null,
      teamCount: 1,
    });
  },
});

describe('GET /api/departments', () => {
  test("lists the organization's departments by name with counts, manager and icon", async ({ t, make }) => {
    const organization = await make.organization();
    const [manager, viewer] = await Promise.all([
      make.member(organization.id, { firstName: 'Samir', lastName: 'Patel' }),
      make.member(organization.id),
    ]);
    const [operations, code] = await Promise.all([
      make.department(organization.id, { name: 'Operations', settings: { icon: '🏭' } }),
      make.department(organization.id, { name: 'Engineering', manager: manager.id, settings: { icon: 'HiCode' } }),
    ]);
    await Promise.all([
      make.member(organization.id, { departmentId: code.id }),
      make.member(organization.id, { departmentId: code.id }),
      make.team(organization.id, { departmentId: code.id }),
      make.team(organization.id, { departmentId: code.id }),
      make.team(organization.id, { departmentId: operations.id }),
    ]);

    const { data, pagination } = (await t.call(departmentEndpoints.list, { as: viewer })).body;
    expect(data.map((d) => d.name)).toEqual(['Engineering', 'Operations']);
    expect(data[0]).toMatchObject({
      _id: code.id,
      teamCount: 2,
      memberCount: 2,
      settings: { icon: 'HiCode' },
      organizationName: organization.name,
      manager: { email: manager.email, firstName: 'Samir' },
    });
    expect(data[1]).toMatchObject({ teamCount: 1, memberCount: 0, settings: { icon: '🏭' }, manager: null });
    expect(pagination).toMatchObject({ total: 2 });
  });

  test('lets admin pick an organization or see all; others cannot widen their scope', async ({
    t,
    make,
    cast,
    acmeId,
    owner,
  }) => {
    const organizationsOf = (page: { data: { organizationId: string }[] }) =>
      new Set(page.data.map((d) => d.organizationId));
    const list = async (as: Member, query: { limit?: number; organizationId?: string } = {}) =>
      (await t.call(departmentEndpoints.list, { query, as })).body;
    const globexDepartment = await make.department(cast.otherOrganization.id);
    const all = await list(cast.admin, { limit: 200 });
    expect([...organizationsOf(all)]).toEqual(expect.arrayContaining([acmeId, cast.otherOrganization.id]));
    expect(all.pagination.total).toBe(all.data.length);

    const acme = await list(cast.admin, { organizationId: acmeId });
    expect(organizationsOf(acme)).toEqual(new Set([acmeId]));
    const ownList = await list(owner);
    expect(acme.pagination.total).toBe(ownList.pagination.total);

    const globexTrying = await list(cast.otherOrgAdmin, { organizationId: acmeId });
    expect(organizationsOf(globexTrying)).toEqual(new Set([cast.otherOrganization.id]));
    expect(globexTrying.data.map((d) => d.id)).toContain(globexDepartment.id);
  });

  test('is empty for an advisor (not a member) and 401 signed out', async ({ t, cast }) => {
    for (const advisor of [cast.advisorAssigned, cast.advisorUnassigned]) {
      expect((await t.call(departmentEndpoints.list, { as: advisor })).data).toEqual([]);
    }
    expect((await t.call(departmentEndpoints.list, {})).status).toBe(401);
  });
});

describe('POST /api/departments', () => {
  test('creates with the default icon, an emoji or a named icon; trims the name', async ({ acmeId, owner, create }) => {
    const plain = await create(owner, { name: `  ${unique('Legal')}  `, description: ' Contracts ' });
    expect(plain.status).toBe(201);
    expect(plain.data).toMatchObject({
      settings: { icon: 'HiUserGroup' },
      description: 'Contracts',
      organizationId: acmeId,
      teamCount: 0,
      memberCount: 0,
    });
    expect(plain.data.name).not.toMatch(/^\s|\s$/);
    const emoji = await create(owner, { name: unique('Kitchen'), settings: { icon: '👩‍🍳' } });
    expect(emoji.data.settings.icon).toBe('👩‍🍳');
    for (const { name } of DEPARTMENT_ICONS.slice(0, 3)) {
      const named = await create(owner, { name: unique(name), settings: { icon: name } });
      expect(named.data.settings.icon).toBe(name);
    }
  });

  test('refuses a blank name, a bad icon and a taken name (case-insensitive)', async ({ cast, owner, create }) => {
    const blank = await create(owner, { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.refusal.error).toBe(UI_TEXT.departmentNameRequired);
    for (const icon of ['HiNotAnIcon', 'ab', '🙂🙂', '']) {
      const bad = await create(owner, { name: unique('Icons'), settings: { icon } });
      expect(bad.status, icon).toBe(400);
      expect(bad.refusal.error).toBe(UI_TEXT.departmentIconInvalid);
    }
    const taken = await create(owner, { name: 'engineering' });
    expect(taken.status).toBe(409);
    expect(taken.refusal.error).toBe(UI_TEXT.departmentNameTaken);
    // Another organization may use the same name.
    expect((await create(cast.otherOrgAdmin, { name: 'Engineering' })).status).toBe(201);
  });

  test('takes a manager of the same organization only', async ({ make, acmeId, owner, globexColleague, create }) => {
    const dana = await make.member(acmeId);
    const ok = await create(owner, { name: unique('Sales'), manager: dana.id });
    expect(ok.data.manager?.email).toBe(dana.email);
    const foreign = await create(owner, { name: unique('Sales'), manager: globexColleague.id });
    expect(foreign.status).toBe(404);
  });

  test('is 403 for a member or advisor, 401 signed out; admin names an existing organization', async ({
    t,
    cast,
    acmeId,
    create,
  }) => {
    for (const member of [cast.user, cast.advisorAssigned, cast.advisorUnassigned]) {
      expect((await create(member, { name: unique('X') })).status).toBe(403);
    }
    expect((await t.call(departmentEndpoints.create, { body: { name: 'X' } })).status).toBe(401);
    const forAcme = await create(cast.admin, { name: unique('Admin made'), organizationId: acmeId });
    expect(forAcme.data.organizationId).toBe(acmeId);
    const unknown = await create(cast.admin, { name: unique('Lost'), organizationId: unknownId });
    expect(unknown.status).toBe(404);
    expect(unknown.refusal.error).toBe(UI_TEXT.organizationNotFound);
  });
});

describe('GET/PUT/DELETE /api/departments/:id', () => {
  test('is 404 for unknown and malformed ids', async ({ t, cast }) => {
    for (const url of [`/api/departments/${unknownId}`, '/api/departments/finance']) {
      expect((await t.request({ method: 'GET', url, as: cast.admin })).statusCode, url).toBe(404);
    }
  });

  test('updates name, description, manager and icon; refuses a taken or blank name and a foreign manager', async ({
    t,
    make,
    acmeId,
    owner,
    finance,
    globexColleague,
    create,
  }) => {
    const created = (await create(owner, { name: unique('Research') })).data;
    const grace = await make.member(acmeId);
    const put = (body: UpdateDepartmentBody) =>
      t.call(departmentEndpoints.update, { params: { id: created._id }, as: owner, body });
    const updated = await put({
      name: `${created.name} Lab`,
      description: 'New materials',
      manager: grace.id,
      settings: { icon: 'HiBeaker' },
    });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({
      name: `${created.name} Lab`,
      description: 'New materials',
      settings: { icon: 'HiBeaker' },
      manager: { email: grace.email },
    });
    expect((await put({ manager: null })).data.manager).toBeNull();
    expect((await put({ name: finance.name })).status).toBe(409);
    expect((await put({ name: '' })).status).toBe(400);
    expect((await put({ manager: globexColleague.id })).status).toBe(404);
  });

  test('hides a deactivated manager and still lets the department be edited', async ({
    t,
    make,
    acmeId,
    owner,
    create,
    read,
  }) => {
    const manager = await make.member(acmeId);
    const department = (await create(owner, { name: unique('Archive'), manager: manager.id })).data;
    expect(department.manager?.id).toBe(manager.id);
    await t.call(userEndpoints.deactivate, { params: { id: manager.id }, as: owner });
    expect((await read(department._id)).manager).toBeNull();
    // The edit form sends the manager it was given back; that is not a change.
    const edited = await t.call(departmentEndpoints.update, {
      params: { id: department._id },
      as: owner,
      body: { description: 'Old records', manager: manager.id },
    });
    expect(edited.data.description).toBe('Old records');
  });

  test('deletes a department and detaches, never deletes, its teams and members', async ({
    t,
    make,
    acmeId,
    owner,
    read,
  }) => {
    const department = await make.department(acmeId);
    const [ethan, accounting] = await Promise.all([
      make.member(acmeId, { departmentId: department.id }),
      make.team(acmeId, { departmentId: department.id }),
    ]);
    expect(await read(department.id)).toMatchObject({ teamCount: 1, memberCount: 1 });

    const params = { id: department.id };
    expect((await t.call(departmentEndpoints.remove, { params, as: owner })).status).toBe(200);
    expect((await t.call(departmentEndpoints.get, { params, as: owner })).status).toBe(404);

    const user = await t.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, ethan.id) });
    expect(user).toMatchObject({ isActive: true, departmentId: null });
    const team = await t.database.db.query.teams.findFirst({ where: (row, { eq }) => eq(row.id, accounting.id) });
    expect(team).toMatchObject({ name: accounting.name, departmentId: null });
  });
});

describe("a department's image", () => {
  test('is set from an uploaded image, shown in the list and the record, and removed with null', async ({
    t,
    make,
    cast,
    acmeId,
    picture,
    read,
    put,
  }) => {
    const department = await make.department(acmeId);
    const set = await put(department.id, { imageUrl: picture });
    expect(set.status, set.response.body).toBe(200);
    expect(set.data).toMatchObject({ imageUrl: picture, settings: { icon: 'HiUserGroup' } });
    const listed = (await t.call(departmentEndpoints.list, { query: { limit: 100 }, as: cast.user })).data;
    expect(listed.find((row) => row.id === department.id)?.imageUrl).toBe(picture);
    // The image is the department's own: editing anything else keeps it.
    expect((await put(department.id, { description: 'Still pictured' })).data.imageUrl).toBe(picture);

    const removed = await put(department.id, { imageUrl: null });
    expect(removed.data.imageUrl).toBeNull();
    expect((await read(department.id)).imageUrl).toBeNull();
  });

  test('refuses a file that is not an image, and any picture not uploaded here, changing nothing', async ({
    t,
    make,
    acmeId,
    owner,
    read,
    put,
  }) => {
    const department = await make.department(acmeId);
    const pdf = await uploadFile(t, owner, {
      filename: 'report.png',
      content: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'),
      type: 'image/png',
    });
    const cases: [string, string][] = [
      [pdf, UI_TEXT.imageFileRequired],
      [`/api/files/${unknownId}.png`, UI_TEXT.imageFileRequired],
      ['https://evil.example.com/picture.png', UI_TEXT.imageUrlInvalid],
      ['javascript:alert(1)', UI_TEXT.imageUrlInvalid],
    ];
    for (const [imageUrl, message] of cases) {
      const response = await put(department.id, { imageUrl, description: 'Changed' });
      expect(response.status, String(imageUrl)).toBe(400);
      expect(response.refusal.error).toBe(message);
    }
    expect(await read(department.id)).toMatchObject({ imageUrl: null, description: null });
  });

  test("records say who may change them: the organization's org_admin and admin, not its users", async ({
    t,
    make,
    cast,
    acmeId,
    owner,
  }) => {
    const department = await make.department(acmeId);
    const permissionsOf = async (as: Member) => (await readAs(t, as, department.id)).permissions;
    expect(await permissionsOf(owner)).toEqual({ canEdit: true, canDelete: true });
    expect(await permissionsOf(cast.admin)).toEqual({ canEdit: true, canDelete: true });
    expect(await permissionsOf(cast.user)).toEqual({ canEdit: false, canDelete: false });
    const listed = (await t.call(departmentEndpoints.list, { query: { limit: 100 }, as: cast.user })).data;
    expect(listed.every((row) => !row.permissions.canEdit)).toBe(true);
  });
});

describe('department members and teams', () => {
  test('GET /:id/members lists active members', async ({ t, make, cast, acmeId, engineering }) => {
    const samir = await make.member(acmeId, { departmentId: engineering.id });
    const response = await t.call(departmentEndpoints.members, { params: { id: engineering.id }, as: cast.user });
    expect(response.data.map((u) => u.email)).toContain(samir.email);
  });

  test('attaches an existing team and detaches it again, counting in SQL', async ({ t, make, acmeId, owner, read }) => {
    const [from, to] = await Promise.all([make.department(acmeId), make.department(acmeId)]);
    const team = await make.team(acmeId, { departmentId: from.id });
    const attached = await t.call(departmentEndpoints.attachTeam, {
      params: { id: to.id },
      as: owner,
      body: { teamId: team.id },
    });
    expect(attached.data.teamCount).toBe(1);
    // A team is in one department: it left the other.
    expect((await read(from.id)).teamCount).toBe(0);

    const detach = () => t.call(departmentEndpoints.detachTeam, { params: { id: to.id, teamId: team.id }, as: owner });
    expect((await detach()).data.teamCount).toBe(0);
    expect((await detach()).status).toBe(404);
  });

  test("refuses another organization's team (404), a missing team id (400), and a team of another department", async ({
    t,
    make,
    cast,
    acmeId,
    owner,
    engineering,
    finance,
  }) => {
    const url = `/api/departments/${finance.id}/teams`;
    const globexTeam = await make.team(cast.otherOrganization.id);
    const foreign = await t.call(departmentEndpoints.attachTeam, {
      params: { id: finance.id },
      as: owner,
      body: { teamId: globexTeam.id },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.refusal.error).toBe(UI_TEXT.teamNotFound);
    // A body without its team, as an outside client might send it.
    const missing = await t.request({ method: 'POST', url, as: owner, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(UI_TEXT.selectTeam);
    const elsewhere = await make.team(acmeId, { departmentId: engineering.id });
    const detach = await t.call(departmentEndpoints.detachTeam, {
      params: { id: finance.id, teamId: elsewhere.id },
      as: owner,
    });
    expect(detach.status).toBe(404);
  });

  test('counts a member added through PUT /api/users/:id/department and refuses a user of another organization', async ({
    t,
    make,
    acmeId,
    owner,
    globexColleague,
    read,
  }) => {
    const department = await make.department(acmeId);
    const mia = await make.member(acmeId);
    const place = (userId: string) =>
      t.call(userEndpoints.setDepartment, { params: { id: userId }, as: owner, body: { departmentId: department.id } });
    expect((await place(mia.id)).status).toBe(200);
    expect((await read(department.id)).memberCount).toBe(1);
    expect((await place(globexColleague.id)).status).toBe(404);
  });
});

describe('queries per list request', () => {
  async function countQueries(counting: CountingApp, token: string, url: string) {
    const { count, data } = await counting.queriesOf(token, url);
    return { count, rows: data.length };
  }

  test('GET /api/departments and /api/organizations do not grow with the number of rows', async ({ counting }) => {
    const build = factories(counting.app.database.db);
    const organization = await build.organization();
    const [orgAdmin, admin] = await Promise.all([
      build.member(organization.id, { role: 'org_admin' }),
      build.admin(),
      ...Array.from({ length: 4 }, () => build.department(organization.id)),
    ]);
    const fewDepartments = await countQueries(counting, orgAdmin.token, '/api/departments');
    const fewOrganizations = await countQueries(counting, admin.token, '/api/organizations');
    for (let i = 0; i < 20; i++) {
      await build.department(organization.id);
      await build.organization();
    }
    const manyDepartments = await countQueries(counting, orgAdmin.token, '/api/departments');
    const manyOrganizations = await countQueries(counting, admin.token, '/api/organizations');
    expect([fewDepartments.rows, manyDepartments.rows]).toEqual([4, 24]);
    // The platform organization and this one, then 20 more.
    expect([fewOrganizations.rows, manyOrganizations.rows]).toEqual([2, 22]);
    // The session lookup, the page (grouped counts joined in) and the total.
    expect([fewDepartments.count, manyDepartments.count]).toEqual([3, 3]);
    expect([fewOrganizations.count, manyOrganizations.count]).toEqual([3, 3]);
  });
});
