/**
 * CSV as spreadsheets read it (RFC 4180): fields with a comma, quote or line break are quoted,
 * quotes doubled, lines ended with CRLF. A cell a spreadsheet would run as a formula (starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return: CSV injection) is written as text with a leading
 * apostrophe, as OWASP advises. Here so that the server's exports and the files the web app makes
 * (an import's report) are written alike.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: readonly CsvValue[]) => `${values.map(csvCell).join(',')}\r\n`;

/**
 * A file's first line: its header after a UTF-8 byte order mark, without which Excel opens a UTF-8
 * file as the machine's own code page and garbles accented names. Readers here skip the mark.
 */
export const csvHeaderLine = (header: readonly string[]) => `\uFEFF${csvLine(header)}`;

const ESCAPED_FORMULA = /^'[=+\-@\t\r]/;

/**
 * A cell as read back from a file: the apostrophe csvCell put before a formula start is dropped,
 * so a file exported here imports as it was (a phone `'+1 312 …` is `+1 312 …` again).
 */
export const csvCellText = (cell: string): string => (ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell);
