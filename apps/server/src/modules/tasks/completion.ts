import { MAX_PROGRESS, PROGRESS_STEP, type TaskStatus } from '@smart/contracts';

/**
 * Completed means 100% (docs/decisions/0074-completed-means-100.md): a task is completed exactly when its
 * progress is 100.
 * Marking it completed sets 100; reopening a task at 100 moves it one step back; reaching 100
 * completes it; moving a completed task below 100 reopens it (in progress); the first step of a
 * task not started puts it in progress.
 */
export interface Completion {
  status: TaskStatus;
  progress: number;
}

/** The status and progress after PATCH /status. */
export function afterStatusChange(task: Completion, status: TaskStatus): Completion {
  if (status === 'completed') return { status, progress: MAX_PROGRESS };
  const progress = task.progress === MAX_PROGRESS ? MAX_PROGRESS - PROGRESS_STEP : task.progress;
  return { status, progress };
}

/** The status and progress after PATCH /progress. */
export function afterProgressChange(task: Completion, progress: number): Completion {
  if (progress === MAX_PROGRESS) return { status: 'completed', progress };
  if (task.status === 'completed' || (task.status === 'not_started' && progress > 0)) {
    return { status: 'in_progress', progress };
  }
  return { status: task.status, progress };
}
