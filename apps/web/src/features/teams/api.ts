import {
  type AddTeamMemberBody,
  type Department,
  MAX_PAGE_SIZE,
  MESSAGES,
  type Team,
  type TeamDetail,
  type UpdateTeamBody,
} from '@smart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { createTeam } from '@/lib/create-team';
import { structureKeys } from '@/lib/structure-keys';

/** Teams (spec section 7, under /api/teams). Lists ask for the largest page: no paging controls. */

const id = encodeURIComponent;

export const teamKeys = {
  all: structureKeys.teams,
  lists: structureKeys.teamLists,
  list: () => [...teamKeys.lists(), 'all'] as const,
  detail: (teamId: string) => [...teamKeys.all, 'detail', teamId] as const,
  /** The departments a team may be moved to; under the departments root, so their changes refresh it. */
  departmentOptions: (organizationId: string) =>
    [...structureKeys.departmentLists(), 'options', organizationId] as const,
};

export function getTeams(): Promise<Team[]> {
  return apiClient.get<Team[]>(`/api/teams?limit=${MAX_PAGE_SIZE}`, {
    failMessage: MESSAGES.fetchTeamsFailed,
  });
}

export function getTeam(teamId: string): Promise<TeamDetail> {
  return apiClient.get<TeamDetail>(`/api/teams/${id(teamId)}`, {
    failMessage: MESSAGES.fetchTeamFailed,
  });
}

export function getDepartmentOptions(organizationId: string): Promise<Department[]> {
  return apiClient.get<Department[]>(`/api/departments?organizationId=${id(organizationId)}&limit=${MAX_PAGE_SIZE}`, {
    failMessage: MESSAGES.fetchDepartmentsFailed,
  });
}

export function updateTeam(teamId: string, body: UpdateTeamBody): Promise<TeamDetail> {
  return apiClient.put<TeamDetail>(`/api/teams/${id(teamId)}`, body, {
    failMessage: MESSAGES.updateTeamFailed,
  });
}

export function addTeamMember(teamId: string, body: AddTeamMemberBody): Promise<TeamDetail> {
  return apiClient.post<TeamDetail>(`/api/teams/${id(teamId)}/members`, body, {
    failMessage: MESSAGES.addMemberFailed,
  });
}

export function removeTeamMember(teamId: string, userId: string): Promise<TeamDetail> {
  return apiClient.delete<TeamDetail>(`/api/teams/${id(teamId)}/members/${id(userId)}`, {
    failMessage: MESSAGES.removeMemberFailed,
  });
}

// Queries

export function useTeams() {
  return useQuery({ queryKey: teamKeys.list(), queryFn: getTeams });
}

export function useTeam(teamId: string) {
  return useQuery({ queryKey: teamKeys.detail(teamId), queryFn: () => getTeam(teamId) });
}

/** Fetched only while the edit modal is open. */
export function useDepartmentOptions(organizationId: string | null | undefined) {
  return useQuery({
    queryKey: teamKeys.departmentOptions(organizationId ?? ''),
    queryFn: () => getDepartmentOptions(organizationId ?? ''),
    enabled: Boolean(organizationId),
  });
}

// Mutations: the returned team replaces its cached detail; the lists that show it are refreshed.

function useAcceptTeam() {
  const queryClient = useQueryClient();
  return (team: TeamDetail) => {
    queryClient.setQueryData(teamKeys.detail(team.id), team);
    // Every team list (this page's, and the department pages') shows names, leads and member counts.
    return queryClient.invalidateQueries({ queryKey: teamKeys.lists() });
  };
}

export function useCreateTeam() {
  const accept = useAcceptTeam();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: (team) =>
      Promise.all([
        accept(team),
        // A team created in a department changes that department's team count.
        team.departmentId ? queryClient.invalidateQueries({ queryKey: structureKeys.departments }) : undefined,
      ]),
  });
}

export function useUpdateTeam() {
  const accept = useAcceptTeam();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, body }: { teamId: string; body: UpdateTeamBody; previousDepartmentId: string | null }) =>
      updateTeam(teamId, body),
    onSuccess: (team, { previousDepartmentId }) =>
      Promise.all([
        accept(team),
        // Moving a team changes the team counts of the department it left and the one it joined.
        team.departmentId !== previousDepartmentId
          ? queryClient.invalidateQueries({ queryKey: structureKeys.departments })
          : undefined,
      ]),
  });
}

export function useAddTeamMember(teamId: string) {
  const accept = useAcceptTeam();
  return useMutation({
    mutationFn: (body: AddTeamMemberBody) => addTeamMember(teamId, body),
    onSuccess: accept,
  });
}

export function useRemoveTeamMember(teamId: string) {
  const accept = useAcceptTeam();
  return useMutation({
    mutationFn: (userId: string) => removeTeamMember(teamId, userId),
    onSuccess: accept,
  });
}
