import { type Actor, canManageIn, canSeeIn, seesAllOrganizations } from '../../lib/tenancy.js';

/*
 * Who may read and set an organization's service levels (README, "Who may do what"): whoever reads
 * its tickets reads them (its members, its advisors, admin); its org_admin and admin set them.
 */

/** Reads them: a member, an admin; an advisor acting in the organization (checked by the caller). */
export const canReadServiceLevels = (actor: Actor, organizationId: string, advisorActs: boolean) =>
  canSeeIn(actor, organizationId) || advisorActs;

/** Sets them: its org_admin (canManageSettings), admin. */
export const canEditServiceLevels = (actor: Actor, organizationId: string) =>
  seesAllOrganizations(actor) || canManageIn(actor, organizationId, 'canManageSettings');
