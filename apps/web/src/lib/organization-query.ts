import { MESSAGES, type Organization } from '@smart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

/**
 * GET /api/organizations/{id}, one key for every page that shows the organization (its own page,
 * the Subscription tab's member count), so a saved organization refreshes both.
 */
export const organizationPath = (organizationId: string) => `/api/organizations/${encodeURIComponent(organizationId)}`;

export function getOrganization(organizationId: string): Promise<Organization> {
  return apiClient.get<Organization>(organizationPath(organizationId), {
    failMessage: MESSAGES.fetchOrganizationFailed,
  });
}

export const organizationQueries = {
  all: () => ['organization'] as const,
  detail: (organizationId: string) =>
    queryOptions({
      queryKey: [...organizationQueries.all(), 'detail', organizationId],
      queryFn: () => getOrganization(organizationId),
    }),
};

export function useOrganization(organizationId: string | null) {
  return useQuery({ ...organizationQueries.detail(organizationId ?? ''), enabled: organizationId !== null });
}
