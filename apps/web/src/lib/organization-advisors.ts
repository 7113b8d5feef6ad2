import { advisorEndpoints, UI_TEXT } from '@smart/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * An organization's advisors (an admin gets the inactive ones too: filter on isActive): a time
 * away's substitute, an hourly rate's advisor.
 */
export function useOrganizationAdvisors(organizationId: string) {
  return useQuery({
    queryKey: ['organization-advisors', organizationId],
    queryFn: () =>
      api(
        advisorEndpoints.listByOrganization,
        { params: { orgId: organizationId } },
        { failMessage: UI_TEXT.fetchOrganizationAdvisorsFailed },
      ),
  });
}
