import type { Team, TeamDetail, TeamMember, TeamMemberRole } from '@smart/contracts';
import type { TeamRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/tenancy.js';
import { presentUserSummary, type UserSummaryRow } from '../people/index.js';
import { teamPermissions } from './policy.js';

/** A team row with its organization's and department's names, its lead and member count, as the list query selects it. */
export interface TeamRecord {
  organizationId: string;
  team: TeamRow;
  organizationName: string;
  department: { id: string; name: string } | null;
  lead: UserSummaryRow | null;
  memberCount: number;
}

/** A membership row with its user. */
export interface TeamMemberRecord {
  user: UserSummaryRow;
  role: TeamMemberRole;
  addedAt: Date;
}

/** Row → the API's team JSON (contracts' schema), with what `actor` may do with it. */
export function presentTeam({ team, organizationName, department, lead, memberCount }: TeamRecord, actor: Actor): Team {
  return {
    id: team.id,
    _id: team.id,
    name: team.name,
    description: team.description,
    organizationId: team.organizationId,
    organizationName,
    departmentId: team.departmentId,
    department: department ? { _id: department.id, id: department.id, name: department.name } : null,
    teamLead: lead ? presentUserSummary(lead) : null,
    memberCount,
    createdAt: team.createdAt.toISOString(),
    updatedAt: team.updatedAt.toISOString(),
    permissions: teamPermissions(actor, team),
  };
}

export function presentTeamMember({ user, role, addedAt }: TeamMemberRecord): TeamMember {
  return { user: presentUserSummary(user), role, addedAt: addedAt.toISOString() };
}

/** A team with its members (GET /api/teams/{id}). */
export function presentTeamDetail(record: TeamRecord, members: TeamMemberRecord[], actor: Actor): TeamDetail {
  return { ...presentTeam(record, actor), members: members.map(presentTeamMember) };
}
