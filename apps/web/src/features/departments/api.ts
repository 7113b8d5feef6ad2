import {
  type CreateDepartmentBody,
  type CreateTeamBody,
  type Department,
  departmentEndpoints,
  teamEndpoints,
  UI_TEXT,
  type UpdateDepartmentBody,
  userEndpoints,
} from '@smart/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { createTeam } from '@/lib/create-team';
import { pagedListOptions, usePagedList, useWholeList } from '@/lib/paged-list';
import { structureKeys } from '@/lib/structure-keys';
import { uploadImage } from '@/lib/upload-image';

/**
 * Departments (under /api/departments) and the team calls the department page makes.
 * Lists are read a page at a time (Load more); the existing-team picker reads every page.
 */

export function getDepartmentPage(page: number, limit: number) {
  return api(departmentEndpoints.list, { query: { page, limit } }, { failMessage: UI_TEXT.fetchDepartmentsFailed });
}

export function getDepartment(departmentId: string) {
  return api(departmentEndpoints.get, { params: { id: departmentId } }, { failMessage: UI_TEXT.fetchDepartmentFailed });
}

export function getDepartmentMemberPage(departmentId: string, page: number, limit: number) {
  return api(
    departmentEndpoints.members,
    { params: { id: departmentId }, query: { page, limit } },
    { failMessage: UI_TEXT.fetchUsersByDepartmentFailed },
  );
}

export function getDepartmentTeamPage(departmentId: string, page: number, limit: number) {
  return api(
    teamEndpoints.listByDepartment,
    { params: { id: departmentId }, query: { page, limit } },
    { failMessage: UI_TEXT.fetchTeamsFailed },
  );
}

export function getOrganizationTeamPage(organizationId: string, page: number, limit: number) {
  return api(teamEndpoints.list, { query: { organizationId, page, limit } }, { failMessage: UI_TEXT.fetchTeamsFailed });
}

export function createDepartment(body: CreateDepartmentBody) {
  return api(departmentEndpoints.create, { body }, { failMessage: UI_TEXT.createDepartmentFailed });
}

export function updateDepartment(departmentId: string, body: UpdateDepartmentBody) {
  return api(
    departmentEndpoints.update,
    { params: { id: departmentId }, body },
    { failMessage: UI_TEXT.updateDepartmentFailed },
  );
}

export function addUserToDepartment(userId: string, department: Pick<Department, 'id' | 'name'>) {
  return api(
    userEndpoints.setDepartment,
    { params: { id: userId }, body: { departmentId: department.id, departmentName: department.name } },
    { failMessage: UI_TEXT.addUserToDepartmentFailed },
  );
}

/** Answers with the department, its teamCount updated. */
export function attachTeam(departmentId: string, teamId: string) {
  return api(
    departmentEndpoints.attachTeam,
    { params: { id: departmentId }, body: { teamId } },
    { failMessage: UI_TEXT.addTeamFailed },
  );
}

/** The team stays, without a department; answers with the department. */
export function detachTeam(departmentId: string, teamId: string) {
  return api(
    departmentEndpoints.detachTeam,
    { params: { id: departmentId, teamId } },
    { failMessage: UI_TEXT.removeTeamFailed },
  );
}

/**
 * The department queries: each request has one key and one fetcher. Team lists sit under the teams
 * root, so the teams feature's changes (member counts) refresh the Teams tab too.
 */
export const departmentQueries = {
  all: () => structureKeys.departments,
  lists: () => structureKeys.departmentLists(),
  list: () => pagedListOptions([...structureKeys.departmentLists(), 'all'], getDepartmentPage),
  detail: (departmentId: string) =>
    queryOptions({
      queryKey: [...structureKeys.departments, 'detail', departmentId],
      queryFn: () => getDepartment(departmentId),
    }),
  members: (departmentId: string) =>
    pagedListOptions([...structureKeys.departments, 'members', departmentId], (page, limit) =>
      getDepartmentMemberPage(departmentId, page, limit),
    ),
  teams: (departmentId: string) =>
    pagedListOptions([...structureKeys.teamLists(), 'department', departmentId], (page, limit) =>
      getDepartmentTeamPage(departmentId, page, limit),
    ),
  organizationTeams: (organizationId: string) =>
    pagedListOptions([...structureKeys.teamLists(), 'organization', organizationId], (page, limit) =>
      getOrganizationTeamPage(organizationId, page, limit),
    ),
};

export function useDepartments() {
  return usePagedList(departmentQueries.list());
}

export function useDepartment(departmentId: string) {
  return useQuery(departmentQueries.detail(departmentId));
}

export function useDepartmentMembers(departmentId: string) {
  return usePagedList(departmentQueries.members(departmentId));
}

export function useDepartmentTeams(departmentId: string) {
  return usePagedList(departmentQueries.teams(departmentId));
}

/** Every team of the organization, every page of it, for the existing-team picker (mounted while it is open). */
export function useOrganizationTeams(organizationId: string) {
  return useWholeList(departmentQueries.organizationTeams(organizationId));
}

// Mutations: each refreshes the lists whose rows it changes, and no more.

export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departmentQueries.lists() }),
  });
}

/** A saved department replaces the cached one; lists show its name and picture. */
function useAcceptSavedDepartment() {
  const queryClient = useQueryClient();
  return (saved: Department) => {
    queryClient.setQueryData(departmentQueries.detail(saved.id).queryKey, saved);
    // The name shows on team cards and in the department pickers.
    void queryClient.invalidateQueries({ queryKey: departmentQueries.lists() });
    void queryClient.invalidateQueries({ queryKey: structureKeys.teams });
  };
}

export function useUpdateDepartment() {
  return useMutation({
    mutationFn: ({ departmentId, body }: { departmentId: string; body: UpdateDepartmentBody }) =>
      updateDepartment(departmentId, body),
    onSuccess: useAcceptSavedDepartment(),
  });
}

/** 'Upload Image' (Details tab): upload the picture, then save its URL as the department's image. */
export function useUploadDepartmentImage(departmentId: string) {
  return useMutation({
    mutationFn: async (file: File) => {
      const uploaded = await uploadImage(file, { failMessage: UI_TEXT.updateDepartmentFailed });
      return updateDepartment(departmentId, { imageUrl: uploaded.fileUrl });
    },
    onSuccess: useAcceptSavedDepartment(),
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
