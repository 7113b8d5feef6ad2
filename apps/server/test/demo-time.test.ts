import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Analytics, Invoice, InvoiceSummary, TimeApproval, TimeEntry, Timesheet } from '@smart/contracts';
import { analyticsEndpoints, invoiceEndpoints, timeApprovalEndpoints, timeEntryEndpoints } from '@smart/contracts';
import { expect } from 'vitest';
import { seedDemoTicketsOnce } from '../src/db/seed/tickets.js';
import { seedDemoTimeOnce } from '../src/db/seed/time.js';
import { seedDemoWorkOnce } from '../src/db/seed/work.js';
import { localStorage } from '../src/storage/local-storage.js';
import { apiTest } from './helpers/fixture.js';

/** Wednesday 4 March 2026, 15:00 UTC: the demo's eight working weeks run back from this day. */
const NOW = new Date('2026-03-04T15:00:00Z');
const test = apiTest({ clock: () => NOW.getTime() });

test("the demo's time is seeded once: the advisor's timesheet shows hours in Acme and Globex, Analytics its months", async ({
  t,
}) => {
  const files = await mkdtemp(path.join(tmpdir(), 'smart-demo-time-'));
  try {
    const storage = localStorage(path.join(files, 'files'));
    await seedDemoWorkOnce(t.database.db, storage);
    await seedDemoTicketsOnce(t.database.db, storage);
  } finally {
    await rm(files, { recursive: true, force: true });
  }
  expect(await seedDemoTimeOnce(t.database.db, NOW)).toBe(true);
  expect(await seedDemoTimeOnce(t.database.db, NOW)).toBe(false);

  // Eight working weeks back from 4 March: 7 January to 4 March; nothing on a weekend or later.
  const timesheet = (
    await t.call(timeEntryEndpoints.timesheet, { query: { from: '2026-01-01', to: '2026-03-31' }, as: 'advisor' })
  ).data as Timesheet;
  expect(timesheet.organizations.map((organization) => organization.organizationName).sort()).toEqual([
    'Acme Corp',
    'Globex',
  ]);
  for (const organization of timesheet.organizations) {
    expect(organization.minutes).toBeGreaterThanOrEqual(10 * 60);
    expect(organization.months.map((month) => month.month)).toEqual(['2026-01', '2026-02', '2026-03']);
    const weeks = organization.weeks.map((week) => week.weekStart);
    expect((weeks[0] ?? '') >= '2026-01-05' && (weeks.at(-1) ?? '') <= '2026-03-02').toBe(true);
  }
  const acme = timesheet.organizations.find((organization) => organization.organizationName === 'Acme Corp');
  expect(acme?.billableMinutes, 'some of the advisor’s Acme time is not billed').toBeLessThan(acme?.minutes ?? 0);

  // Acme's owner sees the advisor's hours per month among its figures.
  const analytics = (
    await t.call(analyticsEndpoints.read, { query: { from: '2026-01-01', to: '2026-03-04' }, as: 'acmeOwner' })
  ).data as Analytics;
  expect(analytics.advisorHours.map((month) => month.month)).toEqual(['2026-01', '2026-02', '2026-03']);
  expect(analytics.advisorHours.every((month) => month.minutes > 0)).toBe(true);

  // The member's own hours are on its tasks, and not billable.
  const own = (await t.call(timeEntryEndpoints.list, { as: 'acmeMember' })).data as TimeEntry[];
  expect(own.length).toBeGreaterThan(0);
  expect(own.every((entry) => entry.recordType === 'task' && !entry.billable)).toBe(true);

  // The advisor's January in Acme is approved and drafted at $150.00 an hour with 8.25 % tax;
  // February waits for Acme's owner.
  const approvals = (await t.call(timeApprovalEndpoints.list, { as: 'acmeOwner' })).data as TimeApproval[];
  expect(approvals.map((period) => [period.start, period.status, period.permissions.canDecide])).toEqual([
    ['2026-02-01', 'submitted', true],
    ['2026-01-01', 'approved', false],
  ]);
  const [summary] = (await t.call(invoiceEndpoints.list, { as: 'acmeOwner' })).data as InvoiceSummary[];
  const draft = (await t.call(invoiceEndpoints.get, { params: { id: summary?.id ?? '' }, as: 'advisor' }))
    .data as Invoice;
  const januaryBillable = acme?.months.find((month) => month.month === '2026-01')?.billableMinutes ?? 0;
  expect(draft).toMatchObject({ month: '2026-01', status: 'draft', currency: 'USD', minutes: januaryBillable });
  expect(draft.lines.every((line) => line.hourlyRateMinor === 15_000)).toBe(true);
  expect(draft.subtotalMinor).toBe(draft.lines.reduce((sum, line) => sum + line.amountMinor, 0));
  expect(draft.totalMinor).toBe(draft.subtotalMinor + Math.round((draft.subtotalMinor * 825) / 10_000));
});
