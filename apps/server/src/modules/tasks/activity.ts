import type { TaskActivityKind } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { taskActivity } from '../../db/schema/index.js';

/** A database or an open transaction: history is written in the transaction of the change it records. */
type Writer = Pick<Database, 'insert'>;

export interface TaskActivityEntry {
  kind: TaskActivityKind;
  /** The value before and after, as text (a status, a percentage, a user's name, a file's name). */
  from?: string | null;
  to?: string | null;
}

/** Appends entries to a task's history (design.md, "History"): who, what, from, to; the time is the database's. */
export async function recordTaskActivity(
  writer: Writer,
  task: { id: string; organizationId: string },
  actorId: string,
  entries: readonly TaskActivityEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await writer.insert(taskActivity).values(
    entries.map((entry, index) => ({
      organizationId: task.organizationId,
      taskId: task.id,
      actorId,
      kind: entry.kind,
      fromValue: entry.from ?? null,
      toValue: entry.to ?? null,
      // The entries of one change share the transaction's time; a microsecond apart, they keep their order.
      createdAt: sql`now() + ${index} * interval '1 microsecond'`,
    })),
  );
}
