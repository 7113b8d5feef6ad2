import { LOCKING_APPROVAL_STATUSES, lockedEntryMessage } from '@smart/contracts';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { timeApprovals, timeEntries } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';

/**
 * Time submitted for approval, and approved time, is locked (decision 0290): no entry of that
 * person in that organization on those days is created, changed or deleted, by anyone, until the
 * org_admin returns or reopens it (or the advisor withdraws a submission). Every write takes the
 * person's day lock first (day-cap.ts lockDaysOf), as submitting does, so a write and a submission
 * of the same days wait for each other.
 */

interface EntryDay {
  userId: string;
  organizationId: string;
  date: string;
}

/** 409 saying which period holds the day when it is submitted or approved. */
export async function requireOpenDay(tx: Database, day: EntryDay): Promise<void> {
  const [period] = await tx
    .select({ status: timeApprovals.status, kind: timeApprovals.kind, start: timeApprovals.periodStart })
    .from(timeApprovals)
    .where(
      and(
        eq(timeApprovals.userId, day.userId),
        eq(timeApprovals.organizationId, day.organizationId),
        lte(timeApprovals.periodStart, day.date),
        gte(timeApprovals.periodEnd, day.date),
        inArray(timeApprovals.status, [...LOCKING_APPROVAL_STATUSES]),
      ),
    )
    .limit(1);
  if (period) throw conflict(lockedEntryMessage(period.status, period.kind, period.start));
}

/** Whether an entry's day lies in submitted or approved time, as a column of a select on time_entries. */
export const entryLocked = (): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${timeApprovals} a where a.user_id = ${timeEntries.userId}
    and a.organization_id = ${timeEntries.organizationId} and a.period_start <= ${timeEntries.date}
    and a.period_end >= ${timeEntries.date} and a.status in ('submitted', 'approved'))`;
