import { endpoint } from '../endpoint.js';
import { MEMBER_IMPORT_MAX_ROWS } from '../imports.js';
import { envelope, errorResponse } from '../schemas/common.js';
import { memberImportQuery, memberImportRefusal, memberImportReport } from '../schemas/imports.js';

const tags = ['Imports'];
const file =
  `Multipart field "file": a CSV file (UTF-8, at most 1 MB and ${MEMBER_IMPORT_MAX_ROWS} members) whose header row names its columns: ` +
  'First name, Last name and Email, and any of Job title, Department (a department of the organization, by name), Phone and Role (user or org_admin; empty: user). ' +
  "For an organization's member managers (its org_admin, admin); an admin names the organization with `organizationId`. " +
  'A file that cannot be read (not CSV text, a required column missing, too many rows) is 400, too large 413.';

/** Members from a CSV file: a preview, then the import of every row in one transaction. */
export const importEndpoints = {
  previewMembers: endpoint({
    method: 'POST',
    path: '/api/imports/members/preview',
    operationId: 'previewMemberImport',
    scope: 'people:write',
    tags,
    summary: "A CSV file of members checked: every row's problems and the seats left; nothing is written",
    description: file,
    query: memberImportQuery,
    consumes: ['multipart/form-data'],
    responses: {
      200: envelope(memberImportReport),
      400: errorResponse,
      403: errorResponse,
      404: errorResponse,
      413: errorResponse,
    },
  }),
  importMembers: endpoint({
    method: 'POST',
    path: '/api/imports/members',
    operationId: 'importMembers',
    scope: 'people:write',
    tags,
    summary: 'Add every member of a CSV file in one transaction, or none',
    description:
      `${file} The file is checked again: a row with a problem, or more members than the subscription's seats left, ` +
      'refuses the whole file (400 with the report) and nothing is written. Each member added is in the audit log, ' +
      'has no password and is emailed a link to choose one.',
    query: memberImportQuery,
    consumes: ['multipart/form-data'],
    responses: {
      201: envelope(memberImportReport),
      400: memberImportRefusal,
      403: errorResponse,
      404: errorResponse,
      413: errorResponse,
    },
  }),
};
