import { notificationEndpoints, type OpenableRecordType } from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api-client';

/** The bell's count in the query cache (features/notifications keeps it live; record pages read it here). */
export const unreadNotificationsKey = ['notifications', 'unread-count'] as const;

/**
 * A record's page, once it shows its record, reads what the bell says about it (decision 0213):
 * the server marks the caller's notifications about the record read, so the bell drops on every
 * device and their waiting e-mails are not sent. With nothing unread at all (the bell says 0) it
 * asks nothing. A GET does not do this: pointing at a link reads the record ahead of a click that
 * may never come (app/prefetch.ts), and that must not read anything.
 */
export function useReadOnOpen(recordType: OpenableRecordType, recordId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!recordId) return;
    const bell = queryClient.getQueryData<{ unread: number }>(unreadNotificationsKey);
    if (bell?.unread === 0) return;
    api(notificationEndpoints.readRecord, { params: { recordType, recordId } }).then(
      (count) => queryClient.setQueryData(unreadNotificationsKey, count),
      // Reading is a courtesy of opening: a failure leaves the bell as it was, and says nothing.
      () => undefined,
    );
  }, [queryClient, recordType, recordId]);
}
