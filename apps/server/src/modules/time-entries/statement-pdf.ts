import { decimalHours } from '@smart/contracts';
import PDFDocument from 'pdfkit';
import { printable } from '../../lib/pdf-printable.js';
import { a4Document, documentBytes, drawFooters, PDF_INK, type PdfColumn, PdfTable } from '../../lib/pdf-table.js';
import type { TimeEntryRecord, TimesheetStatement } from './service.js';

/**
 * A person's time statement for one organization as a PDF: a header (the organization,
 * the person, the period), the entries as a table that wraps long text inside its cells and
 * continues on further pages under repeated headings, and the totals. pdfkit's built-in Helvetica:
 * no font file is read. Loaded only by the pool's threads, when a statement is asked for: pdfkit
 * costs every start a noticeable moment.
 */

/** The columns fill A4's width inside the margins (595 - 2 × 48 ≈ 499 points). */
const COLUMNS: (PdfColumn & { cell: (record: TimeEntryRecord) => string })[] = [
  { heading: 'Day', width: 62, align: 'left', oneLine: true, cell: ({ entry }) => entry.date },
  {
    heading: 'Task or ticket',
    width: 140,
    align: 'left',
    cell: ({ entry, recordTitle }) => `${entry.recordType === 'task' ? 'Task' : 'Ticket'}: ${recordTitle}`,
  },
  { heading: 'Note', width: 187, align: 'left', cell: ({ entry }) => entry.note },
  { heading: 'Hours', width: 50, align: 'right', oneLine: true, cell: ({ entry }) => decimalHours(entry.minutes) },
  {
    heading: 'Billable',
    width: 60,
    align: 'right',
    oneLine: true,
    cell: ({ entry }) => (entry.billable ? 'yes' : 'no'),
  },
];

/** Drawn on a thread of the CPU pool (lib/cpu-pool.ts): the request's thread goes on meanwhile. */
export async function statementPdf({
  statement,
  personName,
}: {
  statement: TimesheetStatement;
  personName: string;
}): Promise<Uint8Array> {
  const { organizationName, from, to, entries } = statement;
  const title = `Time statement: ${organizationName}, ${from} to ${to}`;
  const pdf = a4Document(PDFDocument, { Title: printable(title), Author: printable(personName) });
  const done = documentBytes(pdf);
  const table = new PdfTable(pdf, COLUMNS);

  header(pdf, table.width, printable(organizationName), printable(personName), `${from} to ${to}`);
  let y = table.headings(pdf.y);
  if (entries.length === 0) y = table.note('No time recorded in this period.', y);
  y = table.rows(
    entries.map((record) => COLUMNS.map((column) => printable(column.cell(record)))),
    y,
  );
  const billable = entries.reduce((sum, { entry }) => sum + (entry.billable ? entry.minutes : 0), 0);
  const all = entries.reduce((sum, { entry }) => sum + entry.minutes, 0);
  // The figures line up with the hours above them.
  table.totals(
    [
      ['Billable', decimalHours(billable)],
      ['Not billable', decimalHours(all - billable)],
      ['Total', decimalHours(all)],
    ],
    y,
    COLUMNS.findIndex((column) => column.heading === 'Hours'),
  );
  drawFooters(pdf, printable(`${organizationName} · ${personName} · ${from} to ${to}`), table.width);
  pdf.end();
  return done;
}

function header(pdf: PDFKit.PDFDocument, width: number, organizationName: string, personName: string, period: string) {
  pdf.font('Helvetica-Bold').fontSize(18).fillColor('#1c2b4a').text('Time statement');
  pdf.moveDown(0.3).fontSize(14).text(organizationName, { width });
  pdf.moveDown(0.4).font('Helvetica').fontSize(10).fillColor(PDF_INK);
  pdf.text(`Prepared for: ${personName}`, { width });
  pdf.text(`Period: ${period}`, { width });
  pdf.moveDown(1);
}
