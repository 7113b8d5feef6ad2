import { UI_TEXT } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';

/**
 * What an issued invoice holds stays as it was billed (decision 0290): time in a month with an
 * issued invoice is neither submitted nor reopened. Issuing, submitting and reopening take the
 * organization's invoicing lock first, so an invoice is never issued from hours being reopened.
 */

/** An arbitrary constant: the class of the organizations' invoicing locks (the second key is the organization's hash). */
const INVOICING_LOCK_CLASS = 902_290;

export async function lockInvoicing(tx: Database, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${INVOICING_LOCK_CLASS}::int, hashtext(${organizationId}))`);
}

/** 409 when a month the days touch has an issued invoice. */
export async function requireNotInvoiced(tx: Database, organizationId: string, from: string, to: string) {
  const { rows } = (await tx.execute(sql`select 1 from invoices where organization_id = ${organizationId}
    and status = 'issued' and month between date_trunc('month', ${from}::date)::date and ${to}::date limit 1`)) as {
    rows: unknown[];
  };
  if (rows.length > 0) throw conflict(UI_TEXT.timePeriodInvoiced);
}
