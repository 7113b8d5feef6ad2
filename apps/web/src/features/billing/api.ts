import { fileEndpoints, UI_TEXT } from '@smart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organizationQueries } from '@/lib/organization-query';

/** The bytes the organization's files take, against its quota. */
export function getStorageUsage(organizationId: string) {
  return api(fileEndpoints.storage, { params: { id: organizationId } }, { failMessage: UI_TEXT.storageUsageFailed });
}

export const storageQueries = {
  usage: (organizationId: string) =>
    queryOptions({
      queryKey: [...organizationQueries.all(), 'storage', organizationId],
      queryFn: () => getStorageUsage(organizationId),
    }),
};

export function useStorageUsage(organizationId: string) {
  return useQuery(storageQueries.usage(organizationId));
}
