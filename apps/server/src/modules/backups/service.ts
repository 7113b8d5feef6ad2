import { BACKUP_RUNS_SHOWN, type BackupStatus, UI_TEXT } from '@smart/contracts';
import { desc } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { backupRuns } from '../../db/schema/index.js';
import { forbidden } from '../../lib/errors.js';
import type { Actor } from '../../lib/tenancy.js';
import { canSeeBackups } from './policy.js';
import { presentBackupRun } from './presenter.js';
import { checkTakingRunDueAt, dueAt } from './run.js';

/** The schedule as set and the newest runs (admin). */
export async function backupStatus(
  db: Database,
  actor: Actor,
  settings: Config['backups'],
  now = new Date(),
): Promise<BackupStatus> {
  if (!canSeeBackups(actor)) throw forbidden(UI_TEXT.backupsDenied);
  const rows = await db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(BACKUP_RUNS_SHOWN);
  const enabled = settings.dir !== undefined;
  const lastStart = rows[0]?.startedAt ?? null;
  return {
    schedule: {
      enabled,
      intervalHours: settings.intervalHours,
      keep: settings.keep,
      nextDueAt: enabled ? checkTakingRunDueAt(dueAt(lastStart, settings.intervalHours, now), now).toISOString() : null,
    },
    runs: rows.map(presentBackupRun),
  };
}
