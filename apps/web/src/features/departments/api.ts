import {
  type CreateDepartmentBody,
  type CreateTeamBody,
  type Department,
  MAX_PAGE_SIZE,
  MESSAGES,
  type Team,
  type UpdateDepartmentBody,
  type User,
} from '@smart/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { createTeam } from '@/lib/create-team';
import { structureKeys } from '@/lib/structure-keys';

/**
 * Departments (spec section 7, under /api/departments) and the team calls the department page makes.
 * Lists ask for the largest page (MAX_PAGE_SIZE): the pages show every row without paging controls.
 */

const id = encodeURIComponent;

export function getDepartments(): Promise<Department[]> {
  return apiClient.get<Department[]>(`/api/departments?limit=${MAX_PAGE_SIZE}`, {
    failMessage: MESSAGES.fetchDepartmentsFailed,
  });
}

export function getDepartment(departmentId: string): Promise<Department> {
  return apiClient.get<Department>(`/api/departments/${id(departmentId)}`, {
    failMessage: MESSAGES.fetchDepartmentFailed,
  });
}

export function getDepartmentMembers(departmentId: string): Promise<User[]> {
  return apiClient.get<User[]>(`/api/departments/${id(departmentId)}/members?limit=${MAX_PAGE_SIZE}`, {
    failMessage: MESSAGES.fetchUsersByDepartmentFailed,
  });
}

export function getDepartmentTeams(departmentId: string): Promise<Team[]> {
  return apiClient.get<Team[]>(`/api/teams/department/${id(departmentId)}?limit=${MAX_PAGE_SIZE}`, {
    failMessage: MESSAGES.fetchTeamsFailed,
  });
}

export function getOrganizationTeams(organizationId: string): Promise<Team[]> {
  return apiClient.get<Team[]>(`/api/teams?organizationId=${id(organizationId)}&limit=${MAX_PAGE_SIZE}`, {
    failMessage: MESSAGES.fetchTeamsFailed,
  });
}

export function createDepartment(body: CreateDepartmentBody): Promise<Department> {
  return apiClient.post<Department>('/api/departments', body, {
    failMessage: MESSAGES.createDepartmentFailed,
  });
}

export function updateDepartment(departmentId: string, body: UpdateDepartmentBody): Promise<Department> {
  return apiClient.put<Department>(`/api/departments/${id(departmentId)}`, body, {
    failMessage: MESSAGES.updateDepartmentFailed,
  });
}

export function addUserToDepartment(userId: string, department: Pick<Department, 'id' | 'name'>): Promise<User> {
  return apiClient.put<User>(
    `/api/users/${id(userId)}/department`,
    { departmentId: department.id, departmentName: department.name },
    { failMessage: MESSAGES.addUserToDepartmentFailed },
  );
}

/** Answers with the department, its teamCount updated. */
export function attachTeam(departmentId: string, teamId: string): Promise<Department> {
  return apiClient.post<Department>(
    `/api/departments/${id(departmentId)}/teams`,
    { teamId },
    { failMessage: MESSAGES.addTeamFailed },
  );
}

/** The team stays, without a department; answers with the department. */
export function detachTeam(departmentId: string, teamId: string): Promise<Department> {
  return apiClient.delete<Department>(`/api/departments/${id(departmentId)}/teams/${id(teamId)}`, {
    failMessage: MESSAGES.removeTeamFailed,
  });
}

/**
 * The department queries: each request has one key and one fetcher. Team lists sit under the teams
 * root, so the teams feature's changes (member counts) refresh the Teams tab too.
 */
export const departmentQueries = {
  all: () => structureKeys.departments,
  lists: () => structureKeys.departmentLists(),
  list: () => queryOptions({ queryKey: [...structureKeys.departmentLists(), 'all'], queryFn: getDepartments }),
  detail: (departmentId: string) =>
    queryOptions({
      queryKey: [...structureKeys.departments, 'detail', departmentId],
      queryFn: () => getDepartment(departmentId),
    }),
  members: (departmentId: string) =>
    queryOptions({
      queryKey: [...structureKeys.departments, 'members', departmentId],
      queryFn: () => getDepartmentMembers(departmentId),
    }),
  teams: (departmentId: string) =>
    queryOptions({
      queryKey: [...structureKeys.teamLists(), 'department', departmentId],
      queryFn: () => getDepartmentTeams(departmentId),
    }),
  organizationTeams: (organizationId: string) =>
    queryOptions({
      queryKey: [...structureKeys.teamLists(), 'organization', organizationId],
      queryFn: () => getOrganizationTeams(organizationId),
    }),
};

export function useDepartments() {
  return useQuery(departmentQueries.list());
}

export function useDepartment(departmentId: string) {
  return useQuery(departmentQueries.detail(departmentId));
}

export function useDepartmentMembers(departmentId: string) {
  return useQuery(departmentQueries.members(departmentId));
}

export function useDepartmentTeams(departmentId: string) {
  return useQuery(departmentQueries.teams(departmentId));
}

/** Every team of the organization, for the existing-team picker; fetched only while the picker is open. */
export function useOrganizationTeams(organizationId: string, enabled: boolean) {
  return useQuery({ ...departmentQueries.organizationTeams(organizationId), enabled });
}

// Mutations: each refreshes the lists whose rows it changes, and no more.

export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departmentQueries.lists() }),
  });
}

export function useUpdateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ departmentId, body }: { departmentId: string; body: UpdateDepartmentBody }) =>
      updateDepartment(departmentId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(departmentQueries.detail(saved.id).queryKey, saved);
      // The name shows on team cards and in the department pickers.
      void queryClient.invalidateQueries({ queryKey: departmentQueries.lists() });
      void queryClient.invalidateQueries({ queryKey: structureKeys.teams });
    },
  });
}

/**
 * A user moved into this department leaves its previous one: both departments' member lists and
 * counts change, so every department query is refreshed, and the organization's users (their
 * department is shown on the Team Members page).
 */
export function useAddUserToDepartment(department: Pick<Department, 'id' | 'name' | 'organizationId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => addUserToDepartment(userId, department),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: departmentQueries.all() }),
        queryClient.invalidateQueries({ queryKey: structureKeys.organizationUsers(department.organizationId) }),
      ]),
  });
}

/** Attaching or detaching a team changes this department's (and maybe another's) teams and counts. */
function useTeamPlacement<TVariables>(mutationFn: (variables: TVariables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: departmentQueries.all() }),
        queryClient.invalidateQueries({ queryKey: structureKeys.teams }),
      ]),
  });
}

export function useAttachTeam(departmentId: string) {
  return useTeamPlacement((teamId: string) => attachTeam(departmentId, teamId));
}

export function useDetachTeam(departmentId: string) {
  return useTeamPlacement((teamId: string) => detachTeam(departmentId, teamId));
}

export function useCreateTeamInDepartment(departmentId: string) {
  return useTeamPlacement((body: Omit<CreateTeamBody, 'departmentId'>) => createTeam({ ...body, departmentId }));
}
