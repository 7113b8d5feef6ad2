import { z } from 'zod';

/** Notification preferences (first document, section 3). */
export const notificationPreferencesSchema = z.object({
  email: z.object({
    systemAlerts: z.boolean(),
    newsletter: z.boolean(),
    projectUpdates: z.boolean(),
    taskAssignments: z.boolean(),
    teamMessages: z.boolean(),
  }),
  sms: z.object({ systemAlerts: z.boolean(), urgentTasks: z.boolean() }),
  inApp: z.object({
    allNotifications: z.boolean(),
    projectUpdates: z.boolean(),
    taskAssignments: z.boolean(),
    teamMessages: z.boolean(),
  }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** All true except sms.urgentTasks. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email: { systemAlerts: true, newsletter: true, projectUpdates: true, taskAssignments: true, teamMessages: true },
  sms: { systemAlerts: true, urgentTasks: false },
  inApp: { allNotifications: true, projectUpdates: true, taskAssignments: true, teamMessages: true },
};

export const notificationPreferencesPatch = z
  .object({
    email: notificationPreferencesSchema.shape.email.partial().strict().optional(),
    sms: notificationPreferencesSchema.shape.sms.partial().strict().optional(),
    inApp: notificationPreferencesSchema.shape.inApp.partial().strict().optional(),
  })
  .strict();
export type NotificationPreferencesPatch = z.infer<typeof notificationPreferencesPatch>;

export const updateNotificationsBody = z.object({ notifications: notificationPreferencesPatch });

/** A partial update merges group by group into the stored preferences. */
export function mergeNotificationPreferences(
  current: NotificationPreferences,
  patch: NotificationPreferencesPatch,
): NotificationPreferences {
  return {
    email: { ...current.email, ...patch.email },
    sms: { ...current.sms, ...patch.sms },
    inApp: { ...current.inApp, ...patch.inApp },
  };
}
