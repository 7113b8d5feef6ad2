import {
  type EmailDigest,
  NOTIFICATION_SETTINGS_TEXT,
  type NotificationPreferencesPatch,
  type NotificationSettings,
  notificationEndpoints,
  phoneEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsQueries } from '@/lib/notification-settings-query';

/**
 * The preferences page's calls: the toggles, time zone and digest
 * and the phone's verification for SMS. Every answer is the whole settings record.
 */

export interface NotificationSettingsChange {
  notifications?: NotificationPreferencesPatch;
  timeZone?: string;
  emailDigest?: EmailDigest;
}

const updateSettings = (change: NotificationSettingsChange) =>
  api(
    notificationEndpoints.updateSettings,
    { body: change },
    { requireToken: true, failMessage: UI_TEXT.updateNotificationsFailed },
  );

const sendPhoneCode = () =>
  api(phoneEndpoints.sendCode, {}, { failMessage: NOTIFICATION_SETTINGS_TEXT.sendCodeFailed });

const confirmPhoneCode = (code: string) =>
  api(phoneEndpoints.confirmCode, { body: { code } }, { failMessage: NOTIFICATION_SETTINGS_TEXT.verifyFailed });

/**
 * The settings (the inbox reads the time zone from them). `fresh`: read again on every mount — the
 * preferences page, as the phone comes from the profile, which another page changes.
 */
export function useNotificationSettings({ fresh = false } = {}) {
  return useQuery({ ...settingsQueries.settings(), ...(fresh && { refetchOnMount: 'always' as const }) });
}

/** Every mutation here answers with the whole settings record: it becomes the cached one. */
function useSettingsMutation<T>(mutationFn: (input: T) => Promise<NotificationSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (saved) => queryClient.setQueryData(settingsQueries.all(), saved),
  });
}

export const useUpdateNotificationSettings = () => useSettingsMutation(updateSettings);
export const useConfirmPhoneCode = () => useSettingsMutation(confirmPhoneCode);
export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });
