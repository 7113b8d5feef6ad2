import { isStaffRole, type Role, type User } from '@smart/contracts';
import type { UserRow } from '../../db/schema/index.js';
import { type Actor, canManageIn, hasFlag, isMemberOf, seesAllOrganizations } from '../../lib/tenancy.js';

/**
 * Who may do what with users. Pure functions over the acting
 * user and the loaded records; which organization an actor reaches is lib/tenancy.ts's to say.
 */

/** GET /api/users: canManageUsers (admin sees everyone, an org_admin its own organization). */
export const canListUsers = (actor: Actor) => hasFlag(actor, 'canManageUsers');

/**
 * Registration: platform reach into any organization with any role; canManageUsers into its own
 * organization as user or org_admin (the two roles the add-member form offers).
 */
export function canRegister(actor: Actor, target: { organizationId: string | null; role: Role }): boolean {
  if (seesAllOrganizations(actor)) return true;
  return (
    hasFlag(actor, 'canManageUsers') &&
    isMemberOf(actor, target.organizationId) &&
    (target.role === 'user' || target.role === 'org_admin')
  );
}

/**
 * Editing, deactivating or placing a member in a department: canManageUsers in its organization.
 * Staff accounts (admin, advisor) are changed only with platform reach, wherever they sit.
 */
export const canManageMember = (actor: Actor, user: Pick<UserRow, 'organizationId' | 'role'>) =>
  canManageIn(actor, user.organizationId, 'canManageUsers') && (seesAllOrganizations(actor) || !isStaffRole(user.role));

/**
 * Resetting someone's second factor (they lost their phone and their recovery codes): a platform
 * admin, for anyone who has one but itself (its own is turned off with its password and a code).
 */
export const canResetTwoFactor = (actor: Actor, user: Pick<UserRow, 'id' | 'twoFactorEnabledAt'>) =>
  seesAllOrganizations(actor) && user.id !== actor.id && user.twoFactorEnabledAt !== null;

/**
 * What an actor may do with a member's account (records carry it as `permissions`): the member
 * managers of its organization, never on their own account (it is edited on My Profile, and an
 * organization must not lose its administrator by a click). A deactivated member may still be
 * edited (the service allows it; the web app offers Reactivate first); nobody is reactivated into
 * a closed organization.
 */
export function userPermissions(
  actor: Actor,
  user: Pick<UserRow, 'id' | 'organizationId' | 'role' | 'isActive' | 'twoFactorEnabledAt'>,
  organizationClosed: boolean,
): User['permissions'] {
  const manages = canManageMember(actor, user) && user.id !== actor.id;
  return {
    canEdit: manages,
    canDeactivate: manages && user.isActive,
    canReactivate: manages && !user.isActive && !organizationClosed,
    canResetTwoFactor: canResetTwoFactor(actor, user),
  };
}
