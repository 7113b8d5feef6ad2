import { WORK_EVENTS } from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { tasks } from '../../db/schema/index.js';
import { canActInOrganization, isAdvisor } from '../../lib/tenancy.js';
import { type AttachableRecordReader, fileChangeEntry } from '../files/index.js';
import { announceWork, canChangeWorkRecord, canRemoveAttachment } from '../projects/index.js';
import { recordTaskActivity } from './activity.js';
import { canReadTask } from './policy.js';

/**
 * Tasks as records files attach to (files/record-access.ts): whoever may read the task (its
 * organization's project workers; an advisor acting there, for a task assigned to it) may add
 * files; removing one is for its uploader and whoever may change the task. Each added or removed
 * file enters the task's history in the same transaction.
 */
export const readTaskForFiles: AttachableRecordReader = async (db, actor, id) => {
  const [task] = await db
    .select({
      id: tasks.id,
      organizationId: tasks.organizationId,
      projectId: tasks.projectId,
      objectiveId: tasks.objectiveId,
      createdBy: tasks.createdBy,
      assignedTo: tasks.assignedTo,
    })
    .from(tasks)
    .where(eq(tasks.id, id))
    .limit(1);
  if (!task) return null;
  // Only an advisor's access depends on its assignment; ask the database only then.
  const advisorActsInOrganization =
    isAdvisor(actor) && task.assignedTo === actor.id && (await canActInOrganization(db, actor, task.organizationId));
  if (!canReadTask({ actor, advisorActsInOrganization }, task)) return null;
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
