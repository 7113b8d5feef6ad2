import { type Organization, organizationEndpoints, PICKER_PAGE_SIZE, UI_TEXT } from '@smart/contracts';
import { api } from './api-client';
import { useServerSearch } from './search';

/** The picker's searches; closing or reopening an organization refreshes them (their 'Closed' line). */
export const ORGANIZATION_SEARCH_KEY = ['organizations', 'search'] as const;

/** One page of the organizations whose name contains `search`. */
function searchOrganizations(search: string) {
  return api(
    organizationEndpoints.list,
    { query: { search, limit: PICKER_PAGE_SIZE } },
    { failMessage: UI_TEXT.fetchOrganizationsFailed },
  );
}

interface OrganizationSearchOptions {
  /** Organizations the picker leaves out; null: none. Default: the platform organization (it holds only staff). */
  exclude?: ((organization: Organization) => boolean) | null;
  /** An option's second line. Default: 'Closed' for a closed organization. */
  detail?: (organization: Organization) => string | null;
}

const isPlatform = (organization: Organization) => organization.isPlatform;
const closedLine = (organization: Organization) => (organization.closedAt ? 'Closed' : null);

/**
 * An admin's organization picker: organizations whose name contains what is typed. Create
 * Department and Create Team leave the platform organization out; the admin's organization page
 * offers every one (`exclude: null`); Assign to Org leaves out those it cannot assign to.
 */
export function useOrganizationSearch(
  enabled: boolean,
  { exclude = isPlatform, detail = closedLine }: OrganizationSearchOptions = {},
) {
  return useServerSearch<Organization>({
    queryKey: ORGANIZATION_SEARCH_KEY,
    fetchMatches: searchOrganizations,
    toOption: (organization) => ({ value: organization.id, label: organization.name, detail: detail(organization) }),
    exclude: exclude ?? undefined,
    enabled,
  });
}
