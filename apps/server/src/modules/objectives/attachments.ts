import { WORK_EVENTS } from '@smart/contracts';
import { and, eq } from 'drizzle-orm';
import { objectives } from '../../db/schema/index.js';
import { actorReader, readableObjectives } from '../../lib/read-rules/index.js';
import type { AttachableRecordReader } from '../files/index.js';
import { announceWork, canChangeWorkRecord, canRemoveAttachment, requireProjectWork } from '../projects/index.js';

/**
 * Objectives as records files attach to (files/record-access.ts): whoever reads the objective (its
 * read rule, lib/read-rules readableObjectives) may add files; removing one is for its uploader and
 * whoever may change the objective. Roles without projects (advisors) are refused outright (403).
 */
export const readObjectiveForFiles: AttachableRecordReader = async (db, actor, id) => {
  requireProjectWork(actor);
  const [objective] = await db
    .select({
      id: objectives.id,
      organizationId: objectives.organizationId,
      projectId: objectives.projectId,
      createdBy: objectives.createdBy,
    })
    .from(objectives)
    .where(and(eq(objectives.id, id), readableObjectives(actorReader(actor))))
    .limit(1);
  if (!objective) return null;
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
