import type { Organization } from '@smart/contracts';
import type { OrganizationRow } from '../../db/schema/index.js';
import { type Actor, canManageIn, seesAllOrganizations } from '../../lib/tenancy.js';

/**
 * Who may close and reopen an organization account. Pure functions over the acting user and the
 * loaded organization; the service enforces them and the presenter hands them to the web app.
 */

type ClosingState = Pick<OrganizationRow, 'id' | 'isPlatform' | 'closedAt'>;

/** Closing: whoever manages its settings (its org_admin, admin); never the platform organization. */
export const canCloseOrganization = (actor: Actor, organization: ClosingState) =>
  !organization.isPlatform &&
  organization.closedAt === null &&
  canManageIn(actor, organization.id, 'canManageSettings');

/** Reopening is a platform decision: its own people cannot sign in while it is closed. */
export const canReopenOrganization = (actor: Actor, organization: ClosingState) =>
  organization.closedAt !== null && seesAllOrganizations(actor);

export const organizationPermissions = (actor: Actor, organization: ClosingState): Organization['permissions'] => ({
  canClose: canCloseOrganization(actor, organization),
  canReopen: canReopenOrganization(actor, organization),
});
