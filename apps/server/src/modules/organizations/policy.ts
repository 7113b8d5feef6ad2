import { isAdmin, type PermissionFlag, ROLE_FLAGS, resolveRole } from '@smart/contracts';
import type { UserRow } from '../../db/schema/index.js';

/**
 * Who may read or change an organization and its structure (design.md, "Server-side rules").
 * Pure functions over the acting user; a record the actor may not read answers 404.
 */
export type Actor = Pick<UserRow, 'id' | 'role' | 'organizationId'>;

export const isMemberOf = (actor: Actor, organizationId: string) =>
  actor.organizationId !== null && actor.organizationId === organizationId;

/** The organization profile: its members, its advisors (active assignment), admin. */
export const canReadOrganization = (actor: Actor, organizationId: string, advisesIt: boolean) =>
  isAdmin(actor) || isMemberOf(actor, organizationId) || (actor.role === 'advisor' && advisesIt);

/** Changing the profile: its org_admin (canManageSettings), admin. */
export const canUpdateOrganization = (actor: Actor, organizationId: string) =>
  canManageIn(actor, organizationId, 'canManageSettings');

/** Creating and deleting organizations is a platform decision. */
export const canCreateOrDeleteOrganizations = (actor: Actor) => isAdmin(actor);

/** Departments and teams are read by the organization's members and admin. */
export const canReadStructure = (actor: Actor, organizationId: string) =>
  isAdmin(actor) || isMemberOf(actor, organizationId);

/** A change inside an organization needs the flag and membership; admin may act anywhere. */
export function canManageIn(actor: Actor, organizationId: string, flag: PermissionFlag): boolean {
  if (isAdmin(actor)) return true;
  return ROLE_FLAGS[resolveRole(actor)][flag] && isMemberOf(actor, organizationId);
}
