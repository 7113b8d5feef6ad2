import {
  hasRole,
  type PermissionFlag,
  type PermissionSubject,
  permissionsFor,
  type Role,
  type User,
} from '@smart/contracts';

/**
 * What a route, menu entry or card asks of the user (route guards):
 * any of `roles`, all of `flags`, and membership of `organizationId` (waived by
 * canAccessAllOrganizations). Flags come only from `permissionsFor` in contracts.
 */
export interface AccessRequirement {
  roles?: readonly Role[];
  flags?: readonly PermissionFlag[];
  organizationId?: string;
}

export function meetsRequirement(user: PermissionSubject | null | undefined, requirement: AccessRequirement): boolean {
  if (!user) return false;
  const permissions = permissionsFor(user);
  if (requirement.roles?.length && !requirement.roles.some((role) => hasRole(user, role))) return false;
  if (requirement.flags?.some((flag) => !permissions[flag])) return false;
  if (
    requirement.organizationId !== undefined &&
    !permissions.canAccessAllOrganizations &&
    permissions.organizationId !== requirement.organizationId
  ) {
    return false;
  }
  return true;
}

/**
 * The user's organization requires a second factor it has not set up: the server refuses everything
 * but the set-up (and sockets), so the app shows only that.
 */
export const mustSetUpSecondFactor = (user: Pick<User, 'twoFactorRequired' | 'twoFactorEnabled'> | null | undefined) =>
  Boolean(user?.twoFactorRequired && !user.twoFactorEnabled);
