import type { TaskActivityKind } from '@smart/contracts';
import { taskActivity } from '../../db/schema/index.js';
import { type HistoryEntry, type HistoryWriter, historyRows } from '../../lib/history.js';

export type TaskActivityEntry = HistoryEntry<TaskActivityKind>;

/** Appends entries to a task's history (lib/history.ts), in the writer's transaction. */
export async function recordTaskActivity(
  writer: HistoryWriter,
  task: { id: string; organizationId: string },
  actorId: string,
  entries: readonly TaskActivityEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await writer.insert(taskActivity).values(historyRows('taskId', task, actorId, entries));
}
