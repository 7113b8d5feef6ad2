import type { Team } from '@smart/contracts';
import { type Actor, canManageIn } from '../../lib/tenancy.js';

/**
 * What an actor may do with a team: canManageTeams in its organization (org_admin), or platform
 * reach. The service enforces these and the presenter sends them, so the two never disagree.
 */
export function teamPermissions(actor: Actor, team: { organizationId: string }): Team['permissions'] {
  const manages = canManageIn(actor, team.organizationId, 'canManageTeams');
  return { canEdit: manages, canDelete: manages };
}
