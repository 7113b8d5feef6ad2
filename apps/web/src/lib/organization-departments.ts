import { type Department, MAX_PAGE_SIZE, MESSAGES } from '@smart/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { structureKeys } from './structure-keys';

/**
 * An organization's departments, as the department pickers of the teams and team-members features
 * list them: one request, cached under one key for both. It sits under the departments lists, so a
 * department created or renamed anywhere refreshes the pickers.
 */
export function organizationDepartmentsQuery(organizationId: string) {
  const query = new URLSearchParams({ organizationId, limit: String(MAX_PAGE_SIZE) });
  return queryOptions({
    queryKey: [...structureKeys.departmentLists(), 'organization', organizationId],
    queryFn: () =>
      apiClient.get<Department[]>(`/api/departments?${query}`, { failMessage: MESSAGES.fetchDepartmentsFailed }),
  });
}
