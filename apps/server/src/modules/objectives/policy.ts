import type { Objective } from '@smart/contracts';
import type { Actor } from '../../lib/tenancy.js';
import { canChangeWorkRecord, canWorkOnProjectsIn, type WorkRecord } from '../projects/index.js';

/** What an actor may do with an objective: the project rules (projects/policy.ts). */
export function objectivePermissions(actor: Actor, objective: WorkRecord): Objective['permissions'] {
  const changes = canChangeWorkRecord(actor, objective);
  const works = canWorkOnProjectsIn(actor, objective.organizationId);
  return { canEdit: changes, canDelete: changes, canAddTask: works, canAttach: works };
}
