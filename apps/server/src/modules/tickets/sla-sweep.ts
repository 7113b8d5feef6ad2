import { SLA_TARGET_LABELS, type SlaTargetKind } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { eventOn, type NotificationEventInput, notify } from '../../lib/outbox.js';
import { REMINDER_BATCH_SIZE } from '../notifications/index.js';

export const SLA_NOTICE_QUEUE = 'ticket-sla-notices';

type Stage = `${SlaTargetKind}_${'warning' | 'breach'}`;

interface OwedNotices {
  id: string;
  organization_id: string;
  title: string;
  assigned_to: string | null;
  assignee_is_advisor: boolean;
  stages: Stage[];
}

/**
 * The warnings and breaches owed at `now`, each told once: the tickets whose next notice time has
 * come (tickets_sla_notice_idx), locked (SKIP LOCKED: another sweep takes the others), marked in
 * `sla_noticed` by the same statement that returns them, and their events recorded by notify() in
 * that transaction. A breach owed with its warning tells the breach alone. Returns how many tickets.
 */
export async function sweepSlaNotices(db: Database, now: Date, batchSize = REMINDER_BATCH_SIZE): Promise<number> {
  let told = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const { rows } = (await tx.execute(noticeBatch(now, batchSize))) as unknown as { rows: OwedNotices[] };
      await notify(db, tx, rows.flatMap(noticeEvents));
      return rows.length;
    });
    told += batch;
    if (batch < batchSize) return told;
  }
}

function noticeBatch(now: Date, batchSize: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const owed = (stage: Stage, time: string, unmetFirstResponse: boolean) =>
    sql.raw(
      `case when ${unmetFirstResponse ? 't.first_responded_at is null and ' : ''}not ('${stage}' = any(t.sla_noticed)) and t.${time} <= `,
    );
  return sql`
    with due as (
      select id from tickets where sla_next_notice_at <= ${at}
      order by sla_next_notice_at limit ${batchSize} for update skip locked
    ),
    owed as (
      select t.id, array_remove(array[
        ${owed('first_response_warning', 'first_response_warn_at', true)}${at} then 'first_response_warning' end,
        ${owed('first_response_breach', 'first_response_due_at', true)}${at} then 'first_response_breach' end,
        ${owed('resolution_warning', 'resolution_warn_at', false)}${at} then 'resolution_warning' end,
        ${owed('resolution_breach', 'resolution_due_at', false)}${at} then 'resolution_breach' end
      ], null) as stages
      from tickets t join due on due.id = t.id
    )
    update tickets t set sla_noticed = t.sla_noticed || owed.stages
    from owed
    where t.id = owed.id and cardinality(owed.stages) > 0
    returning t.id, t.organization_id, t.title, t.assigned_to, owed.stages,
      coalesce((select u.role = 'advisor' from users u where u.id = t.assigned_to), false) as assignee_is_advisor`;
}

/** A ticket's owed notices as events: a warning to its assignee (an advisor's: the organization's advisors too; none: its org_admins), a breach to its org_admins. */
function noticeEvents(row: OwedNotices): NotificationEventInput[] {
  const subject = {
    organizationId: row.organization_id,
    record: { type: 'ticket' as const, id: row.id },
    data: { title: row.title },
  };
  return (['first_response', 'resolution'] as const).flatMap((kind): NotificationEventInput[] => {
    const target = SLA_TARGET_LABELS[kind].toLowerCase();
    if (row.stages.includes(`${kind}_breach`)) {
      return [
        {
          ...eventOn(subject, 'ticket_sla_breached', null, { to: target }),
          audience: { organizationMembers: 'org_admin' },
        },
      ];
    }
    if (!row.stages.includes(`${kind}_warning`)) return [];
    const audience = row.assigned_to
      ? { users: [row.assigned_to], ...(row.assignee_is_advisor && { organizationAdvisors: true }) }
      : { organizationMembers: 'org_admin' as const };
    return [{ ...eventOn(subject, 'ticket_sla_warning', null, { to: target }), audience }];
  });
}

/**
 * The sweep on the job queue every minute (targets are minutes long), one run per tick across
 * processes, and once at start; REMINDER_INTERVAL_SECONDS=0 turns it off (the tests drive it).
 */
export async function startSlaNoticeSweep(app: FastifyInstance) {
  if (app.config.notifications.reminderIntervalSeconds === 0) return;
  const runNow = await app.jobs.schedule(SLA_NOTICE_QUEUE, '* * * * *', async () => {
    const told = await sweepSlaNotices(app.db, new Date());
    if (told > 0) app.log.info({ tickets: told }, 'service-level notices given');
  });
  await runNow();
}
