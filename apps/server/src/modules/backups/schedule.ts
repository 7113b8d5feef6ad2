import type { FastifyInstance } from 'fastify';
import { cpuTask } from '../../lib/cpu-pool.js';
import { type BackupRunDependencies, runScheduledBackup } from './run.js';
import type { verifyArchive } from './verify-task.js';

export const BACKUP_JOB = 'scheduled-backup';
/** Every hour on the hour (UTC), one process checks whether a backup is due (run.ts says when). */
export const BACKUP_CHECK_CRON = '0 * * * *';
/**
 * A run may take long (every stored file is copied): pg-boss would otherwise take a slow run for a
 * lost one after 2 minutes and start it again. Two runs could not overlap anyway (the one running row).
 */
const BACKUP_JOB_EXPIRE_SECONDS = 6 * 60 * 60;

const verifyTask = cpuTask<typeof verifyArchive>(import.meta.url, './verify-task.js', 'verifyArchive');

/** What a run needs from the app; undefined when backups are off (BACKUP_DIR unset) or nothing to back up from. */
export function backupRunDependencies(app: FastifyInstance): BackupRunDependencies | undefined {
  const { dir } = app.config.backups;
  if (!dir || !app.backupSource) return undefined;
  return {
    db: app.db,
    source: app.backupSource,
    storage: app.storage,
    settings: { ...app.config.backups, dir },
    verify: (file) => app.cpuPool.run(verifyTask, { file, postgresUrl: app.config.databaseUrl }),
  };
}

/**
 * The hourly check on the job queue (a pg-boss schedule: one job per tick across processes), and
 * one at start, which runs a backup when none ran within the interval. The schedule is declared
 * even when backups are off, so that one declared before still has its worker (it then does nothing).
 */
export async function scheduleBackups(app: FastifyInstance): Promise<void> {
  const runNow = await app.jobs.schedule(
    BACKUP_JOB,
    BACKUP_CHECK_CRON,
    async () => {
      const deps = backupRunDependencies(app);
      if (!deps) return;
      const outcome = await runScheduledBackup(deps);
      if (!outcome.ran) return;
      const line = { status: outcome.status, file: outcome.fileName };
      if (outcome.status === 'ok') app.log.info(line, 'scheduled backup written and verified');
      else app.log.error(line, 'scheduled backup failed');
    },
    { expireInSeconds: BACKUP_JOB_EXPIRE_SECONDS },
  );
  if (backupRunDependencies(app)) await runNow();
}
