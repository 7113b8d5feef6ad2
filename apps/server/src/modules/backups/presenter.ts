import type { BackupRun } from '@smart/contracts';
import type { BackupRunRow } from '../../db/schema/index.js';

export function presentBackupRun(row: BackupRunRow): BackupRun {
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    status: row.status,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    verification: row.verification,
    error: row.error,
  };
}
