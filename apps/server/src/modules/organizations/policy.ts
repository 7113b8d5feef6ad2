import type { Organization } from '@smart/contracts';
import type { OrganizationRow } from '../../db/schema/index.js';
import { type Actor, canManageIn, seesAllOrganizations } from '../../lib/tenancy.js';

/**
 * Who may close and reopen an organization account, and change its sign-in rules. Pure functions
 * over the acting user and the loaded organization; the service enforces them and the presenter
 * hands them to the web app.
 */

type ClosingState = Pick<OrganizationRow, 'id' | 'isPlatform' | 'closedAt' | 'erasureStartedAt'>;

/** Closing: whoever manages its settings (its org_admin, admin); never the platform organization. */
export const canCloseOrganization = (actor: Actor, organization: ClosingState) =>
  !organization.isPlatform &&
  organization.closedAt === null &&
  canManageIn(actor, organization.id, 'canManageSettings');

/** Reopening is a platform decision: its own people cannot sign in while it is closed. */
export const canReopenOrganization = (actor: Actor, organization: ClosingState) =>
  organization.closedAt !== null && organization.erasureStartedAt === null && seesAllOrganizations(actor);

/** Erasing for good is a platform decision (admin, with the name typed); never the platform organization. */
export const canEraseOrganization = (actor: Actor, organization: ClosingState) =>
  !organization.isPlatform && organization.erasureStartedAt === null && seesAllOrganizations(actor);

/**
 * Its sign-in rules (requiring a second factor): whoever manages its settings (its org_admin,
 * admin); for the platform organization, whose people are the staff, admin alone.
 */
export const canChangeSecurity = (actor: Actor, organization: Pick<OrganizationRow, 'id'>) =>
  canManageIn(actor, organization.id, 'canManageSettings');

/**
 * Its subscription's seats are what the customer pays for: a platform decision (admin), never its
 * org_admin's. The platform organization's staff take no seats: nothing to change there.
 */
export const canChangeSeats = (actor: Actor, organization: Pick<OrganizationRow, 'isPlatform'>) =>
  !organization.isPlatform && seesAllOrganizations(actor);

/**
 * An export of everything it holds (decision 0264): whoever manages its settings (its org_admin, admin);
 * nobody once its erasure has begun (what the archive would hold is being deleted).
 */
export const canExportOrganization = (actor: Actor, organization: Pick<OrganizationRow, 'id' | 'erasureStartedAt'>) =>
  organization.erasureStartedAt === null && canManageIn(actor, organization.id, 'canManageSettings');

export const organizationPermissions = (actor: Actor, organization: ClosingState): Organization['permissions'] => ({
  canClose: canCloseOrganization(actor, organization),
  canReopen: canReopenOrganization(actor, organization),
  canChangeSecurity: canChangeSecurity(actor, organization),
  canChangeSeats: canChangeSeats(actor, organization),
  canErase: canEraseOrganization(actor, organization),
  canExport: canExportOrganization(actor, organization),
});
