import {
  NOTIFICATION_SETTINGS_TEXT,
  notificationEndpoints,
  type SubscribableRecordType,
  type SubscriptionMode,
  UI_TEXT,
} from '@smart/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * Follow or mute one record (a project, task, ticket or conversation): whether its notifications
 * reach the user beyond, or short of, what the preference toggles say. Shared by the pages of
 * the four records (GET/PUT /api/notifications/subscriptions/{recordType}/{recordId}).
 */

export const subscriptionQueries = {
  all: () => ['record-subscription'] as const,
  record: (recordType: SubscribableRecordType, recordId: string) =>
    queryOptions({
      queryKey: [...subscriptionQueries.all(), recordType, recordId] as const,
      queryFn: () =>
        api(
          notificationEndpoints.subscription,
          { params: { recordType, recordId } },
          { failMessage: NOTIFICATION_SETTINGS_TEXT.subscriptionLoadFailed },
        ),
    }),
};

export function useRecordSubscription(recordType: SubscribableRecordType, recordId: string) {
  return useQuery(subscriptionQueries.record(recordType, recordId));
}

export function useSetRecordSubscription(recordType: SubscribableRecordType, recordId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: SubscriptionMode) =>
      api(
        notificationEndpoints.subscribe,
        { params: { recordType, recordId }, body: { mode } },
        { failMessage: UI_TEXT.subscriptionUpdateFailed },
      ),
    onSuccess: (saved) => queryClient.setQueryData(subscriptionQueries.record(recordType, recordId).queryKey, saved),
  });
}
