import { type AuditEventAction, type AuditTargetType, MAX_AUDIT_TEXT_LENGTH } from '@smart/contracts';
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

/** A person as the log names them: "Ada Lovelace (ada@example.com)". */
export const personLabel = (person: { firstName: string; lastName: string; email: string }) =>
  `${`${person.firstName} ${person.lastName}`.trim()} (${person.email})`;
