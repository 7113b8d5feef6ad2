import {
  importEndpoints,
  type MemberStatus,
  type RegisterBody,
  UI_TEXT,
  type UpdateMemberBody,
  userEndpoints,
} from '@smart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, fileForm } from '@/lib/api-client';
import { organizationQueries } from '@/lib/organization-query';
import { getOrganizationUserPage } from '@/lib/organization-users';
import { pagedListOptions, usePagedList } from '@/lib/paged-list';
import { structureKeys } from '@/lib/structure-keys';

/**
 * The Team Members page's calls. The member list is the organization's users of one status, cached
 * under the shared key the department and team pickers use, so a member added, deactivated or
 * reactivated here shows there.
 */
export const teamMemberKeys = {
  members: structureKeys.organizationUsers,
};

/** The add-member flow registers the person into the manager's organization (returns no token). */
export function registerMember(body: RegisterBody) {
  return api(userEndpoints.register, { body }, { failMessage: UI_TEXT.addTeamMemberFailedRetry });
}

export function updateMember(userId: string, body: UpdateMemberBody) {
  return api(
    userEndpoints.update,
    { params: { id: userId }, body },
    { requireToken: true, failMessage: UI_TEXT.userUpdateFailed },
  );
}

/** Deactivates: the account can no longer sign in, its records are kept. */
export function deactivateMember(userId: string) {
  return api(userEndpoints.deactivate, { params: { id: userId } }, { requireToken: true });
}

/** The account may sign in again, in the department it had. */
export function reactivateMember(userId: string) {
  return api(userEndpoints.reactivate, { params: { id: userId } }, { requireToken: true });
}

/** The organization's members of one status (whose name or e-mail contains `search`, when given), a page at a time. */
export function useTeamMembers(organizationId: string | null, status: MemberStatus, search = '') {
  const list = pagedListOptions(
    [...teamMemberKeys.members(organizationId ?? ''), 'pages', status, search],
    (page, limit) => getOrganizationUserPage(organizationId ?? '', { page, limit, status, search }),
  );
  return usePagedList(list, organizationId !== null);
}

/** The member lists again, after a change that only they show (a second factor reset). */
export function useRefreshTeamMembers(organizationId: string | null) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamMemberKeys.members(organizationId ?? '') });
}

interface Touched {
  /** A department's member count or member list changed. */
  departments?: boolean;
  /** Team member cards show the person's job title and phone; a deactivated person leaves its teams' counts. */
  teams?: boolean;
}

/**
 * Refreshes the member lists and the organization (its member count) and, when the change reaches
 * them, the department and team caches.
 */
function useInvalidateAfterMemberChange(organizationId: string) {
  const queryClient = useQueryClient();
  return ({ departments = false, teams = false }: Touched) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamMemberKeys.members(organizationId) }),
      queryClient.invalidateQueries({ queryKey: organizationQueries.detail(organizationId).queryKey }),
      departments && queryClient.invalidateQueries({ queryKey: structureKeys.departments }),
      teams && queryClient.invalidateQueries({ queryKey: structureKeys.teams }),
    ]);
}

export function useAddMember(organizationId: string) {
  const invalidate = useInvalidateAfterMemberChange(organizationId);
  return useMutation({
    mutationFn: registerMember,
    onSuccess: (_created, body) => invalidate({ departments: Boolean(body.meta?.departmentId) }),
  });
}

export function useUpdateMember(organizationId: string) {
  const invalidate = useInvalidateAfterMemberChange(organizationId);
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: UpdateMemberBody }) => updateMember(userId, body),
    onSuccess: (_saved, { body }) => invalidate({ departments: body.departmentId !== undefined, teams: true }),
  });
}

/** Deactivation and reactivation: the member leaves or rejoins the active lists and counts. */
const STATUS_CHANGES = { deactivate: deactivateMember, reactivate: reactivateMember };
export type MemberStatusChange = keyof typeof STATUS_CHANGES;

export function useChangeMemberStatus(organizationId: string) {
  const invalidate = useInvalidateAfterMemberChange(organizationId);
  return useMutation({
    mutationFn: ({ userId, change }: { userId: string; change: MemberStatusChange }) => STATUS_CHANGES[change](userId),
    onSuccess: () => invalidate({ departments: true, teams: true }),
  });
}

/** A CSV file of members checked by the server: every row's problems and the seats left; nothing is written. */
export function previewMemberImport(file: File) {
  return api(importEndpoints.previewMembers, { form: fileForm(file) }, { failMessage: UI_TEXT.importPreviewFailed });
}

export function usePreviewMemberImport() {
  return useMutation({ mutationFn: previewMemberImport });
}

/** Every member of the file added in one go, or none (the answer's error says why). */
export function useImportMembers(organizationId: string) {
  const invalidate = useInvalidateAfterMemberChange(organizationId);
  return useMutation({
    mutationFn: (file: File) =>
      api(importEndpoints.importMembers, { form: fileForm(file) }, { failMessage: UI_TEXT.importFailed }),
    onSuccess: () => invalidate({ departments: true }),
  });
}
