import { decimalHours, formatMoney, formatTaxRate, invoiceTitle, monthLabel } from '@smart/contracts';
import PDFDocument from 'pdfkit';
import { printable } from '../../lib/pdf-printable.js';
import {
  a4Document,
  documentBytes,
  drawFooters,
  PDF_INK,
  PDF_MUTED,
  type PdfColumn,
  PdfTable,
} from '../../lib/pdf-table.js';
import type { InvoiceDetail, InvoiceLineRecord } from './service.js';

/**
 * An invoice as a PDF: a header (its number or DRAFT, the organization, the month, the day it was
 * issued), its lines as a table that wraps long titles and continues on further pages under
 * repeated headings, and the subtotal, tax and total. Helvetica, built in: no font file is read.
 * Drawn on a thread of the CPU pool (lib/cpu-pool.ts).
 */

/** A4's width inside the margins: 499 points. */
const COLUMNS: (PdfColumn & { cell: (line: InvoiceLineRecord, currency: string) => string })[] = [
  { heading: 'Advisor', width: 110, align: 'left', cell: (line) => line.advisorName },
  {
    heading: 'Task or ticket',
    width: 169,
    align: 'left',
    cell: (line) => `${line.recordType === 'task' ? 'Task' : 'Ticket'}: ${line.recordTitle}`,
  },
  { heading: 'Hours', width: 50, align: 'right', oneLine: true, cell: (line) => decimalHours(line.minutes) },
  {
    heading: 'Rate',
    width: 80,
    align: 'right',
    oneLine: true,
    cell: (line, currency) => (line.hourlyRateMinor === null ? 'no rate' : money(line.hourlyRateMinor, currency)),
  },
  {
    heading: 'Amount',
    width: 90,
    align: 'right',
    oneLine: true,
    cell: (line, currency) => money(line.amountMinor, currency),
  },
];

/** An amount in the currency's symbol where Helvetica draws it ($, €, £, ¥), else its code (INR 2,500.00, not ?2,500.00). */
function money(minor: number, currency: string) {
  const text = formatMoney(minor, currency);
  return printable(text) === text ? text : formatMoney(minor, currency, { display: 'code' });
}

export async function invoicePdf({ invoice, lines }: InvoiceDetail): Promise<Uint8Array> {
  const title = `Invoice ${invoiceTitle(invoice)}: ${invoice.organizationName}, ${monthLabel(invoice.month)}`;
  const pdf = a4Document(PDFDocument, { Title: printable(title) });
  const done = documentBytes(pdf);
  const table = new PdfTable(pdf, COLUMNS);

  header(pdf, table.width, invoice);
  let y = table.headings(pdf.y);
  if (lines.length === 0) y = table.note('No approved billable hours this month.', y);
  y = table.rows(
    lines.map((line) => COLUMNS.map((column) => printable(column.cell(line, invoice.currency)))),
    y,
  );
  table.totals(
    [
      [`Subtotal (${decimalHours(invoice.minutes)} hours)`, money(invoice.subtotalMinor, invoice.currency)],
      [`Tax ${formatTaxRate(invoice.taxRateBasisPoints)}`, money(invoice.taxMinor, invoice.currency)],
      ['Total', money(invoice.totalMinor, invoice.currency)],
    ],
    y,
    COLUMNS.length - 1,
  );
  drawFooters(pdf, printable(title), table.width);
  pdf.end();
  return done;
}

function header(pdf: PDFKit.PDFDocument, width: number, invoice: InvoiceDetail['invoice']) {
  pdf
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#1c2b4a')
    .text(invoice.status === 'draft' ? 'Invoice DRAFT' : `Invoice ${invoiceTitle(invoice)}`);
  pdf.moveDown(0.3).fontSize(14).text(printable(invoice.organizationName), { width });
  pdf.moveDown(0.4).font('Helvetica').fontSize(10).fillColor(PDF_INK);
  pdf.text(`Period: ${monthLabel(invoice.month)}`);
  pdf.text(`Currency: ${invoice.currency}`);
  if (invoice.issuedAt) pdf.text(`Issued: ${new Date(invoice.issuedAt).toISOString().slice(0, 10)}`);
  else pdf.fillColor(PDF_MUTED).text('Not issued: its lines follow the approved hours until it is.').fillColor(PDF_INK);
  pdf.moveDown(1);
}
