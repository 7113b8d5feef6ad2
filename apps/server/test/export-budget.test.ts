import { UI_TEXT } from '@smart/contracts';
import { expect } from 'vitest';
import type { TestApp } from './helpers/app.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';

/**
 * The export budget (decision 0199): every CSV export and the timesheet's CSV and PDF
 * count against one per-person budget a minute, as writes do (over Redis when the tests have it);
 * over it, 429 with Retry-After and nothing written to the audit log. Four a minute here.
 */
const BUDGET = 4;
const test = apiTest({ demoData: false, writeLimits: { exports: BUDGET } });

const RANGE = 'from=2031-03-01&to=2031-03-31';
/** The file's first test makes its app too. */
const SLOW = { timeout: 120_000 };

const download = (t: TestApp, as: Member, url: string) => t.request({ method: 'GET', url, as });

test(
  'the exports of one person share a budget a minute: the next is 429 with Retry-After; another person still exports',
  SLOW,
  async ({ t, make }) => {
    const organization = await make.organization();
    const [owner, member, colleague] = await Promise.all([
      make.member(organization.id, { role: 'org_admin' }),
      make.member(organization.id),
      make.member(organization.id),
    ]);
    // Two lists, the timesheet's CSV and its PDF statement: four of the budget.
    for (const url of [
      '/api/exports/tickets.csv',
      '/api/exports/tasks.csv',
      `/api/time-entries/timesheet.csv?${RANGE}`,
      `/api/time-entries/timesheet.pdf?${RANGE}&organizationId=${organization.id}`,
    ]) {
      const response = await download(t, member, url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    const linesBefore = await exportLines(t, owner);

    for (const url of ['/api/exports/tickets.csv?search=again', `/api/time-entries/timesheet.pdf?${RANGE}`]) {
      const refused = await download(t, member, url);
      expect(refused.statusCode, url).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.json()).toMatchObject({ success: false, error: UI_TEXT.tooManyRequests });
    }
    // A refused export is no line of the log.
    expect(await exportLines(t, owner)).toBe(linesBefore);
    // The budget is the person's: a colleague exports as before.
    expect((await download(t, colleague, '/api/exports/tickets.csv')).statusCode).toBe(200);
  },
);

/** How many export lines the organization's log holds. */
async function exportLines(t: TestApp, owner: Member) {
  const response = await t.request({ method: 'GET', url: '/api/audit-log?view=exports', as: owner });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { pagination: { total: number } }).pagination.total;
}
