import {
  type Organization,
  type OrganizationSecurityBody,
  organizationEndpoints,
  organizationExportEndpoints,
  type ServiceLevelsBody,
  serviceLevelEndpoints,
  UI_TEXT,
  type UpdateOrganizationBody,
  userEndpoints,
} from '@smart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/features/auth';
import { api } from '@/lib/api-client';
import { organizationQueries } from '@/lib/organization-query';
import { ORGANIZATION_SEARCH_KEY } from '@/lib/organization-search';
import { uploadImage } from '@/lib/upload-image';

export { useOrganization } from '@/lib/organization-query';

export function updateOrganization(organizationId: string, body: UpdateOrganizationBody) {
  return api(
    organizationEndpoints.update,
    { params: { id: organizationId }, body },
    { failMessage: UI_TEXT.updateOrganizationFailed },
  );
}

/** The signed-in user as the server has it now (its meta carries the organization's current name). */
function getCurrentUser() {
  return api(userEndpoints.profile, {}, { failMessage: UI_TEXT.fetchUserProfileFailed });
}

/** Saved organizations replace the cached one; a rename also refreshes the session's organization name. */
function useAcceptSavedOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  const { user, replaceUser } = useAuth();
  return (saved: Organization) => {
    queryClient.setQueryData(organizationQueries.detail(organizationId).queryKey, saved);
    if (user && user.meta.organizationId === saved.id && user.meta.organizationName !== saved.name) {
      // Best effort: titles elsewhere show the session's organization name; a failure here changes nothing saved.
      getCurrentUser().then(replaceUser, () => undefined);
    }
  };
}

export function useUpdateOrganization(organizationId: string) {
  const accept = useAcceptSavedOrganization(organizationId);
  return useMutation({
    mutationFn: (body: UpdateOrganizationBody) => updateOrganization(organizationId, body),
    onSuccess: accept,
  });
}

/** Upload the picture, then save its URL as the organization's logo (the profile picture flow). */
export function useUploadOrganizationLogo(organizationId: string) {
  const accept = useAcceptSavedOrganization(organizationId);
  return useMutation({
    mutationFn: async (file: File) => {
      const uploaded = await uploadImage(file, { failMessage: UI_TEXT.updateOrganizationFailed });
      return updateOrganization(organizationId, { logo: uploaded.fileUrl });
    },
    onSuccess: accept,
  });
}

/** The account's two state changes: close (its org_admin, admin: its people are signed out) and reopen (admin). */
const ACCOUNT_ACTIONS = {
  close: UI_TEXT.closeOrganizationFailed,
  reopen: UI_TEXT.reopenOrganizationFailed,
} as const;

/** Close or reopen; the answer replaces the cached organization. */
export function useOrganizationAccountAction(organizationId: string, action: keyof typeof ACCOUNT_ACTIONS) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api(organizationEndpoints[action], { params: { id: organizationId } }, { failMessage: ACCOUNT_ACTIONS[action] }),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizationQueries.detail(organizationId).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ORGANIZATION_SEARCH_KEY });
    },
  });
}

/** Erase it for good (admin, its name typed): the server answers at once and deletes it in the background. */
export function useEraseOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmName: string) =>
      api(
        organizationEndpoints.erase,
        { params: { id: organizationId }, body: { confirmName } },
        { failMessage: UI_TEXT.eraseOrganizationFailed },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationQueries.detail(organizationId).queryKey });
      void queryClient.invalidateQueries({ queryKey: ORGANIZATION_SEARCH_KEY });
    },
  });
}

/** The organization's latest export: asked again every few seconds while it is queued or building. */
export function useOrganizationExport(organizationId: string) {
  return useQuery({
    queryKey: ['organization', 'export', organizationId],
    queryFn: () =>
      api(
        organizationExportEndpoints.latest,
        { params: { id: organizationId } },
        { failMessage: UI_TEXT.fetchOrganizationExportFailed },
      ),
    refetchInterval: (query) =>
      query.state.data && ['queued', 'building'].includes(query.state.data.status) ? EXPORT_POLL_MS : false,
  });
}
const EXPORT_POLL_MS = 3_000;

/** Starts an export (or finds the one running); the answer is the latest export. */
export function useStartOrganizationExport(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api(
        organizationExportEndpoints.start,
        { params: { id: organizationId } },
        { failMessage: UI_TEXT.startOrganizationExportFailed },
      ),
    onSuccess: (started) => queryClient.setQueryData(['organization', 'export', organizationId], started),
  });
}

/** Requiring a second factor of the organization's people; the answer replaces the cached organization. */
export function useUpdateOrganizationSecurity(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationSecurityBody) =>
      api(
        organizationEndpoints.updateSecurity,
        { params: { id: organizationId }, body },
        { failMessage: UI_TEXT.securityUpdateFailed },
      ),
    onSuccess: (saved) => queryClient.setQueryData(organizationQueries.detail(organizationId).queryKey, saved),
  });
}

const serviceLevelsKey = (organizationId: string) => ['organizations', organizationId, 'service-levels'] as const;

/** The organization's ticket targets, working week and holidays. */
export function useServiceLevels(organizationId: string) {
  return useQuery({
    queryKey: serviceLevelsKey(organizationId),
    queryFn: () =>
      api(
        serviceLevelEndpoints.get,
        { params: { id: organizationId } },
        { failMessage: UI_TEXT.fetchServiceLevelsFailed },
      ),
  });
}

/** Saves them whole; the answer replaces the cached settings. */
export function useSaveServiceLevels(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceLevelsBody) =>
      api(
        serviceLevelEndpoints.update,
        { params: { id: organizationId }, body },
        { failMessage: UI_TEXT.saveServiceLevelsFailed },
      ),
    onSuccess: (saved) => queryClient.setQueryData(serviceLevelsKey(organizationId), saved),
  });
}
