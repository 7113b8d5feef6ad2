import { type AddTeamMemberBody, MESSAGES, type Team, type TeamDetail, type UpdateTeamBody } from '@smart/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { createTeam } from '@/lib/create-team';
import { pagedListOptions, usePagedList, withQuery } from '@/lib/paged-list';
import { structureKeys } from '@/lib/structure-keys';

/** Teams (spec section 7, under /api/teams). The list is read a page at a time (Load more). */

const id = encodeURIComponent;

export function getTeamPage(page: number, limit: number) {
  return apiClient.getPage<Team>(withQuery('/api/teams', { page, limit }), {
    failMessage: MESSAGES.fetchTeamsFailed,
  });
}

export function getTeam(teamId: string): Promise<TeamDetail> {
  return apiClient.get<TeamDetail>(`/api/teams/${id(teamId)}`, {
    failMessage: MESSAGES.fetchTeamFailed,
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

/** The team queries: each request has one key and one fetcher. */
export const teamQueries = {
  all: () => structureKeys.teams,
  /** Every team list: this feature's and the department pages' (they sit under this branch). */
  lists: () => structureKeys.teamLists(),
  list: () => pagedListOptions([...structureKeys.teamLists(), 'all'], getTeamPage),
  detail: (teamId: string) =>
    queryOptions({ queryKey: [...structureKeys.teams, 'detail', teamId], queryFn: () => getTeam(teamId) }),
};

export function useTeams() {
  return usePagedList(teamQueries.list());
}

export function useTeam(teamId: string) {
  return useQuery(teamQueries.detail(teamId));
}

// Mutations: the returned team replaces its cached detail; the lists that show it are refreshed.

function useAcceptTeam() {
  const queryClient = useQueryClient();
  return (team: TeamDetail) => {
    queryClient.setQueryData(teamQueries.detail(team.id).queryKey, team);
    // Every team list (this page's, and the department pages') shows names, leads and member counts.
    return queryClient.invalidateQueries({ queryKey: teamQueries.lists() });
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
