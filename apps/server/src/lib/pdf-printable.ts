/** Text for pdfkit's built-in Helvetica (the statements' and invoices' PDFs). */

/** The characters beyond Latin-1 that Helvetica's WinAnsi encoding has (quotes, dashes, the euro...). */
const WIN_ANSI_EXTRA = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018,
  0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);

/**
 * Text Helvetica can draw: a character outside its encoding (an emoji, CJK) becomes '?' rather
 * than bytes that draw as other letters; tabs and other controls become spaces, line breaks stay.
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n') out += char;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else out += code <= 0xff || WIN_ANSI_EXTRA.has(code) ? char : '?';
  }
  return out;
}
