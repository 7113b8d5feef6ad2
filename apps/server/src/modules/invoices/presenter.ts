import {
  type CurrencyCode,
  decimalHours,
  formatTaxRate,
  type Invoice,
  type InvoiceSummary,
  type InvoicingSettings,
  moneyDigits,
  type Rate,
} from '@smart/contracts';
import type { Actor } from '../../lib/tenancy.js';
import { invoicePermissions, ratePermissions, setsTermsIn } from './policy.js';
import type { InvoiceDetail, InvoiceLineRecord, InvoiceRecord } from './service.js';
import type { RateRecord, Terms } from './terms.js';

export function presentInvoiceSummary(actor: Actor, invoice: InvoiceRecord): InvoiceSummary {
  return {
    id: invoice.id,
    organizationId: invoice.organizationId,
    organizationName: invoice.organizationName,
    month: invoice.month,
    status: invoice.status,
    number: invoice.number,
    currency: invoice.currency,
    taxRateBasisPoints: invoice.taxRateBasisPoints,
    minutes: invoice.minutes,
    subtotalMinor: invoice.subtotalMinor,
    taxMinor: invoice.taxMinor,
    totalMinor: invoice.totalMinor,
    createdAt: invoice.createdAt.toISOString(),
    issuedAt: invoice.issuedAt?.toISOString() ?? null,
    permissions: invoicePermissions(actor, invoice),
  };
}

export function presentInvoice(actor: Actor, { invoice, lines, unapprovedMinutes }: InvoiceDetail): Invoice {
  return {
    ...presentInvoiceSummary(actor, invoice),
    lines: lines.map((line) => ({
      advisor: { id: line.advisorId ?? '', name: line.advisorName },
      recordType: line.recordType,
      recordId: line.recordId,
      recordTitle: line.recordTitle,
      minutes: line.minutes,
      hourlyRateMinor: line.hourlyRateMinor,
      amountMinor: line.amountMinor,
    })),
    unapprovedMinutes,
  };
}

export function presentRate(actor: Actor, terms: Terms, { rate, advisorName }: RateRecord): Rate {
  return {
    id: rate.id,
    organizationId: rate.organizationId,
    advisor: { id: rate.advisorId, name: advisorName },
    hourlyRateMinor: rate.hourlyRateMinor,
    currency: terms.currency,
    effectiveFrom: rate.effectiveFrom,
    createdAt: rate.createdAt.toISOString(),
    permissions: ratePermissions(actor, rate.organizationId),
  };
}

/** The invoice CSV's columns; its lines, then the subtotal, tax and total rows. */
export const INVOICE_CSV_COLUMNS = ['Advisor', 'Type', 'Task or ticket', 'Hours', 'Hourly rate', 'Amount', 'Currency'];

export function invoiceCsvRows({ invoice, lines }: InvoiceDetail): string[][] {
  const money = (minor: number | null) => (minor === null ? '' : moneyDigits(minor, invoice.currency));
  const currency = invoice.currency as CurrencyCode;
  return [
    ...lines.map((line: InvoiceLineRecord) => [
      line.advisorName,
      line.recordType === 'task' ? 'Task' : 'Ticket',
      line.recordTitle,
      decimalHours(line.minutes),
      money(line.hourlyRateMinor),
      money(line.amountMinor),
      currency,
    ]),
    ['Subtotal', '', '', decimalHours(invoice.minutes), '', money(invoice.subtotalMinor), currency],
    [`Tax ${formatTaxRate(invoice.taxRateBasisPoints)}`, '', '', '', '', money(invoice.taxMinor), currency],
    ['Total', '', '', '', '', money(invoice.totalMinor), currency],
  ];
}

export const presentInvoicingSettings = (actor: Actor, terms: Terms): InvoicingSettings => ({
  ...terms,
  permissions: { canEdit: setsTermsIn(actor, terms.organizationId) },
});
