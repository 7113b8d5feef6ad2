import { isAdmin, isOrgAdmin, isStaffRole, type Role } from '@smart/contracts';
import type { UserRow } from '../../db/schema/index.js';

/**
 * Who may do what with users (design.md, "Server-side rules"). Pure functions over the
 * acting user and the loaded records; routes call them, services scope queries by tenant.
 */
type Actor = Pick<UserRow, 'id' | 'role' | 'organizationId'>;

const sameOrganization = (actor: Actor, organizationId: string | null) =>
  actor.organizationId !== null && actor.organizationId === organizationId;

/** GET /api/users: admin sees everyone, an org_admin its own organization. */
export const canListUsers = (actor: Actor) => isAdmin(actor) || isOrgAdmin(actor);

/** The directory of an organization: its members, its advisors, admin. */
export function canReadOrganizationUsers(actor: Actor, organizationId: string, advisesIt: boolean): boolean {
  if (isAdmin(actor) || sameOrganization(actor, organizationId)) return true;
  return actor.role === 'advisor' && advisesIt;
}

/** Registration: admin into any organization with any role; org_admin into its own as user or org_admin. */
export function canRegister(actor: Actor, target: { organizationId: string | null; role: Role }): boolean {
  if (isAdmin(actor)) return true;
  return (
    isOrgAdmin(actor) &&
    sameOrganization(actor, target.organizationId) &&
    (target.role === 'user' || target.role === 'org_admin')
  );
}

/** Moving a user to another organization is a platform decision. */
export const canChangeUserOrganization = (actor: Actor) => isAdmin(actor);

/** Department members are read by the department's organization and admin. */
export const canReadDepartment = (actor: Actor, department: { organizationId: string }) =>
  isAdmin(actor) || sameOrganization(actor, department.organizationId);

/** Whether the actor can see this user at all (others answer 404). */
export const canSeeUser = (actor: Actor, user: Pick<UserRow, 'organizationId'>) =>
  isAdmin(actor) || sameOrganization(actor, user.organizationId);

/**
 * Editing, deactivating or placing a member in a department: that organization's org_admin, or
 * admin. Staff accounts (admin, advisor) are changed only by an admin, wherever they sit.
 */
export const canManageMember = (actor: Actor, user: Pick<UserRow, 'organizationId' | 'role'>) =>
  isAdmin(actor) || (isOrgAdmin(actor) && sameOrganization(actor, user.organizationId) && !isStaffRole(user.role));
