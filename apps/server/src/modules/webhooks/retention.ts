import { WEBHOOK_LIMITS } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';

/*
 * The delivery log is kept WEBHOOK_LIMITS.logRetentionDays: older attempts (their request and
 * answer) are deleted, then the finished deliveries of that age with no attempt left. In batches,
 * each one statement: killed half way, what was deleted stays deleted and the next run goes on;
 * two runs at once take different attempts (SKIP LOCKED). Deliveries are found endpoint by
 * endpoint through the log's own index (endpoint, created_at), never by a scan of the whole table.
 */

const BATCH_SIZE = 1000;
export const WEBHOOK_RETENTION_JOB = 'webhook-log-retention';
/** Hourly: a day's deliveries go in small batches rather than one long night's run. */
export const WEBHOOK_RETENTION_CRON = '41 * * * *';

export interface RetentionResult {
  attempts: number;
  deliveries: number;
}

const rowCount = (result: unknown) => {
  const counted = result as { rowCount?: number | null; affectedRows?: number };
  return counted.rowCount ?? counted.affectedRows ?? 0;
};

/** Deletes the log's rows older than the retention at `now`; returns how many of each. */
export async function sweepWebhookLog(
  db: Database,
  now = new Date(),
  batchSize = BATCH_SIZE,
): Promise<RetentionResult> {
  const cutoff = new Date(now.getTime() - WEBHOOK_LIMITS.logRetentionDays * 24 * 60 * 60 * 1000).toISOString();
  const result: RetentionResult = { attempts: 0, deliveries: 0 };
  for (;;) {
    const deleted = rowCount(
      await db.execute(sql`delete from ${webhookAttempts} where ${webhookAttempts.id} in (
        select ${webhookAttempts.id} from ${webhookAttempts} where ${webhookAttempts.startedAt} < ${cutoff}::timestamptz
        order by ${webhookAttempts.startedAt} limit ${batchSize} for update skip locked)`),
    );
    result.attempts += deleted;
    if (deleted < batchSize) break;
  }
  // Checked again in the delete itself: a delivery sent again meanwhile (pending, a new attempt) stays.
  const expired = sql`d.status <> 'pending' and d.created_at < ${cutoff}::timestamptz
    and not exists (select 1 from ${webhookAttempts} a where a.delivery_id = d.id)`;
  for (;;) {
    const deleted = rowCount(
      await db.execute(sql`delete from ${webhookDeliveries} d where d.id in (
          select old.id from ${webhookEndpoints} e cross join lateral (
            select d.id from ${webhookDeliveries} d where d.endpoint_id = e.id and ${expired}
            order by d.created_at limit ${batchSize}) old
          limit ${batchSize})
        and ${expired}`),
    );
    result.deliveries += deleted;
    if (deleted < batchSize) break;
  }
  return result;
}

/** Schedules the sweep (hourly, once across processes) and asks for one run now, at start. */
export async function scheduleWebhookRetention(app: FastifyInstance): Promise<void> {
  const runNow = await app.jobs.schedule(WEBHOOK_RETENTION_JOB, WEBHOOK_RETENTION_CRON, async () => {
    const result = await sweepWebhookLog(app.db, new Date(app.clock()));
    if (result.attempts + result.deliveries > 0) app.log.info(result, 'webhook log swept');
  });
  await runNow();
}
