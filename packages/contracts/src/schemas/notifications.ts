import { z } from 'zod';
import type { NotificationPreferences, NotificationPreferencesPatch } from '../notifications.js';

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

export const notificationPreferencesPatch = z
  .object({
    email: notificationPreferencesSchema.shape.email.partial().strict().optional(),
    sms: notificationPreferencesSchema.shape.sms.partial().strict().optional(),
    inApp: notificationPreferencesSchema.shape.inApp.partial().strict().optional(),
  })
  .strict();

export const updateNotificationsBody = z.object({ notifications: notificationPreferencesPatch });

// The zod-free types in ../notifications.ts and these schemas must describe the same shape.
notificationPreferencesSchema satisfies z.ZodType<NotificationPreferences>;
notificationPreferencesPatch satisfies z.ZodType<NotificationPreferencesPatch>;
