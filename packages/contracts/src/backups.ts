/*
 * Scheduled backups (README, "Operating S.M.A.R.T."): the settings' defaults and bounds, what a run
 * ends as, and the archive names the schedule writes. Zod-free, so pages can use it without the schemas.
 */

/** BACKUP_INTERVAL_HOURS unset: one archive a day. */
export const DEFAULT_BACKUP_INTERVAL_HOURS = 24;
/** BACKUP_INTERVAL_HOURS at most: a month. */
export const MAX_BACKUP_INTERVAL_HOURS = 24 * 31;
/** BACKUP_KEEP unset: a week of daily archives. */
export const DEFAULT_BACKUP_KEEP = 7;
export const MAX_BACKUP_KEEP = 1000;

/**
 * A run: `running` until it ends; `ok` written and verified; `failed` not written (or stopped half
 * way); `verification_failed` written, but its restore into a throwaway did not check out.
 */
export const BACKUP_RUN_STATUSES = ['running', 'ok', 'failed', 'verification_failed'] as const;
export type BackupRunStatus = (typeof BACKUP_RUN_STATUSES)[number];

/** The runs the Backups page lists, newest first. */
export const BACKUP_RUNS_SHOWN = 10;

/** The settings an operator sets to turn scheduled backups on (the page names them when they are off). */
export const BACKUP_SETTINGS = ['BACKUP_DIR', 'BACKUP_INTERVAL_HOURS', 'BACKUP_KEEP'] as const;
