import { MESSAGES, type StorageUsage } from '@smart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { organizationPath, organizationQueries } from '@/lib/organization-query';

/** GET /api/organizations/{id}/storage: the bytes the organization's files take, against its quota. */
export function getStorageUsage(organizationId: string): Promise<StorageUsage> {
  return apiClient.get<StorageUsage>(`${organizationPath(organizationId)}/storage`, {
    failMessage: MESSAGES.storageUsageFailed,
  });
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
