import { registerRoutes, type ServerModule } from '../manifest.js';
import { backupRoutes } from './routes.js';
import { scheduleBackups } from './schedule.js';

export { runScheduledBackup } from './run.js';
export { BACKUP_JOB, backupRunDependencies } from './schedule.js';

/** Scheduled backups (decision 0263): the hourly check that writes, verifies and prunes archives, and their status. */
export const backupsModule: ServerModule = {
  name: 'backups',
  routes: registerRoutes(backupRoutes),
  jobs: scheduleBackups,
  // Platform-wide: a run belongs to no organization.
  organizationData: [],
};
