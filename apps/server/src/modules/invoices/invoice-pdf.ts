import { formatMoney, formatTaxRate } from '@smart/contracts';
import PDFDocument from 'pdfkit';
import { printable } from '../../lib/pdf-printable.js';
import { invoiceTitle } from './presenter.js';
import type { InvoiceDetail, InvoiceLineRecord } from './service.js';

/**
 * An invoice as a PDF: a header (its number or DRAFT, the organization, the month, the day it was
 * issued), its lines as a table that wraps long titles and continues on further pages under
 * repeated headings, and the subtotal, tax and total. Helvetica, built in: no font file is read.
 * Drawn on a thread of the CPU pool (lib/cpu-pool.ts).
 */

const MARGIN = 48;
const BOTTOM = 64;
const PAD = 4;
const SIZE = 9;
const INK = '#222222';
const MUTED = '#5c6b80';
const RULE = '#c9d3e0';
const STRIPE = '#f3f6fa';

interface Column {
  heading: string;
  width: number;
  align: 'left' | 'right';
  cell: (line: InvoiceLineRecord, currency: string) => string;
}

const hours = (minutes: number) => (minutes / 60).toFixed(2);

/** A4's width inside the margins: 499 points. */
const COLUMNS: Column[] = [
  { heading: 'Advisor', width: 110, align: 'left', cell: (line) => line.advisorName },
  {
    heading: 'Task or ticket',
    width: 169,
    align: 'left',
    cell: (line) => `${line.recordType === 'task' ? 'Task' : 'Ticket'}: ${line.recordTitle}`,
  },
  { heading: 'Hours', width: 50, align: 'right', cell: (line) => hours(line.minutes) },
  {
    heading: 'Rate',
    width: 80,
    align: 'right',
    cell: (line, currency) => (line.hourlyRateMinor === null ? 'no rate' : formatMoney(line.hourlyRateMinor, currency)),
  },
  { heading: 'Amount', width: 90, align: 'right', cell: (line, currency) => formatMoney(line.amountMinor, currency) },
];
const TABLE_WIDTH = COLUMNS.reduce((sum, column) => sum + column.width, 0);
const innerWidth = (column: number) => (COLUMNS[column]?.width ?? 0) - 2 * PAD;

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export async function invoicePdf(detail: InvoiceDetail): Promise<Uint8Array> {
  const { invoice, lines } = detail;
  const title = `Invoice ${invoiceTitle(invoice)}: ${invoice.organizationName}, ${monthName(invoice.month)}`;
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM },
    bufferPages: true,
    info: { Title: printable(title), Creator: 'S.M.A.R.T.' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  header(pdf, detail);
  let y = headings(pdf, pdf.y);
  for (const [index, line] of lines.entries()) {
    const cells = COLUMNS.map((column) => printable(column.cell(line, invoice.currency)));
    const height = rowHeight(pdf, cells);
    if (y + height > pdf.page.maxY()) {
      pdf.addPage();
      y = headings(pdf, MARGIN);
    }
    if (index % 2 === 1) pdf.rect(MARGIN, y, TABLE_WIDTH, height).fill(STRIPE);
    row(pdf, cells, y, 'Helvetica');
    y += height;
  }
  if (lines.length === 0) {
    pdf
      .font('Helvetica')
      .fontSize(SIZE)
      .fillColor(MUTED)
      .text('No approved billable hours this month.', MARGIN, y + PAD);
    y = pdf.y + PAD;
  }
  totals(pdf, y, detail);
  footers(pdf, printable(title));
  pdf.end();
  return done;
}

function header(pdf: PDFKit.PDFDocument, { invoice }: InvoiceDetail) {
  const draft = invoice.status === 'draft';
  pdf
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#1c2b4a')
    .text(draft ? 'Invoice DRAFT' : `Invoice ${invoiceTitle(invoice)}`);
  pdf.moveDown(0.3).fontSize(14).text(printable(invoice.organizationName), { width: TABLE_WIDTH });
  pdf.moveDown(0.4).font('Helvetica').fontSize(10).fillColor(INK);
  pdf.text(`Period: ${monthName(invoice.month)}`);
  pdf.text(`Currency: ${invoice.currency}`);
  if (invoice.issuedAt) pdf.text(`Issued: ${new Date(invoice.issuedAt).toISOString().slice(0, 10)}`);
  else pdf.fillColor(MUTED).text('Not issued: amounts follow the approved hours until it is.').fillColor(INK);
  pdf.moveDown(1);
}

function headings(pdf: PDFKit.PDFDocument, y: number): number {
  const cells = COLUMNS.map((column) => column.heading);
  pdf.font('Helvetica-Bold').fontSize(SIZE);
  const height = rowHeight(pdf, cells);
  row(pdf, cells, y, 'Helvetica-Bold');
  pdf
    .moveTo(MARGIN, y + height)
    .lineTo(MARGIN + TABLE_WIDTH, y + height)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  return y + height + 1;
}

function rowHeight(pdf: PDFKit.PDFDocument, cells: string[]): number {
  const heights = cells.map((text, i) => pdf.heightOfString(text, { width: innerWidth(i) }));
  return Math.max(...heights) + 2 * PAD;
}

function row(pdf: PDFKit.PDFDocument, cells: string[], y: number, font: string) {
  pdf.font(font).fontSize(SIZE).fillColor(INK);
  let x = MARGIN;
  cells.forEach((text, i) => {
    const column = COLUMNS[i] as Column;
    pdf.text(text, x + PAD, y + PAD, { width: innerWidth(i), align: column.align });
    x += column.width;
  });
}

/** Subtotal, tax and total under the Amount column; on a new page when the last one is full. */
function totals(pdf: PDFKit.PDFDocument, top: number, { invoice }: InvoiceDetail) {
  const money = (minor: number) => printable(formatMoney(minor, invoice.currency));
  const lines: [string, string][] = [
    [`Subtotal (${hours(invoice.minutes)} hours)`, money(invoice.subtotalMinor)],
    [`Tax ${formatTaxRate(invoice.taxRateBasisPoints)}`, money(invoice.taxMinor)],
    ['Total', money(invoice.totalMinor)],
  ];
  const lineHeight = pdf.font('Helvetica').fontSize(10).currentLineHeight(true) + 3;
  let y = top + 8;
  if (y + lines.length * lineHeight > pdf.page.maxY()) {
    pdf.addPage();
    y = MARGIN;
  }
  pdf
    .moveTo(MARGIN, y - 4)
    .lineTo(MARGIN + TABLE_WIDTH, y - 4)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  const amountColumn = COLUMNS.length - 1;
  const amountX = MARGIN + TABLE_WIDTH - (COLUMNS[amountColumn]?.width ?? 0);
  for (const [label, value] of lines) {
    pdf.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica').fillColor(INK);
    pdf.text(label, MARGIN, y, { width: amountX - MARGIN - PAD, align: 'right' });
    pdf.text(value, amountX + PAD, y, { width: innerWidth(amountColumn), align: 'right' });
    y += lineHeight;
  }
}

function footers(pdf: PDFKit.PDFDocument, caption: string) {
  const { start, count } = pdf.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    pdf.switchToPage(index);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const y = pdf.page.height - BOTTOM + 24;
    pdf.font('Helvetica').fontSize(8).fillColor(MUTED);
    pdf.text(caption, MARGIN, y, { width: TABLE_WIDTH - 90, height: 10, ellipsis: true });
    pdf.text(`Page ${index - start + 1} of ${count}`, MARGIN + TABLE_WIDTH - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    pdf.page.margins.bottom = bottom;
  }
  pdf.flushPages();
}
