import type { Temporal } from 'temporal-polyfill';
import type { Database } from '../client.js';
import { advisorRates, invoices, invoicingSettings, timeApprovals } from '../schema/index.js';
import { ACME_OWNER, ADVISOR } from './demo-people.js';
import type { demoDirectory } from './once.js';

/** Acme's terms: dollars, 8.25 % sales tax (Chicago's), and the demo advisor at $150.00 an hour. */
const ACME_CURRENCY = 'USD';
const ACME_TAX_BASIS_POINTS = 825;
const ADVISOR_RATE_MINOR = 15_000;

/**
 * The demo advisor's practice with Acme (decision 0290): its hours of the month before last are
 * approved (by Acme's owner) with that month's invoice drafted; last month's are submitted and
 * wait for the owner on Hours and invoices. Written in the time seed's transaction, after its entries.
 */
export async function seedDemoInvoicing(
  tx: Database,
  directory: Awaited<ReturnType<typeof demoDirectory>>,
  advisorToday: Temporal.PlainDate,
) {
  const organizationId = directory.organizationId('Acme Corp');
  const advisorId = directory.person(ADVISOR).id;
  const ownerId = directory.person(ACME_OWNER).id;
  const thisMonth = advisorToday.toPlainYearMonth();
  const [approvedMonth, waitingMonth] = [thisMonth.subtract({ months: 2 }), thisMonth.subtract({ months: 1 })];
  const monthPeriod = (month: Temporal.PlainYearMonth) => ({
    organizationId,
    userId: advisorId,
    kind: 'month' as const,
    periodStart: month.toPlainDate({ day: 1 }).toString(),
    periodEnd: month.toPlainDate({ day: month.daysInMonth }).toString(),
  });
  const decidedAt = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
  await tx.insert(timeApprovals).values([
    { ...monthPeriod(approvedMonth), status: 'approved', decidedAt, decidedBy: ownerId, submittedAt: decidedAt },
    { ...monthPeriod(waitingMonth), status: 'submitted' },
  ]);
  await tx
    .insert(invoicingSettings)
    .values({ organizationId, currency: ACME_CURRENCY, taxRateBasisPoints: ACME_TAX_BASIS_POINTS });
  await tx.insert(advisorRates).values({
    organizationId,
    advisorId,
    hourlyRateMinor: ADVISOR_RATE_MINOR,
    effectiveFrom: `${approvedMonth.year}-01-01`,
    createdBy: ownerId,
  });
  await tx
    .insert(invoices)
    .values({ organizationId, month: approvedMonth.toPlainDate({ day: 1 }).toString(), createdBy: advisorId });
}
