import { MESSAGES, type Organization, PICKER_PAGE_SIZE } from '@smart/contracts';
import { apiClient } from './api-client';
import { withQuery } from './paged-list';
import { useServerSearch } from './search';

/**
 * The admin's organization picker (Create Department, Create Team): organizations whose name
 * contains what is typed. The platform organization is left out: it holds only staff.
 */
export function useOrganizationSearch(enabled: boolean) {
  return useServerSearch<Organization>({
    queryKey: ['organizations', 'search'],
    fetchMatches: (search) =>
      apiClient.getPage<Organization>(withQuery('/api/organizations', { search, limit: PICKER_PAGE_SIZE }), {
        failMessage: MESSAGES.fetchOrganizationsFailed,
      }),
    toOption: (organization) => ({ value: organization.id, label: organization.name }),
    exclude: (organization) => organization.isPlatform,
    enabled,
  });
}
