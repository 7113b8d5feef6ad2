import type { AdvisorAssignment } from '@smart/contracts';
import { type Actor, seesAllOrganizations } from '../../lib/tenancy.js';

/**
 * Who may manage advisors and their assignments: platform reach (canAccessAllOrganizations, the
 * admin's flag). Which organizations an advisor may act in is lib/tenancy.ts's to say.
 */
export const canManageAdvisors = (actor: Actor) => seesAllOrganizations(actor);

/** The state of an assignment its permissions depend on. */
export interface AssignmentState {
  isActive: boolean;
  /** Its organization is closed: nobody is brought back into it until it is reopened. */
  organizationClosed: boolean;
}

export function assignmentPermissions(actor: Actor, assignment: AssignmentState): AdvisorAssignment['permissions'] {
  const manages = canManageAdvisors(actor);
  return {
    canActivate: manages && !assignment.isActive && !assignment.organizationClosed,
    canDeactivate: manages && assignment.isActive,
    canRemove: manages,
  };
}
