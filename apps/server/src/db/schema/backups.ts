import type { BackupRunStatus } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './columns.js';

/**
 * The scheduled backups' runs (modules/backups): what each wrote into BACKUP_DIR and how it ended,
 * for the admin's Backups page. A run holds its `running` row while it works and beats its heartbeat;
 * only one row may be running, so two runs never overlap, whichever process starts them.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: id(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved on while the run works: a `running` row whose heartbeat stopped is a run that was killed. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    status: text('status').$type<BackupRunStatus>().notNull().default('running'),
    /** The archive's name in BACKUP_DIR (never a path). */
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** What the verification checked, when it passed. */
    verification: text('verification'),
    /** Why the run failed, without secrets or paths. */
    error: text('error'),
  },
  (table) => [
    uniqueIndex('backup_runs_one_running').on(table.status).where(sql`${table.status} = 'running'`),
    index('backup_runs_started_idx').on(table.startedAt),
  ],
);
export type BackupRunRow = typeof backupRuns.$inferSelect;
