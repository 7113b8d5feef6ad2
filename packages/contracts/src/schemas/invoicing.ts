import { z } from 'zod';
import {
  CURRENCY_CODES,
  INVOICE_PAGE_SIZE,
  INVOICE_STATUSES,
  isInvoiceMonth,
  MAX_APPROVAL_COMMENT_LENGTH,
  MAX_HOURLY_RATE_MINOR,
  MAX_TAX_RATE_BASIS_POINTS,
  startsPeriod,
  TIME_APPROVAL_PAGE_SIZE,
  TIME_APPROVAL_STATUSES,
  TIME_PERIOD_KINDS,
} from '../invoicing.js';
import { MAX_PAGE_SIZE } from '../limits.js';
import { isCalendarDate } from '../scheduling.js';
import { TIME_RECORD_TYPES } from '../time.js';
import { UI_TEXT } from '../ui-text.js';
import { boundedString, idSchema, pagedEnvelope, permissionsSchema, requiredText } from './common.js';

/** Submitted time, its approval, hourly rates and invoices (decision 0290). */

const day = boundedString(10, UI_TEXT.dateInvalid).refine(isCalendarDate, UI_TEXT.dateInvalid);
const page = z.coerce.number().int().min(1).default(1);
const limit = (size: number) => z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(size);
const personRef = z.object({ id: z.string(), name: z.string() });

export const timePeriodKindSchema = z.enum(TIME_PERIOD_KINDS);
export const timeApprovalStatusSchema = z.enum(TIME_APPROVAL_STATUSES);

/** POST /api/time-approvals: the caller's week (from a Monday) or month (from its 1st) in one organization. */
export const submitTimeBody = z
  .strictObject({ organizationId: idSchema, kind: timePeriodKindSchema, start: day })
  .refine((body) => startsPeriod(body.kind, body.start), { message: UI_TEXT.timePeriodStartInvalid, path: ['start'] });
export type SubmitTimeBody = z.input<typeof submitTimeBody>;

/** Returning asks what to change; reopening says why. */
export const returnTimeBody = z.strictObject({
  comment: requiredText(UI_TEXT.timePeriodReturnComment, MAX_APPROVAL_COMMENT_LENGTH),
});
export const reopenTimeBody = z.strictObject({
  comment: requiredText(UI_TEXT.timePeriodReopenComment, MAX_APPROVAL_COMMENT_LENGTH),
});

export const timeApprovalListQuery = z.object({
  organizationId: idSchema.optional(),
  userId: idSchema.optional(),
  status: timeApprovalStatusSchema.optional(),
  page,
  limit: limit(TIME_APPROVAL_PAGE_SIZE),
});
export type TimeApprovalListQuery = z.input<typeof timeApprovalListQuery>;

export const timeApprovalSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  advisor: personRef,
  kind: timePeriodKindSchema,
  start: z.string(),
  end: z.string(),
  status: timeApprovalStatusSchema,
  /** The period's minutes now, billable apart (its entries are locked while submitted or approved). */
  minutes: z.number().int(),
  billableMinutes: z.number().int(),
  /** The org_admin's comment when returning or reopening. */
  comment: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: personRef.nullable(),
  /**
   * canDecide: approve or return (submitted; its org_admin, admin); canReopen (approved, same people);
   * canWithdraw (the advisor, while not approved).
   */
  permissions: permissionsSchema('canDecide', 'canReopen', 'canWithdraw'),
});
export type TimeApproval = z.infer<typeof timeApprovalSchema>;
export const timeApprovalPage = pagedEnvelope(timeApprovalSchema);

// ---- invoicing settings and rates ----------------------------------------------------------------

export const currencySchema = z.enum(CURRENCY_CODES, { error: UI_TEXT.currencyInvalid });

/** GET/PUT /api/organizations/{id}/invoicing. */
export const invoicingSettingsBody = z.strictObject({
  currency: currencySchema,
  taxRateBasisPoints: z
    .number({ error: UI_TEXT.taxRateInvalid })
    .int(UI_TEXT.taxRateInvalid)
    .min(0, UI_TEXT.taxRateInvalid)
    .max(MAX_TAX_RATE_BASIS_POINTS, UI_TEXT.taxRateInvalid),
});
export type InvoicingSettingsBody = z.input<typeof invoicingSettingsBody>;
export const invoicingSettingsSchema = z.object({
  organizationId: z.string(),
  currency: currencySchema,
  taxRateBasisPoints: z.number().int(),
  /** canEdit: its org_admin, admin. */
  permissions: permissionsSchema('canEdit'),
});
export type InvoicingSettings = z.infer<typeof invoicingSettingsSchema>;

/** POST /api/organizations/{id}/rates: from `effectiveFrom` on, until a later rate; the same day replaces. */
export const setRateBody = z.strictObject({
  advisorId: idSchema,
  hourlyRateMinor: z
    .number({ error: UI_TEXT.hourlyRateInvalid })
    .int(UI_TEXT.hourlyRateInvalid)
    .min(0, UI_TEXT.hourlyRateInvalid)
    .max(MAX_HOURLY_RATE_MINOR, UI_TEXT.hourlyRateInvalid),
  effectiveFrom: day,
});
export type SetRateBody = z.input<typeof setRateBody>;
export const rateParams = z.object({ id: idSchema, rateId: idSchema });

export const rateSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  advisor: personRef,
  hourlyRateMinor: z.number().int(),
  currency: currencySchema,
  effectiveFrom: z.string(),
  createdAt: z.string(),
  /** canDelete: its org_admin, admin. */
  permissions: permissionsSchema('canDelete'),
});
export type Rate = z.infer<typeof rateSchema>;

// ---- invoices -------------------------------------------------------------------------------------

const month = boundedString(7, UI_TEXT.invoiceMonthInvalid).refine(isInvoiceMonth, UI_TEXT.invoiceMonthInvalid);

/** POST /api/invoices: the draft of an organization's month. */
export const createInvoiceBody = z.strictObject({ organizationId: idSchema, month });
export type CreateInvoiceBody = z.input<typeof createInvoiceBody>;

export const invoiceListQuery = z.object({
  organizationId: idSchema.optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  page,
  limit: limit(INVOICE_PAGE_SIZE),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;

const totals = {
  currency: currencySchema,
  taxRateBasisPoints: z.number().int(),
  minutes: z.number().int(),
  subtotalMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
};

export const invoiceSummarySchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  month: z.string(),
  status: z.enum(INVOICE_STATUSES),
  /** Given when issued (per organization, from 1); null while a draft. */
  number: z.number().int().nullable(),
  ...totals,
  createdAt: z.string(),
  issuedAt: z.string().nullable(),
  /** canManage: refresh, issue, delete a draft (the organization's advisors, admin). */
  permissions: permissionsSchema('canManage'),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const invoicePage = pagedEnvelope(invoiceSummarySchema);

export const invoiceLineSchema = z.object({
  advisor: personRef,
  recordType: z.enum(TIME_RECORD_TYPES),
  recordId: z.string(),
  recordTitle: z.string(),
  minutes: z.number().int(),
  /** Null: the advisor has no rate for these days (a draft only; issuing needs one). */
  hourlyRateMinor: z.number().int().nullable(),
  amountMinor: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = invoiceSummarySchema.extend({
  lines: z.array(invoiceLineSchema),
  /** A draft's billable minutes of the month that are not approved yet (not on it). */
  unapprovedMinutes: z.number().int(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
