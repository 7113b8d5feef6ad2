import {
  AUDIT_REPEAT_WINDOW_MINUTES,
  type AuditEventAction,
  type AuditTargetType,
  MAX_AUDIT_TEXT_LENGTH,
} from '@smart/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { auditEvents } from '../db/schema/index.js';

/** A database or an open transaction: an audit line is written in the transaction of the change it records. */
export type AuditWriter = Pick<Database, 'insert'>;

/** One line of an organization's audit log (decision 0185). */
export interface AuditEvent {
  organizationId: string;
  action: AuditEventAction;
  target: { type: AuditTargetType; id: string | null; label: string };
  /** The value before and after, as people read them (a role, a department's name, "on"). */
  from?: string | null;
  to?: string | null;
}

const clip = (text: string | null | undefined) => (text == null ? null : text.slice(0, MAX_AUDIT_TEXT_LENGTH));

/**
 * Writes audit lines for a change `actorId` made (null: the system). Call it with the change's
 * transaction, so a change and its line commit or roll back together.
 */
export async function recordAudit(writer: AuditWriter, actorId: string | null, events: readonly AuditEvent[]) {
  if (events.length === 0) return;
  await writer.insert(auditEvents).values(
    events.map((event, index) => ({
      organizationId: event.organizationId,
      actorId,
      action: event.action,
      targetType: event.target.type,
      targetId: event.target.id,
      targetLabel: clip(event.target.label) ?? '',
      fromValue: clip(event.from),
      toValue: clip(event.to),
      // The lines of one change share the transaction's time; a microsecond apart, they keep their order.
      createdAt: sql`now() + ${index} * interval '1 microsecond'` as SQL<Date>,
    })),
  );
}

/** An arbitrary constant: the class of the repeated lines' advisory locks (the second key is the person's hash). */
const REPEAT_LOCK_CLASS = 7_140_185;

/**
 * Writes lines of something a person may do again and again without changing anything (an
 * export): a line identical to one it wrote within AUDIT_REPEAT_WINDOW_MINUTES — same
 * organization, action, label and values — counts one more on that line instead (decision 0199),
 * so a loop of the same export is one line however long it runs. One person's repeats are counted
 * under an advisory lock, so two at once are still one line.
 */
export async function recordRepeatableAudit(db: Database, actorId: string, events: readonly AuditEvent[]) {
  if (events.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REPEAT_LOCK_CLASS}::int, hashtext(${actorId}))`);
    for (const event of events) {
      const { rows } = (await tx.execute(sql`
        update audit_events set repeat_count = repeat_count + 1
        where id = (
          select id from audit_events
          where organization_id = ${event.organizationId}::uuid and action = ${event.action}
            and created_at > now() - make_interval(mins => ${AUDIT_REPEAT_WINDOW_MINUTES})
            and actor_id = ${actorId}::uuid and target_label = ${clip(event.target.label) ?? ''}
            and from_value is not distinct from ${clip(event.from)}::text
            and to_value is not distinct from ${clip(event.to)}::text
          order by created_at desc limit 1
        )
        returning id`)) as unknown as { rows: { id: string }[] };
      if (rows.length === 0) await recordAudit(tx, actorId, [event]);
    }
  });
}

/** A person as the log names them: "Ada Lovelace (ada@example.com)". */
export const personLabel = (person: { firstName: string; lastName: string; email: string }) =>
  `${`${person.firstName} ${person.lastName}`.trim()} (${person.email})`;
