import { type EndpointInput, type ExportKind, exportEndpoints, exportFileName, queryStringOf } from '@smart/contracts';
import type { FileRequest } from './file-download';

/** The CSV exports: each kind's endpoint, GET /api/exports/{kind}.csv. */
const EXPORT_ENDPOINTS = {
  tickets: exportEndpoints.tickets,
  tasks: exportEndpoints.tasks,
  projects: exportEndpoints.projects,
  members: exportEndpoints.members,
  'time-entries': exportEndpoints.timeEntries,
  'audit-log': exportEndpoints.auditLog,
} satisfies Record<ExportKind, unknown>;

/** What a kind's export takes: its list's filters and sort, as the list's address holds them. */
export type ExportQuery<K extends ExportKind> = NonNullable<EndpointInput<(typeof EXPORT_ENDPOINTS)[K]>['query']>;

/** A kind's file with the query (downloaded by lib/file-download.ts); named for today unless the server names it. */
export const exportFile = <K extends ExportKind>(kind: K, query: ExportQuery<K>): FileRequest => ({
  url: `${EXPORT_ENDPOINTS[kind].path}${queryStringOf(query)}`,
  fileName: exportFileName(kind, new Date().toISOString().slice(0, 10), query),
});
