import { backupEndpoints, UI_TEXT } from '@smart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getBackupStatus() {
  return api(backupEndpoints.status, {}, { failMessage: UI_TEXT.fetchBackupsFailed });
}

/** The backup queries: each request has one key and one fetcher. */
export const backupQueries = {
  all: () => ['backups'] as const,
  status: () => queryOptions({ queryKey: [...backupQueries.all(), 'status'], queryFn: getBackupStatus }),
};

export const useBackupStatus = () => useQuery(backupQueries.status());
