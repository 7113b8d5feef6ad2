import { advisorEndpoints, UI_TEXT } from '@smart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** The signed-in advisor's assignments, active or not, each with its organization's people count. */
export function getMyOrganizations() {
  return api(advisorEndpoints.myOrganizations, {}, { failMessage: UI_TEXT.loadAssignedOrganizationsFailed });
}

/**
 * The organizations an advisor actively advises: where it raises a ticket or starts a
 * conversation. One cache entry for every feature that asks.
 */
const getAdvisedOrganizations = async () => {
  const entries = await getMyOrganizations();
  return entries.filter((entry) => entry.isActive);
};

export const advisedOrganizationsQuery = () =>
  queryOptions({ queryKey: ['advised-organizations'], queryFn: getAdvisedOrganizations });

export function useAdvisedOrganizations(enabled: boolean) {
  return useQuery({ ...advisedOrganizationsQuery(), enabled });
}
