import {
  type Advisor,
  type AdvisorProfileInput,
  advisorEndpoints,
  MAX_MEETING_PAGE_SIZE,
  type RegisterBody,
  schedulingEndpoints,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getMyOrganizations } from '@/lib/advised-organizations';
import { api } from '@/lib/api-client';
import { useOrganizationSearch } from '@/lib/organization-search';
import { isExcludedFromAssignment, nextMeetingByOrganization } from './advisor-labels';

/**
 * S.M.A.R.T. Advisors. The advisors list comes whole, each advisor
 * with its assignments, in one request (instead of asking every organization in turn).
 */

export function getAdvisors() {
  return api(advisorEndpoints.list, {}, { failMessage: UI_TEXT.loadAdvisorsFailed });
}

export function assignAdvisor(organizationId: string, advisorId: string) {
  return api(
    advisorEndpoints.assign,
    { params: { orgId: organizationId }, body: { advisorId } },
    { failMessage: UI_TEXT.assignAdvisorFailed },
  );
}

export function setAssignmentActive(organizationId: string, advisorId: string, isActive: boolean) {
  return api(
    advisorEndpoints.updateAssignment,
    { params: { orgId: organizationId, advisorId }, body: { isActive } },
    { failMessage: UI_TEXT.updateAdvisorAssignmentFailed },
  );
}

export function removeAssignment(organizationId: string, advisorId: string) {
  return api(
    advisorEndpoints.removeAssignment,
    { params: { orgId: organizationId, advisorId } },
    { failMessage: UI_TEXT.removeAdvisorFailed },
  );
}

/** Admins create advisor accounts with roles ['advisor'] (they join the platform organization). */
export function registerAdvisor(body: RegisterBody) {
  return api(userEndpoints.register, { body }, { failMessage: UI_TEXT.addAdvisorFailed });
}

/** An admin edits an advisor's specialties and experience (a member's update with `profile`). */
export function updateAdvisorProfile(advisorId: string, profile: AdvisorProfileInput) {
  return api(
    userEndpoints.update,
    { params: { id: advisorId }, body: { profile } },
    { failMessage: UI_TEXT.updateAdvisorProfileFailed },
  );
}

/** The advisor queries: each request has one key and one fetcher. */
export const advisorQueries = {
  all: () => ['advisors'] as const,
  list: () => queryOptions({ queryKey: [...advisorQueries.all(), 'list'], queryFn: getAdvisors }),
  myOrganizations: () =>
    queryOptions({ queryKey: [...advisorQueries.all(), 'my-organizations'], queryFn: getMyOrganizations }),
};

export function useAdvisors() {
  return useQuery(advisorQueries.list());
}

/** The signed-in advisor's organizations; asked only once the user is known. */
export function useMyOrganizations(enabled: boolean) {
  return useQuery({ ...advisorQueries.myOrganizations(), enabled });
}

/**
 * The Assign to Org dialog's options: organizations whose name contains what is typed, searched on
 * the server, without those an assignment would be refused for (see isExcludedFromAssignment). Each
 * option shows the description or, without one, the domain.
 */
export function useAssignableOrganizations(advisor: Advisor) {
  return useOrganizationSearch(true, {
    exclude: (organization) => isExcludedFromAssignment(organization, advisor),
    detail: (organization) => organization.description?.trim() || organization.domain,
  });
}

// Mutations change assignments, which only the advisors list shows on this side (the advisor's own
// list is another person's meeting).

export function useRefreshAdvisors() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: advisorQueries.list().queryKey });
}

export function useAssignAdvisor(advisorId: string) {
  const refresh = useRefreshAdvisors();
  return useMutation({
    mutationFn: (organizationId: string) => assignAdvisor(organizationId, advisorId),
    onSuccess: refresh,
  });
}

/** What the details drawer does to an assignment. */
export type AssignmentChange = 'activate' | 'deactivate' | 'remove';

const CHANGES: Record<AssignmentChange, (organizationId: string, advisorId: string) => Promise<unknown>> = {
  activate: (organizationId, advisorId) => setAssignmentActive(organizationId, advisorId, true),
  deactivate: (organizationId, advisorId) => setAssignmentActive(organizationId, advisorId, false),
  remove: removeAssignment,
};

export function useChangeAssignment(advisorId: string) {
  const refresh = useRefreshAdvisors();
  return useMutation({
    mutationFn: ({ organizationId, change }: { organizationId: string; change: AssignmentChange }) =>
      CHANGES[change](organizationId, advisorId),
    onSuccess: refresh,
  });
}

export function useAddAdvisor() {
  const refresh = useRefreshAdvisors();
  return useMutation({ mutationFn: registerAdvisor, onSuccess: refresh });
}

export function useUpdateAdvisorProfile(advisorId: string) {
  const refresh = useRefreshAdvisors();
  return useMutation({
    mutationFn: (profile: AdvisorProfileInput) => updateAdvisorProfile(advisorId, profile),
    onSuccess: refresh,
  });
}

/**
 * The advisor's next scheduled meetings, one request for every My Organizations card.
 * Its key is the one the scheduling feature gives this list (['scheduling', 'meetings', 'list',
 * query]), so a booking, change or live event there refreshes it too.
 */
export function useNextMeetings(enabled: boolean) {
  const [from] = useState(() => new Date().toISOString());
  const query = { from, status: 'scheduled', sort: 'start', limit: MAX_MEETING_PAGE_SIZE } as const;
  return useQuery({
    queryKey: ['scheduling', 'meetings', 'list', query],
    queryFn: () => api(schedulingEndpoints.listMeetings, { query }, { failMessage: UI_TEXT.fetchMeetingsFailed }),
    enabled,
    select: (page) => nextMeetingByOrganization(page.data),
  });
}
