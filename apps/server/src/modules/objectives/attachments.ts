import { WORK_EVENTS } from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { objectives } from '../../db/schema/index.js';
import { forbidden } from '../../lib/errors.js';
import { hasFlag, seesAllOrganizations } from '../../lib/tenancy.js';
import type { AttachableRecordReader } from '../files/index.js';
import { announceWork, canChangeWorkRecord, canRemoveAttachment, canWorkOnProjectsIn } from '../projects/index.js';

/**
 * Objectives as records files attach to (files/record-access.ts): read by whoever works on the
 * organization's projects; anyone of them may add files; removing one is for its uploader and
 * whoever may change the objective. Roles without projects (advisors) are refused outright (403).
 */
export const readObjectiveForFiles: AttachableRecordReader = async (db, actor, id) => {
  if (!seesAllOrganizations(actor) && !hasFlag(actor, 'canManageProjects')) throw forbidden();
  const [objective] = await db
    .select({
      id: objectives.id,
      organizationId: objectives.organizationId,
      projectId: objectives.projectId,
      createdBy: objectives.createdBy,
    })
    .from(objectives)
    .where(eq(objectives.id, id))
    .limit(1);
  if (!objective || !canWorkOnProjectsIn(actor, objective.organizationId)) return null;
  return {
    type: 'objective',
    id: objective.id,
    organizationId: objective.organizationId,
    createdBy: objective.createdBy,
    canAttach: true,
    canChange: canChangeWorkRecord(actor, objective),
    canRemove: (file) => canRemoveAttachment(actor, objective, file),
    announceFileChange: (request, actorId) =>
      announceWork(request, WORK_EVENTS.attachmentsChanged, {
        projectId: objective.projectId,
        objectiveId: objective.id,
        actorId,
      }),
  };
};
