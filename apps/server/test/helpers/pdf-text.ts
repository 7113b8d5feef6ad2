import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by pdfkit with its built-in fonts draws, one string per line drawn, in order:
 * its content streams inflated and each text-showing operator's hex strings decoded (WinAnsi,
 * which is Latin-1 for the characters tests use). Enough to assert what a reader of the page sees
 * without a PDF library.
 */
export function pdfTextLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream\n', at);
    if (start === -1) break;
    const end = pdf.indexOf('\nendstream', start);
    const content = inflateSync(pdf.subarray(start + 'stream\n'.length, end)).toString('latin1');
    for (const [, operands] of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const pieces = [...(operands ?? '').matchAll(/<([0-9a-fA-F]*)>/g)];
      lines.push(pieces.map(([, hex]) => Buffer.from(hex ?? '', 'hex').toString('latin1')).join(''));
    }
    at = end + '\nendstream'.length;
  }
  return lines;
}

/** The pages of a PDF: its page objects. */
export const pdfPageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\n/g)?.length ?? 0;
