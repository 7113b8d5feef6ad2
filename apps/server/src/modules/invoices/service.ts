import {
  type CurrencyCode,
  type createInvoiceBody,
  formatMoney,
  type InvoiceStatus,
  type invoiceListQuery,
  invoiceNumberLabel,
  MAX_INVOICE_LINES,
  missingRatesMessage,
  monthNotOverMessage,
  type TimeRecordType,
  UI_TEXT,
} from '@smart/contracts';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { invoiceLines, invoices, invoicingSettings, timeApprovals } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { type Page, paginate } from '../../lib/paging.js';
import { actorReader, readableInvoices } from '../../lib/read-rules/index.js';
import { rowsOf } from '../../lib/sql.js';
import type { Actor } from '../../lib/tenancy.js';
import { lockInvoicing } from './invoice-guard.js';
import { approvedTime, draftLines, draftTotals, LINE_ORDER, monthEnd, taxOf } from './lines.js';
import { managesInvoicesIn } from './policy.js';
import { invoicingAccess } from './terms.js';

/*
 * An organization's invoice for a month (decision 0290). A draft is computed from the approved
 * hours each time it is read, so approvals after it was started appear on it; issuing copies its
 * lines and fixes its number, currency, tax rate and totals.
 */

interface InvoiceSqlRow {
  id: string;
  organization_id: string;
  organization_name: string;
  month: string;
  status: InvoiceStatus;
  number: number | null;
  currency: string;
  tax_rate: number | string;
  minutes: number | string;
  subtotal: number | string;
  tax: number | string;
  total: number | string;
  created_at: Date | string;
  issued_at: Date | string | null;
}

/** An invoice with its totals: an issued one's as frozen, a draft's as its lines come to now. */
export interface InvoiceRecord {
  id: string;
  organizationId: string;
  organizationName: string;
  month: string;
  status: InvoiceStatus;
  number: number | null;
  currency: CurrencyCode;
  taxRateBasisPoints: number;
  minutes: number;
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
  createdAt: Date;
  issuedAt: Date | null;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function invoiceOf(row: InvoiceSqlRow): InvoiceRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    month: row.month,
    status: row.status,
    number: row.number === null ? null : Number(row.number),
    currency: row.currency as CurrencyCode,
    taxRateBasisPoints: Number(row.tax_rate),
    minutes: Number(row.minutes),
    subtotalMinor: Number(row.subtotal),
    taxMinor: Number(row.tax),
    totalMinor: Number(row.total),
    createdAt: toDate(row.created_at),
    issuedAt: row.issued_at === null ? null : toDate(row.issued_at),
  };
}

/**
 * Invoices with their totals; a draft's from its lines (a lateral join that reads nothing for an
 * issued one: its month is given as null).
 */
function selectInvoices(where: SQL, tail: SQL = sql``): SQL {
  const draftMonth = sql`case when invoices.status = 'draft' then invoices.month end`;
  return sql`select invoices.id, invoices.organization_id, o.name as organization_name,
      to_char(invoices.month, 'YYYY-MM') as month, invoices.status, invoices.number,
      coalesce(invoices.currency, d.currency) as currency,
      coalesce(invoices.tax_rate_basis_points, d.tax_rate) as tax_rate,
      coalesce(invoices.minutes, d.minutes) as minutes, coalesce(invoices.subtotal_minor, d.subtotal) as subtotal,
      coalesce(invoices.tax_minor, d.tax) as tax, coalesce(invoices.total_minor, d.total) as total,
      invoices.created_at, invoices.issued_at
    from invoices
      join organizations o on o.id = invoices.organization_id
      left join lateral (${draftTotals(sql`invoices.organization_id`, draftMonth)}) d on true
    where ${where} ${tail}`;
}

/** GET /api/invoices: newest month first. */
export async function listInvoices(
  db: Database,
  actor: Actor,
  query: z.output<typeof invoiceListQuery>,
): Promise<Page<InvoiceRecord>> {
  const where = and(
    readableInvoices(actorReader(actor)),
    query.organizationId ? eq(invoices.organizationId, query.organizationId) : undefined,
    query.status ? eq(invoices.status, query.status) : undefined,
  ) as SQL;
  return paginate(query, {
    count: async () =>
      (
        await db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(invoices)
          .where(where)
      )[0]?.total ?? 0,
    rows: async (window) => {
      const order = window.reverse ? sql`invoices.month, invoices.id` : sql`invoices.month desc, invoices.id desc`;
      const rows = await rowsOf<InvoiceSqlRow>(
        db,
        selectInvoices(where, sql`order by ${order} offset ${window.offset} limit ${window.limit}`),
      );
      return rows.map(invoiceOf);
    },
  });
}

/** The invoice when the caller may read it; 404 otherwise. */
async function readableInvoice(db: Database, actor: Actor, id: string): Promise<InvoiceRecord> {
  const [row] = await rowsOf<InvoiceSqlRow>(
    db,
    selectInvoices(sql`invoices.id = ${id} and ${readableInvoices(actorReader(actor))}`),
  );
  if (!row) throw notFound(UI_TEXT.invoiceNotFound);
  return invoiceOf(row);
}

interface LineSqlRow {
  advisor_id: string | null;
  advisor_name: string;
  record_type: TimeRecordType;
  record_id: string;
  record_title: string;
  minutes: number | string;
  rate: number | string | null;
  amount: number | string;
}

export interface InvoiceLineRecord {
  advisorId: string | null;
  advisorName: string;
  recordType: TimeRecordType;
  recordId: string;
  recordTitle: string;
  minutes: number;
  hourlyRateMinor: number | null;
  amountMinor: number;
}

const lineOf = (row: LineSqlRow): InvoiceLineRecord => ({
  advisorId: row.advisor_id,
  advisorName: row.advisor_name,
  recordType: row.record_type,
  recordId: row.record_id,
  recordTitle: row.record_title,
  minutes: Number(row.minutes),
  hourlyRateMinor: row.rate === null ? null : Number(row.rate),
  amountMinor: Number(row.amount),
});

/** The first day of the invoice's month as SQL. */
const monthStart = (invoice: Pick<InvoiceRecord, 'month'>) => sql`${`${invoice.month}-01`}::date`;

async function linesOf(db: Database, invoice: InvoiceRecord): Promise<InvoiceLineRecord[]> {
  const rows =
    invoice.status === 'issued'
      ? await rowsOf<LineSqlRow>(
          db,
          sql`select advisor_id, advisor_name, record_type, record_id, record_title, minutes,
            hourly_rate_minor as rate, amount_minor as amount
          from invoice_lines where invoice_id = ${invoice.id} order by position`,
        )
      : await rowsOf<LineSqlRow>(
          db,
          sql`${draftLines(sql`${invoice.organizationId}::uuid`, monthStart(invoice))} order by ${LINE_ORDER} limit ${MAX_INVOICE_LINES + 1}`,
        );
  return rows.map(lineOf);
}

/**
 * A draft's billable minutes of the month by advisors that are not approved (so not on it yet):
 * what the invoice would still gain.
 */
async function unapprovedMinutes(db: Database, invoice: InvoiceRecord): Promise<number> {
  if (invoice.status === 'issued') return 0;
  const start = monthStart(invoice);
  const [row] = await rowsOf<{ minutes: number | string }>(
    db,
    sql`select coalesce(sum(e.minutes), 0) as minutes from time_entries e join users u on u.id = e.user_id
      where e.organization_id = ${invoice.organizationId} and e.billable and u.role = 'advisor'
        and e.date between ${start} and ${monthEnd(start)} and not ${approvedTime('e')}`,
  );
  return Number(row?.minutes ?? 0);
}

/** GET /api/invoices/{id}: the invoice, its lines and, for a draft, the time not approved yet. */
export async function getInvoice(db: Database, actor: Actor, id: string) {
  const invoice = await readableInvoice(db, actor, id);
  const [lines, unapproved] = await Promise.all([linesOf(db, invoice), unapprovedMinutes(db, invoice)]);
  return { invoice, lines: lines.slice(0, MAX_INVOICE_LINES), unapprovedMinutes: unapproved };
}
export type InvoiceDetail = Awaited<ReturnType<typeof getInvoice>>;

/** The invoice the caller may manage (its organization's advisors, admin): 404 unreadable, 403 read-only. */
async function managedInvoice(db: Database, actor: Actor, id: string) {
  const invoice = await readableInvoice(db, actor, id);
  const { advisorActs } = await invoicingAccess(db, actor, invoice.organizationId);
  if (!managesInvoicesIn(actor, advisorActs)) throw forbidden();
  return invoice;
}

/** POST /api/invoices: a month's draft; one invoice per organization and month (409). */
export async function createInvoice(db: Database, actor: Actor, body: z.output<typeof createInvoiceBody>) {
  const { advisorActs } = await invoicingAccess(db, actor, body.organizationId);
  if (!managesInvoicesIn(actor, advisorActs)) throw forbidden();
  const [row] = await db
    .insert(invoices)
    .values({ organizationId: body.organizationId, month: `${body.month}-01`, createdBy: actor.id })
    .onConflictDoNothing()
    .returning({ id: invoices.id });
  if (!row) throw conflict(UI_TEXT.invoiceExists, 'month');
  return getInvoice(db, actor, row.id);
}

/** DELETE /api/invoices/{id}: a draft only (409 once issued). */
export async function deleteInvoice(db: Database, actor: Actor, id: string): Promise<void> {
  await managedInvoice(db, actor, id);
  const removed = await db
    .delete(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.status, 'draft')))
    .returning({ id: invoices.id });
  if (removed.length === 0) throw conflict(UI_TEXT.invoiceNotDraft);
}

/**
 * POST /api/invoices/{id}/issue, once its month has ended (`today`, the app's UTC day). Under the
 * organization's invoicing lock (no time is approved or reopened, no rate changes meanwhile, and
 * numbers are given one at a time): 409 unless it is a draft with lines, all of them with a rate,
 * and no time of the month waits for approval. The lines read are the lines written (one
 * snapshot); the organization's next number comes from its settings row (its lock: no gap, no
 * repeat); the totals are computed from the written lines. Audited.
 */
export async function issueInvoice(db: Database, actor: Actor, id: string, today: string) {
  const found = await managedInvoice(db, actor, id);
  if (found.month >= today.slice(0, 7)) throw conflict(monthNotOverMessage(found.month));
  const organization = sql`${found.organizationId}::uuid`;
  await db.transaction(async (tx) => {
    await lockInvoicing(tx, found.organizationId);
    const [draft] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.status, 'draft')))
      .for('update');
    if (!draft) throw conflict(UI_TEXT.invoiceNotDraft);
    const start = monthStart(found);
    const [waiting] = await tx
      .select({ id: timeApprovals.id })
      .from(timeApprovals)
      .where(
        and(
          eq(timeApprovals.organizationId, found.organizationId),
          eq(timeApprovals.status, 'submitted'),
          lte(timeApprovals.periodStart, monthEnd(start)),
          gte(timeApprovals.periodEnd, start),
        ),
      )
      .limit(1);
    if (waiting) throw conflict(UI_TEXT.invoiceTimeWaiting);
    const lines = (
      await rowsOf<LineSqlRow>(
        tx,
        sql`${draftLines(organization, start)} order by ${LINE_ORDER} limit ${MAX_INVOICE_LINES + 1}`,
      )
    ).map(lineOf);
    if (lines.length === 0) throw conflict(UI_TEXT.invoiceEmpty);
    if (lines.length > MAX_INVOICE_LINES) throw badRequest(UI_TEXT.invoiceTooLong);
    const unrated = [...new Set(lines.filter((line) => line.hourlyRateMinor === null).map((line) => line.advisorName))];
    if (unrated.length > 0) throw conflict(missingRatesMessage(unrated));
    await tx.insert(invoiceLines).values(
      lines.map((line, index) => ({
        invoiceId: id,
        organizationId: found.organizationId,
        position: index + 1,
        advisorId: line.advisorId,
        advisorName: line.advisorName,
        recordType: line.recordType,
        recordId: line.recordId,
        recordTitle: line.recordTitle,
        minutes: line.minutes,
        hourlyRateMinor: line.hourlyRateMinor ?? 0,
        amountMinor: line.amountMinor,
      })),
    );
    await tx.insert(invoicingSettings).values({ organizationId: found.organizationId }).onConflictDoNothing();
    const [issued] = await rowsOf<{ number: number; total: number | string; currency: string }>(
      tx,
      sql`with numbered as (
          update invoicing_settings set last_invoice_number = last_invoice_number + 1
          where organization_id = ${found.organizationId}
          returning last_invoice_number, currency, tax_rate_basis_points
        ), sums as (
          select coalesce(sum(minutes), 0)::int as minutes, coalesce(sum(amount_minor), 0)::bigint as subtotal
          from invoice_lines where invoice_id = ${id}
        )
        update invoices set status = 'issued', number = n.last_invoice_number, currency = n.currency,
          tax_rate_basis_points = n.tax_rate_basis_points, minutes = s.minutes, subtotal_minor = s.subtotal,
          tax_minor = ${taxOf(sql`s.subtotal`, sql`n.tax_rate_basis_points`)},
          total_minor = s.subtotal + ${taxOf(sql`s.subtotal`, sql`n.tax_rate_basis_points`)},
          issued_at = now(), issued_by = ${actor.id}, updated_at = now()
        from numbered n, sums s
        where invoices.id = ${id}
        returning invoices.number, invoices.total_minor as total, invoices.currency`,
    );
    if (!issued) throw new Error('issuing updated no invoice');
    await recordAudit(tx, actor.id, [
      {
        organizationId: found.organizationId,
        action: 'invoice.issued',
        target: { type: 'invoice', id, label: `${invoiceNumberLabel(Number(issued.number))} (${found.month})` },
        to: formatMoney(Number(issued.total), issued.currency),
      },
    ]);
  });
  return getInvoice(db, actor, id);
}
