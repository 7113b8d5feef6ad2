import { DEPARTMENT_ICONS, MESSAGES } from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountName, createTestApp, type TestApp } from './helpers/app.js';
import { type CountingApp, createCountingApp } from './helpers/query-count.js';

let t: TestApp;
let acmeId: string;
let globexDepartmentId: string;
let globexTeamId: string;
const ids: Record<string, string> = {};
const unknownId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  acmeId = (await t.request({ method: 'GET', url: '/api/users/profile', as: 'acmeOwner' })).json().data.meta
    .organizationId;
  const users = (
    await t.request({ method: 'GET', url: `/api/users/organization/${acmeId}?limit=200`, as: 'admin' })
  ).json().data;
  for (const user of users) ids[user.email] = user.id;
  const db = t.database.db;
  const departments = await db.query.departments.findMany();
  globexDepartmentId = departments.find((d) => d.name === 'Logistics')!.id;
  for (const d of departments) ids[`department:${d.name}`] = d.id;
  const teams = await db.query.teams.findMany();
  for (const team of teams) ids[`team:${team.name}`] = team.id;
  globexTeamId = ids['team:Fleet Dispatch']!;
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;
const create = (as: AccountName, payload: Json) => t.request({ method: 'POST', url: '/api/departments', as, payload });
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

describe('GET /api/departments', () => {
  it("lists the organization's departments with counts, manager and icon", async () => {
    const response = await t.request({ method: 'GET', url: '/api/departments', as: 'acmeMember' });
    expect(response.statusCode).toBe(200);
    const byName = Object.fromEntries(response.json().data.map((d: { name: string }) => [d.name, d]));
    expect(Object.keys(byName)).toEqual(['Engineering', 'Finance', 'Marketing', 'Operations']);
    expect(byName.Engineering).toMatchObject({
      teamCount: 2,
      memberCount: 4,
      settings: { icon: 'HiCode' },
      organizationName: 'Acme Corp',
    });
    expect(byName.Engineering.manager).toMatchObject({ email: 'samir.patel@acme.example.com', firstName: 'Samir' });
    expect(byName.Operations).toMatchObject({ teamCount: 1, memberCount: 4, settings: { icon: '🏭' } });
    expect(response.json().pagination).toMatchObject({ total: 4 });
  });

  it('lets admin pick an organization or see all; others cannot widen their scope', async () => {
    const all = await t.request({ method: 'GET', url: '/api/departments', as: 'admin' });
    expect(all.json().pagination.total).toBe(6);
    const organizationsSeen = new Set(all.json().data.map((d: { organizationName: string }) => d.organizationName));
    expect(organizationsSeen).toEqual(new Set(['Acme Corp', 'Globex']));
    const acme = await t.request({ method: 'GET', url: `/api/departments?organizationId=${acmeId}`, as: 'admin' });
    expect(acme.json().pagination.total).toBe(4);
    const globexTrying = await t.request({
      method: 'GET',
      url: `/api/departments?organizationId=${acmeId}`,
      as: 'globexOwner',
    });
    expect(globexTrying.json().data.map((d: { name: string }) => d.name)).toEqual(['Customer Service', 'Logistics']);
  });

  it('is empty for an advisor (not a member) and 401 signed out', async () => {
    expect((await t.request({ method: 'GET', url: '/api/departments', as: 'advisor' })).json().data).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/departments' })).statusCode).toBe(401);
  });
});

describe('POST /api/departments', () => {
  it('creates with the default icon, an emoji or a named icon; trims the name', async () => {
    const plain = await create('acmeOwner', { name: `  ${unique('Legal')}  `, description: ' Contracts ' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().data).toMatchObject({
      settings: { icon: 'HiUserGroup' },
      description: 'Contracts',
      teamCount: 0,
      memberCount: 0,
    });
    expect(plain.json().data.name).not.toMatch(/^\s|\s$/);
    const emoji = await create('acmeOwner', { name: unique('Kitchen'), settings: { icon: '👩‍🍳' } });
    expect(emoji.json().data.settings.icon).toBe('👩‍🍳');
    for (const { name } of DEPARTMENT_ICONS.slice(0, 3)) {
      const named = await create('acmeOwner', { name: unique(name), settings: { icon: name } });
      expect(named.json().data.settings.icon).toBe(name);
    }
  });

  it('refuses a blank name, a bad icon and a taken name (case-insensitive)', async () => {
    const blank = await create('acmeOwner', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(MESSAGES.departmentNameRequired);
    for (const icon of ['HiNotAnIcon', 'ab', '🙂🙂', '']) {
      const bad = await create('acmeOwner', { name: unique('Icons'), settings: { icon } });
      expect(bad.statusCode, icon).toBe(400);
      expect(bad.json().error).toBe(MESSAGES.departmentIconInvalid);
    }
    const taken = await create('acmeOwner', { name: 'engineering' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(MESSAGES.departmentNameTaken);
    // Another organization may use the same name.
    expect((await create('globexOwner', { name: 'Engineering' })).statusCode).toBe(201);
  });

  it('takes a manager of the same organization only', async () => {
    const ok = await create('acmeOwner', { name: unique('Sales'), manager: ids['dana.lee@acme.example.com'] });
    expect(ok.json().data.manager.email).toBe('dana.lee@acme.example.com');
    const globexUsers = (await t.request({ method: 'GET', url: '/api/users', as: 'globexOwner' })).json().data;
    const foreign = await create('acmeOwner', { name: unique('Sales'), manager: globexUsers[0].id });
    expect(foreign.statusCode).toBe(404);
  });

  it('is 403 for a member or advisor, 401 signed out; admin names an existing organization', async () => {
    expect((await create('acmeMember', { name: unique('X') })).statusCode).toBe(403);
    expect((await create('advisor', { name: unique('X') })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/departments', payload: { name: 'X' } })).statusCode).toBe(401);
    const forAcme = await create('admin', { name: unique('Admin made'), organizationId: acmeId });
    expect(forAcme.json().data.organizationId).toBe(acmeId);
    const unknown = await create('admin', { name: unique('Lost'), organizationId: unknownId });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(MESSAGES.organizationNotFound);
  });
});

describe('GET/PUT/DELETE /api/departments/:id', () => {
  it('reads for members and admin; 404 for another organization, an advisor, unknown and malformed ids', async () => {
    const url = `/api/departments/${ids['department:Finance']}`;
    for (const as of ['acmeMember', 'acmeOwner', 'admin'] as const) {
      expect((await t.request({ method: 'GET', url, as })).statusCode, as).toBe(200);
    }
    for (const as of ['globexOwner', 'advisor'] as const) {
      expect((await t.request({ method: 'GET', url, as })).statusCode, as).toBe(404);
    }
    expect((await t.request({ method: 'GET', url: `/api/departments/${unknownId}`, as: 'admin' })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: 'GET', url: '/api/departments/finance', as: 'admin' })).statusCode).toBe(404);
  });

  it('updates name, description, manager and icon; 403 for members, 404 across organizations', async () => {
    const created = (await create('acmeOwner', { name: unique('Research') })).json().data;
    const url = `/api/departments/${created._id}`;
    const put = (as: AccountName, payload: Json) => t.request({ method: 'PUT', url, as, payload });
    const updated = await put('acmeOwner', {
      name: `${created.name} Lab`,
      description: 'New materials',
      manager: ids['grace.kim@acme.example.com'],
      settings: { icon: 'HiBeaker' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ description: 'New materials', settings: { icon: 'HiBeaker' } });
    expect(updated.json().data.manager.email).toBe('grace.kim@acme.example.com');
    expect((await put('acmeOwner', { manager: null })).json().data.manager).toBeNull();
    expect((await put('acmeOwner', { name: 'Finance' })).statusCode).toBe(409);
    expect((await put('acmeOwner', { name: '' })).statusCode).toBe(400);
    expect((await put('acmeMember', { description: 'x' })).statusCode).toBe(403);
    expect((await put('globexOwner', { description: 'x' })).statusCode).toBe(404);
    expect((await put('advisor', { description: 'x' })).statusCode).toBe(404);
    const globexUser = (await t.request({ method: 'GET', url: '/api/users', as: 'globexOwner' })).json().data[0];
    expect((await put('acmeOwner', { manager: globexUser.id })).statusCode).toBe(404);
  });

  it('hides a deactivated manager and still lets the department be edited', async () => {
    const body = {
      email: `mgr.${Math.random().toString(36).slice(2)}@acme.example.com`,
      password: 'secret-123',
      firstName: 'Max',
      lastName: 'Lane',
    };
    const manager = (
      await t.request({ method: 'POST', url: '/api/users/register', as: 'acmeOwner', payload: body })
    ).json().data.user;
    const department = (await create('acmeOwner', { name: unique('Archive'), manager: manager.id })).json().data;
    expect(department.manager.id).toBe(manager.id);
    await t.request({ method: 'DELETE', url: `/api/users/${manager.id}`, as: 'acmeOwner' });
    const url = `/api/departments/${department._id}`;
    expect((await t.request({ method: 'GET', url, as: 'acmeOwner' })).json().data.manager).toBeNull();
    // The edit form sends the manager it was given back; that is not a change.
    const edited = await t.request({
      method: 'PUT',
      url,
      as: 'acmeOwner',
      payload: { description: 'Old records', manager: manager.id },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.description).toBe('Old records');
  });

  it('deletes a department and detaches, never deletes, its teams and members', async () => {
    const department = (await create('acmeOwner', { name: unique('Temp') })).json().data;
    const url = `/api/departments/${department._id}`;
    await t.request({
      method: 'PUT',
      url: `/api/users/${ids['ethan.brown@acme.example.com']}/department`,
      as: 'acmeOwner',
      payload: { departmentId: department._id },
    });
    await t.request({
      method: 'POST',
      url: `${url}/teams`,
      as: 'acmeOwner',
      payload: { teamId: ids['team:Accounting'] },
    });
    expect((await t.request({ method: 'GET', url, as: 'acmeOwner' })).json().data).toMatchObject({
      teamCount: 1,
      memberCount: 1,
    });

    expect((await t.request({ method: 'DELETE', url, as: 'acmeMember' })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url, as: 'globexOwner' })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url, as: 'acmeOwner' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url, as: 'acmeOwner' })).statusCode).toBe(404);

    const ethan = await t.database.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.id, ids['ethan.brown@acme.example.com']!),
    });
    expect(ethan).toMatchObject({ isActive: true, departmentId: null });
    const accounting = await t.database.db.query.teams.findFirst({
      where: (team, { eq }) => eq(team.id, ids['team:Accounting']!),
    });
    expect(accounting).toMatchObject({ name: 'Accounting', departmentId: null });
  });
});

describe('department members and teams', () => {
  it('GET /:id/members lists active members; 404 across organizations', async () => {
    const url = `/api/departments/${ids['department:Engineering']}/members`;
    const response = await t.request({ method: 'GET', url, as: 'acmeMember' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((u: { email: string }) => u.email)).toContain('samir.patel@acme.example.com');
    expect((await t.request({ method: 'GET', url, as: 'globexOwner' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('attaches an existing team and detaches it again, counting in SQL', async () => {
    const department = (await create('acmeOwner', { name: unique('Growth') })).json().data;
    const url = `/api/departments/${department._id}/teams`;
    const attached = await t.request({
      method: 'POST',
      url,
      as: 'acmeOwner',
      payload: { teamId: ids['team:Quality Assurance'] },
    });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().data.teamCount).toBe(1);
    const engineering = await t.request({
      method: 'GET',
      url: `/api/departments/${ids['department:Engineering']}`,
      as: 'acmeOwner',
    });
    expect(engineering.json().data.teamCount).toBe(1);

    const detached = await t.request({
      method: 'DELETE',
      url: `${url}/${ids['team:Quality Assurance']}`,
      as: 'acmeOwner',
    });
    expect(detached.statusCode).toBe(200);
    expect(detached.json().data.teamCount).toBe(0);
    const again = await t.request({
      method: 'DELETE',
      url: `${url}/${ids['team:Quality Assurance']}`,
      as: 'acmeOwner',
    });
    expect(again.statusCode).toBe(404);
  });

  it("refuses another organization's team (404), a missing team id (400), members and other tenants", async () => {
    const url = `/api/departments/${ids['department:Marketing']}/teams`;
    expect(
      (await t.request({ method: 'POST', url, as: 'acmeOwner', payload: { teamId: globexTeamId } })).statusCode,
    ).toBe(404);
    const missing = await t.request({ method: 'POST', url, as: 'acmeOwner', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(MESSAGES.selectTeam);
    const team = { teamId: ids['team:Accounting'] };
    expect((await t.request({ method: 'POST', url, as: 'acmeMember', payload: team })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url, as: 'globexOwner', payload: team })).statusCode).toBe(404);
    const foreign = `/api/departments/${globexDepartmentId}/teams/${ids['team:Accounting']}`;
    expect((await t.request({ method: 'DELETE', url: foreign, as: 'acmeOwner' })).statusCode).toBe(404);
  });

  it('counts a member added through PUT /api/users/:id/department and refuses a user of another organization', async () => {
    const department = (await create('acmeOwner', { name: unique('Support') })).json().data;
    const place = (userId: string) =>
      t.request({
        method: 'PUT',
        url: `/api/users/${userId}/department`,
        as: 'acmeOwner',
        payload: { departmentId: department._id },
      });
    expect((await place(ids['mia.thompson@acme.example.com']!)).statusCode).toBe(200);
    const after = await t.request({ method: 'GET', url: `/api/departments/${department._id}`, as: 'acmeOwner' });
    expect(after.json().data.memberCount).toBe(1);
    const globexUser = (await t.request({ method: 'GET', url: '/api/users', as: 'globexOwner' })).json().data[0];
    expect((await place(globexUser.id)).statusCode).toBe(404);
  });
});

describe('queries per list request', () => {
  let counting: CountingApp;
  let counted: TestApp;

  beforeAll(async () => {
    counting = await createCountingApp();
    counted = counting.app;
  });
  afterAll(async () => {
    await counting?.close();
  });

  async function countQueries(token: string, url: string) {
    const { count, data } = await counting.queriesOf(token, url);
    return { count, rows: data.length };
  }

  it('GET /api/departments and /api/organizations do not grow with the number of rows', async () => {
    const owner = await counted.tokenFor('acmeOwner');
    const admin = await counted.tokenFor('admin');
    const fewDepartments = await countQueries(owner, '/api/departments');
    const fewOrganizations = await countQueries(admin, '/api/organizations');
    for (let i = 0; i < 20; i++) {
      const department = await counted.request({
        method: 'POST',
        url: '/api/departments',
        token: owner,
        payload: { name: `Load ${i}` },
      });
      expect(department.statusCode).toBe(201);
      await counted.request({
        method: 'POST',
        url: '/api/organizations',
        token: admin,
        payload: { name: `Load Org ${i}` },
      });
    }
    const manyDepartments = await countQueries(owner, '/api/departments');
    const manyOrganizations = await countQueries(admin, '/api/organizations');
    expect([fewDepartments.rows, manyDepartments.rows]).toEqual([4, 24]);
    expect([fewOrganizations.rows, manyOrganizations.rows]).toEqual([3, 23]);
    // The session lookup, the page (grouped counts joined in) and the total.
    expect([fewDepartments.count, manyDepartments.count]).toEqual([3, 3]);
    expect([fewOrganizations.count, manyOrganizations.count]).toEqual([3, 3]);
  });
});
