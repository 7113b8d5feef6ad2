import type { TaskActivityKind } from '@smart/contracts';
import { taskActivity } from '../../db/schema/index.js';
import { type HistoryEntry, historyRecorder } from '../../lib/history.js';

export type TaskActivityEntry = HistoryEntry<TaskActivityKind>;

/** Appends entries to a task's history (lib/history.ts), in the writer's transaction. */
export const recordTaskActivity = historyRecorder(taskActivity, 'taskId');
