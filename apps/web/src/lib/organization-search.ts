import { MESSAGES, type Organization, PICKER_PAGE_SIZE } from '@smart/contracts';
import { apiClient } from './api-client';
import { withQuery } from './paged-list';
import { useServerSearch } from './search';

/** The picker's searches; closing or reopening an organization refreshes them (their 'Closed' line). */
export const ORGANIZATION_SEARCH_KEY = ['organizations', 'search'] as const;

/** One page of the organizations whose name contains `search` (every picker's request, one cache). */
export function searchOrganizations(search: string) {
  return apiClient.getPage<Organization>(withQuery('/api/organizations', { search, limit: PICKER_PAGE_SIZE }), {
    failMessage: MESSAGES.fetchOrganizationsFailed,
  });
}

/**
 * The admin's organization picker: organizations whose name contains what is typed, closed ones
 * saying so. Create Department and Create Team leave the platform organization out (it holds
 * only staff); the admin's organization page offers it too.
 */
export function useOrganizationSearch(enabled: boolean, { includePlatform = false } = {}) {
  return useServerSearch<Organization>({
    queryKey: ORGANIZATION_SEARCH_KEY,
    fetchMatches: searchOrganizations,
    toOption: (organization) => ({
      value: organization.id,
      label: organization.name,
      detail: organization.closedAt ? 'Closed' : null,
    }),
    exclude: includePlatform ? undefined : (organization) => organization.isPlatform,
    enabled,
  });
}
