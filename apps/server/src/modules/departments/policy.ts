import type { Department } from '@smart/contracts';
import { type Actor, canManageIn } from '../../lib/tenancy.js';

/**
 * What an actor may do with a department: canManageDepartments in its organization (org_admin), or
 * platform reach. The service enforces these and the presenter sends them, so the two never disagree.
 */
export function departmentPermissions(actor: Actor, department: { organizationId: string }): Department['permissions'] {
  const manages = canManageIn(actor, department.organizationId, 'canManageDepartments');
  return { canEdit: manages, canDelete: manages };
}
