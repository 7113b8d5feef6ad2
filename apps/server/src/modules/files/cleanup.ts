import { UNUSED_UPLOAD_MAX_AGE_HOURS, UNUSED_UPLOADS_SWEEP_CRON } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import type { FileStorage } from '../../storage/index.js';

/**
 * The sweep of uploads never used: a file attached to no record and never made a picture is
 * deleted once it is UNUSED_UPLOAD_MAX_AGE_HOURS old. Rows go in batches, each batch one statement
 * (oldest first, through files_unused_idx); their bytes after it commits. Killed half way, what
 * was deleted stays deleted and the next run goes on; two runs at once take different rows (SKIP
 * LOCKED). Bytes whose removal fails are never served again: their row is gone.
 */

const BATCH_SIZE = 500;
export const UNUSED_UPLOADS_JOB = 'unused-uploads-cleanup';

export interface CleanupResult {
  /** Files rows deleted. */
  deleted: number;
  /** Of those, the ones whose bytes could not be removed (left in storage, served by nothing). */
  bytesLeft: number;
}

/** Deletes the unused uploads older than the age limit at `now`. */
export async function deleteUnusedUploads(
  db: Database,
  storage: FileStorage,
  now = new Date(),
): Promise<CleanupResult> {
  const cutoff = new Date(now.getTime() - UNUSED_UPLOAD_MAX_AGE_HOURS * 60 * 60 * 1000).toISOString();
  // The same conditions outside the subquery: a row attached or published meanwhile is rechecked and kept.
  const unused = sql`${files.recordType} is null and ${files.publishedAt} is null and ${files.createdAt} < ${cutoff}::timestamptz`;
  const result: CleanupResult = { deleted: 0, bytesLeft: 0 };
  for (;;) {
    const batch = await db
      .delete(files)
      .where(
        sql`${files.id} in (select ${files.id} from ${files} where ${unused}
          order by ${files.createdAt} limit ${BATCH_SIZE} for update skip locked) and ${unused}`,
      )
      .returning({ key: files.key });
    const removals = await Promise.allSettled(batch.map((row) => storage.remove(row.key)));
    result.deleted += batch.length;
    result.bytesLeft += removals.filter((removal) => removal.status === 'rejected').length;
    if (batch.length < BATCH_SIZE) return result;
  }
}

/** Schedules the sweep (hourly, once across processes) and asks for one run now, at start. */
export async function scheduleUnusedUploadsCleanup(app: FastifyInstance): Promise<void> {
  const runNow = await app.jobs.schedule(UNUSED_UPLOADS_JOB, UNUSED_UPLOADS_SWEEP_CRON, async () => {
    const result = await deleteUnusedUploads(app.db, app.storage);
    if (result.deleted > 0) app.log.info(result, 'unused uploads deleted');
  });
  await runNow();
}
