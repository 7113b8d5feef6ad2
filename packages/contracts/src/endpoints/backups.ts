import { endpoint } from '../endpoint.js';
import { backupStatusSchema } from '../schemas/backups.js';
import { envelope, errorResponse } from '../schemas/common.js';

/** Scheduled backups: what the server's schedule wrote and verified (admin). */
export const backupEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/api/backups',
    operationId: 'getBackupStatus',
    scope: 'never',
    tags: ['Backups'],
    summary:
      'The backup schedule (off, or every BACKUP_INTERVAL_HOURS keeping BACKUP_KEEP archives, and when the next is due) and the newest runs: time, archive size, verification (admin)',
    responses: { 200: envelope(backupStatusSchema), 403: errorResponse },
  }),
};
