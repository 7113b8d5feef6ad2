import { z } from 'zod';
import { BACKUP_RUN_STATUSES } from '../backups.js';

/** One scheduled backup: when, which archive (its name in BACKUP_DIR, never a path), and how it ended. */
export const backupRunSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(BACKUP_RUN_STATUSES),
  fileName: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** What the verification checked (tables, rows, files), when it passed. */
  verification: z.string().nullable(),
  /** Why it failed, without secrets or paths. */
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

/** GET /api/backups: the schedule as set, and the newest runs. */
export const backupStatusSchema = z.object({
  schedule: z.object({
    /** False when BACKUP_DIR is unset. */
    enabled: z.boolean(),
    intervalHours: z.number().int(),
    keep: z.number().int(),
    /** When the next run is due (at the first hourly check from then on); null when off. */
    nextDueAt: z.string().nullable(),
  }),
  runs: z.array(backupRunSchema),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
