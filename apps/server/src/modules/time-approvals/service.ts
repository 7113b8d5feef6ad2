import {
  displayName,
  LOCKING_APPROVAL_STATUSES,
  periodEnd,
  periodLabel,
  type reopenTimeBody,
  type returnTimeBody,
  type submitTimeBody,
  type TimeApprovalStatus,
  type timeApprovalListQuery,
  UI_TEXT,
} from '@smart/contracts';
import { and, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { organizations, type TimeApprovalRow, timeApprovals, timeEntries, users } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { type NotificationEventInput, notify } from '../../lib/outbox.js';
import { type Page, paginate } from '../../lib/paging.js';
import { actorReader, readableTimeApprovals } from '../../lib/read-rules/index.js';
import { type Actor, accessIn, canActInOrganization } from '../../lib/tenancy.js';
import { lockInvoicing, requireInvoiceableOrganization, requireNotInvoiced } from '../invoices/index.js';
import { notificationExcerpt } from '../notifications/index.js';
import { userSummaryOf } from '../people/index.js';
import { lockDaysOf } from '../time-entries/index.js';
import { canWithdrawTime, decidesTimeIn } from './policy.js';

const decider = alias(users, 'decider');

/** A period with its organization's name, its advisor, who decided, and its minutes now. */
function selectApprovals(db: Database) {
  const inPeriod = sql`${timeEntries.userId} = ${timeApprovals.userId}
    and ${timeEntries.organizationId} = ${timeApprovals.organizationId}
    and ${timeEntries.date} between ${timeApprovals.periodStart} and ${timeApprovals.periodEnd}`;
  return db
    .select({
      period: timeApprovals,
      organizationName: organizations.name,
      advisor: userSummaryOf(users),
      decidedBy: userSummaryOf(decider),
      minutes:
        sql<number>`(select coalesce(sum(${timeEntries.minutes}), 0) from ${timeEntries} where ${inPeriod})`.mapWith(
          Number,
        ),
      billableMinutes:
        sql<number>`(select coalesce(sum(${timeEntries.minutes}), 0) from ${timeEntries} where ${inPeriod} and ${timeEntries.billable})`.mapWith(
          Number,
        ),
    })
    .from(timeApprovals)
    .innerJoin(organizations, eq(organizations.id, timeApprovals.organizationId))
    .innerJoin(users, eq(users.id, timeApprovals.userId))
    .leftJoin(decider, eq(decider.id, timeApprovals.decidedBy))
    .$dynamic();
}
export type TimeApprovalRecord = Awaited<ReturnType<ReturnType<typeof selectApprovals>['execute']>>[number];

async function loadApproval(db: Database, id: string): Promise<TimeApprovalRecord> {
  const [row] = await selectApprovals(db).where(eq(timeApprovals.id, id)).limit(1);
  if (!row) throw notFound(UI_TEXT.timePeriodNotFound);
  return row;
}

/** The period when the caller may read it; 404 otherwise, as for any record of another tenant. */
async function readableApproval(db: Database, actor: Actor, id: string): Promise<TimeApprovalRow> {
  const [row] = await db
    .select()
    .from(timeApprovals)
    .where(and(eq(timeApprovals.id, id), readableTimeApprovals(actorReader(actor))))
    .limit(1);
  if (!row) throw notFound(UI_TEXT.timePeriodNotFound);
  return row;
}

/** GET /api/time-approvals: waiting first, then newest submitted. */
export async function listTimeApprovals(
  db: Database,
  actor: Actor,
  query: z.output<typeof timeApprovalListQuery>,
): Promise<Page<TimeApprovalRecord>> {
  const where = and(
    readableTimeApprovals(actorReader(actor)),
    query.organizationId ? eq(timeApprovals.organizationId, query.organizationId) : undefined,
    query.userId ? eq(timeApprovals.userId, query.userId) : undefined,
    query.status ? eq(timeApprovals.status, query.status) : undefined,
  );
  const waiting = sql`(${timeApprovals.status} = 'submitted')`;
  return paginate(query, {
    count: async () =>
      (
        await db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(timeApprovals)
          .where(where)
      )[0]?.total ?? 0,
    rows: (window) => {
      const order = [desc(waiting), desc(timeApprovals.submittedAt), desc(timeApprovals.id)];
      const reversed = [waiting, timeApprovals.submittedAt, timeApprovals.id];
      return selectApprovals(db)
        .where(where)
        .orderBy(...(window.reverse ? reversed : order))
        .offset(window.offset)
        .limit(window.limit);
    },
  });
}

/** What the org_admin and the advisor hear, and the audit line's label: "Ada Advisor: October 2026". */
const periodOf = (period: Pick<TimeApprovalRow, 'kind' | 'periodStart'>) =>
  periodLabel(period.kind, period.periodStart);

function approvalEvent(
  period: TimeApprovalRow,
  organizationName: string,
  type: NotificationEventInput['type'],
  actorId: string,
  audience: NotificationEventInput['audience'],
  excerpt?: string,
): NotificationEventInput {
  return {
    type,
    organizationId: period.organizationId,
    record: { type: 'time_approval', id: period.id },
    actorId,
    audience,
    data: { title: periodOf(period), organizationName, ...(excerpt ? { excerpt: notificationExcerpt(excerpt) } : {}) },
  };
}

async function organizationName(db: Database, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? '';
}

/**
 * POST /api/time-approvals: the caller's week or month in an organization it advises, submitted
 * (again, after a return or a reopening). Under the caller's day lock (no entry of those days
 * changes meanwhile) and the organization's invoicing lock: 409 when the period overlaps one
 * submitted or approved, lies in an invoiced month, or holds no time.
 */
export async function submitTime(db: Database, actor: Actor, body: z.output<typeof submitTimeBody>) {
  await requireInvoiceableOrganization(db, body.organizationId);
  const { advisorActsInOrganization } = await accessIn(db, actor, body.organizationId);
  if (!advisorActsInOrganization) {
    if (await canActInOrganization(db, actor, body.organizationId)) throw forbidden(UI_TEXT.timeSubmitAdvisorsOnly);
    throw notFound(UI_TEXT.organizationNotFound);
  }
  const end = periodEnd(body.kind, body.start);
  const name = await organizationName(db, body.organizationId);
  const id = await db.transaction(async (tx) => {
    await lockDaysOf(tx, actor.id);
    await lockInvoicing(tx, body.organizationId);
    const mine = and(eq(timeApprovals.userId, actor.id), eq(timeApprovals.organizationId, body.organizationId));
    const [overlap] = await tx
      .select({ id: timeApprovals.id })
      .from(timeApprovals)
      .where(
        and(
          mine,
          lte(timeApprovals.periodStart, end),
          gte(timeApprovals.periodEnd, body.start),
          inArray(timeApprovals.status, [...LOCKING_APPROVAL_STATUSES]),
        ),
      )
      .limit(1);
    if (overlap) throw conflict(UI_TEXT.timePeriodOverlaps);
    await requireNotInvoiced(tx, body.organizationId, body.start, end);
    const [time] = await tx
      .select({ id: timeEntries.id })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.userId, actor.id),
          eq(timeEntries.organizationId, body.organizationId),
          gte(timeEntries.date, body.start),
          lte(timeEntries.date, end),
        ),
      )
      .limit(1);
    if (!time) throw conflict(UI_TEXT.timePeriodEmpty);
    const again = { status: 'submitted' as const, comment: null, decidedAt: null, decidedBy: null };
    const [period] = await tx
      .insert(timeApprovals)
      .values({
        organizationId: body.organizationId,
        userId: actor.id,
        kind: body.kind,
        periodStart: body.start,
        periodEnd: end,
        ...again,
      })
      .onConflictDoUpdate({
        target: [timeApprovals.organizationId, timeApprovals.userId, timeApprovals.kind, timeApprovals.periodStart],
        set: { ...again, submittedAt: sql`now()`, updatedAt: sql`now()` },
      })
      .returning();
    if (!period) throw new Error('upsert returned no row');
    await notify(db, tx, approvalEvent(period, name, 'time_submitted', actor.id, { organizationMembers: 'org_admin' }));
    return period.id;
  });
  return loadApproval(db, id);
}

type Decision =
  | { to: 'approved' }
  | { to: 'returned'; body: z.output<typeof returnTimeBody> }
  | { to: 'reopened'; body: z.output<typeof reopenTimeBody> };

/** The status a decision moves from: approving and returning submitted time; reopening approved time. */
const FROM: Record<Decision['to'], TimeApprovalStatus> = {
  approved: 'submitted',
  returned: 'submitted',
  reopened: 'approved',
};
const NOTIFICATION = { approved: 'time_approved', returned: 'time_returned', reopened: 'time_reopened' } as const;
const AUDIT = { approved: 'time.approved', returned: 'time.returned', reopened: 'time.reopened' } as const;

/**
 * Approving, returning (with a comment) or reopening (saying why) a period: its org_admin, admin.
 * The change is conditional on the status it moves from (409 otherwise), so two decisions at once
 * make one. Each is audited and told to the advisor; reopening is refused for invoiced time.
 */
export async function decideTime(db: Database, actor: Actor, id: string, decision: Decision) {
  const found = await readableApproval(db, actor, id);
  if (!decidesTimeIn(actor, found.organizationId)) throw forbidden();
  const comment = decision.to === 'approved' ? null : decision.body.comment;
  await db.transaction(async (tx) => {
    // Approved time becomes billable and reopened time changes: neither in an invoiced month.
    if (decision.to !== 'returned') {
      await lockInvoicing(tx, found.organizationId);
      await requireNotInvoiced(tx, found.organizationId, found.periodStart, found.periodEnd);
    }
    const [period] = await tx
      .update(timeApprovals)
      .set({ status: decision.to, comment, decidedAt: sql`now()`, decidedBy: actor.id, updatedAt: sql`now()` })
      .where(and(eq(timeApprovals.id, id), eq(timeApprovals.status, FROM[decision.to])))
      .returning();
    if (!period) {
      throw conflict(decision.to === 'reopened' ? UI_TEXT.timePeriodNotApproved : UI_TEXT.timePeriodNotWaiting);
    }
    const [advisor] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, period.userId));
    await recordAudit(tx, actor.id, [
      {
        organizationId: period.organizationId,
        action: AUDIT[decision.to],
        target: {
          type: 'time_period',
          id: period.id,
          label: `${advisor ? displayName(advisor) : 'Advisor'}: ${periodOf(period)}`,
        },
        from: FROM[decision.to],
        to: comment ?? decision.to,
      },
    ]);
    const name = await organizationName(tx, period.organizationId);
    await notify(
      db,
      tx,
      approvalEvent(
        period,
        name,
        NOTIFICATION[decision.to],
        actor.id,
        { users: [period.userId] },
        comment ?? undefined,
      ),
    );
  });
  return loadApproval(db, id);
}

/** DELETE /api/time-approvals/{id}: the advisor's own submission, while not approved (its days open again). */
export async function withdrawTime(db: Database, actor: Actor, id: string): Promise<void> {
  const found = await readableApproval(db, actor, id);
  if (found.userId !== actor.id) throw forbidden();
  // An assignment that ended (or a token bound to other organizations) withdraws nothing there.
  if (!(await canActInOrganization(db, actor, found.organizationId))) throw notFound(UI_TEXT.timePeriodNotFound);
  if (!canWithdrawTime(actor, found)) throw conflict(UI_TEXT.timePeriodNotWithdrawable);
  await db.transaction(async (tx) => {
    await lockDaysOf(tx, actor.id);
    const removed = await tx
      .delete(timeApprovals)
      .where(and(eq(timeApprovals.id, id), ne(timeApprovals.status, 'approved')))
      .returning({ id: timeApprovals.id });
    if (removed.length === 0) throw conflict(UI_TEXT.timePeriodNotWithdrawable);
  });
}
