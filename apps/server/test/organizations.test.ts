import { organizationEndpoints, PLATFORM_ORGANIZATION_NAME, UI_TEXT, userEndpoints } from '@smart/contracts';
import { describe, expect } from 'vitest';
import { adminOnly, authzMatrix, ORGANIZATION_READERS } from './helpers/authz-matrix.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { uploadPng } from './helpers/multipart.js';

const unknownId = '00000000-0000-4000-8000-000000000000';

/** Its `cast`: `organization` with its org_admin, a user and an assigned advisor; `otherOrganization` with its org_admin. */
const test = apiTest({ demoData: false }).extend('put', { scope: 'file' }, ({ t, cast }) => {
  return (payload: unknown, as = cast.orgAdmin, id = cast.organization.id) =>
    t.call(organizationEndpoints.update, { params: { id }, body: payload as object, as });
});

const names = (response: { data: { name: string }[] }) => response.data.map((o) => o.name);
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 7)}`;

authzMatrix('who may do what', {
  test,
  arrange: async (people) => people.organization,
  routes: [
    {
      route: 'GET /api/organizations/:id',
      request: (organization) => ({ method: 'GET', url: `/api/organizations/${organization.id}` }),
      statuses: ORGANIZATION_READERS,
    },
    {
      route: 'GET /api/organizations/:id/users',
      request: (organization) => ({ method: 'GET', url: `/api/organizations/${organization.id}/users` }),
      statuses: ORGANIZATION_READERS,
    },
    {
      route: 'PUT /api/organizations/:id',
      request: (organization) => ({
        method: 'PUT',
        url: `/api/organizations/${organization.id}`,
        payload: { description: 'Changed' },
      }),
      // Its org_admin (canManageSettings) and admin; its user and advisor may only read it.
      statuses: { ...ORGANIZATION_READERS, user: 403, advisorAssigned: 403 },
    },
    {
      route: 'POST /api/organizations',
      request: () => ({ method: 'POST', url: '/api/organizations', payload: { name: unique('Initech') } }),
      statuses: adminOnly(201),
    },
    {
      // Still has members, so even an admin is refused (409).
      route: 'DELETE /api/organizations/:id',
      request: (organization) => ({ method: 'DELETE', url: `/api/organizations/${organization.id}` }),
      statuses: adminOnly(409),
    },
  ],
  errors: { 404: UI_TEXT.organizationNotFound },
});

describe('GET /api/organizations', () => {
  test('lists all for admin, the assigned ones for an advisor, the own one for others', async ({ t, cast }) => {
    const list = async (member: Member) =>
      names(await t.call(organizationEndpoints.list, { query: { limit: 200 }, as: member }));
    const all = await list(cast.admin);
    expect(all).toEqual(
      expect.arrayContaining([cast.organization.name, cast.otherOrganization.name, PLATFORM_ORGANIZATION_NAME]),
    );
    expect(all).toEqual([...all].sort());
    expect(await list(cast.advisorAssigned)).toEqual([cast.organization.name]);
    expect(await list(cast.advisorUnassigned)).toEqual([]);
    expect(await list(cast.user)).toEqual([cast.organization.name]);
    expect(await list(cast.otherOrgAdmin)).toEqual([cast.otherOrganization.name]);
  });

  test('counts active members in SQL, as its members list does', async ({ t, make, cast }) => {
    const organization = await make.organization({
      name: unique('Acme'),
      contact: { email: 'contact@acme.example.com', address: { city: 'Chicago' } },
    });
    const [member, , leaver] = await Promise.all([
      make.member(organization.id),
      make.member(organization.id),
      make.member(organization.id),
    ]);
    const deactivated = await t.call(userEndpoints.deactivate, { params: { id: leaver.id }, as: cast.admin });
    expect(deactivated.status).toBe(200);

    const [listed] = (await t.call(organizationEndpoints.list, { as: member })).data;
    expect(listed).toMatchObject({
      name: organization.name,
      memberCount: 2,
      contact: { email: 'contact@acme.example.com', address: { city: 'Chicago' } },
    });
    const users = await t.call(organizationEndpoints.listUsers, { params: { id: organization.id }, as: member });
    expect(users.body.pagination.total).toBe(2);
  });

  test('searches names, ignoring case, within what the caller may see', async ({ t, make, cast }) => {
    const stem = unique('Zephyr').replace(' ', '');
    const [north, south] = await Promise.all([
      make.organization({ name: `${stem} North` }),
      make.organization({ name: `${stem} South` }),
    ]);
    const southMember = await make.member(south.id);
    const search = (term: string, as: Member = cast.admin) =>
      t.call(organizationEndpoints.list, { query: { search: term }, as });

    const found = await search(stem.toUpperCase());
    expect(names(found)).toEqual([north.name, south.name]);
    expect(found.body.pagination).toMatchObject({ total: 2 });
    expect(names(await search(`${stem} s`))).toEqual([south.name]);
    expect(names(await search(`${stem}%`))).toEqual([]); // a literal percent sign, not a wildcard
    expect(names(await search(stem, southMember))).toEqual([south.name]);
    expect((await search('x'.repeat(101))).status).toBe(400);
  });
});

describe('GET /api/organizations/:id', () => {
  test('answers the profile; 404 for unknown and malformed ids', async ({ t, cast }) => {
    const response = await t.call(organizationEndpoints.get, { params: { id: cast.organization.id }, as: cast.user });
    expect(response.data).toMatchObject({
      _id: cast.organization.id,
      name: cast.organization.name,
      isPlatform: false,
    });
    for (const id of [unknownId, 'acme']) {
      expect((await t.call(organizationEndpoints.get, { params: { id }, as: cast.admin })).status).toBe(404);
    }
  });
});

describe('PUT /api/organizations/:id', () => {
  test('lets its org_admin change the five fields and merges the address', async ({ t, make, cast, put }) => {
    const name = unique('Acme');
    const organization = await make.organization({ name, contact: { address: { city: 'Chicago', state: 'IL' } } });
    const [owner, member] = await Promise.all([
      make.member(organization.id, { role: 'org_admin' }),
      make.member(organization.id),
    ]);
    const response = await put(
      {
        name: `${name} Corporation`,
        website: 'acme-tools.example.com',
        description: 'Precision tools since 1952.',
        contact: { email: 'Hello@Acme.example.com', phone: '+1 312 555 0100', address: { city: 'Evanston' } },
      },
      owner,
      organization.id,
    );
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({
      name: `${name} Corporation`,
      website: 'https://acme-tools.example.com',
      description: 'Precision tools since 1952.',
      contact: {
        email: 'hello@acme.example.com',
        phone: '+1 312 555 0100',
        address: { city: 'Evanston', state: 'IL' },
      },
    });
    const again = await t.call(organizationEndpoints.get, { params: { id: organization.id }, as: member });
    expect(again.data.name).toBe(`${name} Corporation`);
    expect((await put({ name }, cast.admin, organization.id)).data.name).toBe(name);
  });

  test.for([
    [{ contact: { email: 'not-an-email' } }, UI_TEXT.emailInvalid],
    [{ contact: { phone: 'abc' } }, UI_TEXT.phoneInvalid],
    [{ contact: { phone: '555-12' } }, UI_TEXT.phoneInvalid],
    [{ website: 'http://exa mple' }, UI_TEXT.websiteInvalid],
    [{ name: '   ' }, UI_TEXT.organizationNameRequired],
    [{ name: 42 }, UI_TEXT.organizationNameRequired],
    [{ website: 'javascript:alert(1)' }, UI_TEXT.websiteInvalid],
    [{ logo: 'javascript:alert(1)' }, UI_TEXT.imageUrlInvalid],
    [{ logo: 'https://evil.example.com/logo.png' }, UI_TEXT.imageUrlInvalid],
    [{ logo: '/api/files/8d3c5a38-1c7e-4f3e-9a57-0d3c1f2e7b11.png' }, UI_TEXT.imageFileRequired],
  ])('refuses %j with 400 "%s"', async ([payload, message], { put }) => {
    const response = await put(payload);
    expect(response.status).toBe(400);
    expect(response.refusal.error).toBe(message);
  });

  test('takes an uploaded image as the logo, and clears it with an empty value', async ({ t, cast, put }) => {
    const logo = await uploadPng(t, cast.orgAdmin);
    const set = await put({ logo });
    expect(set.status).toBe(200);
    expect(set.data.logo).toBe(logo);
    const cleared = await put({ logo: '' });
    expect(cleared.data.logo).toBeNull();
  });

  test('refuses a name another organization has with 409, whatever its case', async ({ cast, put }) => {
    const response = await put({ name: cast.otherOrganization.name.toUpperCase() }, cast.admin);
    expect(response.status).toBe(409);
    expect(response.refusal.error).toBe(UI_TEXT.organizationNameTaken);
    expect(response.refusal.details).toEqual([{ path: 'name', message: UI_TEXT.organizationNameTaken }]);
  });

  test('is 401 signed out, even with a bad body', async ({ t, cast }) => {
    const signedOut = await t.call(organizationEndpoints.update, { params: { id: cast.organization.id }, body: {} });
    expect(signedOut.status).toBe(401);
  });
});

describe('POST and DELETE /api/organizations', () => {
  test('lets admin create one and delete it while it has no members', async ({ t, cast }) => {
    const created = await t.call(organizationEndpoints.create, {
      body: {
        name: 'Initech',
        website: 'https://initech.example.com',
        contact: { email: 'it@initech.example.com' },
      },
      as: cast.admin,
    });
    expect(created.status).toBe(201);
    const initech = created.data;
    expect(initech).toMatchObject({ name: 'Initech', memberCount: 0 });
    const params = { id: initech._id };
    expect((await t.call(organizationEndpoints.remove, { params, as: cast.admin })).status).toBe(200);
    expect((await t.call(organizationEndpoints.get, { params, as: cast.admin })).status).toBe(404);
  });

  test('refuses to delete an organization that still has members, or the platform one, with 409', async ({
    t,
    cast,
  }) => {
    const params = { id: cast.otherOrganization.id };
    const response = await t.call(organizationEndpoints.remove, { params, as: cast.admin });
    expect(response.status).toBe(409);
    expect(response.refusal.error).toBe(UI_TEXT.organizationHasMembers);
    expect((await t.call(organizationEndpoints.get, { params, as: cast.admin })).data.memberCount).toBe(1);
    const platform = await t.call(organizationEndpoints.remove, {
      params: { id: String(cast.admin.organizationId) },
      as: cast.admin,
    });
    expect(platform.status).toBe(409);
    expect(platform.refusal.error).toBe(UI_TEXT.platformOrganizationLocked);
  });

  test('validates the body and answers a taken name with 409', async ({ t, cast }) => {
    const missing = await t.request({ method: 'POST', url: '/api/organizations', payload: {}, as: cast.admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(UI_TEXT.organizationNameRequired);
    const taken = await t.call(organizationEndpoints.create, {
      body: { name: cast.organization.name.toUpperCase() },
      as: cast.admin,
    });
    expect(taken.status).toBe(409);
  });
});
