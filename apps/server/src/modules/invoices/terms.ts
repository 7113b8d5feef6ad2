import {
  type CurrencyCode,
  DEFAULT_CURRENCY,
  displayName,
  formatMoney,
  formatTaxRate,
  type invoicingSettingsBody,
  type setRateBody,
  UI_TEXT,
} from '@smart/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { advisorAssignments, advisorRates, invoicingSettings, users } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import { badField, conflict, forbidden, notFound } from '../../lib/errors.js';
import { type Actor, accessIn, canActInOrganization } from '../../lib/tenancy.js';
import { lockInvoicing, requireInvoiceableOrganization } from './invoice-guard.js';
import { readsInvoicingIn, setsTermsIn } from './policy.js';

/*
 * An organization's invoicing terms (decision 0290): its currency and tax rate, and its advisors'
 * hourly rates with the day each starts.
 */

/**
 * The caller's access to an organization's invoicing: 404 where it may not act in it (another
 * tenant), 403 where it acts but may not read invoicing (a member); with whether it is an advisor
 * assigned there.
 */
export async function invoicingAccess(db: Database, actor: Actor, organizationId: string) {
  await requireInvoiceableOrganization(db, organizationId);
  const { advisorActsInOrganization } = await accessIn(db, actor, organizationId);
  if (!readsInvoicingIn(actor, organizationId, advisorActsInOrganization)) {
    if (await canActInOrganization(db, actor, organizationId)) throw forbidden();
    throw notFound(UI_TEXT.organizationNotFound);
  }
  return { advisorActs: advisorActsInOrganization };
}

/** The organization's terms in force: its row, or the defaults (no tax, DEFAULT_CURRENCY). */
export async function readTerms(db: Database, organizationId: string) {
  const [row] = await db.select().from(invoicingSettings).where(eq(invoicingSettings.organizationId, organizationId));
  return {
    organizationId,
    currency: (row?.currency ?? DEFAULT_CURRENCY) as CurrencyCode,
    taxRateBasisPoints: row?.taxRateBasisPoints ?? 0,
  };
}
export type Terms = Awaited<ReturnType<typeof readTerms>>;

export async function getInvoicingSettings(db: Database, actor: Actor, organizationId: string) {
  await invoicingAccess(db, actor, organizationId);
  return readTerms(db, organizationId);
}

/**
 * PUT /api/organizations/{id}/invoicing: its org_admin, admin. The currency stays while rates are
 * set in it (409): they would be read as amounts of the new one. Audited.
 */
export async function saveInvoicingSettings(
  db: Database,
  actor: Actor,
  organizationId: string,
  body: z.output<typeof invoicingSettingsBody>,
) {
  await invoicingAccess(db, actor, organizationId);
  if (!setsTermsIn(actor, organizationId)) throw forbidden();
  await db.transaction(async (tx) => {
    await lockInvoicing(tx, organizationId);
    const before = await readTerms(tx, organizationId);
    if (before.currency !== body.currency) {
      const [rate] = await tx
        .select({ id: advisorRates.id })
        .from(advisorRates)
        .where(eq(advisorRates.organizationId, organizationId))
        .limit(1);
      if (rate) throw conflict(UI_TEXT.currencyLocked, 'currency');
    }
    await tx
      .insert(invoicingSettings)
      .values({ organizationId, ...body })
      .onConflictDoUpdate({ target: invoicingSettings.organizationId, set: body });
    const describe = (terms: { currency: string; taxRateBasisPoints: number }) =>
      `${terms.currency}, tax ${formatTaxRate(terms.taxRateBasisPoints)}`;
    if (describe(before) !== describe(body)) {
      await recordAudit(tx, actor.id, [
        {
          organizationId,
          action: 'invoicing.settings_changed',
          target: { type: 'organization', id: organizationId, label: 'Invoice settings' },
          from: describe(before),
          to: describe(body),
        },
      ]);
    }
  });
  return readTerms(db, organizationId);
}

function selectRates(db: Database) {
  return db
    .select({
      rate: advisorRates,
      advisorName: sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`,
    })
    .from(advisorRates)
    .innerJoin(users, eq(users.id, advisorRates.advisorId))
    .$dynamic();
}
export type RateRecord = Awaited<ReturnType<ReturnType<typeof selectRates>['execute']>>[number];

/**
 * GET /api/organizations/{id}/rates: by advisor, newest first. The organization's advisors read
 * each other's: the invoices they draw up print every advisor's rate (decision 0290).
 */
export async function listRates(db: Database, actor: Actor, organizationId: string) {
  await invoicingAccess(db, actor, organizationId);
  const terms = await readTerms(db, organizationId);
  const rows = await selectRates(db)
    .where(eq(advisorRates.organizationId, organizationId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(advisorRates.advisorId), desc(advisorRates.effectiveFrom))
    .limit(1000);
  return { terms, rows };
}

/**
 * POST /api/organizations/{id}/rates: an advisor's rate from a day on (the same day replaces it);
 * the advisor is one assigned to the organization (400 otherwise). Audited.
 */
export async function setRate(db: Database, actor: Actor, organizationId: string, body: z.output<typeof setRateBody>) {
  await invoicingAccess(db, actor, organizationId);
  if (!setsTermsIn(actor, organizationId)) throw forbidden();
  const [assignment] = await db
    .select({ id: advisorAssignments.id })
    .from(advisorAssignments)
    .where(and(eq(advisorAssignments.advisorId, body.advisorId), eq(advisorAssignments.organizationId, organizationId)))
    .limit(1);
  if (!assignment) throw badField('advisorId', UI_TEXT.rateAdvisorInvalid);
  const { id, terms } = await db.transaction(async (tx) => {
    // The invoicing lock: a rate is never set while the currency changes or an invoice is issued.
    await lockInvoicing(tx, organizationId);
    const terms = await readTerms(tx, organizationId);
    const [rate] = await tx
      .insert(advisorRates)
      .values({ organizationId, ...body, createdBy: actor.id })
      .onConflictDoUpdate({
        target: [advisorRates.organizationId, advisorRates.advisorId, advisorRates.effectiveFrom],
        set: { hourlyRateMinor: body.hourlyRateMinor, createdBy: actor.id, createdAt: sql`now()` },
      })
      .returning();
    if (!rate) throw new Error('upsert returned no row');
    const [advisor] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, body.advisorId));
    await recordAudit(tx, actor.id, [
      {
        organizationId,
        action: 'rate.set',
        target: {
          type: 'rate',
          id: rate.id,
          label: `${advisor ? displayName(advisor) : 'Advisor'} from ${body.effectiveFrom}`,
        },
        to: `${formatMoney(body.hourlyRateMinor, terms.currency)} an hour`,
      },
    ]);
    return { id: rate.id, terms };
  });
  const [row] = await selectRates(db).where(eq(advisorRates.id, id));
  if (!row) throw notFound(UI_TEXT.rateNotFound);
  return { terms, row };
}

/** DELETE /api/organizations/{id}/rates/{rateId}: its org_admin, admin. Issued invoices keep their copies. */
export async function deleteRate(db: Database, actor: Actor, organizationId: string, rateId: string) {
  await invoicingAccess(db, actor, organizationId);
  if (!setsTermsIn(actor, organizationId)) throw forbidden();
  await db.transaction(async (tx) => {
    await lockInvoicing(tx, organizationId);
    const terms = await readTerms(tx, organizationId);
    const [removed] = await tx
      .delete(advisorRates)
      .where(and(eq(advisorRates.id, rateId), eq(advisorRates.organizationId, organizationId)))
      .returning();
    if (!removed) throw notFound(UI_TEXT.rateNotFound);
    await recordAudit(tx, actor.id, [
      {
        organizationId,
        action: 'rate.deleted',
        target: { type: 'rate', id: removed.id, label: `Rate from ${removed.effectiveFrom}` },
        from: `${formatMoney(removed.hourlyRateMinor, terms.currency)} an hour`,
      },
    ]);
  });
}
