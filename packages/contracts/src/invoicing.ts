/**
 * Approved hours and invoices (decision 0290). An advisor submits a week or a month of its time in
 * an organization; the organization's org_admin approves it or returns it with a comment. Approved
 * billable hours, at the advisor's hourly rate there, become the lines of the organization's
 * invoice for a month. Money is an integer of the currency's minor units (cents; yen have none),
 * and every amount is computed in SQL: no floating point touches it.
 */

/** What an advisor submits at once: a week (Monday to Sunday) or a calendar month. */
export const TIME_PERIOD_KINDS = ['week', 'month'] as const;
export type TimePeriodKind = (typeof TIME_PERIOD_KINDS)[number];

/**
 * A submitted period's state. Submitted and approved periods lock their entries; a returned or
 * reopened one is open again for the advisor to change and submit anew.
 */
export const TIME_APPROVAL_STATUSES = ['submitted', 'approved', 'returned', 'reopened'] as const;
export type TimeApprovalStatus = (typeof TIME_APPROVAL_STATUSES)[number];
export const TIME_APPROVAL_STATUS_LABELS: Record<TimeApprovalStatus, string> = {
  submitted: 'Waiting for approval',
  approved: 'Approved',
  returned: 'Returned',
  reopened: 'Reopened',
};
/** The statuses that lock a period's entries. */
export const LOCKING_APPROVAL_STATUSES = ['submitted', 'approved'] as const satisfies readonly TimeApprovalStatus[];

export const MAX_APPROVAL_COMMENT_LENGTH = 1000;
export const TIME_APPROVAL_PAGE_SIZE = 50;

export const INVOICE_STATUSES = ['draft', 'issued'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { draft: 'Draft', issued: 'Issued' };
export const INVOICE_PAGE_SIZE = 50;
/** An invoice holds at most this many lines (advisor × task or ticket × rate): its PDF is drawn in a worker. */
export const MAX_INVOICE_LINES = 2000;

/**
 * The currencies an organization may invoice in (ISO 4217) and their minor units: the digits after
 * the decimal point. Yen, won and króna have none; the dinars of Bahrain, Kuwait and Tunisia three.
 */
export const CURRENCY_MINOR_UNITS = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  CHF: 2,
  JPY: 0,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  PLN: 2,
  CZK: 2,
  HUF: 2,
  RON: 2,
  ISK: 0,
  TRY: 2,
  ILS: 2,
  AED: 2,
  SAR: 2,
  BHD: 3,
  KWD: 3,
  TND: 3,
  INR: 2,
  CNY: 2,
  HKD: 2,
  SGD: 2,
  KRW: 0,
  ZAR: 2,
  BRL: 2,
  MXN: 2,
  CLP: 0,
} as const;
export type CurrencyCode = keyof typeof CURRENCY_MINOR_UNITS;
export const CURRENCY_CODES = Object.keys(CURRENCY_MINOR_UNITS) as [CurrencyCode, ...CurrencyCode[]];
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';
export const minorUnitsOf = (currency: string): number => CURRENCY_MINOR_UNITS[currency as CurrencyCode] ?? 2;

/** A tax rate in basis points: 2000 is 20.00 %; at most 100 %. */
export const MAX_TAX_RATE_BASIS_POINTS = 10_000;
/** An hourly rate is at most this many minor units (ten million dollars an hour; a billion yen). */
export const MAX_HOURLY_RATE_MINOR = 1_000_000_000;

/**
 * An amount of minor units as people read it in the currency ("$1,234.50", "¥12,000"). Display
 * only: the digits come from the integer as text (moneyDigits), which a number of at most 15
 * significant digits shows exactly.
 */
export function formatMoney(
  minor: number,
  currency: string,
  { locale = 'en-US', display = 'symbol' }: { locale?: string; display?: 'symbol' | 'code' } = {},
): string {
  const units = minorUnitsOf(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: display,
    minimumFractionDigits: units,
    maximumFractionDigits: units,
  }).format(Number(moneyDigits(minor, currency)));
}

/** An amount as plain digits with the currency's decimals ("1234.50", "12000"): CSV cells, form fields. */
export function moneyDigits(minor: number, currency: string): string {
  const units = minorUnitsOf(currency);
  const digits = String(Math.abs(Math.trunc(minor))).padStart(units + 1, '0');
  const sign = minor < 0 ? '-' : '';
  return units > 0 ? `${sign}${digits.slice(0, -units)}.${digits.slice(-units)}` : `${sign}${digits}`;
}

/**
 * Typed money ("150", "150.5", "1,250.00") as minor units, or null when it is not an amount of the
 * currency (more decimals than it has, letters, negative). Parsed as text: no float.
 */
export function parseMoney(text: string, currency: string): number | null {
  const units = minorUnitsOf(currency);
  const match = /^(\d{1,10})(?:\.(\d*))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > units) return null;
  const minor = Number(whole) * 10 ** units + Number(fraction.padEnd(units, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** "20 %", "7.5 %": a tax rate in basis points as people read it. */
export const formatTaxRate = (basisPoints: number) => `${(basisPoints / 100).toString()} %`;

/** The invoice number as printed: per organization, from 1. */
export const invoiceNumberLabel = (number: number) => `INV-${String(number).padStart(4, '0')}`;
/** "INV-0007" once issued; "Draft" before. */
export const invoiceTitle = (invoice: { number: number | null }) =>
  invoice.number === null ? 'Draft' : invoiceNumberLabel(invoice.number);

const DAY_MS = 86_400_000;
const dayOf = (text: string) => new Date(`${text}T00:00:00Z`);
const textOf = (day: Date) => day.toISOString().slice(0, 10);

/** The years a period or an invoice may lie in: four-digit years the calendar arithmetic and PostgreSQL agree on. */
export const isBillingYear = (year: number) => year >= 2000 && year <= 9998;

/** Whether a day starts a period of the kind: a Monday for a week, the 1st for a month. */
export function startsPeriod(kind: TimePeriodKind, start: string): boolean {
  const day = dayOf(start);
  if (Number.isNaN(day.getTime()) || !isBillingYear(day.getUTCFullYear())) return false;
  return kind === 'week' ? day.getUTCDay() === 1 : day.getUTCDate() === 1;
}

/** The last day of the period starting on `start` (both days included). */
export function periodEnd(kind: TimePeriodKind, start: string): string {
  const day = dayOf(start);
  if (kind === 'week') return textOf(new Date(day.getTime() + 6 * DAY_MS));
  // The day before the next month's first; setUTCFullYear keeps years below 100 as they are.
  const next = new Date(0);
  next.setUTCFullYear(day.getUTCFullYear(), day.getUTCMonth() + 1, 1);
  return textOf(new Date(next.getTime() - DAY_MS));
}

/** The first and last day of a month 'YYYY-MM'. */
export const monthDays = (month: string) => ({ from: `${month}-01`, to: periodEnd('month', `${month}-01`) });

/** A month 'YYYY-MM': a real month from the year 2000 on. */
export const isInvoiceMonth = (text: string) =>
  /^\d{4}-(0[1-9]|1[0-2])$/.test(text) && isBillingYear(Number(text.slice(0, 4)));

/** Said when approving, returning and reopening, and in the notifications: "October 2026", "the week of Oct 5, 2026". */
export function periodLabel(kind: TimePeriodKind, start: string): string {
  const options = { month: kind === 'month' ? 'long' : 'short', year: 'numeric', timeZone: 'UTC' } as const;
  if (kind === 'month') return dayOf(start).toLocaleDateString('en-US', options);
  return `the week of ${dayOf(start).toLocaleDateString('en-US', { ...options, day: 'numeric' })}`;
}

/** "October 2026": a month 'YYYY-MM' as people read it. */
export const monthLabel = (month: string) => periodLabel('month', `${month}-01`);

/** Why an entry cannot change: the period it lies in is waiting for approval, or approved. */
export function lockedEntryMessage(status: TimeApprovalStatus, kind: TimePeriodKind, start: string): string {
  const period = periodLabel(kind, start);
  return status === 'approved'
    ? `This day is in approved time (${period}): the organization admin can reopen it`
    : `This day is in time waiting for approval (${period}): it can change once the submission is withdrawn or returned`;
}

/** Issuing an invoice whose advisors have no hourly rate for some of its days. */
export const missingRatesMessage = (names: string[]) =>
  `Set an hourly rate first for ${names.join(', ')}: some of their approved hours have none`;

/** Issuing a month before it has ended. */
export const monthNotOverMessage = (month: string) =>
  `${monthLabel(month)} has not ended yet: invoice it from the 1st of next month`;
