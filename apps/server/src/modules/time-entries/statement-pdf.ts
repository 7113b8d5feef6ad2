import PDFDocument from 'pdfkit';
import { printable } from '../../lib/pdf-printable.js';
import type { TimeEntryRecord, TimesheetStatement } from './service.js';

/**
 * A person's time statement for one organization as a PDF: a header (the organization,
 * the person, the period), the entries as a table that wraps long text inside its cells and
 * continues on further pages under repeated headings, and the totals. pdfkit's built-in Helvetica:
 * no font file is read. Loaded only by the pool's threads, when a statement is asked for: pdfkit
 * costs every start a noticeable moment.
 */

const MARGIN = 48;
/** Room under the table for the footer line. */
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
  /** Short text that always fits one line (a day, hours): never measured, never wrapped. */
  oneLine?: true;
  cell: (record: TimeEntryRecord) => string;
}

const hours = (minutes: number) => (minutes / 60).toFixed(2);

/** The columns fill A4's width inside the margins (595 - 2 × 48 ≈ 499 points). */
const COLUMNS: Column[] = [
  { heading: 'Day', width: 62, align: 'left', oneLine: true, cell: ({ entry }) => entry.date },
  {
    heading: 'Task or ticket',
    width: 140,
    align: 'left',
    cell: ({ entry, recordTitle }) => `${entry.recordType === 'task' ? 'Task' : 'Ticket'}: ${recordTitle}`,
  },
  { heading: 'Note', width: 187, align: 'left', cell: ({ entry }) => entry.note },
  { heading: 'Hours', width: 50, align: 'right', oneLine: true, cell: ({ entry }) => hours(entry.minutes) },
  {
    heading: 'Billable',
    width: 60,
    align: 'right',
    oneLine: true,
    cell: ({ entry }) => (entry.billable ? 'yes' : 'no'),
  },
];
const TABLE_WIDTH = COLUMNS.reduce((sum, column) => sum + column.width, 0);

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
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM },
    bufferPages: true,
    info: { Title: printable(title), Author: printable(personName), Creator: 'S.M.A.R.T.' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  header(pdf, printable(organizationName), printable(personName), `${from} to ${to}`);
  let y = headings(pdf, pdf.y);
  if (entries.length === 0) {
    pdf
      .font('Helvetica')
      .fontSize(SIZE)
      .fillColor(MUTED)
      .text('No time recorded in this period.', MARGIN, y + PAD);
    y = pdf.y + PAD;
  }
  for (const [index, record] of entries.entries()) {
    const cells = COLUMNS.map((column) => printable(column.cell(record)));
    const height = rowHeight(pdf, cells);
    if (y + height > pdf.page.maxY()) {
      pdf.addPage();
      y = headings(pdf, MARGIN);
    }
    if (index % 2 === 1) pdf.rect(MARGIN, y, TABLE_WIDTH, height).fill(STRIPE);
    row(pdf, cells, y, 'Helvetica');
    y += height;
  }
  totals(pdf, y, entries);
  footers(pdf, printable(`${organizationName} · ${personName} · ${from} to ${to}`));
  pdf.end();
  return done;
}

function header(pdf: PDFKit.PDFDocument, organizationName: string, personName: string, period: string) {
  pdf.font('Helvetica-Bold').fontSize(18).fillColor('#1c2b4a').text('Time statement');
  pdf.moveDown(0.3).fontSize(14).text(organizationName, { width: TABLE_WIDTH });
  pdf.moveDown(0.4).font('Helvetica').fontSize(10).fillColor(INK);
  pdf.text(`Prepared for: ${personName}`, { width: TABLE_WIDTH });
  pdf.text(`Period: ${period}`, { width: TABLE_WIDTH });
  pdf.moveDown(1);
}

/** The column headings at `y` with a rule under them; answers where the rows start. */
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

/**
 * A row's height: its tallest cell, each wrapped to its column's width. Laying text out is most of
 * a statement's cost, so a cell known to fit one line is not measured.
 */
function rowHeight(pdf: PDFKit.PDFDocument, cells: string[]): number {
  const line = pdf.currentLineHeight(true);
  const heights = cells.map((text, i) => {
    const width = innerWidth(i);
    const fits = COLUMNS[i]?.oneLine || (!text.includes('\n') && pdf.widthOfString(text) <= width);
    return fits ? line : pdf.heightOfString(text, { width });
  });
  return Math.max(...heights) + 2 * PAD;
}

const innerWidth = (column: number) => (COLUMNS[column]?.width ?? 0) - 2 * PAD;

function row(pdf: PDFKit.PDFDocument, cells: string[], y: number, font: string) {
  pdf.font(font).fontSize(SIZE).fillColor(INK);
  let x = MARGIN;
  cells.forEach((text, i) => {
    const column = COLUMNS[i] as Column;
    pdf.text(text, x + PAD, y + PAD, { width: innerWidth(i), align: column.align, lineBreak: !column.oneLine });
    x += column.width;
  });
}

/** Billable, not billable and all, under the Hours column; on a new page when the last one is full. */
function totals(pdf: PDFKit.PDFDocument, top: number, entries: TimeEntryRecord[]) {
  const billable = entries.reduce((sum, { entry }) => sum + (entry.billable ? entry.minutes : 0), 0);
  const all = entries.reduce((sum, { entry }) => sum + entry.minutes, 0);
  const lines: [string, number][] = [
    ['Billable', billable],
    ['Not billable', all - billable],
    ['Total', all],
  ];
  const lineHeight = pdf.font('Helvetica').fontSize(10).currentLineHeight(true) + 2;
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
  // Labels end where the Hours column starts; the figures line up with the hours above them.
  const hoursColumn = COLUMNS.findIndex((column) => column.heading === 'Hours');
  const hoursX = MARGIN + COLUMNS.slice(0, hoursColumn).reduce((sum, column) => sum + column.width, 0);
  for (const [label, minutes] of lines) {
    pdf.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica').fillColor(INK);
    pdf.text(label, MARGIN, y, { width: hoursX - MARGIN - PAD, align: 'right' });
    pdf.text(hours(minutes), hoursX + PAD, y, { width: innerWidth(hoursColumn), align: 'right' });
    y += lineHeight;
  }
}

/** "Organization · person · period" and "Page n of m" under every page. */
function footers(pdf: PDFKit.PDFDocument, caption: string) {
  const { start, count } = pdf.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    pdf.switchToPage(index);
    // Writing inside the bottom margin would otherwise start a new page.
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
