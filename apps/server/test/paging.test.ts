import { departmentEndpoints, organizationEndpoints, teamEndpoints, userEndpoints } from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountName, createTestApp, type TestApp } from './helpers/app.js';

/**
 * Every list pages through lib/paging.ts: pages past the middle are read backwards from the end.
 * Walking a list page by page must give exactly the rows of one big page, in the same order.
 */
let t: TestApp;
let acmeId: string;

beforeAll(async () => {
  t = await createTestApp();
  acmeId = (await t.call(userEndpoints.profile, { as: 'acmeOwner' })).data.meta.organizationId ?? '';
});
afterAll(async () => {
  await t?.close();
});

interface Paging {
  limit: number;
  page?: number;
}
/** What a paged list answers. */
interface Page {
  status: number;
  response: { body: string };
  body: { data: { id: string }[]; pagination: { page: number; limit: number; total: number; pages: number } };
}
/** A paged list read as an account: its path, the account, and the call. */
type PagedList = [string, AccountName, (query: Paging, as: AccountName) => Promise<Page>];

const lists: PagedList[] = [
  [userEndpoints.list.path, 'admin', (query, as) => t.call(userEndpoints.list, { query, as })],
  [departmentEndpoints.list.path, 'admin', (query, as) => t.call(departmentEndpoints.list, { query, as })],
  [teamEndpoints.list.path, 'admin', (query, as) => t.call(teamEndpoints.list, { query, as })],
  [organizationEndpoints.list.path, 'admin', (query, as) => t.call(organizationEndpoints.list, { query, as })],
  [
    userEndpoints.listByOrganization.path,
    'acmeMember',
    (query, as) => t.call(userEndpoints.listByOrganization, { params: { orgId: acmeId }, query, as }),
  ],
];

async function page(list: PagedList[2], as: AccountName, query: Paging) {
  const response = await list(query, as);
  expect(response.status, response.response.body).toBe(200);
  return response.body;
}

describe('paging', () => {
  it.each(lists)('walks %s page by page in the order of one big page (as %s)', async (_path, as, list) => {
    const whole = await page(list, as, { limit: 200 });
    const limit = 2;
    const { total } = whole.pagination;
    const pages = Math.ceil(total / limit);
    expect(total).toBe(whole.data.length);
    expect(total).toBeGreaterThan(limit);
    const walked: string[] = [];
    for (let number = 1; number <= pages; number += 1) {
      const next = await page(list, as, { limit, page: number });
      expect(next.pagination).toEqual({ page: number, limit, total, pages });
      walked.push(...next.data.map((row) => row.id));
    }
    expect(walked).toEqual(whole.data.map((row) => row.id));
    const pastTheEnd = await page(list, as, { limit, page: pages + 1 });
    expect(pastTheEnd.data).toEqual([]);
    expect(pastTheEnd.pagination.total).toBe(total);
  });
});
