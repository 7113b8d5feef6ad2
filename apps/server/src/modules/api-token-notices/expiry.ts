import { API_TOKEN_LIMITS } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { notify } from '../../lib/outbox.js';
import { apiTokenNotice } from '../../lib/security-notices.js';
import { REMINDER_BATCH_SIZE } from '../notifications/index.js';

export const API_TOKEN_EXPIRY_QUEUE = 'api-token-expiry-notices';

interface ExpiringToken {
  kind: 'personal' | 'organization';
  user_id: string | null;
  organization_id: string | null;
  name: string;
  expires_at: string | Date;
}

/**
 * The "expires soon" notices owed at `now` (decision 0280), given once each: every live token
 * expiring within API_TOKEN_LIMITS.expiryNoticeDays and not told yet is claimed by a conditional
 * UPDATE of expiry_notice_sent_at (api_tokens_expiry_notice_idx; `skip locked` and the condition
 * again, so two processes sweeping together claim each token once), and its notice goes into the
 * outbox in the same transaction: claimed and told, or neither. A token made to last no longer
 * than the notice's days was made knowing it: it is not told. Returns how many were told.
 */
export async function sweepApiTokenExpiry(db: Database, now: Date, batchSize = REMINDER_BATCH_SIZE): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const ahead = sql`${`${API_TOKEN_LIMITS.expiryNoticeDays} days`}::interval`;
  let told = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`
        with due as (
          select id from api_tokens
          where revoked_at is null and expiry_notice_sent_at is null
            and expires_at > ${at} and expires_at <= ${at} + ${ahead}
            and expires_at - created_at > ${ahead}
          order by expires_at
          limit ${batchSize}
          for update skip locked
        )
        update api_tokens t set expiry_notice_sent_at = ${at}
        from due where t.id = due.id and t.expiry_notice_sent_at is null
        returning t.kind, t.user_id, t.organization_id, t.name, t.expires_at`)) as unknown as {
        rows: ExpiringToken[];
      };
      const notices = rows.flatMap((row) => {
        const notice = apiTokenNotice(
          'api_token_expiring',
          { kind: row.kind, userId: row.user_id, organizationId: row.organization_id, name: row.name },
          { expiresAt: new Date(row.expires_at).toISOString() },
        );
        return notice ? [notice] : [];
      });
      await notify(db, tx, notices);
      return rows.length;
    });
    told += batch;
    if (batch < batchSize) return told;
  }
}

/**
 * The sweep on the job queue, every hour (a day's notice does not need the minute): one run per
 * tick across every process sharing the database, and once at start. Off with
 * REMINDER_INTERVAL_SECONDS=0, like the other reminders (the tests drive it with their own `now`).
 */
export async function startApiTokenExpirySweep(app: FastifyInstance) {
  if (app.config.notifications.reminderIntervalSeconds === 0) return;
  const runNow = await app.jobs.schedule(API_TOKEN_EXPIRY_QUEUE, '41 * * * *', async () => {
    const told = await sweepApiTokenExpiry(app.db, new Date());
    if (told > 0) app.log.info({ told }, 'API token expiry notices given');
  });
  await runNow();
}
