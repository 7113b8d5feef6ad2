import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import PDFDocument from 'pdfkit';

/**
 * Real, readable documents for the demo template library, made at seed time in pure
 * JavaScript: a policy or process document as a PDF (pdfkit, with its built-in Helvetica: no font
 * file is read) and a fill-in form as a DOCX (docx). Nothing is downloaded at run time.
 */

export interface PolicySection {
  heading: string;
  /** Paragraphs; a line starting with "- " is a bullet. */
  lines: readonly string[];
}

export interface PolicyDocument {
  title: string;
  /** Who owns it, shown under the title ("Finance · Version 2.1"). */
  subtitle: string;
  sections: readonly PolicySection[];
}

export interface FormDocument {
  title: string;
  instructions: string;
  /** The labels of the rows to fill in. */
  fields: readonly string[];
  /** Signature lines at the end ("Employee", "Manager"). */
  signatures: readonly string[];
}

const MARGIN = 64;

/** A one- or two-page PDF: title, subtitle, numbered sections with paragraphs and bullets. */
export function policyPdf(document: PolicyDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: document.title, Author: 'S.M.A.R.T. template library' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.font('Helvetica-Bold').fontSize(20).fillColor('#1c2b4a').text(document.title);
  pdf.moveDown(0.2).font('Helvetica').fontSize(10).fillColor('#5c6b80').text(document.subtitle);
  pdf.moveDown(0.6);
  pdf
    .moveTo(MARGIN, pdf.y)
    .lineTo(pdf.page.width - MARGIN, pdf.y)
    .strokeColor('#c9d3e0')
    .stroke();
  document.sections.forEach((section, index) => {
    pdf.moveDown(1).font('Helvetica-Bold').fontSize(13).fillColor('#1c2b4a');
    pdf.text(`${index + 1}. ${section.heading}`);
    pdf.moveDown(0.3).font('Helvetica').fontSize(11).fillColor('#222222');
    for (const line of section.lines) {
      if (line.startsWith('- ')) pdf.text(`•  ${line.slice(2)}`, { indent: 12, lineGap: 2 });
      else pdf.text(line, { align: 'justify', lineGap: 2 }).moveDown(0.3);
    }
  });
  pdf.end();
  return done;
}

const cellBorder = { style: BorderStyle.SINGLE, size: 4, color: 'A0AEC0' };
const borders = { top: cellBorder, bottom: cellBorder, left: cellBorder, right: cellBorder };

const labelCell = (text: string) =>
  new TableCell({
    borders,
    width: { size: 35, type: WidthType.PERCENTAGE },
    children: [new Paragraph({ children: [new TextRun({ text, bold: true })] })],
  });
const blankCell = () =>
  new TableCell({ borders, width: { size: 65, type: WidthType.PERCENTAGE }, children: [new Paragraph('')] });

/** A DOCX form: title, instructions, a two-column table of fields to fill in, signature lines. */
export function formDocx(form: FormDocument): Promise<Buffer> {
  const document = new Document({
    creator: 'S.M.A.R.T. template library',
    title: form.title,
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(form.title)] }),
          new Paragraph({
            spacing: { after: 240 },
            children: [new TextRun({ text: form.instructions, italics: true })],
          }),
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: form.fields.map((field) => new TableRow({ children: [labelCell(field), blankCell()] })),
          }),
          ...form.signatures.map(
            (signature) =>
              new Paragraph({
                spacing: { before: 480 },
                alignment: AlignmentType.LEFT,
                children: [new TextRun(`${signature} signature: ______________________   Date: ____________`)],
              }),
          ),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
