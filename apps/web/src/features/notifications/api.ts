import { MESSAGES, type NotificationPreferences, type NotificationPreferencesPatch } from '@smart/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export function getNotificationPreferences(): Promise<NotificationPreferences> {
  return apiClient.get<NotificationPreferences>('/api/users/notifications', {
    requireToken: true,
    failMessage: MESSAGES.fetchNotificationsFailed,
  });
}

export function updateNotificationPreferences(patch: NotificationPreferencesPatch): Promise<NotificationPreferences> {
  return apiClient.put<NotificationPreferences>(
    '/api/users/notifications',
    { notifications: patch },
    {
      requireToken: true,
      failMessage: MESSAGES.updateNotificationsFailed,
    },
  );
}

export const notificationQueries = {
  all: () => ['notifications'] as const,
  preferences: () =>
    queryOptions({ queryKey: [...notificationQueries.all(), 'preferences'], queryFn: getNotificationPreferences }),
};

export function useNotificationPreferences() {
  return useQuery(notificationQueries.preferences());
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationQueries.preferences().queryKey, saved),
  });
}
