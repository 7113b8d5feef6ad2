import {
  type AddTeamMemberBody,
  teamEndpoints as endpoints,
  type TeamDetail,
  UI_TEXT,
  type UpdateTeamBody,
} from '@smart/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { createTeam } from '@/lib/create-team';
import { pagedListOptions, usePagedList } from '@/lib/paged-list';
import { structureKeys } from '@/lib/structure-keys';

/** Teams (teamEndpoints). The list is read a page at a time (Load more). */

export function getTeamPage(page: number, limit: number) {
  return api(endpoints.list, { query: { page, limit } }, { failMessage: UI_TEXT.fetchTeamsFailed });
}

export function getTeam(teamId: string) {
  return api(endpoints.get, { params: { id: teamId } }, { failMessage: UI_TEXT.fetchTeamFailed });
}

export function updateTeam(teamId: string, body: UpdateTeamBody) {
  return api(endpoints.update, { params: { id: teamId }, body }, { failMessage: UI_TEXT.updateTeamFailed });
}

export function addTeamMember(teamId: string, body: AddTeamMemberBody) {
  return api(endpoints.addMember, { params: { id: teamId }, body }, { failMessage: UI_TEXT.addMemberFailed });
}

export function removeTeamMember(teamId: string, userId: string) {
  return api(endpoints.removeMember, { params: { id: teamId, userId } }, { failMessage: UI_TEXT.removeMemberFailed });
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
