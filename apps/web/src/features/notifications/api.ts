import { MESSAGES, type NotificationPreferences, type NotificationPreferencesPatch } from '@smart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

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

export function useNotificationPreferences() {
  return useQuery({ queryKey: notificationKeys.preferences(), queryFn: getNotificationPreferences });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(), saved),
  });
}
