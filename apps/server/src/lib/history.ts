import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** A database or an open transaction: history is written in the transaction of the change it records. */
export type HistoryWriter = Pick<Database, 'insert'>;

/** One line of a record's history. */
export interface HistoryEntry<Kind extends string> {
  kind: Kind;
  /** The value before and after, as text (a status, a percentage, a user's name, a file's name). */
  from?: string | null;
  to?: string | null;
}

/**
 * The rows of a record's history table (tasks, tickets) for a change: who, what, from, to; the
 * time is the database's. `recordKey` is the history table's column naming the record.
 */
export function historyRows<Key extends string, Kind extends string>(
  recordKey: Key,
  record: { id: string; organizationId: string },
  actorId: string,
  entries: readonly HistoryEntry<Kind>[],
) {
  return entries.map((entry, index) => ({
    organizationId: record.organizationId,
    [recordKey]: record.id,
    actorId,
    kind: entry.kind,
    fromValue: entry.from ?? null,
    toValue: entry.to ?? null,
    // The entries of one change share the transaction's time; a microsecond apart, they keep their order.
    createdAt: sql`now() + ${index} * interval '1 microsecond'` as SQL<Date>,
  })) as ({ [K in Key]: string } & {
    organizationId: string;
    actorId: string;
    kind: Kind;
    fromValue: string | null;
    toValue: string | null;
    createdAt: SQL<Date>;
  })[];
}
