import { MAX_SEARCH_LENGTH, type UserListQuery, userEndpoints } from '@smart/contracts';
import { describe, expect } from 'vitest';
import type { AccountName } from './helpers/app.js';
import { apiTest } from './helpers/fixture.js';

/** GET /api/users?search=: name or e-mail contains, case-insensitive, inside the caller's scope, paged. */
const test = apiTest().extend('search', { scope: 'file' }, ({ t }) => async (as: AccountName, query: UserListQuery) => {
  const response = await t.call(userEndpoints.list, { query, as });
  expect(response.status, response.response.body).toBe(200);
  const body = response.body;
  return { emails: body.data.map((user) => user.email), total: body.pagination.total };
});

describe('GET /api/users?search=', () => {
  test('finds a first name, a last name, a full name and a piece of e-mail, whatever the case', async ({ search }) => {
    expect((await search('acmeOwner', { search: 'dana' })).emails).toEqual(['dana.lee@acme.example.com']);
    expect((await search('acmeOwner', { search: 'PATEL' })).emails).toEqual(['samir.patel@acme.example.com']);
    expect((await search('acmeOwner', { search: 'Dana Lee' })).emails).toEqual(['dana.lee@acme.example.com']);
    expect((await search('acmeOwner', { search: 'liam.oconnor@' })).emails).toEqual(['liam.oconnor@acme.example.com']);
  });

  test("stays inside an org_admin's organization; an admin searches everyone or one organization", async ({
    t,
    search,
  }) => {
    expect(await search('acmeOwner', { search: 'globex' })).toEqual({ emails: [], total: 0 });
    const everywhere = await search('admin', { search: 'example.com', limit: 200 });
    expect(everywhere.emails).toEqual(
      expect.arrayContaining(['nina.brooks@globex.example.com', 'admin@smart.example.com']),
    );
    const globexId = (await t.call(userEndpoints.profile, { as: 'globexOwner' })).data.meta.organizationId!;
    const globex = await search('admin', { search: 'o', organizationId: globexId, limit: 200 });
    expect(globex.emails.length).toBeGreaterThan(0);
    expect(globex.emails.every((email) => email.endsWith('@globex.example.com'))).toBe(true);
  });

  test('pages the matches with their own total', async ({ search }) => {
    const all = await search('acmeOwner', { search: 'acme', limit: 200 });
    expect(all.total).toBe(all.emails.length);
    const second = await search('acmeOwner', { search: 'acme', limit: 2, page: 2 });
    expect(second).toEqual({ emails: all.emails.slice(2, 4), total: all.total });
    const last = Math.ceil(all.total / 2);
    expect(await search('acmeOwner', { search: 'acme', limit: 2, page: last })).toEqual({
      emails: all.emails.slice((last - 1) * 2),
      total: all.total,
    });
    // Past the end no row carries the total; it is still told.
    expect(await search('acmeOwner', { search: 'acme', limit: 2, page: last + 1 })).toEqual({
      emails: [],
      total: all.total,
    });
  });

  test('takes % and _ literally, and a blank search as none', async ({ search }) => {
    expect((await search('acmeOwner', { search: '%' })).total).toBe(0);
    expect((await search('acmeOwner', { search: '_' })).total).toBe(0);
    const unfiltered = await search('acmeOwner', { limit: 1 });
    expect((await search('acmeOwner', { search: '   ', limit: 1 })).total).toBe(unfiltered.total);
  });

  test('filters by status for pickers (active members only)', async ({ t, search }) => {
    const dana = (await search('acmeOwner', { search: 'dana.lee' })).emails;
    expect(dana).toHaveLength(1);
    const id = (await t.call(userEndpoints.list, { query: { search: 'dana.lee' }, as: 'acmeOwner' })).data[0]!.id;
    expect((await t.call(userEndpoints.deactivate, { params: { id }, as: 'acmeOwner' })).status).toBe(200);
    expect((await search('acmeOwner', { search: 'dana.lee', status: 'active' })).total).toBe(0);
    expect((await search('acmeOwner', { search: 'dana.lee', status: 'inactive' })).emails).toEqual(dana);
    expect((await search('acmeOwner', { search: 'dana.lee' })).emails).toEqual(dana);
  });

  test(`refuses a search longer than ${MAX_SEARCH_LENGTH} characters with 400`, async ({ t }) => {
    const query = { search: 'a'.repeat(MAX_SEARCH_LENGTH + 1) };
    const response = await t.call(userEndpoints.list, { query, as: 'acmeOwner' });
    expect(response.status).toBe(400);
  });
});
