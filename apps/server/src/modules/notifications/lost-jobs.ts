import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import { EMAIL_QUEUE, FANOUT_QUEUE } from '../../lib/outbox.js';

/*
 * The sweep that keeps "none lost" true when a process dies in the middle of a job: the job queue
 * retries a job that was running only once it expires and its maintenance (every 2 minutes, one
 * process) notices; this sweep, every minute, queues again whatever has waited too long. A surplus
 * job is harmless: a fan-out finds its event done, an e-mail job finds nothing to claim.
 */

/** Work left this long past its time has lost its job (a process killed before or while it ran). */
const LOST_AFTER_SECONDS = 60;
/** Jobs the sweep queues per kind and run. */
const SWEEP_LIMIT = 1000;
const SWEEP_JOB = 'notification-sweep';

export async function scheduleLostJobsSweep(app: FastifyInstance) {
  const sweepNow = await app.jobs.schedule(SWEEP_JOB, '* * * * *', () => requeueLostJobs(app.db, app.jobs));
  // At start too: a process restarted after a crash resumes what it left at once.
  await sweepNow();
}

export async function requeueLostJobs(db: Database, jobs: JobQueue) {
  await requeueLostFanOuts(db, jobs);
  await requeueLostEmails(db, jobs);
}

const lostAfter = sql`now() - ${`${LOST_AFTER_SECONDS} seconds`}::interval`;

/** Recorded events not fanned out a minute later (from the partial index of events pending). */
async function requeueLostFanOuts(db: Database, jobs: JobQueue) {
  const { rows } = (await db.execute(sql`
    select id::text as id from notification_events where fanned_out_at is null and created_at <= ${lostAfter}
    order by created_at limit ${SWEEP_LIMIT}
  `)) as unknown as { rows: { id: string }[] };
  await jobs.insertIn(
    db,
    rows.map((row) => ({ name: FANOUT_QUEUE, data: { eventId: row.id } })),
  );
}

/**
 * E-mail batches with deliveries due a minute ago and still pending, or claimed by a worker whose
 * lease ran out (it was killed, possibly after sending: the same Message-ID goes again).
 */
export async function requeueLostEmails(db: Database, jobs: JobQueue) {
  const { rows } = (await db.execute(sql`
    select distinct recipient_id::text as recipient_id, batch_key from notification_deliveries
    where status in ('pending', 'sending') and channel = 'email'
      and ((status = 'pending' and send_after <= ${lostAfter}) or (status = 'sending' and lease_until < now()))
    limit ${SWEEP_LIMIT}
  `)) as unknown as { rows: { recipient_id: string; batch_key: string }[] };
  await jobs.insertIn(
    db,
    rows.map((row) => ({ name: EMAIL_QUEUE, data: { recipientId: row.recipient_id, batchKey: row.batch_key } })),
  );
}
