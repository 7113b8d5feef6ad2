import { UI_TEXT } from '@smart/contracts';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { invoices, organizations } from '../../db/schema/index.js';
import { conflict, notFound } from '../../lib/errors.js';

/**
 * What an issued invoice holds stays as it was billed (decision 0290): time in a month with an
 * issued invoice is neither submitted, approved nor reopened. Issuing, submitting, approving,
 * reopening and changing rates or the currency take the organization's invoicing lock first, so an
 * invoice is never issued from hours or rates changing under it.
 */

/** An arbitrary constant: the class of the organizations' invoicing locks (the second key is the organization's hash). */
const INVOICING_LOCK_CLASS = 902_290;

export async function lockInvoicing(tx: Database, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${INVOICING_LOCK_CLASS}::int, hashtext(${organizationId}))`);
}

/** 409 when a month the days touch has an issued invoice. */
export async function requireNotInvoiced(tx: Database, organizationId: string, from: string, to: string) {
  const [issued] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        eq(invoices.status, 'issued'),
        gte(invoices.month, sql`date_trunc('month', ${from}::date)::date`),
        lte(invoices.month, to),
      ),
    )
    .limit(1);
  if (issued) throw conflict(UI_TEXT.timePeriodInvoiced);
}

/**
 * 404 unless the organization exists and is a customer: the platform organization (the advisors'
 * own) is advised by nobody, so nobody submits time to it or invoices it.
 */
export async function requireInvoiceableOrganization(db: Database, organizationId: string): Promise<void> {
  const [organization] = await db
    .select({ isPlatform: organizations.isPlatform })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!organization || organization.isPlatform) throw notFound(UI_TEXT.organizationNotFound);
}
