import {
  importColumnTwiceMessage,
  importCsvSyntaxMessage,
  importMissingColumnsMessage,
  MEMBER_IMPORT_COLUMNS,
  MEMBER_IMPORT_FIELDS,
  MEMBER_IMPORT_MAX_ROWS,
  type MemberImportField,
  UI_TEXT,
} from '@smart/contracts';
import { CsvSyntaxError, csvCellText, csvRecords } from '../../lib/csv.js';
import { badRequest } from '../../lib/errors.js';

/** A row's cells by field, as the file wrote them; a column the file lacks is empty. */
export type MemberImportValues = Record<MemberImportField, string>;

/** A row of the file: its number as a spreadsheet shows it (the header row is 1) and its cells. */
export interface FileRow {
  row: number;
  values: MemberImportValues;
}

/** Strict UTF-8: a file that is not text (a spreadsheet's binary, an image) fails to decode. It drops a BOM. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A heading or a role as the file's are compared: lower case, without spaces, underscores and hyphens. */
export const looseKey = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

const FIELD_BY_HEADING = new Map<string, MemberImportField>(
  MEMBER_IMPORT_FIELDS.flatMap((field) => {
    const { header, aliases } = MEMBER_IMPORT_COLUMNS[field];
    return [header, ...aliases].map((heading) => [looseKey(heading), field] as const);
  }),
);

const REQUIRED_FIELDS = MEMBER_IMPORT_FIELDS.filter((field) => MEMBER_IMPORT_COLUMNS[field].required);
const headersOf = (fields: readonly MemberImportField[]) => fields.map((field) => MEMBER_IMPORT_COLUMNS[field].header);

const isBlank = (record: readonly string[]) => record.every((cell) => cell.trim() === '');

/** Where each field's column is in the header row; other columns are ignored. */
function columnsOf(header: readonly string[]): Map<MemberImportField, number> {
  const columns = new Map<MemberImportField, number>();
  header.forEach((heading, index) => {
    const field = FIELD_BY_HEADING.get(looseKey(heading));
    if (!field) return;
    if (columns.has(field)) throw badRequest(importColumnTwiceMessage(MEMBER_IMPORT_COLUMNS[field].header));
    columns.set(field, index);
  });
  const missing = REQUIRED_FIELDS.filter((field) => !columns.has(field));
  if (missing.length > 0) throw badRequest(importMissingColumnsMessage(headersOf(missing)));
  return columns;
}

/**
 * A member import's file read into rows: UTF-8 text (a BOM dropped), CSV (lib/csv.ts), the first
 * non-blank record its header row, blank rows skipped, at most MEMBER_IMPORT_MAX_ROWS members.
 * A file that is none of that is refused whole (400, saying what is wrong): empty, not text, a NUL
 * character, not CSV, a required column missing or named twice, no members or too many.
 */
export function readMemberFile(bytes: Uint8Array): FileRow[] {
  if (bytes.length === 0) throw badRequest(UI_TEXT.fileEmpty);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw badRequest(UI_TEXT.importFileNotText);
  }
  if (text.includes('\0')) throw badRequest(UI_TEXT.nulCharacter);
  try {
    return rowsOf(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw badRequest(importCsvSyntaxMessage(error.record, error.problem));
    throw error;
  }
}

function rowsOf(text: string): FileRow[] {
  let columns: Map<MemberImportField, number> | undefined;
  const rows: FileRow[] = [];
  let row = 0;
  for (const record of csvRecords(text)) {
    row += 1;
    if (isBlank(record)) continue;
    if (!columns) {
      columns = columnsOf(record);
      continue;
    }
    if (rows.length === MEMBER_IMPORT_MAX_ROWS) throw badRequest(UI_TEXT.importTooManyRows);
    const at = columns;
    const values = Object.fromEntries(
      MEMBER_IMPORT_FIELDS.map((field) => {
        const index = at.get(field);
        return [field, index === undefined ? '' : csvCellText(record[index] ?? '')];
      }),
    ) as MemberImportValues;
    rows.push({ row, values });
  }
  if (!columns) throw badRequest(importMissingColumnsMessage(headersOf(REQUIRED_FIELDS)));
  if (rows.length === 0) throw badRequest(UI_TEXT.importNoMembers);
  return rows;
}
