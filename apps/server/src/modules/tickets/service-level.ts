import { SLA_WARNING_PERCENT, type TicketSla, type TicketStatus } from '@smart/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type TicketRow, tickets } from '../../db/schema/index.js';

/*
 * A ticket's service-level clock (decision 0286). Its due and warning times are computed in SQL
 * (sla_add_minutes: the organization's working week and holidays in its zone, or calendar time)
 * from its creation, its priority's targets and the minutes it stood paused; they are recomputed
 * when its priority changes or it starts again after waiting for its requester.
 */

type Writer = Pick<Database, 'execute'>;

/** Sets the ticket's targets' times from its organization's targets for its priority (none: all null). */
export async function applyServiceLevel(tx: Writer, ticketId: string) {
  const at = (minutes: SQL) =>
    sql`sla_add_minutes(base.organization_id, base.created_at, ${minutes} + base.sla_paused_minutes, target.clock)`;
  const share = (column: SQL) => sql`(${column} * ${SLA_WARNING_PERCENT} / 100)`;
  const firstResponse = sql.raw('target.first_response_minutes');
  const resolution = sql.raw('target.resolution_minutes');
  await tx.execute(sql`
    update tickets t set
      sla_clock = target.clock,
      first_response_due_at = ${at(firstResponse)},
      first_response_warn_at = ${at(share(firstResponse))},
      resolution_due_at = ${at(resolution)},
      resolution_warn_at = ${at(share(resolution))}
    from tickets base
      left join service_level_targets target
        on target.organization_id = base.organization_id and target.priority = base.priority
    where t.id = ${ticketId} and base.id = t.id`);
}

/** Whether a change by `actorId` answers the ticket: someone other than its requester asks back, resolves or closes it. */
const answers = (ticket: TicketRow, actorId: string, status: TicketStatus) =>
  actorId !== ticket.createdBy && (status === 'waiting' || status === 'resolved' || status === 'closed');

/**
 * The clock's part of a status change: waiting for the requester stops it; leaving that status
 * adds the minutes it stood (in its clock's minutes) so its times move on. The first answer by
 * someone other than the requester is its first response. Returns the columns to set, and whether
 * the times must be computed again (after the change is written).
 */
export function clockAfterStatusChange(ticket: TicketRow, status: TicketStatus, actorId: string) {
  const set: Partial<Record<keyof TicketRow, unknown>> = {};
  if (!ticket.firstRespondedAt && answers(ticket, actorId, status)) set.firstRespondedAt = new Date();
  if (status === 'waiting' && !ticket.slaPausedAt) set.slaPausedAt = new Date();
  const resumes = status !== 'waiting' && ticket.slaPausedAt !== null;
  if (resumes) {
    set.slaPausedAt = null;
    set.slaPausedMinutes = sql`${tickets.slaPausedMinutes} + sla_minutes_between(${tickets.organizationId}, ${tickets.slaPausedAt}, now(), coalesce(${tickets.slaClock}, 'calendar'))`;
  }
  return { set: set as Partial<typeof tickets.$inferInsert>, recompute: resumes };
}

/** A comment by someone other than the requester is the ticket's first response, if it had none. */
export async function answeredByComment(tx: Database, ticket: TicketRow, authorId: string) {
  if (ticket.firstRespondedAt || authorId === ticket.createdBy) return;
  await tx
    .update(tickets)
    .set({ firstRespondedAt: sql`coalesce(${tickets.firstRespondedAt}, now())` })
    .where(eq(tickets.id, ticket.id));
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The ticket's clock as records show it: each target's due and warning time, when it was met, whether it was missed. */
export function presentTicketSla(ticket: TicketRow, now = new Date()): TicketSla | null {
  if (!ticket.slaClock) return null;
  const stoppedAt = ticket.slaPausedAt ?? now;
  const target = (
    kind: 'first_response' | 'resolution',
    dueAt: Date | null,
    warnAt: Date | null,
    metAt: Date | null,
  ) =>
    dueAt && warnAt
      ? [
          {
            kind,
            dueAt: dueAt.toISOString(),
            warnAt: warnAt.toISOString(),
            metAt: iso(metAt),
            breached: (metAt ?? stoppedAt) > dueAt,
          },
        ]
      : [];
  const resolvedAt = ticket.resolvedAt ?? ticket.closedAt;
  return {
    clock: ticket.slaClock,
    targets: [
      ...target(
        'first_response',
        ticket.firstResponseDueAt,
        ticket.firstResponseWarnAt,
        ticket.firstRespondedAt ?? resolvedAt,
      ),
      ...target('resolution', ticket.resolutionDueAt, ticket.resolutionWarnAt, resolvedAt),
    ],
    pausedAt: iso(ticket.slaPausedAt),
  };
}
