import {
  DEFAULT_CURRENCY,
  INVOICE_STATUSES,
  MAX_HOURLY_RATE_MINOR,
  MAX_TAX_RATE_BASIS_POINTS,
  TIME_APPROVAL_STATUSES,
  TIME_PERIOD_KINDS,
} from '@smart/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, organizationColumn, ownerColumn, personColumn, timestamps } from './columns.js';
import { organizations } from './organizations.js';
import { timeRecordTypeEnum } from './time.js';

/*
 * Approved hours and invoices (decision 0290). Money is bigint minor units of the currency; every
 * amount is computed in SQL with numeric (exact), never with a float.
 */

export const timePeriodKindEnum = pgEnum('time_period_kind', TIME_PERIOD_KINDS);
export const timeApprovalStatusEnum = pgEnum('time_approval_status', TIME_APPROVAL_STATUSES);
export const invoiceStatusEnum = pgEnum('invoice_status', INVOICE_STATUSES);

/**
 * An advisor's week or month of time in an organization, submitted for approval. While submitted or
 * approved its entries are locked (a row here covering an entry's day, same person and
 * organization). One row per period: submitting again after a return or a reopening moves it back.
 */
export const timeApprovals = pgTable(
  'time_approvals',
  {
    id: id(),
    organizationId: organizationColumn(),
    userId: ownerColumn('user_id'),
    kind: timePeriodKindEnum('kind').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    status: timeApprovalStatusEnum('status').notNull().default('submitted'),
    comment: text('comment'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: personColumn('decided_by'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('time_approvals_period_key').on(table.organizationId, table.userId, table.kind, table.periodStart),
    // An entry's lock: the person's periods in its organization around its day.
    index('time_approvals_person_idx').on(table.userId, table.organizationId, table.periodStart),
    // The org_admin's list: waiting first, newest first.
    index('time_approvals_organization_idx').on(table.organizationId, table.status, table.submittedAt),
    check('time_approvals_period_check', sql`${table.periodEnd} >= ${table.periodStart}`),
  ],
);
export type TimeApprovalRow = typeof timeApprovals.$inferSelect;

/**
 * An organization's invoice settings: the currency of its rates and invoices, its tax rate, and the
 * last invoice number given (the row's lock makes numbers one by one, with no gap).
 */
export const invoicingSettings = pgTable(
  'invoicing_settings',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull().default(DEFAULT_CURRENCY),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    lastInvoiceNumber: integer('last_invoice_number').notNull().default(0),
  },
  (table) => [
    check(
      'invoicing_settings_tax_check',
      sql`${table.taxRateBasisPoints} between 0 and ${sql.raw(String(MAX_TAX_RATE_BASIS_POINTS))}`,
    ),
    check('invoicing_settings_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/** An advisor's hourly rate in an organization from a day on, until the next one's day. */
export const advisorRates = pgTable(
  'advisor_rates',
  {
    id: id(),
    organizationId: organizationColumn(),
    advisorId: ownerColumn('advisor_id'),
    hourlyRateMinor: bigint('hourly_rate_minor', { mode: 'number' }).notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdBy: personColumn('created_by'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('advisor_rates_key').on(table.organizationId, table.advisorId, table.effectiveFrom),
    check(
      'advisor_rates_amount_check',
      sql`${table.hourlyRateMinor} between 0 and ${sql.raw(String(MAX_HOURLY_RATE_MINOR))}`,
    ),
  ],
);
export type AdvisorRateRow = typeof advisorRates.$inferSelect;

/**
 * An organization's invoice for a month. A draft's lines are computed from the approved hours each
 * time it is read; issuing copies them into invoice_lines and fixes its number, currency, tax
 * rate and totals.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    organizationId: organizationColumn(),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    status: invoiceStatusEnum('status').notNull().default('draft'),
    number: integer('number'),
    currency: text('currency'),
    taxRateBasisPoints: integer('tax_rate_basis_points'),
    minutes: integer('minutes'),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }),
    taxMinor: bigint('tax_minor', { mode: 'number' }),
    totalMinor: bigint('total_minor', { mode: 'number' }),
    createdBy: personColumn('created_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    issuedBy: personColumn('issued_by'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('invoices_month_key').on(table.organizationId, table.month),
    uniqueIndex('invoices_number_key').on(table.organizationId, table.number),
    // Everyone's list (admin): newest month first.
    index('invoices_month_idx').on(table.month, table.id),
    check(
      'invoices_issued_check',
      sql`${table.status} = 'draft' or (${table.number} is not null and ${table.totalMinor} is not null and ${table.currency} is not null)`,
    ),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/** An issued invoice's lines, as they were: names and titles copied, so later changes leave it be. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    organizationId: organizationColumn(),
    position: integer('position').notNull(),
    advisorId: uuid('advisor_id'),
    advisorName: text('advisor_name').notNull(),
    recordType: timeRecordTypeEnum('record_type').notNull(),
    recordId: uuid('record_id').notNull(),
    recordTitle: text('record_title').notNull(),
    minutes: integer('minutes').notNull(),
    hourlyRateMinor: bigint('hourly_rate_minor', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (table) => [uniqueIndex('invoice_lines_position_key').on(table.invoiceId, table.position)],
);
