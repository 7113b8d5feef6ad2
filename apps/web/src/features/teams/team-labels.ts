import { TEAM_MEMBER_ROLE_LABELS, TEAM_MEMBER_ROLES, type TeamMemberRole } from '@smart/contracts';

export const memberCountLabel = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;

/** The role select's options, in their order with Member (the default) first. */
export const ROLE_OPTIONS: { value: TeamMemberRole; label: string }[] = TEAM_MEMBER_ROLES.map((role) => ({
  value: role,
  label: TEAM_MEMBER_ROLE_LABELS[role],
}));

export function isTeamMemberRole(value: string | null): value is TeamMemberRole {
  return (TEAM_MEMBER_ROLES as readonly (string | null)[]).includes(value);
}
