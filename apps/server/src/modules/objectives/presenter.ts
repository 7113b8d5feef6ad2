import type { Objective, ObjectiveDetail } from '@smart/contracts';
import type { ObjectiveRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/tenancy.js';
import { type AttachmentRow, presentAttachment } from '../files/index.js';
import type { UserSummaryRow } from '../people/index.js';
import { canRemoveAttachment, presentTeamRef, presentWorkBase, type TaskTotals } from '../projects/index.js';
import { objectivePermissions } from './policy.js';

/** An objective row with its project's title, team, creator and task totals, as the list query selects it. */
export interface ObjectiveRecord extends TaskTotals {
  organizationId: string;
  objective: ObjectiveRow;
  project: { id: string; title: string };
  team: { id: string; name: string } | null;
  createdBy: UserSummaryRow | null;
}

/** Row → the API's objective JSON (contracts' schema), with what `actor` may do with it. */
export function presentObjective(record: ObjectiveRecord, actor: Actor): Objective {
  const { objective } = record;
  return {
    ...presentWorkBase(objective, record.createdBy),
    projectId: objective.projectId,
    status: objective.status,
    priority: objective.priority,
    dueDate: objective.dueDate,
    team: presentTeamRef(record.team),
    progress: record.progress,
    taskCount: record.taskCount,
    completedTaskCount: record.completedTaskCount,
    permissions: objectivePermissions(actor, objective),
  };
}

/** GET /api/objectives/{id}: the objective with its project and attachments. */
export function presentObjectiveDetail(
  record: ObjectiveRecord,
  attachments: AttachmentRow[],
  actor: Actor,
): ObjectiveDetail {
  return {
    ...presentObjective(record, actor),
    project: { _id: record.project.id, title: record.project.title },
    attachments: attachments.map((attachment) =>
      presentAttachment(attachment, canRemoveAttachment(actor, record.objective, attachment)),
    ),
  };
}
