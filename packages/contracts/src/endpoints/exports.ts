import { endpoint } from '../endpoint.js';
import { auditLogExportQuery } from '../schemas/audit.js';
import { errorResponse } from '../schemas/common.js';
import {
  memberExportQuery,
  projectExportQuery,
  taskExportQuery,
  ticketExportQuery,
  timeEntryExportQuery,
} from '../schemas/exports.js';

const tags = ['Exports'];

/**
 * CSV exports: each list's rows with its filters, only what the caller may read there,
 * streamed (text/csv, an attachment named after the kind and the day). A file, not the JSON
 * envelope: the endpoints document their errors; 429 when the caller already has
 * MAX_CONCURRENT_EXPORTS running, or has used its export budget of the minute. Every export is
 * written to the audit log, identical ones within AUDIT_REPEAT_WINDOW_MINUTES as one line.
 */
export const exportEndpoints = {
  tickets: endpoint({
    method: 'GET',
    path: '/api/exports/tickets.csv',
    operationId: 'exportTicketsCsv',
    scope: 'exports:read',
    tags,
    budget: 'exports',
    summary: "The tickets list as CSV, with its filters and sort (GET /api/tickets's query without the page)",
    query: ticketExportQuery,
    responses: { 400: errorResponse, 404: errorResponse, 429: errorResponse },
  }),
  tasks: endpoint({
    method: 'GET',
    path: '/api/exports/tasks.csv',
    operationId: 'exportTasksCsv',
    scope: 'exports:read',
    tags,
    budget: 'exports',
    summary:
      "The tasks the caller reaches as CSV (an advisor's: those assigned to it), with My Tasks' filters and sort, a project or an objective",
    description:
      'filter: assigned or created (left out: every task the caller reaches). status, due, organizationId, projectId, objectiveId, sort and order as GET /api/tasks/my-tasks takes them.',
    query: taskExportQuery,
    responses: { 400: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse },
  }),
  projects: endpoint({
    method: 'GET',
    path: '/api/exports/projects.csv',
    operationId: 'exportProjectsCsv',
    scope: 'exports:read',
    tags,
    budget: 'exports',
    summary: "The projects list as CSV, with its filters (GET /api/projects's query without the page)",
    query: projectExportQuery,
    responses: { 400: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse },
  }),
  members: endpoint({
    method: 'GET',
    path: '/api/exports/members.csv',
    operationId: 'exportMembersCsv',
    scope: 'exports:read',
    tags,
    budget: 'exports',
    summary: "The members list as CSV, with its filters (GET /api/users's query without the page)",
    query: memberExportQuery,
    responses: { 400: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse },
  }),
  timeEntries: endpoint({
    method: 'GET',
    path: '/api/exports/time-entries.csv',
    operationId: 'exportTimeEntriesCsv',
    scope: 'exports:read',
    tags,
    budget: 'exports',
    summary: "The time entries list as CSV, with its filters (GET /api/time-entries's query without the page)",
    query: timeEntryExportQuery,
    responses: { 400: errorResponse, 404: errorResponse, 429: errorResponse },
  }),
  auditLog: endpoint({
    method: 'GET',
    path: '/api/exports/audit-log.csv',
    operationId: 'exportAuditLogCsv',
    scope: 'never',
    tags,
    budget: 'exports',
    summary:
      "An organization's audit log as CSV with its filters (GET /api/audit-log's query without the page), every line newest first",
    query: auditLogExportQuery,
    responses: { 400: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse },
  }),
};
