import type { TeamRow } from '../../db/schema/index.js';
import { type Actor, canManageIn, canReadStructure } from '../organizations/policy.js';

/**
 * Who may read or change teams (design.md, "Server-side rules": departments and teams are read by
 * the organization's members and admin, changed by its org_admin and admin). Pure functions over
 * the acting user and the loaded team; a team the actor may not read answers 404.
 */
type TeamScope = Pick<TeamRow, 'organizationId'>;

/** Reading a team: members of its organization, admin. Advisors are not members, so they get 404. */
export const canReadTeam = (actor: Actor, team: TeamScope) => canReadStructure(actor, team.organizationId);

/** Creating, editing, deleting a team and changing its members: canManageTeams in its organization. */
export const canManageTeam = (actor: Actor, team: TeamScope) =>
  canManageIn(actor, team.organizationId, 'canManageTeams');

/** Creating a team in an organization (the actor's own; admin anywhere). */
export const canCreateTeamIn = (actor: Actor, organizationId: string | null) =>
  organizationId !== null && canManageIn(actor, organizationId, 'canManageTeams');
