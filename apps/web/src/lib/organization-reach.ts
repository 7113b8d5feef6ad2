import { hasRole, type PermissionSubject, permissionsFor } from '@smart/contracts';
import { useAdvisedOrganizations } from './advised-organizations';

/**
 * Which organizations' records a user's lists mix: an admin's, every one; an advisor's,
 * the ones it advises now; anyone else's, its own. Lists show an Organization column and filter
 * to whoever reaches more than one.
 */
export type OrganizationReach = 'all' | 'advised' | 'own';

export function useOrganizationReach(user: PermissionSubject | null): { reach: OrganizationReach; many: boolean } {
  const reach: OrganizationReach = permissionsFor(user).canAccessAllOrganizations
    ? 'all'
    : hasRole(user, 'advisor')
      ? 'advised'
      : 'own';
  const advised = useAdvisedOrganizations(reach === 'advised');
  return { reach, many: reach === 'all' || (reach === 'advised' && (advised.data?.length ?? 0) > 1) };
}
