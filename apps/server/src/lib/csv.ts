/**
 * CSV as spreadsheets read it (RFC 4180): fields with a comma, quote or line break are quoted,
 * quotes doubled, lines ended with CRLF. A cell a spreadsheet would run as a formula (starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return: CSV injection) is written as text with a leading
 * apostrophe, as OWASP advises.
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

/** A whole CSV file, header first, line by line (for streaming: each line as it is made). */
export function* csvLines(header: readonly string[], rows: Iterable<readonly CsvValue[]>): Generator<string> {
  yield csvLine(header);
  for (const row of rows) yield csvLine(row);
}

/**
 * A CSV file as it streams: the header, then each batch of rows as one chunk, made only when the
 * reader asks for the next one.
 */
export async function* csvChunks(
  header: readonly string[],
  batches: AsyncIterable<Iterable<readonly CsvValue[]>>,
): AsyncGenerator<string> {
  yield csvLine(header);
  for await (const rows of batches) {
    let chunk = '';
    for (const row of rows) chunk += csvLine(row);
    yield chunk;
  }
}
