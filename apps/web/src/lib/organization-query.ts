import { organizationEndpoints, UI_TEXT } from '@smart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * One organization, one key for every page that shows it (its own page, the Subscription tab's
 * member count), so a saved organization refreshes both.
 */
function getOrganization(organizationId: string) {
  return api(
    organizationEndpoints.get,
    { params: { id: organizationId } },
    { failMessage: UI_TEXT.fetchOrganizationFailed },
  );
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
