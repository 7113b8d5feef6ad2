/** Notification preferences (first document, section 3). Zod-free, so pages can use it without the schemas. */
export interface NotificationPreferences {
  email: {
    systemAlerts: boolean;
    newsletter: boolean;
    projectUpdates: boolean;
    taskAssignments: boolean;
    teamMessages: boolean;
  };
  sms: { systemAlerts: boolean; urgentTasks: boolean };
  inApp: { allNotifications: boolean; projectUpdates: boolean; taskAssignments: boolean; teamMessages: boolean };
}

export interface NotificationPreferencesPatch {
  email?: Partial<NotificationPreferences['email']> | undefined;
  sms?: Partial<NotificationPreferences['sms']> | undefined;
  inApp?: Partial<NotificationPreferences['inApp']> | undefined;
}

/** All true except sms.urgentTasks. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email: { systemAlerts: true, newsletter: true, projectUpdates: true, taskAssignments: true, teamMessages: true },
  sms: { systemAlerts: true, urgentTasks: false },
  inApp: { allNotifications: true, projectUpdates: true, taskAssignments: true, teamMessages: true },
};

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
