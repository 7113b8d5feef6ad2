import { MESSAGES } from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountName, createTestApp, type TestApp } from './helpers/app.js';
import { uploadPng } from './helpers/multipart.js';

let t: TestApp;
let acmeId: string;
let globexId: string;
const unknownId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  const profile = async (as: AccountName) =>
    (await t.request({ method: 'GET', url: '/api/users/profile', as })).json().data;
  acmeId = (await profile('acmeOwner')).meta.organizationId;
  globexId = (await profile('globexOwner')).meta.organizationId;
});
afterAll(async () => {
  await t?.close();
});

const names = (response: { json(): { data: { name: string }[] } }) => response.json().data.map((o) => o.name);

describe('GET /api/organizations', () => {
  it('lists all for admin, the assigned ones for an advisor, the own one for others', async () => {
    const all = await t.request({ method: 'GET', url: '/api/organizations', as: 'admin' });
    expect(all.statusCode).toBe(200);
    expect(names(all)).toEqual(['Acme Corp', 'Globex', 'SMART']);
    expect(all.json().pagination).toMatchObject({ total: 3 });
    expect(names(await t.request({ method: 'GET', url: '/api/organizations', as: 'advisor' }))).toEqual(['Acme Corp']);
    expect(names(await t.request({ method: 'GET', url: '/api/organizations', as: 'acmeMember' }))).toEqual([
      'Acme Corp',
    ]);
    expect(names(await t.request({ method: 'GET', url: '/api/organizations', as: 'globexOwner' }))).toEqual(['Globex']);
  });

  it('counts active members in SQL', async () => {
    const acme = (await t.request({ method: 'GET', url: '/api/organizations', as: 'acmeOwner' })).json().data[0];
    expect(acme.memberCount).toBe(13);
    expect(acme.contact).toMatchObject({ email: 'contact@acme.example.com', address: { city: 'Chicago' } });
  });

  it('is 401 signed out', async () => {
    expect((await t.request({ method: 'GET', url: '/api/organizations' })).statusCode).toBe(401);
  });
});

describe('GET /api/organizations/:id', () => {
  it.each<AccountName>(['acmeMember', 'acmeOwner', 'advisor', 'admin'])('reads Acme as %s', async (as) => {
    const response = await t.request({ method: 'GET', url: `/api/organizations/${acmeId}`, as });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ _id: acmeId, name: 'Acme Corp', isPlatform: false });
  });

  it('is 404 for another organization, an unassigned advisor, unknown and malformed ids', async () => {
    expect(
      (await t.request({ method: 'GET', url: `/api/organizations/${acmeId}`, as: 'globexOwner' })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/organizations/${globexId}`, as: 'advisor' })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: 'GET', url: `/api/organizations/${unknownId}`, as: 'admin' })).statusCode).toBe(
      404,
    );
    const malformed = await t.request({ method: 'GET', url: '/api/organizations/acme', as: 'admin' });
    expect(malformed.statusCode).toBe(404);
  });
});

describe('PUT /api/organizations/:id', () => {
  const put = (as: AccountName, payload: unknown, id = acmeId) =>
    t.request({ method: 'PUT', url: `/api/organizations/${id}`, as, payload: payload as object });

  it('lets its org_admin change the five fields and merges the address', async () => {
    const response = await put('acmeOwner', {
      name: 'Acme Corporation',
      website: 'acme-tools.example.com',
      description: 'Precision tools since 1952.',
      contact: { email: 'Hello@Acme.example.com', phone: '+1 312 555 0100', address: { city: 'Evanston' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Acme Corporation',
      website: 'https://acme-tools.example.com',
      description: 'Precision tools since 1952.',
      contact: {
        email: 'hello@acme.example.com',
        phone: '+1 312 555 0100',
        address: { city: 'Evanston', state: 'IL' },
      },
    });
    const again = await t.request({ method: 'GET', url: `/api/organizations/${acmeId}`, as: 'acmeMember' });
    expect(again.json().data.name).toBe('Acme Corporation');
    expect((await put('admin', { name: 'Acme Corp' })).json().data.name).toBe('Acme Corp');
  });

  it.each([
    [{ contact: { email: 'not-an-email' } }, MESSAGES.emailInvalid],
    [{ website: 'http://exa mple' }, MESSAGES.websiteInvalid],
    [{ name: '   ' }, MESSAGES.organizationNameRequired],
    [{ name: 42 }, MESSAGES.organizationNameRequired],
    [{ website: 'javascript:alert(1)' }, MESSAGES.websiteInvalid],
    [{ logo: 'javascript:alert(1)' }, MESSAGES.imageUrlInvalid],
    [{ logo: 'https://evil.example.com/logo.png' }, MESSAGES.imageUrlInvalid],
    [{ logo: '/api/files/8d3c5a38-1c7e-4f3e-9a57-0d3c1f2e7b11.png' }, MESSAGES.imageFileRequired],
  ])('refuses %j with 400 "%s"', async (payload, message) => {
    const response = await put('acmeOwner', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });

  it('takes an uploaded image as the logo, and clears it with an empty value', async () => {
    const logo = await uploadPng(t, 'acmeOwner');
    const set = await put('acmeOwner', { logo });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.logo).toBe(logo);
    const cleared = await put('acmeOwner', { logo: '' });
    expect(cleared.json().data.logo).toBeNull();
  });

  it('refuses a name another organization has with 409', async () => {
    expect((await put('admin', { name: 'globex' })).statusCode).toBe(409);
  });

  it('is 403 for a member or advisor of it, 404 for another organization, 401 signed out', async () => {
    expect((await put('acmeMember', { description: 'x' })).statusCode).toBe(403);
    expect((await put('advisor', { description: 'x' })).statusCode).toBe(403);
    expect((await put('globexOwner', { description: 'x' })).statusCode).toBe(404);
    const signedOut = await t.request({ method: 'PUT', url: `/api/organizations/${acmeId}`, payload: {} });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('POST and DELETE /api/organizations', () => {
  it('lets admin create one and delete it while it has no members', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/organizations',
      as: 'admin',
      payload: {
        name: 'Initech',
        website: 'https://initech.example.com',
        contact: { email: 'it@initech.example.com' },
      },
    });
    expect(created.statusCode).toBe(201);
    const initech = created.json().data;
    expect(initech).toMatchObject({ name: 'Initech', memberCount: 0 });
    const deleted = await t.request({ method: 'DELETE', url: `/api/organizations/${initech._id}`, as: 'admin' });
    expect(deleted.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/organizations/${initech._id}`, as: 'admin' })).statusCode).toBe(
      404,
    );
  });

  it('refuses to delete an organization that still has members, or the platform one, with 409', async () => {
    const response = await t.request({ method: 'DELETE', url: `/api/organizations/${globexId}`, as: 'admin' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(MESSAGES.organizationHasMembers);
    const globex = await t.request({ method: 'GET', url: `/api/organizations/${globexId}`, as: 'admin' });
    expect(globex.json().data.memberCount).toBe(3);
    const organizations = (await t.request({ method: 'GET', url: '/api/organizations', as: 'admin' })).json().data;
    const smart = organizations.find((o: { isPlatform: boolean }) => o.isPlatform);
    const platform = await t.request({ method: 'DELETE', url: `/api/organizations/${smart._id}`, as: 'admin' });
    expect(platform.json().error).toBe(MESSAGES.platformOrganizationLocked);
  });

  it.each<AccountName>(['acmeOwner', 'acmeMember', 'advisor'])('is 403 for %s', async (as) => {
    expect(
      (await t.request({ method: 'POST', url: '/api/organizations', as, payload: { name: 'Nope' } })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/organizations/${globexId}`, as })).statusCode).toBe(403);
  });

  it('validates the body and answers a taken name with 409', async () => {
    const missing = await t.request({ method: 'POST', url: '/api/organizations', as: 'admin', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(MESSAGES.organizationNameRequired);
    const taken = await t.request({
      method: 'POST',
      url: '/api/organizations',
      as: 'admin',
      payload: { name: 'ACME CORP' },
    });
    expect(taken.statusCode).toBe(409);
  });
});

describe('GET /api/organizations/:id/users', () => {
  it('lists active members for members, its advisors and admin; 404 for others', async () => {
    for (const as of ['acmeMember', 'advisor', 'admin'] as const) {
      const response = await t.request({ method: 'GET', url: `/api/organizations/${acmeId}/users?limit=100`, as });
      expect(response.statusCode, as).toBe(200);
      expect(response.json().pagination.total).toBe(13);
    }
    const other = await t.request({ method: 'GET', url: `/api/organizations/${acmeId}/users`, as: 'globexMember' });
    expect(other.statusCode).toBe(404);
  });
});
