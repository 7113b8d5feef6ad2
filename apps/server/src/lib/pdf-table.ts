/**
 * A table on A4 pages with pdfkit's built-in Helvetica, for the time statement and the invoice:
 * column headings with a rule under them (repeated on every page the table continues on), rows
 * whose cells wrap inside their column, and a footer line with "Page n of m" under every page.
 */

export const PDF_MARGIN = 48;
/** Room under the table for the footer line. */
export const PDF_BOTTOM = 64;
const PAD = 4;
const SIZE = 9;
export const PDF_INK = '#222222';
export const PDF_MUTED = '#5c6b80';
const RULE = '#c9d3e0';
const STRIPE = '#f3f6fa';

export interface PdfColumn {
  heading: string;
  width: number;
  align: 'left' | 'right';
  /** Short text that always fits one line (a day, hours): never measured, never wrapped. */
  oneLine?: true;
}

/** A new A4 document with the table's margins, its pages kept for the footers (pdfkit's class is passed in: only the pool's threads load it). */
export function a4Document(
  PDFDocument: new (options: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument,
  info: PDFKit.DocumentInfo,
) {
  return new PDFDocument({
    size: 'A4',
    margins: { top: PDF_MARGIN, left: PDF_MARGIN, right: PDF_MARGIN, bottom: PDF_BOTTOM },
    bufferPages: true,
    info: { ...info, Creator: 'S.M.A.R.T.' },
  });
}

/** The document's bytes once it ends. */
export function documentBytes(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

export class PdfTable {
  readonly width: number;

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    readonly columns: readonly PdfColumn[],
  ) {
    this.width = columns.reduce((sum, column) => sum + column.width, 0);
  }

  /** Where column `index` starts, from the left margin. */
  left(index: number): number {
    return PDF_MARGIN + this.columns.slice(0, index).reduce((sum, column) => sum + column.width, 0);
  }

  innerWidth(index: number): number {
    return (this.columns[index]?.width ?? 0) - 2 * PAD;
  }

  /** The column headings at `y` with a rule under them; answers where the rows start. */
  headings(y: number): number {
    const cells = this.columns.map((column) => column.heading);
    this.pdf.font('Helvetica-Bold').fontSize(SIZE);
    const height = this.rowHeight(cells);
    this.draw(cells, y, 'Helvetica-Bold');
    this.rule(y + height);
    return y + height + 1;
  }

  /** Draws the rows from `y`, starting a new page (under the headings again) when one is full; answers where they end. */
  rows(rows: readonly string[][], y: number): number {
    let top = y;
    for (const [index, cells] of rows.entries()) {
      this.pdf.font('Helvetica').fontSize(SIZE);
      const height = this.rowHeight(cells);
      if (top + height > this.pdf.page.maxY()) {
        this.pdf.addPage();
        top = this.headings(PDF_MARGIN);
      }
      if (index % 2 === 1) this.pdf.rect(PDF_MARGIN, top, this.width, height).fill(STRIPE);
      this.draw(cells, top, 'Helvetica');
      top += height;
    }
    return top;
  }

  /** A muted line where rows would be (nothing to list). */
  note(text: string, y: number): number {
    this.pdf
      .font('Helvetica')
      .fontSize(SIZE)
      .fillColor(PDF_MUTED)
      .text(text, PDF_MARGIN, y + PAD);
    return this.pdf.y + PAD;
  }

  /**
   * Label and figure lines under the table (totals), the figures in column `figureColumn`; on a
   * new page when the last one has no room. The last line is bold.
   */
  totals(lines: readonly [string, string][], top: number, figureColumn: number) {
    const pdf = this.pdf;
    const lineHeight = pdf.font('Helvetica').fontSize(10).currentLineHeight(true) + 2;
    let y = top + 8;
    if (y + lines.length * lineHeight > pdf.page.maxY()) {
      pdf.addPage();
      y = PDF_MARGIN;
    }
    this.rule(y - 4);
    const figureX = this.left(figureColumn);
    for (const [index, [label, figure]] of lines.entries()) {
      pdf.font(index === lines.length - 1 ? 'Helvetica-Bold' : 'Helvetica').fillColor(PDF_INK);
      pdf.text(label, PDF_MARGIN, y, { width: figureX - PDF_MARGIN - PAD, align: 'right' });
      pdf.text(figure, figureX + PAD, y, { width: this.innerWidth(figureColumn), align: 'right' });
      y += lineHeight;
    }
  }

  /**
   * A row's height: its tallest cell, each wrapped to its column's width. Laying text out is most
   * of a long table's cost, so a cell known to fit one line is not measured.
   */
  private rowHeight(cells: readonly string[]): number {
    const line = this.pdf.currentLineHeight(true);
    const heights = cells.map((text, i) => {
      const width = this.innerWidth(i);
      const fits = this.columns[i]?.oneLine || (!text.includes('\n') && this.pdf.widthOfString(text) <= width);
      return fits ? line : this.pdf.heightOfString(text, { width });
    });
    return Math.max(...heights) + 2 * PAD;
  }

  private draw(cells: readonly string[], y: number, font: string) {
    this.pdf.font(font).fontSize(SIZE).fillColor(PDF_INK);
    cells.forEach((text, i) => {
      const column = this.columns[i] as PdfColumn;
      this.pdf.text(text, this.left(i) + PAD, y + PAD, {
        width: this.innerWidth(i),
        align: column.align,
        lineBreak: !column.oneLine,
      });
    });
  }

  private rule(y: number) {
    this.pdf
      .moveTo(PDF_MARGIN, y)
      .lineTo(PDF_MARGIN + this.width, y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
  }
}

/** "caption" and "Page n of m" under every page; then the pages are written out. */
export function drawFooters(pdf: PDFKit.PDFDocument, caption: string, width: number) {
  const { start, count } = pdf.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    pdf.switchToPage(index);
    // Writing inside the bottom margin would otherwise start a new page.
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const y = pdf.page.height - PDF_BOTTOM + 24;
    pdf.font('Helvetica').fontSize(8).fillColor(PDF_MUTED);
    pdf.text(caption, PDF_MARGIN, y, { width: width - 90, height: 10, ellipsis: true });
    pdf.text(`Page ${index - start + 1} of ${count}`, PDF_MARGIN + width - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    pdf.page.margins.bottom = bottom;
  }
  pdf.flushPages();
}
