/**
 * CSV exports: each list's rows as a spreadsheet reads them, with the list's filters,
 * streamed in batches so that 100k rows never sit in the server's memory at once.
 */

import { isCalendarDate } from './scheduling.js';

export const EXPORT_KINDS = ['tickets', 'tasks', 'projects', 'members', 'time-entries', 'audit-log'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/**
 * Rows read per query while an export streams or a statement is read (EXPORT_BATCH_ROWS changes
 * it). PGlite runs a query on the server's own thread, which 1,000 rows would hold for ~80 ms.
 */
export const EXPORT_BATCH_ROWS = { pglite: 250, postgres: 1000 } as const;
/**
 * Exports one person may have running at once (EXPORTS_PER_USER changes it); one more is refused
 * (429). The CSV exports, the timesheet's CSV, the PDF statement and Download my data all count.
 */
export const MAX_CONCURRENT_EXPORTS = 2;
/**
 * Exports one server process runs at once, everyone's together (EXPORTS_PER_PROCESS changes it);
 * one more is refused (429). PGlite answers one query at a time, so each export beyond a few only
 * waits in its queue, ahead of everyone else's queries.
 */
export const MAX_RUNNING_EXPORTS_PER_PROCESS = { pglite: 4, postgres: 16 } as const;

/** The column only whoever reaches several organizations gets (admins, advisors). */
export const EXPORT_ORGANIZATION_COLUMN = 'Organization';

/**
 * The headings of each kind's file, in order. Dates are ISO (2026-03-10, 2026-03-10T09:30:00.000Z);
 * statuses, priorities and roles are the API's values. Members' first seven columns are what the
 * member import reads.
 */
export const EXPORT_COLUMNS = {
  tickets: [
    'ID',
    'Title',
    EXPORT_ORGANIZATION_COLUMN,
    'Status',
    'Priority',
    'Category',
    'Created by',
    'Created by e-mail',
    'Assignee',
    'Assignee e-mail',
    'Created',
    'Updated',
    'Resolved',
    'Closed',
    'Comments',
    'SLA clock',
    'First response due',
    'First responded',
    'First response SLA',
    'Resolution due',
    'Resolution SLA',
    'Description',
  ],
  tasks: [
    'ID',
    'Title',
    EXPORT_ORGANIZATION_COLUMN,
    'Project',
    'Objective',
    'Status',
    'Priority',
    'Progress (%)',
    'Due date',
    'Assignee',
    'Assignee e-mail',
    'Created by',
    'Created by e-mail',
    'Created',
    'Updated',
    'Description',
  ],
  projects: [
    'ID',
    'Title',
    EXPORT_ORGANIZATION_COLUMN,
    'Status',
    'Priority',
    'Start date',
    'Due date',
    'Progress (%)',
    'Objectives',
    'Tasks',
    'Completed tasks',
    'Team',
    'Tags',
    'Created by',
    'Created by e-mail',
    'Created',
    'Updated',
    'Description',
  ],
  members: [
    'First name',
    'Last name',
    'E-mail',
    'Job title',
    'Department',
    'Phone',
    'Role',
    EXPORT_ORGANIZATION_COLUMN,
    'Status',
    'Joined',
    'ID',
  ],
  'time-entries': [
    'ID',
    'Date',
    EXPORT_ORGANIZATION_COLUMN,
    'Person',
    'Person e-mail',
    'Record type',
    'Record ID',
    'Record',
    'Minutes',
    'Hours',
    'Billable',
    'Note',
    'Created',
  ],
  // One organization's log (the Organization column never shows: one organization per file).
  // Times: how many identical exports the line stands for (decision 0199); 1 for every change.
  'audit-log': ['When', 'Person', 'Person e-mail', 'Action', 'What', 'About', 'From', 'To', 'Times', 'ID'],
} as const satisfies Record<ExportKind, readonly string[]>;
export type ExportColumn<K extends ExportKind> = (typeof EXPORT_COLUMNS)[K][number];

/**
 * A file's name: the kind and the days it covers when its filter names both ends
 * ("time-entries-2026-03-01-to-2026-03-31.csv"), else the day it was made ("tickets-2026-03-10.csv").
 */
export function exportFileName(kind: ExportKind, day: string, filter: object = {}): string {
  const { from, to } = filter as { from?: unknown; to?: unknown };
  return typeof from === 'string' && typeof to === 'string' && isCalendarDate(from) && isCalendarDate(to)
    ? `${kind}-${from}-to-${to}.csv`
    : `${kind}-${day}.csv`;
}

/**
 * The name "Download my data" saves its file under (GET /api/users/profile/data, schemas/my-data.ts):
 * smart-my-data-2026-03-10.json, the day it was made (UTC).
 */
export const myDataFileName = (day: string) => `smart-my-data-${day}.json`;
