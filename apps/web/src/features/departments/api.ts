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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { createTeam } from '@/lib/create-team';
import { structureKeys } from '@/lib/structure-keys';

/**
 * Departments (spec section 7, under /api/departments) and the team calls the department page makes.
 * Lists ask for the largest page (MAX_PAGE_SIZE): the pages show every row without paging controls.
 */

const id = encodeURIComponent;

export const departmentKeys = {
  all: structureKeys.departments,
  lists: structureKeys.departmentLists,
  list: () => [...departmentKeys.lists(), 'all'] as const,
  detail: (departmentId: string) => [...departmentKeys.all, 'detail', departmentId] as const,
  members: (departmentId: string) => [...departmentKeys.all, 'members', departmentId] as const,
  /** Under the teams root, so the teams feature's changes (member counts) refresh the Teams tab too. */
  teams: (departmentId: string) => [...structureKeys.teamLists(), 'department', departmentId] as const,
  organizationTeams: (organizationId: string) =>
    [...structureKeys.teamLists(), 'organization', organizationId] as const,
};

const fetchFailed = {
  failMessage: MESSAGES.fetchDepartmentsFailed,
};

export function getDepartments(): Promise<Department[]> {
  return apiClient.get<Department[]>(`/api/departments?limit=${MAX_PAGE_SIZE}`, fetchFailed);
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

// Queries

export function useDepartments() {
  return useQuery({ queryKey: departmentKeys.list(), queryFn: getDepartments });
}

export function useDepartment(departmentId: string) {
  return useQuery({ queryKey: departmentKeys.detail(departmentId), queryFn: () => getDepartment(departmentId) });
}

export function useDepartmentMembers(departmentId: string) {
  return useQuery({
    queryKey: departmentKeys.members(departmentId),
    queryFn: () => getDepartmentMembers(departmentId),
  });
}

export function useDepartmentTeams(departmentId: string) {
  return useQuery({ queryKey: departmentKeys.teams(departmentId), queryFn: () => getDepartmentTeams(departmentId) });
}

/** Every team of the organization, for the existing-team picker; fetched only while the picker is open. */
export function useOrganizationTeams(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: departmentKeys.organizationTeams(organizationId),
    queryFn: () => getOrganizationTeams(organizationId),
    enabled,
  });
}

// Mutations: each refreshes the lists whose rows it changes, and no more.

export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departmentKeys.lists() }),
  });
}

export function useUpdateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ departmentId, body }: { departmentId: string; body: UpdateDepartmentBody }) =>
      updateDepartment(departmentId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(departmentKeys.detail(saved.id), saved);
      // The name shows on team cards and in the department pickers.
      void queryClient.invalidateQueries({ queryKey: departmentKeys.lists() });
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
        queryClient.invalidateQueries({ queryKey: departmentKeys.all }),
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
        queryClient.invalidateQueries({ queryKey: departmentKeys.all }),
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
