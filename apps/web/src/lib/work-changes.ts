import { WORK_EVENTS, type WorkEventPayload } from '@smart/contracts';
import { hashKey, partialMatchKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { workKeys } from '@/lib/work-keys';

/**
 * What a work change touched, as a mutation's answer or a live event names it. Progress and counts
 * roll up (task → objective → project), so a task's change moves the records above it.
 */
export type ChangedRecord =
  /** A new project: only the list gains it. */
  | { record: 'new project' }
  /** A project's own fields: its title shows on every page below it and in My Tasks. */
  | { record: 'project'; projectId: string }
  /** An objective's own fields (or its removal): its project's counts, and its title on its tasks. */
  | { record: 'objective'; projectId: string; objectiveId: string }
  /** A task's fields, progress or status (or its removal): the counts and progress above it. */
  | { record: 'task'; projectId: string; objectiveId: string; taskId: string }
  /** A comment or an attachment: only the detail of the record it belongs to. */
  | { record: 'detail'; objectiveId?: string; taskId?: string };

/** A task's change, named from the task (its answer or the record it was made on). */
export const taskChanged = ({
  id,
  projectId,
  objectiveId,
}: {
  id: string;
  projectId: string;
  objectiveId: string;
}): ChangedRecord => ({ record: 'task', projectId, objectiveId, taskId: id });

export type WorkEvent = (typeof WORK_EVENTS)[keyof typeof WORK_EVENTS];

/** What a live work event says changed (its payload carries ids only). */
export function changeOfWorkEvent(
  event: WorkEvent,
  { projectId, objectiveId, taskId }: WorkEventPayload,
): ChangedRecord {
  if (event === WORK_EVENTS.commentAdded || event === WORK_EVENTS.attachmentsChanged) {
    return { record: 'detail', objectiveId, taskId };
  }
  if (taskId && objectiveId) return { record: 'task', projectId, objectiveId, taskId };
  if (objectiveId) return { record: 'objective', projectId, objectiveId };
  return { record: 'project', projectId };
}

/** The queries a change can move, and no others. */
export function keysMovedBy(change: ChangedRecord): QueryKey[] {
  switch (change.record) {
    case 'new project':
      return [workKeys.projectList()];
    case 'project':
      return [workKeys.all];
    case 'objective':
      return [
        workKeys.projectList(),
        workKeys.project(change.projectId),
        workKeys.objectiveList(change.projectId),
        workKeys.objective(change.objectiveId),
        workKeys.tasks(),
        workKeys.myTasks(),
      ];
    case 'task':
      return [
        workKeys.projectList(),
        workKeys.project(change.projectId),
        workKeys.objectiveList(change.projectId),
        workKeys.objective(change.objectiveId),
        workKeys.taskList(change.objectiveId),
        workKeys.task(change.taskId),
        workKeys.myTasks(),
      ];
    case 'detail':
      if (change.taskId) return [workKeys.task(change.taskId)];
      return change.objectiveId ? [workKeys.objective(change.objectiveId)] : [];
  }
}

/**
 * Marks what a change moved as stale: the queries on screen are fetched again (one request each),
 * the others when they are next opened. `answered` is the query the change's own answer fills,
 * which is left alone rather than fetched again.
 */
export function refreshAfter(queryClient: QueryClient, change: ChangedRecord, answered?: QueryKey) {
  // A read of the answered record already under way may have started before the change committed,
  // and its answer would land after the change's: fetched again (the old read cancelled) rather than skipped.
  const settled = answered && queryClient.getQueryState(answered)?.fetchStatus !== 'fetching';
  const skip = settled ? hashKey(answered) : undefined;
  const moved = keysMovedBy(change);
  // One invalidation for all of them: a query under two of the keys is fetched once, not twice.
  return queryClient.invalidateQueries({
    predicate: ({ queryKey, queryHash }) => queryHash !== skip && moved.some((key) => partialMatchKey(queryKey, key)),
  });
}
