import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
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

/** A record's history table (tasks', tickets'): who changed what, from → to, and when. */
type HistoryTable = PgTable & {
  $inferInsert: { organizationId: string; actorId?: string | null; kind: string; fromValue?: string | null };
};

/**
 * What appends entries to a record's history (tasks, tickets), in the writer's transaction: who,
 * what, from, to; the time is the database's. `recordKey` is the history table's column naming the record.
 */
export function historyRecorder<Table extends HistoryTable>(
  table: Table,
  recordKey: keyof Table['$inferInsert'] & string,
) {
  return async (
    writer: HistoryWriter,
    record: { id: string; organizationId: string },
    /** Nobody, when the app did it (a repeating task's next one, made by the sweep). */
    actorId: string | null,
    entries: readonly HistoryEntry<Table['$inferInsert']['kind']>[],
  ): Promise<void> => {
    if (entries.length === 0) return;
    const rows = entries.map((entry, index) => ({
      organizationId: record.organizationId,
      [recordKey]: record.id,
      actorId,
      kind: entry.kind,
      fromValue: entry.from ?? null,
      toValue: entry.to ?? null,
      // The entries of one change share the transaction's time; a microsecond apart, they keep their order.
      createdAt: sql`now() + ${index} * interval '1 microsecond'`,
    }));
    // The rows hold the columns HistoryTable names; drizzle cannot follow a generic table's insert type.
    await writer.insert(table).values(rows as PgInsertValue<Table>[]);
  };
}
