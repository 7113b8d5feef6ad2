import type { Readable } from 'node:stream';
import { type CsvValue, csvHeaderLine, csvLine } from '@smart/contracts';
import { fileStream } from './file-stream.js';

/**
 * CSV in and out. Cells and lines are written by contracts' csvCell and csvLine (RFC 4180, with
 * formula cells escaped against CSV injection), shared with the web app's files.
 */
export { type CsvValue, csvCell, csvCellText, csvLine } from '@smart/contracts';

/** A whole CSV file, header first, line by line (for streaming: each line as it is made). */
export function* csvLines(header: readonly string[], rows: Iterable<readonly CsvValue[]>): Generator<string> {
  yield csvHeaderLine(header);
  for (const row of rows) yield csvLine(row);
}

/** Why a text is not CSV, and in which record (1 = the first line). */
export class CsvSyntaxError extends Error {
  readonly record: number;
  readonly problem: 'unclosed-quote' | 'text-after-quote';

  constructor(problem: CsvSyntaxError['problem'], record: number) {
    super(`CSV record ${record}: ${problem}`);
    this.name = 'CsvSyntaxError';
    this.problem = problem;
    this.record = record;
  }
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * Reads CSV text record by record (RFC 4180, as spreadsheets write it): fields split by commas; a
 * field in double quotes may hold commas, line breaks and doubled quotes (`""` is one `"`); records
 * end with CRLF, LF or CR; a byte order mark at the start is dropped. A quote inside an unquoted
 * field is kept as it is (`5" screen`). A blank line is a record of one empty field: the caller
 * skips it and still counts it, so record numbers are the rows a spreadsheet shows. No record
 * follows the last line break. Throws CsvSyntaxError for a quoted field never closed, or closed and
 * followed by more text. Lazy: a caller that has seen enough records stops reading.
 */
export function* csvRecords(text: string): Generator<string[]> {
  const length = text.length;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let record = 1;
  while (at < length) {
    const fields: string[] = [];
    // One field per turn; the turn that reads the record's end yields it.
    for (;;) {
      let field: string;
      if (text.charCodeAt(at) === QUOTE) {
        const parts: string[] = [];
        let from = at + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close === -1) throw new CsvSyntaxError('unclosed-quote', record);
          parts.push(text.slice(from, close));
          if (text.charCodeAt(close + 1) !== QUOTE) {
            at = close + 1;
            break;
          }
          parts.push('"');
          from = close + 2;
        }
        field = parts.join('');
        const next = text.charCodeAt(at);
        if (at < length && next !== COMMA && next !== LF && next !== CR) {
          throw new CsvSyntaxError('text-after-quote', record);
        }
      } else {
        const start = at;
        while (at < length) {
          const code = text.charCodeAt(at);
          if (code === COMMA || code === LF || code === CR) break;
          at += 1;
        }
        field = text.slice(start, at);
      }
      fields.push(field);
      const separator = text.charCodeAt(at);
      if (separator === COMMA) {
        at += 1;
        continue;
      }
      // A line break or the end of the text ends the record.
      if (separator === CR && text.charCodeAt(at + 1) === LF) at += 2;
      else if (at < length) at += 1;
      break;
    }
    yield fields;
    record += 1;
  }
}

/**
 * A CSV file as it streams: the header, then each batch of rows as one chunk, made only when the
 * reader asks for the next one.
 */
export async function* csvChunks(
  header: readonly string[],
  batches: AsyncIterable<Iterable<readonly CsvValue[]>>,
): AsyncGenerator<string> {
  yield csvHeaderLine(header);
  for await (const rows of batches) {
    let chunk = '';
    for (const row of rows) chunk += csvLine(row);
    yield chunk;
  }
}

/**
 * A CSV file streamed to a reply, batch by batch: the next batch is read only when the client has
 * taken the one before, and none after it hangs up (lib/file-stream.ts).
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<Iterable<readonly CsvValue[]>>): Readable {
  return fileStream(csvChunks(header, batches));
}
