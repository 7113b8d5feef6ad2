import { WORK_EVENTS } from '@smart/contracts';
import { type AttachableRecordReader, fileChangeEntry } from '../files/index.js';
import { announceWork, canChangeWorkRecord, canRemoveAttachment } from '../projects/index.js';
import { recordTaskActivity } from './activity.js';
import { findReadableTask } from './service.js';

/**
 * Tasks as records files attach to (files/record-access.ts): whoever reads the task (its read rule,
 * lib/read-rules readableTasks) may add files; removing one is for its uploader and whoever may
 * change the task. Each added or removed file enters the task's history in the same transaction.
 */
export const readTaskForFiles: AttachableRecordReader = async (db, actor, id) => {
  const task = await findReadableTask(db, actor, id);
  if (!task) return null;
  return {
    type: 'task',
    id: task.id,
    organizationId: task.organizationId,
    createdBy: task.createdBy,
    canAttach: true,
    canChange: canChangeWorkRecord(actor, task),
    canRemove: (file) => canRemoveAttachment(actor, task, file),
    recordFileChange: (writer, actorId, change) => recordTaskActivity(writer, task, actorId, [fileChangeEntry(change)]),
    announceFileChange: (request, actorId) =>
      announceWork(request, WORK_EVENTS.attachmentsChanged, {
        projectId: task.projectId,
        objectiveId: task.objectiveId,
        taskId: task.id,
        actorId,
      }),
  };
};
