import {
  csvHeaderLine,
  csvLine,
  MEMBER_IMPORT_COLUMNS,
  MEMBER_IMPORT_FIELDS,
  MEMBER_IMPORT_TEMPLATE,
  type MemberImportReport,
  type MemberImportRow,
} from '@smart/contracts';

/** The template file as a link's address: its header row, ready for a spreadsheet. */
export const MEMBER_IMPORT_TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(MEMBER_IMPORT_TEMPLATE)}`;

const header = (field: MemberImportRow['problems'][number]['field']) => MEMBER_IMPORT_COLUMNS[field].header;

/** What became of a row, as the report's last column and the dialog say it. */
export function rowOutcome(row: MemberImportRow, imported: boolean): string {
  if (row.problems.length > 0)
    return row.problems.map((problem) => `${header(problem.field)}: ${problem.message}`).join('; ');
  return imported && row.memberId ? 'added' : 'ready';
}

/**
 * The report of a preview or an import as a CSV file: the file's columns and each row's outcome
 * (its problems, or "added"). It starts with a byte order mark, so spreadsheets read it as UTF-8.
 */
export function importReportCsv(report: MemberImportReport): string {
  const lines = [
    csvHeaderLine(['Row', ...MEMBER_IMPORT_FIELDS.map(header), 'Result']),
    ...report.rows.map((row) =>
      csvLine([row.row, ...MEMBER_IMPORT_FIELDS.map((field) => row.values[field]), rowOutcome(row, report.imported)]),
    ),
  ];
  return lines.join('');
}

/** The report's file name: a preview's or an import's. */
export const importReportName = (report: MemberImportReport) =>
  `member-import-${report.imported ? 'result' : 'preview'}.csv`;
