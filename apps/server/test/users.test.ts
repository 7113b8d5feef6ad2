import {
  departmentEndpoints,
  organizationEndpoints,
  type ProfileUpdateBody,
  type RegisterBody,
  sessionEndpoints,
  teamEndpoints,
  UI_TEXT,
  type UpdateMemberBody,
  type UserListQuery,
  userEndpoints,
} from '@smart/contracts';
import { describe, expect } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { ACCOUNTS, type AccountName, type TestApp } from './helpers/app.js';
import { adminOnly, authzMatrix, ORGANIZATION_READERS, type Statuses } from './helpers/authz-matrix.js';
import { apiTest } from './helpers/fixture.js';
import { uploadFile, uploadPng } from './helpers/multipart.js';

async function profileIn(t: TestApp, as: AccountName) {
  return (await t.call(userEndpoints.profile, { as })).data;
}

/** The demo data's organizations and departments (their ids). */
async function demoIds(t: TestApp) {
  const acmeId = (await profileIn(t, 'acmeOwner')).meta.organizationId!;
  const globexId = (await profileIn(t, 'globexOwner')).meta.organizationId!;
  const rows = await t.database.db.query.departments.findMany();
  const acmeDepartments: Record<string, string> = Object.fromEntries(
    rows.filter((d) => d.organizationId === acmeId).map((d) => [d.name, d.id]),
  );
  const globexDepartmentId = rows.find((d) => d.organizationId === globexId)!.id;
  return { acmeId, globexId, acmeDepartments, globexDepartmentId };
}

/** On the demo data; its `cast` (the matrices' people) stands beside it, organizations of their own. */
const test = apiTest()
  .extend('demo', { scope: 'file' }, ({ t }) => demoIds(t))
  .extend('profileOf', { scope: 'file' }, ({ t }) => {
    return (as: AccountName) => profileIn(t, as);
  })
  .extend('register', { scope: 'file' }, ({ t }) => {
    return (as: AccountName | undefined, body: RegisterBody) =>
      t.call(userEndpoints.register, { body, ...(as ? { as } : {}) });
  });

describe('who may do what', () => {
  /** A member is changed by its organization's org_admin and admin; others do not see it (404). */
  const memberManagers: Statuses = { ...ORGANIZATION_READERS, user: 403, advisorAssigned: 404 };

  authzMatrix('reading', {
    test,
    arrange: async (people, { make }) => make.department(people.organization.id),
    routes: [
      {
        route: 'GET /api/users/organization/:orgId',
        request: (_department, people) => ({ method: 'GET', url: `/api/users/organization/${people.organization.id}` }),
        statuses: ORGANIZATION_READERS,
      },
      {
        route: 'GET /api/users/department/:id',
        request: (department) => ({ method: 'GET', url: `/api/users/department/${department.id}` }),
        // Departments are read by the organization's members and admin only.
        statuses: { ...ORGANIZATION_READERS, advisorAssigned: 404 },
      },
      {
        route: 'GET /api/users',
        request: () => ({ method: 'GET', url: '/api/users' }),
        // Admin lists everyone, an org_admin its own organization.
        statuses: {
          ...ORGANIZATION_READERS,
          user: 403,
          advisorAssigned: 403,
          advisorUnassigned: 403,
          otherOrgAdmin: 200,
        },
      },
    ],
  });

  authzMatrix('changing a member', {
    test,
    async arrange(people, { make }) {
      const organizationId = people.organization.id;
      const [member, department] = await Promise.all([make.member(organizationId), make.department(organizationId)]);
      return { member, department };
    },
    routes: [
      {
        route: 'PUT /api/users/:id',
        request: ({ member }) => ({ method: 'PUT', url: `/api/users/${member.id}`, payload: { jobTitle: 'Boss' } }),
        statuses: memberManagers,
      },
      {
        route: 'PUT /api/users/:id/department',
        request: ({ member, department }) => ({
          method: 'PUT',
          url: `/api/users/${member.id}/department`,
          payload: { departmentId: department.id },
        }),
        statuses: memberManagers,
      },
      {
        route: 'DELETE /api/users/:id',
        request: ({ member }) => ({ method: 'DELETE', url: `/api/users/${member.id}` }),
        statuses: memberManagers,
      },
      {
        route: 'PUT /api/users/:id/organization',
        request: ({ member }, people) => ({
          method: 'PUT',
          url: `/api/users/${member.id}/organization`,
          payload: { organizationId: people.otherOrganization.id },
        }),
        statuses: adminOnly(200),
      },
    ],
    async unchanged({ member }, _cast, { t }) {
      const row = await t.database.db.query.users.findFirst({ where: (user, { eq }) => eq(user.id, member.id) });
      expect(row).toMatchObject({
        isActive: true,
        jobTitle: null,
        departmentId: null,
        organizationId: member.organizationId,
      });
    },
  });

  authzMatrix('reactivating a member', {
    test,
    /** A member deactivated by the admin. */
    async arrange(people, { t, make }) {
      const member = await make.member(people.organization.id);
      const deactivated = await t.call(userEndpoints.deactivate, { params: { id: member.id }, as: people.admin });
      expect(deactivated.status).toBe(200);
      return member;
    },
    routes: [
      {
        route: 'POST /api/users/:id/reactivate',
        request: (member) => ({ method: 'POST', url: `/api/users/${member.id}/reactivate` }),
        // The same people as deactivation.
        statuses: memberManagers,
      },
    ],
    errors: { 404: UI_TEXT.userNotFound },
    async unchanged(member, _cast, { t }) {
      const row = await t.database.db.query.users.findFirst({ where: (user, { eq }) => eq(user.id, member.id) });
      expect(row?.isActive).toBe(false);
    },
  });
});

const newMember = (overrides: Partial<RegisterBody> = {}): RegisterBody => ({
  email: `new.${Math.random().toString(36).slice(2)}@acme.example.com`,
  password: 'secret-123',
  firstName: 'Nora',
  lastName: 'Quinn',
  roles: ['user'],
  meta: {},
  ...overrides,
});

describe('GET /api/users/profile', () => {
  test('returns the signed-in user with organization and department names', async ({ t }) => {
    const response = await t.call(userEndpoints.profile, { as: 'acmeMember' });
    expect(response.status).toBe(200);
    const user = response.data;
    expect(user).toMatchObject({
      email: ACCOUNTS.acmeMember,
      role: 'user',
      firstName: 'Jordan',
      profile: { firstName: 'Jordan', lastName: 'Avery' },
      meta: { organizationName: 'Acme Corp', department: 'Operations', jobTitle: 'Project Coordinator' },
      isActive: true,
    });
    expect(user.id).toBe(user._id);
  });

  test('is 401 without a token or with a bad one', async ({ t }) => {
    expect((await t.call(userEndpoints.profile, {})).status).toBe(401);
    const bad = await t.call(userEndpoints.profile, { token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.refusal).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('PUT /api/users/profile', () => {
  test('changes own names, e-mail and meta fields, and ignores role and organization', async ({
    t,
    demo: { acmeId, globexId },
  }) => {
    const token = await t.tokenFor('globexMember');
    // Role and organization fields the profile's schema does not have, as an outside client might send them.
    const response = await t.request({
      method: 'PUT',
      url: '/api/users/profile',
      token,
      payload: {
        profile: { firstName: 'Nina', lastName: 'Brooks-Hale' },
        email: 'nina.hale@globex.example.com',
        role: 'admin',
        meta: {
          phone: '+1 555 0000',
          jobTitle: 'Head of Dispatch',
          bio: 'Routes.',
          organizationId: acmeId,
          role: 'admin',
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      email: 'nina.hale@globex.example.com',
      lastName: 'Brooks-Hale',
      role: 'user',
      meta: { phone: '+1 555 0000', jobTitle: 'Head of Dispatch', bio: 'Routes.', organizationId: globexId },
    });
    const again = await t.call(userEndpoints.profile, { token });
    expect(again.data.meta.jobTitle).toBe('Head of Dispatch');
    // Put the e-mail back so other tests can sign in as this account.
    await t.call(userEndpoints.updateProfile, { token, body: { email: ACCOUNTS.globexMember } });
  });

  test('saves a profile image alone (a partial meta)', async ({ t }) => {
    const picture = await uploadPng(t, 'acmeOwner');
    const response = await t.call(userEndpoints.updateProfile, {
      as: 'acmeOwner',
      body: { meta: { profileImage: picture } },
    });
    expect(response.status).toBe(200);
    expect(response.data.profileImage).toBe(picture);
    expect(response.data.meta.jobTitle).toBe('Chief Executive Officer');
  });

  test.for<[ProfileUpdateBody['meta'], string]>([
    [{ website: 'javascript:alert(1)' }, UI_TEXT.websiteInvalid],
    [{ website: 'data:text/html,<script>alert(1)</script>' }, UI_TEXT.websiteInvalid],
    [{ profileImage: 'javascript:alert(1)' }, UI_TEXT.imageUrlInvalid],
    [{ profileImage: 'https://evil.example.com/a.png' }, UI_TEXT.imageUrlInvalid],
    [{ profileImage: '/api/files/8d3c5a38-1c7e-4f3e-9a57-0d3c1f2e7b11.png' }, UI_TEXT.imageFileRequired],
  ])('refuses a script, foreign or missing URL: %j', async ([meta, message], { t }) => {
    const response = await t.call(userEndpoints.updateProfile, { as: 'acmeMember', body: { meta } });
    expect(response.status).toBe(400);
    expect(response.refusal.error).toBe(message);
  });

  test('keeps http(s) websites, adding https:// to a bare domain', async ({ t }) => {
    for (const [website, stored] of [
      ['http://nora.example.com/about', 'http://nora.example.com/about'],
      ['nora.example.com', 'https://nora.example.com'],
    ]) {
      const response = await t.call(userEndpoints.updateProfile, { as: 'acmeMember', body: { meta: { website } } });
      expect(response.status).toBe(200);
      expect(response.data.meta.website).toBe(stored);
    }
  });

  test('refuses an uploaded file that is not an image as a profile picture', async ({ t }) => {
    const notes = await uploadFile(t, 'acmeMember', {
      filename: 'notes.txt',
      content: Buffer.from('just text'),
      type: 'text/plain',
    });
    const response = await t.call(userEndpoints.updateProfile, {
      as: 'acmeMember',
      body: { meta: { profileImage: notes } },
    });
    expect(response.status).toBe(400);
    expect(response.refusal.error).toBe(UI_TEXT.imageFileRequired);
  });

  test('refuses an e-mail that another account has with 409', async ({ t }) => {
    const response = await t.call(userEndpoints.updateProfile, {
      as: 'acmeMember',
      body: { email: ACCOUNTS.acmeOwner },
    });
    expect(response.status).toBe(409);
    expect(response.refusal.error).toBe(UI_TEXT.emailTaken);
    expect(response.refusal.details).toEqual([{ path: 'email', message: UI_TEXT.emailTaken }]);
  });

  test.for<[ProfileUpdateBody, string | undefined]>([
    [{ email: 'no-at-sign' }, UI_TEXT.emailInvalid],
    [{ profile: { firstName: '   ' } }, UI_TEXT.firstNameRequired],
    [{ meta: { phone: 'abc' } }, UI_TEXT.phoneInvalid],
    [{ meta: { bio: 'x'.repeat(6000) } }, undefined],
  ])('refuses %j with 400', async ([body, message], { t }) => {
    const response = await t.call(userEndpoints.updateProfile, { as: 'acmeMember', body });
    expect(response.status).toBe(400);
    if (message) expect(response.refusal.error).toBe(message);
  });

  test('refuses {"meta":"nope"} with 400', async ({ t }) => {
    // A mistyped body, as an outside client might send it.
    const payload = { meta: 'nope' };
    const response = await t.request({ method: 'PUT', url: '/api/users/profile', as: 'acmeMember', payload });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/users/register', () => {
  test('lets an org_admin add a member to its own organization; naming another is 404, adding no one', async ({
    t,
    profileOf,
    register,
    demo: { acmeId, globexId },
  }) => {
    const elsewhere = newMember({ meta: { organizationId: globexId } });
    const refused = await register('acmeOwner', elsewhere);
    expect(refused.status).toBe(404);
    expect(refused.refusal.error).toBe(UI_TEXT.organizationNotFound);
    expect(
      await t.database.db.query.users.findFirst({ where: (user, { eq }) => eq(user.email, elsewhere.email) }),
    ).toBeUndefined();

    const body = newMember({ meta: { organizationId: acmeId, jobTitle: 'Buyer', phone: '+1 312 555 0199' } });
    const response = await register('acmeOwner', body);
    expect(response.status).toBe(201);
    const user = response.data.user;
    expect(user).toMatchObject({
      email: body.email,
      role: 'user',
      meta: { organizationId: acmeId, jobTitle: 'Buyer' },
    });
    expect(response.data).not.toHaveProperty('token');
    // The new member can sign in; the caller is still itself.
    await t.tokenFor(body.email, 'secret-123');
    expect((await profileOf('acmeOwner')).email).toBe(ACCOUNTS.acmeOwner);
  });

  test('places the new member in a department given by id or by name', async ({
    register,
    demo: { acmeDepartments, globexDepartmentId },
  }) => {
    const byId = await register('acmeOwner', newMember({ meta: { departmentId: acmeDepartments.Finance } }));
    expect(byId.data.user.meta.department).toBe('Finance');
    const byName = await register('acmeOwner', newMember({ meta: { department: 'marketing' } }));
    expect(byName.data.user.meta.department).toBe('Marketing');
    const foreign = await register('acmeOwner', newMember({ meta: { departmentId: globexDepartmentId } }));
    expect(foreign.status).toBe(404);
  });

  test('lets an org_admin add another org_admin but not an advisor or admin (403)', async ({ register }) => {
    expect((await register('acmeOwner', newMember({ roles: ['org_admin'] }))).data.user.role).toBe('org_admin');
    for (const role of ['advisor', 'admin'] as const) {
      const response = await register('acmeOwner', newMember({ roles: [role] }));
      expect(response.status).toBe(403);
      expect(response.refusal.error).toBe(UI_TEXT.roleNotAllowed);
    }
  });

  test('lets an admin add anyone anywhere; advisors land in the platform organization', async ({
    register,
    demo: { globexId },
  }) => {
    const member = await register('admin', newMember({ meta: { organizationId: globexId } }));
    expect(member.data.user.meta.organizationName).toBe('Globex');
    const advisor = await register('admin', newMember({ role: 'advisor' }));
    expect(advisor.status).toBe(201);
    expect(advisor.data.user).toMatchObject({ role: 'advisor', meta: { organizationName: 'SMART' } });
  });

  test.for<AccountName>(['acmeMember', 'advisor'])('is 403 for %s', async (as, { register }) => {
    expect((await register(as, newMember())).status).toBe(403);
  });

  test('is 401 signed out, even with a bad body', async ({ t, register }) => {
    expect((await register(undefined, newMember())).status).toBe(401);
    // An empty body, as an outside client might send it.
    expect((await t.request({ method: 'POST', url: '/api/users/register', payload: {} })).statusCode).toBe(401);
  });

  test('refuses a taken e-mail with 409, whatever its case', async ({ register }) => {
    const response = await register('acmeOwner', newMember({ email: 'MEMBER@acme.example.com' }));
    expect(response.status).toBe(409);
    expect(response.refusal.error).toBe(UI_TEXT.emailTaken);
  });

  test("checks fields in the form's order, first failure wins", async ({ t, register }) => {
    const cases: [Partial<RegisterBody>, string][] = [
      [{ firstName: '', lastName: '', email: '', password: '' }, UI_TEXT.firstNameRequired],
      [{ lastName: ' ', email: '', password: '' }, UI_TEXT.lastNameRequired],
      [{ email: '', password: '' }, UI_TEXT.emailRequired],
      [{ email: 'nora.acme.example.com', password: '' }, UI_TEXT.emailInvalid],
      [{ password: '' }, UI_TEXT.passwordRequired],
      [{ password: '12345' }, UI_TEXT.passwordTooShort],
      // Optional fields are checked after the required ones.
      [{ meta: { phone: 'call me' } }, UI_TEXT.phoneInvalid],
    ];
    for (const [overrides, message] of cases) {
      const response = await register('acmeOwner', newMember(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(response.refusal.error).toBe(message);
    }
    // A mistyped field, as an outside client might send it.
    const payload = { ...newMember(), firstName: 7 };
    const mistyped = await t.request({ method: 'POST', url: '/api/users/register', as: 'acmeOwner', payload });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().error).toBe(UI_TEXT.firstNameRequired);
  });

  test('needs an organization for members: 400 without one, 404 for an unknown one', async ({ register }) => {
    const without = await register('admin', newMember({ roles: ['org_admin'] }));
    expect(without.status).toBe(400);
    expect(without.refusal.error).toBe(UI_TEXT.organizationRequired);
    const unknown = await register(
      'admin',
      newMember({ meta: { organizationId: '00000000-0000-4000-8000-000000000000' } }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.refusal.error).toBe(UI_TEXT.organizationNotFound);
    const unknownDepartment = await register('acmeOwner', newMember({ meta: { department: 'Astrology' } }));
    expect(unknownDepartment.status).toBe(404);
    expect(unknownDepartment.refusal.error).toBe(UI_TEXT.departmentNotFound);
  });

  test('refuses an unknown role and a non-object meta with 400', async ({ t }) => {
    // Mistyped bodies, as an outside client might send them.
    const register = (payload: object) =>
      t.request({ method: 'POST', url: '/api/users/register', as: 'admin', payload });
    expect((await register({ ...newMember(), roles: ['superuser'] })).statusCode).toBe(400);
    expect((await register({ ...newMember(), meta: [1, 2] })).statusCode).toBe(400);
  });
});

describe('GET /api/users', () => {
  test('lists everyone for admin, paged with a total', async ({ t }) => {
    const response = await t.call(userEndpoints.list, { query: { limit: 3 }, as: 'admin' });
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.data).toHaveLength(3);
    expect(body.pagination).toMatchObject({ page: 1, limit: 3 });
    expect(body.pagination.total).toBe((await t.database.db.select().from(users)).length);
    const emails = (await t.call(userEndpoints.list, { query: { limit: 200 }, as: 'admin' })).data;
    expect(emails.map((u) => u.email)).toEqual(expect.arrayContaining([ACCOUNTS.globexOwner, ACCOUNTS.acmeOwner]));
  });

  test("lists only the org_admin's organization", async ({ t, demo: { acmeId } }) => {
    const listed = (await t.call(userEndpoints.list, { query: { limit: 200 }, as: 'acmeOwner' })).data;
    const members = await t.database.db.query.users.findMany({
      where: (row, { eq }) => eq(row.organizationId, acmeId),
    });
    expect(listed.map((u) => u.id).sort()).toEqual(members.map((u) => u.id).sort());
  });

  test.for<AccountName>(['acmeMember', 'advisor'])('is 403 for %s', async (as, { t }) => {
    expect((await t.call(userEndpoints.list, { as })).status).toBe(403);
  });

  test('is 401 signed out and 400 for a bad page', async ({ t }) => {
    expect((await t.call(userEndpoints.list, {})).status).toBe(401);
    expect((await t.call(userEndpoints.list, { query: { page: 0 }, as: 'admin' })).status).toBe(400);
    // A page size that is not a number, as an outside client might send it.
    expect((await t.request({ method: 'GET', url: '/api/users?limit=abc', as: 'admin' })).statusCode).toBe(400);
  });
});

describe('GET /api/users/organization/:orgId', () => {
  test.for<AccountName>(['acmeMember', 'acmeOwner', 'advisor', 'admin'])(
    'lists Acme for %s',
    async (as, { t, demo: { acmeId } }) => {
      const response = await t.call(userEndpoints.listByOrganization, { params: { orgId: acmeId }, as });
      expect(response.status).toBe(200);
      const emails = response.data.map((u) => u.email);
      expect(emails).toContain(ACCOUNTS.acmeMember);
      expect(emails).not.toContain(ACCOUNTS.globexOwner);
    },
  );

  test('searches names and e-mails as a picker types, paged', async ({ t, demo: { acmeId } }) => {
    const search = async (term: string, limit?: number) => {
      const query = { search: term, limit };
      return (await t.call(userEndpoints.listByOrganization, { params: { orgId: acmeId }, query, as: 'acmeOwner' }))
        .body;
    };
    const emails = (body: { data: { email: string }[] }) => body.data.map((user) => user.email);
    expect(emails(await search('jordan A'))).toEqual([ACCOUNTS.acmeMember]);
    expect(emails(await search('MEMBER@ACME'))).toEqual([ACCOUNTS.acmeMember]);
    expect(emails(await search('globex'))).toEqual([]);
    const paged = await search('acme.example.com', 2);
    expect(paged.data).toHaveLength(2);
    expect(paged.pagination.total).toBeGreaterThan(2);
    expect(emails(await search('_'))).toEqual([]); // no e-mail here has an underscore: not a wildcard
  });

  test('lists active, deactivated or all members by status, paged with their totals', async ({ t, make }) => {
    const organization = await make.organization();
    const [owner, ...people] = await Promise.all([
      make.member(organization.id, { role: 'org_admin', lastName: 'Owner' }),
      make.member(organization.id, { lastName: 'Adams' }),
      make.member(organization.id, { lastName: 'Brooks' }),
      make.member(organization.id, { lastName: 'Chen' }),
    ]);
    for (const person of people.slice(0, 2)) {
      await t.call(userEndpoints.deactivate, { params: { id: person.id }, as: owner });
    }
    const list = async (query: UserListQuery) => {
      const { body } = await t.call(userEndpoints.listByOrganization, {
        params: { orgId: organization.id },
        query,
        as: owner,
      });
      return { names: body.data.map((u) => u.lastName), total: body.pagination.total };
    };
    expect(await list({})).toEqual({ names: ['Chen', 'Owner'], total: 2 });
    expect(await list({ status: 'inactive' })).toEqual({ names: ['Adams', 'Brooks'], total: 2 });
    expect(await list({ status: 'inactive', limit: 1, page: 2 })).toEqual({ names: ['Brooks'], total: 2 });
    expect(await list({ status: 'all' })).toEqual({ names: ['Adams', 'Brooks', 'Chen', 'Owner'], total: 4 });
    expect(
      (await t.call(userEndpoints.list, { query: { status: 'inactive', limit: 200 }, as: owner })).data,
    ).toHaveLength(2);
  });

  test('is 404 for another organization and for an advisor not assigned there', async ({ t, demo: { acmeId } }) => {
    const initech = await t.database.db.query.organizations.findFirst({
      where: (row, { eq }) => eq(row.name, 'Initech'),
    });
    for (const as of ['globexOwner', 'globexMember', 'advisor'] as const) {
      const orgId = as === 'advisor' ? initech!.id : acmeId;
      const response = await t.call(userEndpoints.listByOrganization, { params: { orgId }, as });
      expect(response.status, as).toBe(404);
    }
  });

  test('is 404 for an unknown or malformed id, 401 signed out', async ({ t, demo: { acmeId } }) => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.call(userEndpoints.listByOrganization, { params: { orgId: unknown }, as: 'admin' })).status).toBe(
      404,
    );
    // A malformed id, as an outside client might send it.
    expect((await t.request({ method: 'GET', url: '/api/users/organization/42', as: 'admin' })).statusCode).toBe(404);
    expect((await t.call(userEndpoints.listByOrganization, { params: { orgId: acmeId } })).status).toBe(401);
  });
});

describe('PUT /api/users/:id/organization', () => {
  test('lets admin move a user; the old department is left behind', async ({
    t,
    demo: { globexId, acmeDepartments },
  }) => {
    const created = await t.call(userEndpoints.register, {
      as: 'acmeOwner',
      body: newMember({ meta: { departmentId: acmeDepartments.Engineering } }),
    });
    const id = created.data.user.id;
    const response = await t.call(userEndpoints.moveToOrganization, {
      params: { id },
      as: 'admin',
      body: { organizationId: globexId, organizationName: 'Globex' },
    });
    expect(response.status).toBe(200);
    expect(response.data.meta).toMatchObject({
      organizationId: globexId,
      organizationName: 'Globex',
      departmentId: null,
    });
  });

  test('list totals follow registrations and moves between organizations', async ({ t, demo: { globexId } }) => {
    const totalOf = async (as: AccountName) =>
      (await t.call(userEndpoints.list, { query: { limit: 1 }, as })).body.pagination.total;
    const [platform, acme, globex] = await Promise.all([
      totalOf('admin'),
      totalOf('acmeOwner'),
      totalOf('globexOwner'),
    ]);
    const created = await t.call(userEndpoints.register, { as: 'acmeOwner', body: newMember() });
    expect(await totalOf('acmeOwner')).toBe(acme + 1);
    expect(await totalOf('admin')).toBe(platform + 1);
    await t.call(userEndpoints.moveToOrganization, {
      params: { id: created.data.user.id },
      as: 'admin',
      body: { organizationId: globexId },
    });
    expect(await totalOf('acmeOwner')).toBe(acme);
    expect(await totalOf('globexOwner')).toBe(globex + 1);
    expect(await totalOf('admin')).toBe(platform + 1);
  });

  test("takes the moved user out of the old organization's teams, leads and managers", async ({
    t,
    demo: { globexId },
  }) => {
    const email = `mover.${Math.random().toString(36).slice(2)}@acme.example.com`;
    const mover = (await t.call(userEndpoints.register, { as: 'acmeOwner', body: newMember({ email }) })).data.user;
    const team = (await t.call(teamEndpoints.create, { as: 'acmeOwner', body: { name: 'Movers', teamLead: mover.id } }))
      .data;
    const department = (
      await t.call(departmentEndpoints.create, {
        as: 'acmeOwner',
        body: { name: `Moving ${email}`, manager: mover.id },
      })
    ).data;
    await t.call(userEndpoints.moveToOrganization, {
      params: { id: mover.id },
      as: 'admin',
      body: { organizationId: globexId },
    });

    const teamAfter = (await t.call(teamEndpoints.get, { params: { id: team._id }, as: 'acmeOwner' })).data;
    expect(teamAfter).toMatchObject({ teamLead: null, memberCount: 0, members: [] });
    const departmentAfter = (await t.call(departmentEndpoints.get, { params: { id: department._id }, as: 'acmeOwner' }))
      .data;
    expect(departmentAfter.manager).toBeNull();
  });

  test.for<AccountName>(['acmeOwner', 'acmeMember', 'advisor'])(
    'is 403 for %s',
    async (as, { t, profileOf, demo: { globexId } }) => {
      const id = (await profileOf('acmeMember')).id;
      const response = await t.call(userEndpoints.moveToOrganization, {
        params: { id },
        as,
        body: { organizationId: globexId },
      });
      expect(response.status).toBe(403);
    },
  );

  test('is 400 for a bad body, 404 for unknown user or organization', async ({ t, profileOf, demo: { globexId } }) => {
    const id = (await profileOf('acmeMember')).id;
    const unknown = '00000000-0000-4000-8000-000000000000';
    const move = (userId: string, organizationId: string) =>
      t.call(userEndpoints.moveToOrganization, { params: { id: userId }, as: 'admin', body: { organizationId } });
    expect((await move(id, 'x')).status).toBe(400);
    expect((await move(unknown, globexId)).status).toBe(404);
    expect((await move(id, unknown)).status).toBe(404);
    // Malformed ids, as an outside client might send them.
    const put = (url: string, payload: object) => t.request({ method: 'PUT', url, as: 'admin', payload });
    expect((await put('/api/users/xyz/organization', { organizationId: globexId })).statusCode).toBe(404);
    expect((await put('/api/users/xyz/department', { departmentId: null })).statusCode).toBe(404);
  });
});

describe('departments of users', () => {
  test('GET /api/users/department/:id lists members for the organization and admin only', async ({
    t,
    demo: { acmeDepartments },
  }) => {
    const params = { id: acmeDepartments.Operations! };
    for (const as of ['acmeMember', 'acmeOwner', 'admin'] as const) {
      const response = await t.call(userEndpoints.listByDepartment, { params, as });
      expect(response.status, as).toBe(200);
      expect(response.data.map((u) => u.email)).toContain(ACCOUNTS.acmeMember);
    }
    for (const as of ['globexOwner', 'advisor'] as const) {
      expect((await t.call(userEndpoints.listByDepartment, { params, as })).status, as).toBe(404);
    }
    expect((await t.call(userEndpoints.listByDepartment, { params })).status).toBe(401);
    // A malformed id, as an outside client might send it.
    expect((await t.request({ method: 'GET', url: '/api/users/department/not-an-id', as: 'admin' })).statusCode).toBe(
      404,
    );
  });

  test('PUT /api/users/:id/department: org_admin of that organization and admin; a member of another is 404', async ({
    t,
    profileOf,
    demo: { acmeDepartments, globexDepartmentId },
  }) => {
    const member = await profileOf('acmeMember');
    const put = (as: AccountName, departmentId: string | null) =>
      t.call(userEndpoints.setDepartment, { params: { id: member.id }, as, body: { departmentId } });

    const moved = await put('acmeOwner', acmeDepartments.Finance!);
    expect(moved.status).toBe(200);
    expect(moved.data.meta.department).toBe('Finance');
    expect((await put('admin', acmeDepartments.Operations!)).data.meta.department).toBe('Operations');

    expect((await put('acmeMember', acmeDepartments.Finance!)).status).toBe(403);
    expect((await put('globexOwner', acmeDepartments.Finance!)).status).toBe(404);
    expect((await put('advisor', acmeDepartments.Finance!)).status).toBe(404);
    expect((await put('acmeOwner', globexDepartmentId)).status).toBe(404);
    // A body without its department, as an outside client might send it.
    const bad = await t.request({
      method: 'PUT',
      url: `/api/users/${member.id}/department`,
      as: 'acmeOwner',
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
  });

  test('PUT /api/users/:id/department with null takes the user out of its department', async ({ t, profileOf }) => {
    const colleague = await profileOf('acmeColleague');
    const response = await t.call(userEndpoints.setDepartment, {
      params: { id: colleague.id },
      as: 'acmeOwner',
      body: { departmentId: null },
    });
    expect(response.data.meta).toMatchObject({ departmentId: null, department: null });
  });
});

describe('PUT /api/users/:id (edit a member)', () => {
  test('lets the org_admin change job title, phone, department and role', async ({ t, demo: { acmeDepartments } }) => {
    const created = (await t.call(userEndpoints.register, { as: 'acmeOwner', body: newMember() })).data.user;
    const response = await t.call(userEndpoints.update, {
      params: { id: created.id },
      as: 'acmeOwner',
      body: {
        jobTitle: 'Buyer',
        phone: '+1 312 555 0123',
        departmentId: acmeDepartments.Finance,
        role: 'org_admin',
      },
    });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({
      role: 'org_admin',
      meta: { jobTitle: 'Buyer', department: 'Finance' },
    });
    const cleared = await t.call(userEndpoints.update, {
      params: { id: created.id },
      as: 'admin',
      body: { departmentId: null, jobTitle: '' },
    });
    expect(cleared.data.meta).toMatchObject({ department: null, jobTitle: null });
  });

  test("refuses a phone that is not one, and keeps the member's phone", async ({ t }) => {
    const created = (await t.call(userEndpoints.register, { as: 'acmeOwner', body: newMember() })).data.user;
    const edit = (phone: string) =>
      t.call(userEndpoints.update, { params: { id: created.id }, as: 'acmeOwner', body: { phone } });
    const refused = await edit('abc');
    expect(refused.status).toBe(400);
    expect(refused.refusal.error).toBe(UI_TEXT.phoneInvalid);
    expect((await edit('+49 (30) 1234-567')).data.meta.phone).toBe('+49 (30) 1234-567');
  });

  test('does not let an org_admin change its own role', async ({ t, profileOf }) => {
    const owner = await profileOf('acmeOwner');
    const response = await t.call(userEndpoints.update, {
      params: { id: owner.id },
      as: 'acmeOwner',
      body: { role: 'user' },
    });
    expect(response.status).toBe(400);
    expect(response.refusal.error).toBe(UI_TEXT.cannotChangeOwnRole);
    const jobOnly = await t.call(userEndpoints.update, {
      params: { id: owner.id },
      as: 'acmeOwner',
      body: { jobTitle: 'CEO', role: 'org_admin' },
    });
    expect(jobOnly.status).toBe(200);
    expect((await profileOf('acmeOwner')).role).toBe('org_admin');
  });

  test('refuses advisor/admin roles from an org_admin, foreign departments, members and other tenants', async ({
    t,
    profileOf,
    demo: { globexDepartmentId },
  }) => {
    const member = await profileOf('acmeMember');
    const params = { id: member.id };
    const put = (as: AccountName, body: UpdateMemberBody) => t.call(userEndpoints.update, { params, as, body });
    expect((await put('acmeOwner', { role: 'admin' })).status).toBe(403);
    expect((await put('acmeOwner', { departmentId: globexDepartmentId })).status).toBe(404);
    expect((await put('acmeMember', { jobTitle: 'Boss' })).status).toBe(403);
    expect((await put('globexOwner', { jobTitle: 'Boss' })).status).toBe(404);
    expect((await put('advisor', { jobTitle: 'Boss' })).status).toBe(404);
    // A role that is none, as an outside client might send it.
    const king = { role: 'king' };
    const unknownRole = await t.request({
      method: 'PUT',
      url: `/api/users/${member.id}`,
      as: 'acmeOwner',
      payload: king,
    });
    expect(unknownRole.statusCode).toBe(400);
    expect((await t.call(userEndpoints.update, { params, body: {} })).status).toBe(401);
  });
});

describe('DELETE /api/users/:id (deactivate a member)', () => {
  test('ends its sessions, stops its sign-in, keeps its record, and drops it from the active directory', async ({
    t,
    demo: { acmeId },
  }) => {
    const body = newMember();
    const created = (await t.call(userEndpoints.register, { as: 'acmeOwner', body })).data.user;
    const token = await t.tokenFor(body.email, 'secret-123');
    const response = await t.call(userEndpoints.deactivate, { params: { id: created.id }, as: 'acmeOwner' });
    expect(response.status).toBe(200);
    expect(response.data.isActive).toBe(false);

    expect((await t.call(userEndpoints.profile, { token })).status).toBe(401);
    const login = await t.call(sessionEndpoints.signIn, { body: { email: body.email, password: 'secret-123' } });
    expect(login.status).toBe(401);
    const directory = (query: UserListQuery) =>
      t.call(userEndpoints.listByOrganization, { params: { orgId: acmeId }, query, as: 'acmeOwner' });
    const active = (await directory({ limit: 200 })).data;
    expect(active.map((u) => u.id)).not.toContain(created.id);
    const inactive = (await directory({ status: 'inactive' })).data;
    expect(inactive.map((u) => u.id)).toContain(created.id);
  });

  test('refuses self, members, other tenants and advisors', async ({ t, profileOf }) => {
    const owner = await profileOf('acmeOwner');
    const self = await t.call(userEndpoints.deactivate, { params: { id: owner.id }, as: 'acmeOwner' });
    expect(self.status).toBe(400);
    expect(self.refusal.error).toBe(UI_TEXT.cannotDeactivateSelf);
    const colleague = await profileOf('acmeColleague');
    const deactivate = (as: AccountName) => t.call(userEndpoints.deactivate, { params: { id: colleague.id }, as });
    expect((await deactivate('acmeMember')).status).toBe(403);
    expect((await deactivate('globexOwner')).status).toBe(404);
    expect((await deactivate('advisor')).status).toBe(404);
    // A malformed id, as an outside client might send it.
    expect((await t.request({ method: 'DELETE', url: '/api/users/not-a-uuid', as: 'admin' })).statusCode).toBe(404);
  });
});

describe("a user record's permissions", () => {
  test('say what the caller may do with the account, as the server decides it', async ({ t, make }) => {
    const organization = await make.organization();
    const [owner, member, former, admin] = await Promise.all([
      make.member(organization.id, { role: 'org_admin' }),
      make.member(organization.id),
      make.member(organization.id),
      make.admin(),
    ]);
    await t.call(userEndpoints.deactivate, { params: { id: former.id }, as: owner });
    const permissionsAs = async (as: typeof owner) => {
      const params = { orgId: organization.id };
      const all = (await t.call(userEndpoints.listByOrganization, { params, query: { status: 'all' }, as })).data;
      return Object.fromEntries(all.map((user) => [user.id, user.permissions]));
    };
    // Nobody here has a second factor to reset (two-factor.test.ts covers canResetTwoFactor).
    const none = { canEdit: false, canDeactivate: false, canReactivate: false, canResetTwoFactor: false };
    const active = { canEdit: true, canDeactivate: true, canReactivate: false, canResetTwoFactor: false };
    const inactive = { canEdit: true, canDeactivate: false, canReactivate: true, canResetTwoFactor: false };

    // Never on one's own account; a deactivated account is reactivated, not deactivated.
    expect(await permissionsAs(owner)).toEqual({ [owner.id]: none, [member.id]: active, [former.id]: inactive });
    expect(await permissionsAs(admin)).toEqual({ [owner.id]: active, [member.id]: active, [former.id]: inactive });
    const asMember = await t.call(userEndpoints.profile, { as: member });
    expect(asMember.data.permissions).toEqual(none);
    // What the record allows, the server does; what it does not, the server refuses.
    const deactivate = (id: string, as: typeof owner) => t.call(userEndpoints.deactivate, { params: { id }, as });
    expect((await deactivate(owner.id, member)).status).toBe(403);
    expect((await deactivate(owner.id, owner)).status).toBe(400);
    expect((await deactivate(member.id, owner)).status).toBe(200);
  });
});

describe('POST /api/users/:id/reactivate', () => {
  test('lets the member sign in again, back in its department and in the active directory', async ({
    t,
    demo: { acmeId, acmeDepartments },
  }) => {
    const department = acmeDepartments.Engineering!;
    const body = newMember({ meta: { departmentId: department } });
    const created = (await t.call(userEndpoints.register, { as: 'acmeOwner', body })).data.user;
    const memberCount = async () =>
      (await t.call(departmentEndpoints.get, { params: { id: department }, as: 'acmeOwner' })).data.memberCount;
    const before = await memberCount();
    await t.call(userEndpoints.deactivate, { params: { id: created.id }, as: 'acmeOwner' });
    expect(await memberCount()).toBe(before - 1);

    const reactivate = () => t.call(userEndpoints.reactivate, { params: { id: created.id }, as: 'acmeOwner' });
    const response = await reactivate();
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ isActive: true, meta: { departmentId: department } });
    expect(await memberCount()).toBe(before);
    await expect(t.tokenFor(body.email, 'secret-123')).resolves.toEqual(expect.any(String));
    const directory = (
      await t.call(userEndpoints.listByOrganization, {
        params: { orgId: acmeId },
        query: { limit: 200 },
        as: 'acmeOwner',
      })
    ).data;
    expect(directory.map((u) => u.id)).toContain(created.id);
    // Reactivating an active member changes nothing.
    const again = await reactivate();
    expect(again.data.isActive).toBe(true);
  });

  test('is 404 for a member of a closed organization, until an admin reopens it', async ({ t, make }) => {
    const organization = await make.organization();
    const [admin, member] = await Promise.all([make.admin(), make.member(organization.id)]);
    await t.call(userEndpoints.deactivate, { params: { id: member.id }, as: admin });
    const account = (action: 'close' | 'reopen') =>
      t.call(organizationEndpoints[action], { params: { id: organization.id }, as: admin });
    expect((await account('close')).status).toBe(200);

    const reactivate = () => t.call(userEndpoints.reactivate, { params: { id: member.id }, as: admin });
    const listed = await t.call(userEndpoints.listByOrganization, {
      params: { orgId: organization.id },
      query: { status: 'inactive' },
      as: admin,
    });
    expect(listed.data[0]?.permissions.canReactivate).toBe(false);
    const refused = await reactivate();
    expect(refused.status).toBe(404);
    expect(refused.refusal.error).toBe(UI_TEXT.userNotFound);
    const row = await t.database.db.query.users.findFirst({ where: (user, { eq }) => eq(user.id, member.id) });
    expect(row?.isActive).toBe(false);

    expect((await account('reopen')).status).toBe(200);
    expect((await reactivate()).data.isActive).toBe(true);
  });

  test('is 404 for an unknown or malformed id, 401 signed out', async ({ t }) => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.call(userEndpoints.reactivate, { params: { id: unknown }, as: 'admin' })).status, unknown).toBe(
      404,
    );
    // A malformed id, as an outside client might send it.
    const malformed = await t.request({ method: 'POST', url: '/api/users/not-a-uuid/reactivate', as: 'admin' });
    expect(malformed.statusCode, 'not-a-uuid').toBe(404);
    expect((await t.call(userEndpoints.reactivate, { params: { id: unknown } })).status).toBe(401);
  });
});
