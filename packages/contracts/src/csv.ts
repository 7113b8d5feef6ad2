/**
 * CSV as spreadsheets read it (RFC 4180): fields with a comma, semicolon, quote or line break are
 * quoted (a spreadsheet set to split on `;`, as in much of Europe, would otherwise cut the cell),
 * quotes doubled, lines ended with CRLF. A part of a cell a spreadsheet would run as a formula is
 * written as text with a leading apostrophe, as OWASP advises: a part starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return, a part being the whole cell or what follows a `,` or `;` (a
 * spreadsheet that splits on either may make it a cell of its own; decision 0201). A part that
 * already starts with apostrophes before such a character gets one more, so the escape reads back
 * exactly (csvCellText). Here so that the server's exports and the files the web app makes (an
 * import's report) are written alike.
 */

/** A part's start that a spreadsheet runs as a formula, after any apostrophes escaping it already. */
const FORMULA_PART = /(^|[,;])('*[=+\-@\t\r])/g;
/** The same part as written: one apostrophe more. */
const ESCAPED_FORMULA_PART = /(^|[,;])'('*[=+\-@\t\r])/g;

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string') text = text.replace(FORMULA_PART, "$1'$2");
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: readonly CsvValue[]) => `${values.map(csvCell).join(',')}\r\n`;

/**
 * A file's first line: its header after a UTF-8 byte order mark, without which Excel opens a UTF-8
 * file as the machine's own code page and garbles accented names. Readers here skip the mark.
 */
export const csvHeaderLine = (header: readonly string[]) => `\uFEFF${csvLine(header)}`;

/**
 * A cell as read back from a file: the apostrophe csvCell put before each formula start is
 * dropped, so a file exported here imports as it was (a phone `'+1 312 …` is `+1 312 …` again,
 * `x;'=1+1` is `x;=1+1`).
 */
export const csvCellText = (cell: string): string => cell.replace(ESCAPED_FORMULA_PART, '$1$2');
