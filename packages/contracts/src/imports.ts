import { csvLine } from './csv.js';

/**
 * Members imported from a CSV file: a preview of every row's problems, then all rows in
 * one transaction. A file is read whole, so it is small: at most 1 MB and 1,000 members.
 */
export const MEMBER_IMPORT_MAX_BYTES = 1024 * 1024;
export const MEMBER_IMPORT_MAX_ROWS = 1000;

/** A row's fields in the order of the add-member form's checks, the role last. */
export const MEMBER_IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'jobTitle',
  'department',
  'phone',
  'role',
] as const;
export type MemberImportField = (typeof MEMBER_IMPORT_FIELDS)[number];

/**
 * Each field's column: its heading in the template, whether a file must have it, and the other
 * headings that name it. Headings are matched ignoring case, spaces, underscores and hyphens
 * ("First name", "first_name", "FIRSTNAME"; "E-mail").
 */
export const MEMBER_IMPORT_COLUMNS = {
  firstName: { header: 'First name', required: true, aliases: ['given name'] },
  lastName: { header: 'Last name', required: true, aliases: ['surname', 'family name'] },
  email: { header: 'Email', required: true, aliases: ['email address'] },
  jobTitle: { header: 'Job title', required: false, aliases: [] },
  department: { header: 'Department', required: false, aliases: [] },
  phone: { header: 'Phone', required: false, aliases: ['phone number'] },
  role: { header: 'Role', required: false, aliases: [] },
} as const satisfies Record<MemberImportField, { header: string; required: boolean; aliases: readonly string[] }>;

/** The template file: its header row. */
export const MEMBER_IMPORT_TEMPLATE = csvLine(MEMBER_IMPORT_FIELDS.map((field) => MEMBER_IMPORT_COLUMNS[field].header));
export const MEMBER_IMPORT_TEMPLATE_NAME = 'members-template.csv';
