import { type InvoiceSummary, invoiceNumberLabel, MAX_TAX_RATE_BASIS_POINTS } from '@smart/contracts';
import { fullMonthLabel } from '@/lib/calendar-labels';

/** How Hours and Invoices reads and writes tax rates and months, and names an invoice. */

/** A tax rate in basis points as the percent field shows it: 825 → "8.25", 2000 → "20". */
export const taxPercentText = (basisPoints: number) => (basisPoints / 100).toString();

/**
 * A typed percent as basis points ("20" → 2000, "7.5" → 750, "8.25" → 825), or null when it is no
 * rate from 0 to 100 with at most two decimals. Read as text: no float rounding.
 */
export function parseTaxPercent(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{0,2}))?$/.exec(text.trim().replace(/\s*%$/, ''));
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const basisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return basisPoints <= MAX_TAX_RATE_BASIS_POINTS ? basisPoints : null;
}

const monthOf = (day: Date) => `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}`;

/** The month before today's, 'YYYY-MM' (local calendar): the one an invoice is usually drawn up for. */
export const lastMonth = (today = new Date()) => monthOf(new Date(today.getFullYear(), today.getMonth() - 1, 1));

/** This month and the `count - 1` before it, newest first, as a month picker offers them. */
export function recentMonths(count: number, today = new Date()): { value: string; label: string }[] {
  return Array.from({ length: count }, (_, back) => {
    const value = monthOf(new Date(today.getFullYear(), today.getMonth() - back, 1));
    return { value, label: fullMonthLabel(value) };
  });
}

/** "INV-0007 for Acme Corp, October 2026": how a link or a question names one invoice. */
export const invoiceFullName = (invoice: Pick<InvoiceSummary, 'number' | 'organizationName' | 'month'>) =>
  `${invoice.number === null ? 'Invoice draft' : invoiceNumberLabel(invoice.number)} for ${invoice.organizationName}, ${fullMonthLabel(invoice.month)}`;
