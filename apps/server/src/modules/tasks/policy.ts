import type { Task } from '@smart/contracts';
import type { Actor } from '../../lib/tenancy.js';
import { canChangeWorkRecord, canWorkOnProjectsIn, leadsWorkIn, type WorkRecord } from '../projects/index.js';

/** The task fields its rules depend on. */
export interface TaskAccessRecord extends WorkRecord {
  assignedTo: string | null;
}

/**
 * Whether the actor is an advisor acting in the task's organization right now (an active
 * assignment: lib/tenancy.ts canActInOrganization). The service asks once per request and passes
 * the answer in, so these functions stay pure.
 */
export interface TaskAccess {
  actor: Actor;
  advisorActsInOrganization: boolean;
}

/** Reading a task: whoever works on X's projects, and an advisor acting in X for the tasks assigned to it. */
export const canReadTask = ({ actor, advisorActsInOrganization }: TaskAccess, task: TaskAccessRecord) =>
  canWorkOnProjectsIn(actor, task.organizationId) || (advisorActsInOrganization && task.assignedTo === actor.id);

/** Status and progress: the assignee, the creator, X's org_admin, admin. */
export const canUpdateTaskProgress = (access: TaskAccess, task: TaskAccessRecord) =>
  canReadTask(access, task) &&
  (task.assignedTo === access.actor.id ||
    task.createdBy === access.actor.id ||
    leadsWorkIn(access.actor, task.organizationId));

/**
 * 'Assign to Me': whoever may edit the task takes it; a member who may not edit it takes it only
 * while nobody has it (taking a colleague's task is the creator's or org_admin's call).
 */
export const canAssignTaskToMe = ({ actor }: TaskAccess, task: TaskAccessRecord) =>
  task.assignedTo !== actor.id &&
  canWorkOnProjectsIn(actor, task.organizationId) &&
  (task.assignedTo === null || canChangeWorkRecord(actor, task));

export function taskPermissions(access: TaskAccess, task: TaskAccessRecord): Task['permissions'] {
  const reads = canReadTask(access, task);
  const changes = canChangeWorkRecord(access.actor, task);
  return {
    canEdit: changes,
    canDelete: changes,
    canUpdateProgress: canUpdateTaskProgress(access, task),
    canAssignToMe: canAssignTaskToMe(access, task),
    canComment: reads,
    canAttach: reads,
  };
}
