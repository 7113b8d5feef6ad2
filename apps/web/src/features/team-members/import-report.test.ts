import { csvLine, type MemberImportReport, UI_TEXT } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { importReportCsv, MEMBER_IMPORT_TEMPLATE_HREF, rowOutcome } from './import-report';

const values = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  jobTitle: '=cmd()',
  department: '',
  phone: '',
  role: '',
};

function report(imported: boolean): MemberImportReport {
  return {
    organizationId: 'org-1',
    organizationName: 'Acme Corp',
    imported,
    rows: [
      { row: 2, values, problems: [], memberId: imported ? 'user-1' : null },
      {
        row: 3,
        values: { ...values, firstName: '', email: 'ada@example.com' },
        problems: [
          { field: 'firstName', message: UI_TEXT.firstNameRequired },
          { field: 'email', message: 'This email is already in row 2 of the file' },
        ],
        memberId: null,
      },
    ],
    summary: { rows: 2, valid: 1, invalid: 1, seatsAvailable: 20 },
    refusal: imported ? null : UI_TEXT.importHasProblems,
  };
}

describe("an import's report", () => {
  it("says each row's problems by column, or ready, or added", () => {
    const preview = report(false);
    expect(preview.rows.map((row) => rowOutcome(row, false))).toEqual([
      'ready',
      'First name: First name is required; Email: This email is already in row 2 of the file',
    ]);
    expect(report(true).rows.map((row) => rowOutcome(row, true))[0]).toBe('added');
  });

  it('is a CSV file spreadsheets read as UTF-8, its cells escaped as the server escapes them', () => {
    const text = importReportCsv(report(true));
    expect(text.startsWith('\uFEFFRow,First name,Last name,Email,Job title,Department,Phone,Role,Result\r\n')).toBe(
      true,
    );
    expect(text).toContain(csvLine([2, 'Ada', 'Lovelace', 'ada@example.com', '=cmd()', '', '', '', 'added']));
    expect(text).toContain("'=cmd()");
    expect(text.split('\r\n')).toHaveLength(4);
  });

  it('offers the template as its header row', () => {
    expect(decodeURIComponent(MEMBER_IMPORT_TEMPLATE_HREF.split(',').slice(1).join(','))).toBe(
      'First name,Last name,Email,Job title,Department,Phone,Role\r\n',
    );
  });
});
