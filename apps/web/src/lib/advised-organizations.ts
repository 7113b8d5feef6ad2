import { MESSAGES, type MyOrganization } from '@smart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

/**
 * The organizations an advisor actively advises: where it raises a ticket or starts a
 * conversation (issues 12 and 13). One cache entry for every feature that asks.
 */
const getAdvisedOrganizations = async () => {
  const entries = await apiClient.get<MyOrganization[]>('/api/organizations/advisors/my-organizations', {
    failMessage: MESSAGES.loadAssignedOrganizationsFailed,
  });
  return entries.filter((entry) => entry.isActive);
};

export const advisedOrganizationsQuery = () =>
  queryOptions({ queryKey: ['advised-organizations'], queryFn: getAdvisedOrganizations });

export function useAdvisedOrganizations(enabled: boolean) {
  return useQuery({ ...advisedOrganizationsQuery(), enabled });
}
