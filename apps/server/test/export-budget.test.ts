import { auditLogEndpoints, exportEndpoints, timeEntryEndpoints, UI_TEXT } from '@smart/contracts';
import type { LightMyRequestResponse } from 'fastify';
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

const RANGE = { from: '2031-03-01', to: '2031-03-31' };
/** The file's first test makes its app too. */
const SLOW = { timeout: 120_000 };

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
    const as = member;
    const budgeted: [string, () => Promise<{ status: number; response: { body: string } }>][] = [
      ['tickets.csv', () => t.call(exportEndpoints.tickets, { as })],
      ['tasks.csv', () => t.call(exportEndpoints.tasks, { as })],
      ['timesheet.csv', () => t.call(timeEntryEndpoints.timesheetCsv, { query: RANGE, as })],
      [
        'timesheet.pdf',
        () => t.call(timeEntryEndpoints.timesheetPdf, { query: { ...RANGE, organizationId: organization.id }, as }),
      ],
    ];
    for (const [name, download] of budgeted) {
      const response = await download();
      expect(response.status, `${name}: ${response.response.body}`).toBe(200);
    }
    const linesBefore = await exportLines(t, owner);

    const over: [string, () => Promise<LightMyRequestResponse>][] = [
      ['tickets.csv', async () => (await t.call(exportEndpoints.tickets, { query: { search: 'again' }, as })).response],
      // Without the organization the statement needs: the budget is spent before the query is read.
      [
        'timesheet.pdf',
        () => t.request({ method: 'GET', url: '/api/time-entries/timesheet.pdf?from=2031-03-01&to=2031-03-31', as }),
      ],
    ];
    for (const [name, download] of over) {
      const refused = await download();
      expect(refused.statusCode, name).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.json()).toMatchObject({ success: false, error: UI_TEXT.tooManyRequests });
    }
    // A refused export is no line of the log.
    expect(await exportLines(t, owner)).toBe(linesBefore);
    // The budget is the person's: a colleague exports as before.
    expect((await t.call(exportEndpoints.tickets, { as: colleague })).status).toBe(200);
  },
);

/** How many export lines the organization's log holds. */
async function exportLines(t: TestApp, owner: Member) {
  const response = await t.call(auditLogEndpoints.list, { query: { view: 'exports' }, as: owner });
  expect(response.status, response.response.body).toBe(200);
  return (response.body as { pagination: { total: number } }).pagination.total;
}
