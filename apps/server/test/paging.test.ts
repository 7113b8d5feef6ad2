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
  acmeId = (await t.request({ method: 'GET', url: '/api/users/profile', as: 'acmeOwner' })).json().data.meta
    .organizationId;
});
afterAll(async () => {
  await t?.close();
});

const lists: [string, AccountName][] = [
  ['/api/users', 'admin'],
  ['/api/departments', 'admin'],
  ['/api/teams', 'admin'],
  ['/api/organizations', 'admin'],
  ['/api/users/organization/:acme', 'acmeMember'],
];

async function page(url: string, as: AccountName, query: string) {
  const response = await t.request({ method: 'GET', url: `${url.replace(':acme', acmeId)}?${query}`, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: { id: string }[]; pagination: { page: number; total: number; pages: number } };
}

describe('paging', () => {
  it.each(lists)('walks %s page by page in the order of one big page (as %s)', async (url, as) => {
    const whole = await page(url, as, 'limit=200');
    const limit = 2;
    const { total } = whole.pagination;
    const pages = Math.ceil(total / limit);
    expect(total).toBe(whole.data.length);
    expect(total).toBeGreaterThan(limit);
    const walked: string[] = [];
    for (let number = 1; number <= pages; number += 1) {
      const next = await page(url, as, `limit=${limit}&page=${number}`);
      expect(next.pagination).toEqual({ page: number, limit, total, pages });
      walked.push(...next.data.map((row) => row.id));
    }
    expect(walked).toEqual(whole.data.map((row) => row.id));
    const pastTheEnd = await page(url, as, `limit=${limit}&page=${pages + 1}`);
    expect(pastTheEnd.data).toEqual([]);
    expect(pastTheEnd.pagination.total).toBe(total);
  });
});
