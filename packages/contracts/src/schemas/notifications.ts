import { z } from 'zod';
import {
  EMAIL_DIGEST_CHOICES,
  MAX_MENTIONS,
  MAX_TIME_ZONE_LENGTH,
  MENTIONABLE_RECORD_TYPES,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_RECORD_TYPES,
  NOTIFICATION_STATUSES,
  NOTIFICATION_TYPE_NAMES,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
  OPENABLE_RECORD_TYPES,
  PHONE_CODE_LENGTH,
  SUBSCRIBABLE_RECORD_TYPES,
  SUBSCRIPTION_MODES,
} from '../notifications.js';
import { UI_TEXT } from '../ui-text.js';
import { isTimeZone } from '../validation.js';
import { boundedString, idSchema, instantText, pagedEnvelope, pageQuery } from './common.js';
import { userSummarySchema } from './structure.js';

/** Notification preferences. */
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

/** An IANA zone name ("Europe/Berlin"), as the browser reports it. */
export const timeZoneSchema = boundedString(MAX_TIME_ZONE_LENGTH).refine(isTimeZone, UI_TEXT.invalidTimeZone);

/** PUT /api/users/notifications: any of the toggles, the time zone and the digest choice. */
export const updateNotificationsBody = z
  .object({
    notifications: notificationPreferencesPatch.optional(),
    timeZone: timeZoneSchema.optional(),
    emailDigest: z.enum(EMAIL_DIGEST_CHOICES).optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), UI_TEXT.nothingToChange);

/** GET/PUT /api/users/notifications: the toggles, plus where and when they are delivered. */
export const notificationSettingsSchema = notificationPreferencesSchema.extend({
  /** Null until set (the web app then offers the browser's zone); reminders and digests use UTC meanwhile. */
  timeZone: z.string().nullable(),
  emailDigest: z.enum(EMAIL_DIGEST_CHOICES),
  /** The profile's phone number, and whether SMS may go to it (verified with a code sent to it). */
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

// ---- The inbox ----

export const notificationRecordSchema = z.object({
  type: z.enum(NOTIFICATION_RECORD_TYPES),
  id: z.string(),
  title: z.string(),
});

/**
 * One inbox item: the newest notification about a record, standing for all of the recipient's
 * notifications about it in the tab ("3 updates on Task X"). Reading, archiving and snoozing it
 * act on the whole group.
 */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPE_NAMES),
  category: z.enum(NOTIFICATION_CATEGORIES),
  record: notificationRecordSchema,
  /** The app path that opens the record; null when there is nothing to open. */
  link: z.string().nullable(),
  /** What happened, one line (contracts' notificationLine). */
  text: z.string(),
  /** A comment's or message's first characters, when there is one. */
  excerpt: z.string().nullable(),
  actor: userSummarySchema.nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
  snoozedUntil: z.string().nullable(),
  /** Notifications about this record in the tab, and how many of them are unread. */
  updates: z.number().int(),
  unread: z.number().int(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const notificationListQuery = pageQuery.extend({
  status: z.enum(NOTIFICATION_STATUSES).default('unread'),
});
export const notificationPage = pagedEnvelope(notificationSchema);

export const unreadCountSchema = z.object({ unread: z.number().int() });

/** PATCH /api/notifications/{id}: any of read, archived, snoozedUntil (null: wake now). */
export const updateNotificationBody = z
  .object({
    read: z.boolean().optional(),
    archived: z.boolean().optional(),
    snoozedUntil: instantText(40).nullable().optional(),
  })
  .strict();
export type UpdateNotificationBody = z.input<typeof updateNotificationBody>;

/** POST /api/notifications/records/{recordType}/{recordId}/read: the record a page opened. */
export const openedRecordParams = z.object({
  recordType: z.enum(OPENABLE_RECORD_TYPES),
  recordId: idSchema,
});

export const subscriptionParams = z.object({
  recordType: z.enum(SUBSCRIBABLE_RECORD_TYPES),
  recordId: idSchema,
});
export const subscriptionBody = z.object({ mode: z.enum(SUBSCRIPTION_MODES) }).strict();
export const subscriptionSchema = z.object({
  recordType: z.enum(SUBSCRIBABLE_RECORD_TYPES),
  recordId: z.string(),
  mode: z.enum(SUBSCRIPTION_MODES),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** The signed token of a one-click unsubscribe link (RFC 8058). */
export const unsubscribeQuery = z.object({ token: boundedString(512).min(1) });

export const phoneConfirmBody = z
  .object({ code: boundedString(PHONE_CODE_LENGTH).regex(/^[0-9]{6}$/, UI_TEXT.phoneCodeInvalid) })
  .strict();

/** Mentions a comment or message carries: the ids of the people it names, at most MAX_MENTIONS. */
export const mentionsSchema = z.array(idSchema).max(MAX_MENTIONS).optional();

export const mentionableParams = z.object({
  recordType: z.enum(MENTIONABLE_RECORD_TYPES),
  recordId: idSchema,
});
export const mentionableQuery = z.object({ search: boundedString(100).trim().optional() });
export const mentionableList = z.array(userSummarySchema);

// The zod-free types in ../notifications.ts and these schemas must describe the same shape.
notificationPreferencesSchema satisfies z.ZodType<NotificationPreferences>;
notificationPreferencesPatch satisfies z.ZodType<NotificationPreferencesPatch>;
